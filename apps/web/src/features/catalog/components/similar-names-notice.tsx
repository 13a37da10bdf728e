import type { ProductPage } from '../api/get-products-page';

/** Says that a search's results are names like the words, not the words: there were none. */
export function SimilarNamesNotice({ page, q }: { page: ProductPage | undefined; q: string }) {
  if (!q || page?.match !== 'similar' || page.total === 0) return null;
  return (
    <p role="status" className="alert alert-info alert-soft mt-3">
      No exact matches for “{q}”. Showing similar names.
    </p>
  );
}
