import * as z from 'zod/mini';

/** The header that makes POST /api/order and POST /api/order/{id}/pay safe to retry. */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
/** 1 to 255 visible ASCII characters, e.g. a UUID made by the client per attempt. */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

/** Request headers of the routes that take an Idempotency-Key (Fastify lower-cases names). */
export const idempotencyHeadersSchema = z.object({
  'idempotency-key': z.optional(
    z
      .string()
      .check(
        z.regex(
          IDEMPOTENCY_KEY_PATTERN,
          'The Idempotency-Key header must be 1 to 255 visible ASCII characters.',
        ),
      ),
  ),
});
