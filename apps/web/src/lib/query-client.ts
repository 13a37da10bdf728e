import { QUERY_DEFAULTS } from '@toolyard/shared';
import { QueryClient } from '@tanstack/react-query';
import { ApiError, isUnavailable, retryDelayFor } from './api-client';

const UNAVAILABLE_RETRIES = 8;

/** The spec's caching defaults: kept 5 minutes, 3 retries, exponential backoff capped at 30 s. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        gcTime: QUERY_DEFAULTS.gcTimeMs,
        staleTime: 30_000,
        // Through an outage reads keep trying for about a minute (the banner says so).
        retry: (failureCount, error) =>
          isUnavailable(error)
            ? failureCount < UNAVAILABLE_RETRIES
            : failureCount < QUERY_DEFAULTS.retries &&
              !(error instanceof ApiError && error.isClientError),
        retryDelay: (attempt, error) =>
          retryDelayFor(attempt, error, QUERY_DEFAULTS.maxRetryDelayMs),
      },
    },
  });
}
