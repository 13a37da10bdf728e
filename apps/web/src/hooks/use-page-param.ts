import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/**
 * The list page kept in the URL's `page` (1 when absent or not a number), so a reload or a
 * shared link shows the same page, and a way to go to another; page 1 leaves the URL clean.
 */
export function usePageParam() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Math.trunc(Number(params.get('page'))) || 1);
  const goTo = useCallback(
    (next: number) =>
      setParams((current) => {
        const updated = new URLSearchParams(current);
        if (next === 1) updated.delete('page');
        else updated.set('page', String(next));
        return updated;
      }),
    [setParams],
  );
  return [page, goTo] as const;
}
