import { createHash, randomUUID } from 'node:crypto';
import { IDEMPOTENCY_KEY_PATTERN } from '@toolyard/shared';
import { AppError } from '../../errors.js';
import type { IdempotencyRepository, KeyOf } from './idempotency.repository.js';

/** What a request answered: kept for the key and answered again on a retry. */
export interface Outcome {
  statusCode: number;
  body: unknown;
}

export interface IdempotentRequest {
  userId: string;
  /** The operation, e.g. `order` or `pay`: one key may be used once per operation. */
  scope: string;
  key: string | undefined;
  /** What makes two requests the same request: the body and the route's parameters. */
  fingerprint: unknown;
  /**
   * True when running again under the same resource id is harmless (placing an order: the id
   * makes it the same order). Otherwise a retry while the first is still running is refused.
   */
  rerunnable: boolean;
  run: (resourceId: string) => Promise<Outcome>;
}

/**
 * Idempotency-Key handling (ADR 013): the same key and body from the same buyer answer the
 * first outcome again, on any instance; the same key with another body is refused (422).
 */
export function createIdempotency(
  repo: IdempotencyRepository,
  { inFlightMs = 30_000 }: { inFlightMs?: number } = {},
) {
  return {
    async handle(req: IdempotentRequest): Promise<Outcome & { replayed: boolean }> {
      if (req.key === undefined) return { ...(await req.run(randomUUID())), replayed: false };
      if (!IDEMPOTENCY_KEY_PATTERN.test(req.key)) {
        const message = 'The Idempotency-Key header must be 1 to 255 visible ASCII characters.';
        throw new AppError('invalid_input', message, 400, { 'Idempotency-Key': message });
      }
      const id: KeyOf = { userId: req.userId, scope: req.scope, key: req.key };
      const requestHash = createHash('sha256')
        .update(JSON.stringify(req.fingerprint))
        .digest('hex');
      const { row, first } = await repo.claim({ ...id, requestHash, resourceId: randomUUID() });
      if (row.requestHash !== requestHash) {
        throw new AppError(
          'idempotency_key_reused',
          'This Idempotency-Key was already used for a different request.',
          422,
        );
      }
      if (row.statusCode !== null && row.response !== null) {
        return { statusCode: row.statusCode, body: JSON.parse(row.response), replayed: true };
      }
      if (!first && !req.rerunnable && Date.now() - row.createdAt.getTime() < inFlightMs) {
        throw new AppError(
          'conflict',
          'A request with this Idempotency-Key is still being processed. Try again in a moment.',
          409,
        );
      }

      let outcome: Outcome;
      try {
        outcome = await req.run(row.resourceId);
      } catch (err) {
        if (err instanceof AppError && err.statusCode < 500) {
          // A refusal is an outcome too: the same request is refused again the same way.
          const body = {
            error: err.code,
            message: err.message,
            ...(err.fields ? { fields: err.fields } : {}),
          };
          await repo.complete(id, err.statusCode, JSON.stringify(body)).catch(() => {});
        } else if (!req.rerunnable) {
          // Nothing to answer again: the next try starts afresh (and finds what this one did).
          await repo.release(id).catch(() => {});
        }
        throw err;
      }
      // If this fails, the next try runs again under the same id and finds what this one did.
      await repo.complete(id, outcome.statusCode, JSON.stringify(outcome.body)).catch(() => {});
      return { ...outcome, replayed: false };
    },

    /** Forgets keys older than a day: a retry comes within minutes, not days. */
    prune: (now = Date.now()) => repo.deleteOlderThan(new Date(now - 24 * 60 * 60 * 1000)),
  };
}

export type Idempotency = ReturnType<typeof createIdempotency>;
