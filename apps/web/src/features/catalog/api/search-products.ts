import { parseTotalsWithout, TOTAL_WITHOUT_HEADER, type TotalsWithout } from '@toolyard/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { productsQueryKey } from '@/lib/query-keys';
import { fetchProductsPage, type ProductPage, type ProductPageQuery } from './get-products-page';

export interface SearchPage extends ProductPage {
  /** An empty, filtered page: what the words alone, and all filters but one, would match. */
  without?: TotalsWithout;
}

/**
 * A page of a search with filters, as the search and category pages show it: when the filters
 * leave it empty, with what taking them off would show (a header the home page has no use for,
 * so its first download carries no code to read it).
 */
export async function searchProducts(
  query: ProductPageQuery,
  signal?: AbortSignal,
): Promise<SearchPage> {
  const [page, headers] = await fetchProductsPage(query, signal);
  const without = parseTotalsWithout(headers.get(TOTAL_WITHOUT_HEADER));
  return without ? { ...page, without } : page;
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
