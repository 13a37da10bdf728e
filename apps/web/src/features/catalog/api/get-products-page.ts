import {
  productListSchema,
  SEARCH_MATCH_HEADER,
  TOTAL_COUNT_HEADER,
  UPCOMING_PRODUCTS,
  type Product,
  type ProductFacets,
  type ProductSort,
} from '@toolyard/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { productsQueryKey } from '@/lib/query-keys';

export const PRODUCTS_PAGE_SIZE = 10;
/** The storefront's product grid (/allItems): four rows of three. */
export const CATALOG_PAGE_SIZE = 12;
/** The home page shows the featured products and the upcoming ones after them. */
export const HOME_PRODUCTS_QUERY: ProductPageQuery = {
  page: 1,
  q: '',
  pageSize: UPCOMING_PRODUCTS.to,
};

export interface ProductPage {
  products: Product[];
  total: number;
  page: number;
  pageSize: number;
  /** How a search matched: every word, or (no word matching) similar names. */
  match?: ProductFacets['match'];
}

/** The filters of a catalog search (GET /api/tool and /api/tool/facets). */
export interface ProductFilters {
  /** Matches name or description; empty lists everything. */
  q: string;
  /** A category's slug: it and the categories below it. */
  category?: string;
  minPrice?: number;
  maxPrice?: number;
  inStock?: boolean;
}

export interface ProductPageQuery extends ProductFilters {
  page: number;
  pageSize?: number;
  sort?: ProductSort;
}

/** The filters as API query parameters, leaving out what is not set. */
export function filterParams(filters: ProductFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.q) params.set('q', filters.q);
  if (filters.category) params.set('category', filters.category);
  if (filters.minPrice !== undefined) params.set('minPrice', String(filters.minPrice));
  if (filters.maxPrice !== undefined) params.set('maxPrice', String(filters.maxPrice));
  if (filters.inStock) params.set('inStock', 'true');
  return params;
}

/**
 * GET /api/tool for one page of products: the page, and the answer's headers for what else a
 * caller reads from them (searchProducts reads the totals without each filter).
 */
export async function requestProductsPage(
  { page, pageSize = PRODUCTS_PAGE_SIZE, sort, ...filters }: ProductPageQuery,
  signal?: AbortSignal,
): Promise<{ page: ProductPage; headers: Headers }> {
  const params = filterParams(filters);
  params.set('page', String(page));
  params.set('pageSize', String(pageSize));
  if (sort) params.set('sort', sort);
  const { data, headers } = await apiRequest(`/tool?${params}`, {
    schema: productListSchema,
    signal,
  });
  const match = headers.get(SEARCH_MATCH_HEADER);
  return {
    page: {
      products: data,
      total: Number(headers.get(TOTAL_COUNT_HEADER) ?? data.length),
      page,
      pageSize,
      ...((match === 'words' || match === 'similar') && { match }),
    },
    headers,
  };
}

export const productsPageQueryOptions = (query: ProductPageQuery) =>
  queryOptions({
    queryKey: [...productsQueryKey, 'page', query],
    queryFn: async ({ signal }) => (await requestProductsPage(query, signal)).page,
    // Keep showing the current page while the next one, or a new search, loads.
    placeholderData: keepPreviousData,
  });

/** One page of products matching a search. */
export const useProductsPage = (query: ProductPageQuery) =>
  useQuery(productsPageQueryOptions(query));
