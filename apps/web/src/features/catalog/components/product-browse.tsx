import type { Product } from '@toolyard/shared';
import { useId, useState, type ReactNode } from 'react';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { Pagination } from '@/components/ui/pagination';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { useCategories } from '../api/get-categories';
import { useFacets } from '../api/get-facets';
import { CATALOG_PAGE_SIZE } from '../api/get-products-page';
import { useSearchProducts } from '../api/search-products';
import { useBrowseParams } from '../utils/browse-params';
import { BrowseFilters } from './browse-filters';
import { explainEmptySearch } from '../utils/empty-search';
import { categoryBySlug } from '../utils/category-tree';
import { EmptySearchState } from './empty-search-state';
import { ProductCard } from './product-card';
import { SimilarNamesNotice } from './similar-names-notice';

/** Where the filters stop collapsing behind "Filters" (Tailwind's lg). */
const WIDE = '(min-width: 1024px)';

/**
 * Search results or a category's products with their filters, all in the URL. The search page
 * lets the buyer choose the category; a category page fixes it (`fixedCategory`, a slug).
 * `searchBox` goes above the results; `cardActions` gives each card its actions (the app's
 * "Add to cart", from a feature this one may not import).
 */
export function ProductBrowse({
  fixedCategory,
  searchBox,
  cardActions,
}: {
  fixedCategory?: string;
  searchBox?: ReactNode;
  cardActions?: (product: Product) => ReactNode;
}) {
  const { query, update } = useBrowseParams();
  const filters = {
    q: query.q,
    category: fixedCategory ?? query.category,
    minPrice: query.minPrice,
    maxPrice: query.maxPrice,
    inStock: query.inStock,
  };
  const products = useSearchProducts({
    ...filters,
    sort: query.sort,
    page: query.page,
    pageSize: CATALOG_PAGE_SIZE,
  });
  const facets = useFacets(filters);
  const categories = useCategories();
  // Open beside the results on a wide screen; folded away above them on a phone.
  const [filtersOpen, setFiltersOpen] = useState(() => window.matchMedia?.(WIDE).matches ?? true);
  const resultsId = useId();
  const filtered = Boolean(
    query.minPrice !== undefined ||
    query.maxPrice !== undefined ||
    query.inStock ||
    (!fixedCategory && query.category),
  );
  const clearFilters = () =>
    update({ category: undefined, minPrice: undefined, maxPrice: undefined, inStock: undefined });

  return (
    <div className="mt-6 grid gap-6 lg:grid-cols-[16rem_1fr]">
      <details
        className="self-start rounded-box border border-base-300 p-4"
        open={filtersOpen}
        onToggle={(event) => setFiltersOpen(event.currentTarget.open)}
      >
        <summary className="cursor-pointer text-lg font-semibold">Filters</summary>
        <div className="mt-4">
          <BrowseFilters
            query={query}
            facets={facets.data}
            categories={categories.data ?? []}
            fixedCategory={fixedCategory}
            onChange={update}
          />
          {filtered && (
            <button type="button" className="btn btn-ghost btn-sm mt-4" onClick={clearFilters}>
              Clear filters
            </button>
          )}
        </div>
      </details>
      <section aria-labelledby={resultsId}>
        {searchBox}
        <h2 id={resultsId} className="text-lg font-semibold" aria-live="polite">
          {products.data
            ? `${products.data.total.toLocaleString('en-US')} ${products.data.total === 1 ? 'product' : 'products'}`
            : 'Products'}
        </h2>
        <SimilarNamesNotice page={products.data} q={query.q} />
        {products.isPending ||
        // The last search's answer, kept while this one loads, would explain the wrong search.
        (products.isPlaceholderData && products.data.products.length === 0) ? (
          <Spinner label="Loading products" />
        ) : products.isError ? (
          <ErrorState
            message={errorMessage(products.error)}
            onRetry={() => void products.refetch()}
          />
        ) : products.data.products.length === 0 && query.page > 1 ? (
          <EmptyState title="No products on this page">
            <button type="button" className="btn btn-sm" onClick={() => update({})}>
              Go to the first page
            </button>
          </EmptyState>
        ) : products.data.products.length === 0 ? (
          <EmptySearchState
            explained={explainEmptySearch({
              query: { ...query, category: filters.category },
              without: products.data.without,
              match: products.data.match,
              categoryName: filters.category
                ? (categoryBySlug(categories.data ?? [], filters.category)?.name ??
                  filters.category)
                : '',
            })}
            query={query}
            fixedCategory={fixedCategory}
            onChange={update}
          />
        ) : (
          <div className={products.isPlaceholderData ? 'opacity-60' : undefined}>
            <ul className="mt-4 grid gap-6 sm:grid-cols-2 xl:grid-cols-3">
              {products.data.products.map((product, i) => (
                <li key={product._id}>
                  <ProductCard product={product} eager={i < 3} priority={i === 0}>
                    {cardActions?.(product)}
                  </ProductCard>
                </li>
              ))}
            </ul>
            <Pagination
              label="Result pages"
              page={products.data.page}
              pageCount={Math.max(1, Math.ceil(products.data.total / products.data.pageSize))}
              onPageChange={(page) => update({ page })}
            />
          </div>
        )}
      </section>
    </div>
  );
}
