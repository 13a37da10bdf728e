import {
  parseTotalsWithout,
  productListSchema,
  SEARCH_MATCH_HEADER,
  TOTAL_COUNT_HEADER,
  TOTAL_WITHOUT_HEADER,
  type TotalsWithout,
} from '@toolyard/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { productsQueryKey } from '@/lib/query-keys';
import {
  filterParams,
  PRODUCTS_PAGE_SIZE,
  type ProductPage,
  type ProductPageQuery,
} from './get-products-page';

export interface SearchPage extends ProductPage {
  /** An empty, filtered page: what the words alone, and all filters but one, would match. */
  without?: TotalsWithout;
}

/**
 * A page of a search with filters, as the search and category pages show it: getProductsPage's
 * answer, and, when the filters leave it empty, what taking them off would show. Apart from
 * getProductsPage, which the home page runs on a first visit, so that none of this is in that
 * first download (ADR 009).
 */
export async function searchProducts(
  { page, pageSize = PRODUCTS_PAGE_SIZE, sort, ...filters }: ProductPageQuery,
  signal?: AbortSignal,
): Promise<SearchPage> {
  const params = filterParams(filters);
  params.set('page', String(page));
  params.set('pageSize', String(pageSize));
  if (sort) params.set('sort', sort);
  const { data, headers } = await apiRequest(`/tool?${params}`, {
    schema: productListSchema,
    signal,
  });
  const match = headers.get(SEARCH_MATCH_HEADER);
  const without = parseTotalsWithout(headers.get(TOTAL_WITHOUT_HEADER));
  return {
    products: data,
    total: Number(headers.get(TOTAL_COUNT_HEADER) ?? data.length),
    page,
    pageSize,
    ...((match === 'words' || match === 'similar') && { match }),
    ...(without && { without }),
  };
}

export const searchProductsQueryOptions = (query: ProductPageQuery) =>
  queryOptions({
    queryKey: [...productsQueryKey, 'search', query],
    queryFn: ({ signal }) => searchProducts(query, signal),
    // Keep showing the current page while the next one, or a new search, loads.
    placeholderData: keepPreviousData,
  });

/** One page of a search with filters, and why it is empty when it is. */
export const useSearchProducts = (query: ProductPageQuery) =>
  useQuery(searchProductsQueryOptions(query));
