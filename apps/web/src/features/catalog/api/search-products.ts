import { parseTotalsWithout, TOTAL_WITHOUT_HEADER, type TotalsWithout } from '@toolyard/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { productsQueryKey } from '@/lib/query-keys';
import { requestProductsPage, type ProductPage, type ProductPageQuery } from './get-products-page';

export interface SearchPage extends ProductPage {
  /** An empty, filtered page: what the words alone, and all filters but one, would match. */
  without?: TotalsWithout;
}

/**
 * A page of a search with filters, as the search and category pages show it: the products page,
 * and, when the filters leave it empty, what taking them off would show. Apart from
 * productsPageQueryOptions, which the home page runs on a first visit, so that none of this is
 * in that first download (ADR 009).
 */
export async function searchProducts(
  query: ProductPageQuery,
  signal?: AbortSignal,
): Promise<SearchPage> {
  const { page, headers } = await requestProductsPage(query, signal);
  const without = parseTotalsWithout(headers.get(TOTAL_WITHOUT_HEADER));
  return { ...page, ...(without && { without }) };
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
