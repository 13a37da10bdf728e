import { productFacetsSchema } from '@toolyard/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { filterParams, type ProductFilters } from './get-products-page';
import { productsQueryKey } from '@/lib/query-keys';

export const facetsQueryOptions = (filters: ProductFilters) =>
  queryOptions({
    queryKey: [...productsQueryKey, 'facets', filters],
    queryFn: ({ signal }) =>
      apiFetch(`/tool/facets?${filterParams(filters)}`, { schema: productFacetsSchema, signal }),
    placeholderData: keepPreviousData,
  });

/** Counts per category, in stock, and the price range of a search's matches. */
export const useFacets = (filters: ProductFilters) => useQuery(facetsQueryOptions(filters));
