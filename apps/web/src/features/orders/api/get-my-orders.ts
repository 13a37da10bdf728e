import type { OrderStatus } from '@toolyard/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { getOrderPage } from './order-list';
import { ordersQueryKey } from '@/lib/query-keys';

export const myOrdersQueryKey = [...ordersQueryKey, 'mine'] as const;

export const MY_ORDERS_PAGE_SIZE = 20;

export interface MyOrdersQuery {
  page: number;
  /** Only orders in this status; every status when absent. */
  status?: OrderStatus;
}

export function getMyOrders(email: string, { page, status }: MyOrdersQuery, signal?: AbortSignal) {
  const params = new URLSearchParams({
    BuyerEmail: email,
    page: String(page),
    pageSize: String(MY_ORDERS_PAGE_SIZE),
  });
  if (status) params.set('status', status);
  return getOrderPage(params, signal);
}

export const myOrdersQueryOptions = (email: string, query: MyOrdersQuery) =>
  queryOptions({
    queryKey: [...myOrdersQueryKey, { email, ...query }],
    queryFn: ({ signal }) => getMyOrders(email, query, signal),
    placeholderData: keepPreviousData,
  });

/** The signed-in buyer's orders, cancelled and refunded ones included, newest first. */
export const useMyOrders = (email: string | undefined, query: MyOrdersQuery) =>
  useQuery({ ...myOrdersQueryOptions(email ?? '', query), enabled: Boolean(email) });
