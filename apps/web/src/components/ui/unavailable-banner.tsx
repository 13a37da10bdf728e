import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { isUnavailable, UNAVAILABLE_MESSAGE } from '@/lib/api-client';

/**
 * Says so while any read is being retried because the shop answered 503 (or could not be
 * reached), and goes away by itself once the reads come through.
 */
export function UnavailableBanner() {
  const queryCache = useQueryClient().getQueryCache();
  const subscribe = useCallback(
    (onChange: () => void) => queryCache.subscribe(onChange),
    [queryCache],
  );
  const retrying = useSyncExternalStore(
    subscribe,
    () =>
      queryCache
        .getAll()
        .some(
          (query) =>
            query.state.fetchStatus === 'fetching' && isUnavailable(query.state.fetchFailureReason),
        ),
    () => false,
  );
  if (!retrying) return null;
  return (
    <div role="status" className="alert alert-warning alert-soft rounded-none justify-center">
      {UNAVAILABLE_MESSAGE}
    </div>
  );
}
