import { IDEMPOTENCY_KEY_HEADER } from '@toolyard/shared';
import { isUnavailable, retryDelayFor } from './api-client';

const keys = new WeakMap<object, string>();

/**
 * The Idempotency-Key header for one submission: the same for every retry of it (react-query
 * retries a mutation with the same variables object), new for the next submission.
 */
export function idempotencyHeader(variables: object): Record<string, string> {
  let key = keys.get(variables);
  if (!key) {
    // crypto.randomUUID exists only on https and localhost; getRandomValues everywhere.
    key = Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) =>
      b.toString(16).padStart(2, '0'),
    ).join('');
    keys.set(variables, key);
  }
  return { [IDEMPOTENCY_KEY_HEADER]: key };
}

/**
 * Mutations sent with an Idempotency-Key may be retried through an outage: never twice done.
 * They go out even when the browser believes it is offline: paused, an order or a payment
 * would say "Paying…" without end instead of failing with a message.
 */
export const retryThroughOutage = {
  networkMode: 'always' as const,
  retry: (failureCount: number, error: unknown) => failureCount < 3 && isUnavailable(error),
  retryDelay: (attempt: number, error: unknown) => retryDelayFor(attempt, error, 5000),
};
