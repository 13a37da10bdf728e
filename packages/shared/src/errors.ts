import * as z from 'zod/mini';

/** Every error code the API can answer with; the web app maps them to messages. */
export const errorCodes = [
  'invalid_input',
  'unauthorized',
  'forbidden',
  'not_found',
  'conflict',
  'out_of_stock',
  'too_many_unpaid_orders',
  'nothing_to_refund',
  'refund_too_large',
  'email_not_verified',
  'invalid_token',
  'invalid_password',
  'already_verified',
  'card_declined',
  'idempotency_key_reused',
  'rate_limited',
  'payload_too_large',
  'service_unavailable',
  'internal_error',
] as const;

export type ErrorCode = (typeof errorCodes)[number];

/** The one error shape every endpoint answers with (see ARCHITECTURE.md). */
export const errorBodySchema = z.object({
  error: z.string(),
  message: z.string(),
  fields: z.optional(z.record(z.string(), z.string())),
});

export type ErrorBody = z.infer<typeof errorBodySchema>;
