import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { getOrderPage } from './order-list';
import { ordersQueryKey } from './query-keys';

export const myOrdersQueryKey = [...ordersQueryKey, 'mine'] as const;

export const MY_ORDERS_PAGE_SIZE = 20;

export const getMyOrders = (email: string, page: number, signal?: AbortSignal) =>
  getOrderPage(
    new URLSearchParams({
      BuyerEmail: email,
      page: String(page),
      pageSize: String(MY_ORDERS_PAGE_SIZE),
    }),
    signal,
  );

export const myOrdersQueryOptions = (email: string, page: number) =>
  queryOptions({
    queryKey: [...myOrdersQueryKey, { email, page }],
    queryFn: ({ signal }) => getMyOrders(email, page, signal),
    placeholderData: keepPreviousData,
  });

/** The signed-in buyer's orders (cancelled ones left out), newest first. */
export const useMyOrders = (email: string | undefined, page: number) =>
  useQuery({ ...myOrdersQueryOptions(email ?? '', page), enabled: Boolean(email) });
