import { orderDetailSchema } from '@toolyard/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { ordersQueryKey } from '@/lib/query-keys';

export const getOrder = (id: string, signal?: AbortSignal) =>
  apiFetch(`/order/${encodeURIComponent(id)}`, { schema: orderDetailSchema, signal });

export const orderQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...ordersQueryKey, 'detail', id],
    queryFn: ({ signal }) => getOrder(id, signal),
  });

/** One order with its lines, timeline and payment: the buyer's own, or any for an admin. */
export const useOrder = (id: string | undefined) =>
  useQuery({ ...orderQueryOptions(id ?? ''), enabled: Boolean(id) });
