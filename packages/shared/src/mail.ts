import * as z from 'zod/mini';

/**
 * Kept: composed and kept here, not sent, because the shop has no SMTP_URL. Skipped: not to be
 * sent after all (a reminder for an order paid or cancelled since).
 */
export const outboxStatuses = ['pending', 'sent', 'kept', 'failed', 'skipped'] as const;
export type OutboxStatus = (typeof outboxStatuses)[number];

/**
 * A message in the outbox as GET /api/outbox shows it to admins (development only, or with
 * MAIL_OUTBOX_PAGE=true): composed once the worker has taken it, so subject and text are null
 * until then.
 */
export const outboxMessageSchema = z.object({
  _id: z.string(),
  topic: z.string(),
  to: z.string(),
  status: z.enum(outboxStatuses),
  subject: z.nullable(z.string()),
  text: z.nullable(z.string()),
  attempts: z.number(),
  lastError: z.nullable(z.string()),
  createdAt: z.string(),
  sentAt: z.nullable(z.string()),
  keptAt: z.nullable(z.string()),
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

/** GET /api/outbox answers a plain array, newest first; the total is in X-Total-Count. */
export const outboxListSchema = z.array(outboxMessageSchema);

export const outboxListQuerySchema = z.object({
  page: z._default(z.coerce.number().check(z.int(), z.minimum(1)), 1),
  pageSize: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100)), 20),
});
