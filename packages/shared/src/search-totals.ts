// What an empty, filtered search would show with its filters taken off. No zod here, and
// only the search pages import it: the first visit's download carries none of it.

/** The filters a search page lets a buyer take off one at a time (the price is both bounds). */
export const searchFilters = ['category', 'price', 'inStock'] as const;
export type SearchFilter = (typeof searchFilters)[number];

/**
 * How many products the words alone would match (`filters`), and how many with all but one of
 * the filters set (one count per filter set). Sent only with an empty, filtered answer.
 */
export type TotalsWithout = { filters: number } & Partial<Record<SearchFilter, number>>;

/**
 * An empty answer to a filtered GET /api/tool says why in this header, e.g.
 * `filters=3, price=3, inStock=0`: "laser" alone matches 3 products, all 3 with the price
 * filter taken off. A page can then name the filter to remove instead of blaming the words.
 */
export const TOTAL_WITHOUT_HEADER = 'x-total-without';

export const formatTotalsWithout = (totals: TotalsWithout) =>
  Object.entries(totals)
    .map(([filter, n]) => `${filter}=${n}`)
    .join(', ');

/** The header read back; undefined when it is absent or not `filters=N, ...`. */
export function parseTotalsWithout(value: string | null | undefined): TotalsWithout | undefined {
  const totals: Record<string, number> = {};
  for (const pair of value?.split(',') ?? []) {
    const [name = '', n = ''] = pair.trim().split('=');
    if ((name === 'filters' || searchFilters.includes(name as SearchFilter)) && /^\d+$/.test(n)) {
      totals[name] = Number(n);
    }
  }
  return totals.filters === undefined ? undefined : (totals as TotalsWithout);
}
