import { productSchema } from '@toolyard/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { productsQueryKey } from '@/lib/query-keys';

export const getProduct = (id: string, signal?: AbortSignal) =>
  apiFetch(`/tool/${encodeURIComponent(id)}`, { schema: productSchema, signal });

export const productQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...productsQueryKey, 'detail', id],
    queryFn: ({ signal }) => getProduct(id, signal),
  });

/** One product; nothing is fetched without an id. */
export const useProduct = (id: string | null) =>
  useQuery({ ...productQueryOptions(id ?? ''), enabled: Boolean(id) });
