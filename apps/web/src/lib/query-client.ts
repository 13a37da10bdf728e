import { QUERY_DEFAULTS } from '@toolyard/shared';
import { QueryClient } from '@tanstack/react-query';
import { retryDelayFor, type ApiError } from './api-client';

/**
 * The spec's caching defaults: kept 5 minutes, 3 retries, exponential backoff capped at 30 s.
 * Every read gives up after its 3 retries, an outage's too (a few seconds: the banner says it
 * is retrying), and the page then says so with a button to try again. Reads go out whatever
 * the browser believes of its connection: paused until it came back online, they would wait
 * without a word (orders and payments do the same: lib/idempotency-key.ts).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        gcTime: QUERY_DEFAULTS.gcTimeMs,
        staleTime: 30_000,
        networkMode: 'always',
        // A refusal (4xx) is final; anything else, an ApiError or not, is tried again.
        retry: (failureCount, error) =>
          failureCount < QUERY_DEFAULTS.retries && !(error as Partial<ApiError>).isClientError,
        // Capped at 30 s, the spec's QUERY_DEFAULTS.maxRetryDelayMs (retryDelayFor's default).
        retryDelay: retryDelayFor,
      },
    },
  });
}
