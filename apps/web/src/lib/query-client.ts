import { QUERY_DEFAULTS } from '@toolyard/shared';
import { QueryClient } from '@tanstack/react-query';
import { ApiError, retryDelayFor } from './api-client';

/**
 * The spec's caching defaults: kept 5 minutes, 3 retries, exponential backoff capped at 30 s.
 * Every read gives up after its 3 retries, an outage's too (a few seconds: the banner says it
 * is retrying), and the page then says so with a button to try again. Requests go out whatever
 * the browser believes of its connection: paused until it comes back online, a read or a
 * payment would wait without a word.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        gcTime: QUERY_DEFAULTS.gcTimeMs,
        staleTime: 30_000,
        networkMode: 'always',
        retry: (failureCount, error) =>
          failureCount < QUERY_DEFAULTS.retries &&
          !(error instanceof ApiError && error.isClientError),
        retryDelay: (attempt, error) =>
          retryDelayFor(attempt, error, QUERY_DEFAULTS.maxRetryDelayMs),
      },
      mutations: { networkMode: 'always' },
    },
  });
}
