import {
  formatDollars,
  searchFilters,
  type ProductFacets,
  type SearchFilter,
  type TotalsWithout,
} from '@toolyard/shared';
import type { BrowseQuery } from './browse-params';

/** Why a browse found nothing, as one message, and which filters to take off to find some. */
export interface EmptySearch {
  title: string;
  hint: string;
  /** The filters that, each taken off alone, show products, with how many. */
  remove: { filter: SearchFilter; count: number }[];
  /** No one filter is in the way, but all of them together are. */
  clearAll: boolean;
}

/** How the messages and buttons name each filter. */
export const filterNames: Record<SearchFilter, string> = {
  category: 'category',
  price: 'price',
  inStock: '“In stock only”',
};

export const countProducts = (n: number) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? 'product' : 'products'}`;

/** "in Hammers", "priced from $5.00 to $10.00", "in stock": a filter as a message says it. */
function condition(filter: SearchFilter, query: BrowseQuery, categoryName: string): string {
  if (filter === 'category') return `in ${categoryName}`;
  if (filter === 'inStock') return 'in stock';
  const { minPrice: min, maxPrice: max } = query;
  if (min !== undefined && max !== undefined) {
    return `priced from ${formatDollars(min)} to ${formatDollars(max)}`;
  }
  return min !== undefined
    ? `priced ${formatDollars(min)} or more`
    : `priced at most ${formatDollars(max ?? 0)}`;
}

/** "a", "a and b", "a, b and c". */
const sentence = (parts: string[]) =>
  parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}` : (parts[0] ?? '');

/**
 * One honest message for an empty first page. The server says (`without`) what the words
 * alone match and what each filter set keeps out; with no filter set, the words are the reason.
 */
export function explainEmptySearch({
  query,
  without,
  match,
  categoryName,
}: {
  query: BrowseQuery;
  without: TotalsWithout | undefined;
  match: ProductFacets['match'] | undefined;
  categoryName: string;
}): EmptySearch {
  const { q } = query;
  if (!without || without.filters === 0) {
    const filtered = without !== undefined;
    return {
      title: q ? `No products match “${q}”` : 'No products yet',
      hint: !q
        ? 'New tools are on their way.'
        : filtered
          ? 'Not even without the filters: try other words, or fewer of them.'
          : 'Try other words, or fewer of them.',
      remove: [],
      clearAll: false,
    };
  }
  const set = searchFilters.filter((filter) => without[filter] !== undefined);
  const conditions = sentence(set.map((filter) => condition(filter, query, categoryName)));
  const title = !q
    ? `No products ${conditions}`
    : `${match === 'similar' ? `Names like “${q}” match` : `“${q}” matches`} ${countProducts(without.filters)}, but none ${conditions}`;
  const remove = set
    .map((filter) => ({ filter, count: without[filter] ?? 0 }))
    .filter(({ count }) => count > 0);
  const [only] = remove;
  const hint =
    remove.length > 1
      ? 'Remove one of these filters:'
      : only
        ? `Remove the ${filterNames[only.filter]} filter to see ${countProducts(only.count)}.`
        : `Clear all the filters to see ${countProducts(without.filters)}.`;
  return { title, hint, remove, clearAll: remove.length === 0 };
}
