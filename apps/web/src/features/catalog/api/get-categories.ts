import { categoryListSchema } from '@toolyard/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { productsQueryKey } from '@/lib/query-keys';

/** Under the products' key: a product change (its category) refreshes the counts too. */
export const categoriesQueryKey = [...productsQueryKey, 'categories'] as const;

export const categoriesQueryOptions = () =>
  queryOptions({
    queryKey: categoriesQueryKey,
    queryFn: ({ signal }) => apiFetch('/categories', { schema: categoryListSchema, signal }),
  });

/** The whole category tree, flat, by name (`categoryPath` and `parentId` give its shape). */
export const useCategories = () => useQuery(categoriesQueryOptions());
