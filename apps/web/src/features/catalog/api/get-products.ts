import { productListSchema } from '@toolyard/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { productsQueryKey } from '@/lib/query-keys';

export const getProducts = (signal?: AbortSignal) =>
  apiFetch('/tool', { schema: productListSchema, signal });

export const productsQueryOptions = () =>
  queryOptions({ queryKey: productsQueryKey, queryFn: ({ signal }) => getProducts(signal) });

/** Every product, in list order. */
export const useProducts = () => useQuery(productsQueryOptions());
