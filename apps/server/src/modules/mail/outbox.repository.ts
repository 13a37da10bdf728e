import { randomUUID } from 'node:crypto';
import type { OutboxMessage, OutboxStatus } from '@toolyard/shared';
import { and, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { readPage } from '../../db/paging.js';
import { outbox } from '../../db/schema.js';
import type { MailEvent, MailTopic } from './topics.js';

export interface EnqueueOptions {
  /** One message per event: a second message with the same key is not written. */
  dedupeKey?: string;
  /** Not before this time (a reminder); now when left out. */
  availableAt?: Date;
}

/**
 * A message a worker has claimed: its facts, how many attempts it has had before this one, and
 * the claim's token, which every later change of the row must name.
 */
export interface ClaimedMessage {
  id: string;
  event: MailEvent;
  attempts: number;
  createdAt: Date;
  lease: string;
}

/**
 * Writes a message to the outbox in the caller's transaction (or on its own), so that it exists
 * exactly when the event that causes it does.
 */
export async function enqueueMail(
  db: Db | Tx,
  event: MailEvent,
  { dedupeKey, availableAt }: EnqueueOptions = {},
): Promise<void> {
  await db
    .insert(outbox)
    .values({
      topic: event.topic,
      recipient: event.to,
      data: event.data,
      dedupeKey: dedupeKey ?? null,
      availableAt: availableAt ?? new Date(),
    })
    .onConflictDoNothing({ target: outbox.dedupeKey });
}

/** Drops messages of `topic` to these addresses that are still waiting (demo accounts' links). */
export async function discardMail(db: Db, topic: MailTopic, recipients: readonly string[]) {
  await db
    .delete(outbox)
    .where(and(eq(outbox.topic, topic), inArray(outbox.recipient, [...recipients])));
}

/** The order's lines (order_lines) as an order mail lists them, in their order. */
const orderLinesJson = sql`(
  select jsonb_agg(jsonb_build_object(
    'name', l.item_name, 'quantity', l.quantity,
    'priceCents', l.unit_price_cents, 'totalCents', l.line_total_cents) order by l.line_no)
  from order_lines l where l.order_id = o."_id")`;

/**
 * The one line of a one-product order, from the order's own fields: for the statement that
 * places it, which writes its line too and cannot read it back.
 */
export const singleLineJson = sql`jsonb_build_array(jsonb_build_object(
  'name', o.item_name, 'quantity', o.order_quantity,
  'priceCents', o.price_cents, 'totalCents', o.total_cents))`;

/**
 * The statement that writes one order message per order row of `from` (a FROM item whose rows
 * are orders, aliased `o`: `orders o where ...`, or a CTE of inserted or updated orders), with
 * the order's facts (topics.ts MailOrder) and `extra` merged in. One message per order and
 * topic, however often the event is retried (dedupe key `topic:order id`, or `dedupe` for an
 * event an order can have several of, such as refunds).
 */
export function orderMailInsert(
  topic: MailTopic & `order.${string}`,
  from: SQL,
  extra?: SQL,
  lines: SQL = orderLinesJson,
  dedupe: SQL = sql`${topic} || ':' || o."_id"`,
): SQL {
  return sql`
    insert into outbox (topic, recipient, data, dedupe_key)
    select ${topic}, o.buyer_email,
      jsonb_build_object(
        'orderId', o."_id",
        'number', o.number,
        'buyerName', o.buyer_name,
        'lines', ${lines},
        'totalCents', o.total_cents,
        'contact', o.contact,
        'address', o.address,
        'placedAt', o.created_at
      ) ${extra ? sql`|| ${extra}` : sql``},
      ${dedupe}
    from ${from}
    on conflict (dedupe_key) do nothing`;
}

/** The only code that reads and changes the outbox's delivery state. */
export function createOutboxRepository(db: Db) {
  /**
   * Records the outcome of a claim and ends it, only while the row is still the claim's: a
   * worker whose lease ran out (and the message with it, to another worker) changes nothing.
   */
  async function changeOwn(message: ClaimedMessage, set: SQL): Promise<boolean> {
    const result = await db.execute(sql`
      update outbox set ${set}, leased_until = null, lease_token = null
      where "_id" = ${message.id} and lease_token = ${message.lease}
      returning "_id"`);
    return (result as unknown as { rows: unknown[] }).rows.length === 1;
  }

  return {
    /**
     * Takes up to `limit` due messages for `leaseMs` under a new token: no other worker, on
     * any instance, takes them until the lease runs out (a worker that died mid-send leaves
     * them to the next one), and only this token can renew or mark them. `except`: messages
     * not to take now (those a run has already tried).
     */
    async claim(
      limit: number,
      leaseMs: number,
      except: readonly string[] = [],
    ): Promise<ClaimedMessage[]> {
      const lease = randomUUID();
      const result = await db.execute<{
        id: string;
        topic: MailTopic;
        recipient: string;
        data: unknown;
        attempts: number;
        created_at: Date | string;
      }>(sql`
        with due as (
          select "_id" from outbox
          where sent_at is null and kept_at is null and failed_at is null and skipped_at is null
            and available_at <= now()
            and (leased_until is null or leased_until <= now())
            ${except.length > 0 ? sql`and "_id" not in ${except}` : sql``}
          order by available_at
          limit ${limit}
          for update skip locked
        )
        update outbox m
        set leased_until = now() + ${leaseMs}::double precision * interval '1 millisecond',
          lease_token = ${lease}
        from due where m."_id" = due."_id"
        returning m."_id" as id, m.topic, m.recipient, m.data, m.attempts, m.created_at`);
      return (result as unknown as { rows: Array<Record<string, unknown>> }).rows.map((row) => ({
        id: String(row.id),
        event: {
          topic: row.topic,
          to: row.recipient,
          data: typeof row.data === 'string' ? JSON.parse(row.data) : row.data,
        } as MailEvent,
        attempts: Number(row.attempts),
        createdAt: new Date(row.created_at as string),
        lease,
      }));
    },

    /**
     * Extends a claim by `leaseMs` from now, while its send goes on; false when the claim is no
     * longer this token's (it ran out and another worker took the message, or it is done).
     */
    async renew(message: ClaimedMessage, leaseMs: number): Promise<boolean> {
      const result = await db.execute(sql`
        update outbox
        set leased_until = now() + ${leaseMs}::double precision * interval '1 millisecond'
        where "_id" = ${message.id} and lease_token = ${message.lease}
        returning "_id"`);
      return (result as unknown as { rows: unknown[] }).rows.length === 1;
    },

    /**
     * Sent: kept with what it said, for the outbox page. False, and nothing changed, when the
     * claim is no longer this token's.
     */
    async markSent(
      message: ClaimedMessage,
      composed: { subject: string; text: string },
    ): Promise<boolean> {
      return changeOwn(
        message,
        sql`sent_at = now(), attempts = attempts + 1,
          subject = ${composed.subject}, text = ${composed.text}, last_error = null`,
      );
    },

    /**
     * Composed and kept, not sent (no SMTP_URL): done with, and shown as kept. False, and
     * nothing changed, when the claim is no longer this token's.
     */
    async markKept(
      message: ClaimedMessage,
      composed: { subject: string; text: string },
    ): Promise<boolean> {
      return changeOwn(
        message,
        sql`kept_at = now(), subject = ${composed.subject}, text = ${composed.text}, last_error = null`,
      );
    },

    /**
     * Not sent this time: tried again after `retryInMs`, or never again when that is null.
     * False, and nothing changed, when the claim is no longer this token's.
     */
    async markFailed(
      message: ClaimedMessage,
      error: string,
      retryInMs: number | null,
      composed?: { subject: string; text: string },
    ): Promise<boolean> {
      return changeOwn(
        message,
        sql`attempts = attempts + 1, last_error = ${error.slice(0, 500)},
          subject = coalesce(${composed?.subject ?? null}, subject),
          text = coalesce(${composed?.text ?? null}, text),
          ${
            retryInMs === null
              ? sql`failed_at = now()`
              : sql`available_at = now() + ${retryInMs}::double precision * interval '1 millisecond'`
          }`,
      );
    },

    /** Not to be sent after all (a reminder for an order that is no longer unpaid). */
    async markSkipped(message: ClaimedMessage, reason: string): Promise<boolean> {
      return changeOwn(message, sql`skipped_at = now(), last_error = ${reason}`);
    },

    /**
     * The status of the order a message is about, to skip a reminder for an order paid or
     * cancelled since (the mail module reads orders, as orderMailInsert does; never writes them).
     */
    async orderStatus(orderId: string): Promise<string | undefined> {
      const result = await db.execute<{ status: string }>(
        sql`select status from orders where "_id" = ${orderId}`,
      );
      return (result as unknown as { rows: { status: string }[] }).rows[0]?.status;
    },

    /**
     * Forgets messages done with (sent, kept, skipped or given up) before `before`, a batch at a time;
     * resolves to how many went.
     */
    async prune(before: Date, limit = 1000): Promise<number> {
      const result = await db.execute(sql`
        delete from outbox where "_id" in (
          select "_id" from outbox
          where coalesce(sent_at, kept_at, skipped_at, failed_at) < ${before.toISOString()}::timestamptz
          limit ${limit})
        returning "_id"`);
      return (result as unknown as { rows: unknown[] }).rows.length;
    },

    /** Newest first, for admins (the outbox page). */
    async list(
      page: number,
      pageSize: number,
    ): Promise<{ messages: OutboxMessage[]; total: number }> {
      const { rows, total } = await readPage(
        db.select().from(outbox).orderBy(desc(outbox.createdAt), desc(outbox.id)),
        db.select({ n: count() }).from(outbox),
        page,
        pageSize,
      );
      return {
        total,
        messages: rows.map((row) => ({
          _id: row.id,
          topic: row.topic,
          to: row.recipient,
          status: statusOf(row),
          subject: row.subject,
          text: row.text,
          attempts: row.attempts,
          lastError: row.lastError,
          createdAt: row.createdAt.toISOString(),
          sentAt: row.sentAt?.toISOString() ?? null,
          keptAt: row.keptAt?.toISOString() ?? null,
        })),
      };
    },
  };
}

function statusOf(row: typeof outbox.$inferSelect): OutboxStatus {
  if (row.sentAt) return 'sent';
  if (row.keptAt) return 'kept';
  if (row.skippedAt) return 'skipped';
  if (row.failedAt) return 'failed';
  return 'pending';
}

export type OutboxRepository = ReturnType<typeof createOutboxRepository>;
