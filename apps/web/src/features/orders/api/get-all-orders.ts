import type { OrderStatus } from '@toolyard/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { getOrderPage } from './order-list';
import { ordersQueryKey } from '@/lib/query-keys';

export const ALL_ORDERS_PAGE_SIZE = 20;

export interface AllOrdersQuery {
  page: number;
  /** Only orders in this status; every status when absent. */
  status?: OrderStatus;
  /** Only the order with this number, or the orders of the buyer with this email (exactly). */
  q?: string;
}

export function getAllOrders({ page, status, q }: AllOrdersQuery, signal?: AbortSignal) {
  const params = new URLSearchParams({
    page: String(page),
    pageSize: String(ALL_ORDERS_PAGE_SIZE),
  });
  if (status) params.set('status', status);
  if (q) params.set('q', q);
  return getOrderPage(params, signal);
}

export const allOrdersQueryOptions = (query: AllOrdersQuery) =>
  queryOptions({
    queryKey: [...ordersQueryKey, 'all', query],
    queryFn: ({ signal }) => getAllOrders(query, signal),
    placeholderData: keepPreviousData,
  });

/** One page of every buyer's orders, newest first (admins). */
export const useAllOrders = (query: AllOrdersQuery) => useQuery(allOrdersQueryOptions(query));
