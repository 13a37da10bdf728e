import {
  productListSchema,
  TOTAL_COUNT_HEADER,
  UPCOMING_PRODUCTS,
  type Product,
} from '@toolyard/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { productsQueryKey } from './get-products';

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
}

export interface ProductPageQuery {
  page: number;
  /** Matches name or description; empty lists everything. */
  q: string;
  pageSize?: number;
}

export async function getProductsPage(
  { page, q, pageSize = PRODUCTS_PAGE_SIZE }: ProductPageQuery,
  signal?: AbortSignal,
): Promise<ProductPage> {
  const params = new URLSearchParams({ page: String(page), pageSize: String(pageSize) });
  if (q) params.set('q', q);
  const { data, headers } = await apiRequest(`/tool?${params}`, {
    schema: productListSchema,
    signal,
  });
  return {
    products: data,
    total: Number(headers.get(TOTAL_COUNT_HEADER) ?? data.length),
    page,
    pageSize,
  };
}

export const productsPageQueryOptions = (query: ProductPageQuery) =>
  queryOptions({
    queryKey: [...productsQueryKey, 'page', query],
    queryFn: ({ signal }) => getProductsPage(query, signal),
    // Keep showing the current page while the next one, or a new search, loads.
    placeholderData: keepPreviousData,
  });

/** One page of products matching a search. */
export const useProductsPage = (query: ProductPageQuery) =>
  useQuery(productsPageQueryOptions(query));
