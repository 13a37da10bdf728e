import { productSorts, type ProductSort } from '@toolyard/shared';
import { useSearchParams } from 'wouter';
import { pageFromParams, setPageParam } from '@/lib/page-param';
import type { ProductPageQuery } from '../api/get-products-page';

/** What a search or category page shows, as its URL says it (`pageSize` is the page's own). */
export type BrowseQuery = Omit<ProductPageQuery, 'pageSize'>;

const price = (value: string | null) => {
  if (value === null || value.trim() === '') return undefined;
  const n = Number(value);
  return Number.isFinite(n) && n >= 0 ? n : undefined;
};

const sortOf = (value: string | null): ProductSort | undefined =>
  productSorts.find((sort) => sort === value);

/** Reads a browse from `?q=&category=&minPrice=&maxPrice=&inStock=true&sort=&page=`; junk is ignored. */
export function browseFromParams(params: URLSearchParams): BrowseQuery {
  return {
    q: params.get('q')?.trim() ?? '',
    category: params.get('category')?.trim() || undefined,
    minPrice: price(params.get('minPrice')),
    maxPrice: price(params.get('maxPrice')),
    inStock: params.get('inStock') === 'true' || undefined,
    sort: sortOf(params.get('sort')),
    page: pageFromParams(params),
  };
}

/** The URL parameters of a browse, leaving out what is not set (page 1, relevance). */
export function browseToParams(query: Partial<BrowseQuery>): URLSearchParams {
  const params = new URLSearchParams();
  if (query.q) params.set('q', query.q);
  if (query.category) params.set('category', query.category);
  if (query.minPrice !== undefined) params.set('minPrice', String(query.minPrice));
  if (query.maxPrice !== undefined) params.set('maxPrice', String(query.maxPrice));
  if (query.inStock) params.set('inStock', 'true');
  if (query.sort && query.sort !== 'relevance') params.set('sort', query.sort);
  if (query.page) setPageParam(params, query.page);
  return params;
}

/**
 * A browse kept in the URL, so a reload or a shared link shows the same results and Back
 * undoes the last filter. Any change but the page's own starts again at page 1.
 */
export function useBrowseParams() {
  const [params, setParams] = useSearchParams();
  const query = browseFromParams(params);
  const update = (changes: Partial<BrowseQuery>) =>
    setParams(browseToParams({ ...query, page: 1, ...changes }));
  return { query, update };
}
