import { QUERY_DEFAULTS } from '@toolyard/shared';
import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

/** The spec's caching defaults: kept 5 minutes, 3 retries, exponential backoff capped at 30 s. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        gcTime: QUERY_DEFAULTS.gcTimeMs,
        staleTime: 30_000,
        retry: (failureCount, error) =>
          failureCount < QUERY_DEFAULTS.retries &&
          !(error instanceof ApiError && error.isClientError),
        retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, QUERY_DEFAULTS.maxRetryDelayMs),
      },
    },
  });
}
