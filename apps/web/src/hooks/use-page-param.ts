import { useCallback } from 'react';
import { useSearchParams } from 'wouter';
import { pageFromParams, setPageParam } from '@/lib/page-param';

/**
 * The list page kept in the URL's `page` (1 when absent or not a number), so a reload or a
 * shared link shows the same page, and a way to go to another; page 1 leaves the URL clean.
 */
export function usePageParam() {
  const [params, setParams] = useSearchParams();
  const goTo = useCallback(
    (next: number) =>
      setParams((current) => {
        const updated = new URLSearchParams(current);
        setPageParam(updated, next);
        return updated;
      }),
    [setParams],
  );
  return [pageFromParams(params), goTo] as const;
}
