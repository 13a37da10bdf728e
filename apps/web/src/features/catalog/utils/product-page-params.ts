import { useSearchParams } from 'wouter';
import { pageFromParams, setPageParam } from '@/lib/page-param';
import type { ProductPageQuery } from '../api/get-products-page';

/** The page and search a product list shows, from its URL (`?q=...&page=2`). */
export function productPageFromParams(params: URLSearchParams): Omit<ProductPageQuery, 'pageSize'> {
  return {
    page: pageFromParams(params),
    q: params.get('q')?.trim() ?? '',
  };
}

/**
 * A product list's page and search, kept in the URL so that a reload or a shared link shows
 * the same products. A new search starts again at page 1.
 */
export function useProductPageParams() {
  const [params, setParams] = useSearchParams();
  const update = (changes: { page?: number; q?: string }) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (changes.q !== undefined) {
          if (changes.q) updated.set('q', changes.q);
          else updated.delete('q');
          updated.delete('page');
        }
        if (changes.page !== undefined) setPageParam(updated, changes.page);
        return updated;
      },
      { replace: changes.q !== undefined },
    );
  return { ...productPageFromParams(params), update };
}
