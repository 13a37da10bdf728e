import { PAGE_PATHS } from '@toolyard/shared';

/** A product's own page: `/tool/{id}`. */
export const productHref = (id: string) =>
  PAGE_PATHS.product.replace(':id', encodeURIComponent(id));

/** A category's page: `/category/{slug}`. */
export const categoryHref = (slug: string) =>
  PAGE_PATHS.category.replace(':slug', encodeURIComponent(slug));

/** The search page for `q` (all products when empty). */
export const searchHref = (q: string) =>
  q ? `${PAGE_PATHS.search}?${new URLSearchParams({ q })}` : PAGE_PATHS.search;
