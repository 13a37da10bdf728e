import type { SearchFilter } from '@toolyard/shared';
import { Link } from 'wouter';
import { EmptyState } from '@/components/ui/empty-state';
import { browseToParams, type BrowseQuery } from '../utils/browse-params';
import { PAGE_PATHS } from '@toolyard/shared';
import { countProducts, filterNames, type EmptySearch } from '../utils/empty-search';

/** The search page with these parameters. */
const withParams = (params: URLSearchParams) =>
  `${PAGE_PATHS.search}${String(params) ? `?${params}` : ''}`;

const unset: Record<SearchFilter, Partial<BrowseQuery>> = {
  category: { category: undefined },
  price: { minPrice: undefined, maxPrice: undefined },
  inStock: { inStock: undefined },
};

/**
 * An empty search's one message, with a button for each filter that alone keeps the products
 * out. On a category page the category is the page's own: leaving it is a link to the search.
 */
export function EmptySearchState({
  explained,
  query,
  fixedCategory,
  onChange,
}: {
  explained: EmptySearch;
  query: BrowseQuery;
  fixedCategory?: string;
  onChange: (changes: Partial<BrowseQuery>) => void;
}) {
  const { title, hint, remove, clearAll } = explained;
  const several = remove.length > 1;
  return (
    <EmptyState title={title}>
      <p>{hint}</p>
      {(remove.length > 0 || clearAll) && (
        <div className="mt-3 flex flex-wrap justify-center gap-2">
          {remove.map(({ filter, count }) => {
            const label = `Remove the ${filterNames[filter]} filter${several ? ` (${countProducts(count)})` : ''}`;
            return fixedCategory && filter === 'category' ? (
              <Link
                key={filter}
                className="btn btn-sm"
                to={withParams(browseToParams({ ...query, category: undefined, page: 1 }))}
              >
                {label}
              </Link>
            ) : (
              <button
                key={filter}
                type="button"
                className="btn btn-sm"
                onClick={() => onChange(unset[filter])}
              >
                {label}
              </button>
            );
          })}
          {clearAll &&
            (fixedCategory ? (
              <Link className="btn btn-sm" to={withParams(browseToParams({ q: query.q }))}>
                Clear all the filters
              </Link>
            ) : (
              <button
                type="button"
                className="btn btn-sm"
                onClick={() => onChange({ ...unset.category, ...unset.price, ...unset.inStock })}
              >
                Clear all the filters
              </button>
            ))}
        </div>
      )}
    </EmptyState>
  );
}
