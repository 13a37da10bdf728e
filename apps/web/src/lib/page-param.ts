/** The list page in a URL's `page`: 1 when absent or not a positive number. */
export const pageFromParams = (params: URLSearchParams) =>
  Math.max(1, Math.trunc(Number(params.get('page'))) || 1);

/** Puts `page` into `params`; page 1 is left out, so the first page has a clean URL. */
export function setPageParam(params: URLSearchParams, page: number) {
  if (page === 1) params.delete('page');
  else params.set('page', String(page));
}
