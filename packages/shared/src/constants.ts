/** Business constants from the storefront spec, shared by server and web app. */

/** The shop's name, as its pages, mails and sign-in say it. */
export const SHOP_NAME = 'Toolyard';

/** The home page features the first six products of the list. */
export const FEATURED_PRODUCT_COUNT = 6;
/** Items seven to nine of the list are shown as upcoming products (1-based, inclusive). */
export const UPCOMING_PRODUCTS = { from: 7, to: 9 } as const;
/** Product and review names are at most this long. */
export const NAME_MAX_LENGTH = 20;

/** Client data caching: the spec's defaults (also TanStack Query's). */
export const QUERY_DEFAULTS = {
  gcTimeMs: 5 * 60 * 1000,
  retries: 3,
  maxRetryDelayMs: 30_000,
} as const;

/** Toast defaults from the spec. */
export const TOAST_DEFAULTS = {
  autoCloseMs: 5000,
  position: 'top-right',
  draggablePercent: 80,
} as const;

/** A lazily loaded page that has not arrived after this long shows an error. */
export const PAGE_LOAD_TIMEOUT_MS = 120_000;

/** SKUs are at most this long. */
export const SKU_MAX_LENGTH = 32;
/** A category's address (slug) is at most this long. */
export const CATEGORY_SLUG_MAX_LENGTH = 60;

/** Paged lists answer their total in this header. */
export const TOTAL_COUNT_HEADER = 'x-total-count';
