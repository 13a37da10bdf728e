import { sql } from 'drizzle-orm';
import type { ChangeFeed } from '../../db/change-feed.js';
import type { Db } from '../../db/client.js';
import { summarizeError } from '../../db/outage.js';
import { createRecurringJob } from '../../recurring-job.js';
import { orderMailInsert } from '../mail/outbox.repository.js';

export interface UnpaidHoldOptions {
  db: Db;
  /** How long an unpaid order holds its stock (UNPAID_ORDER_HOLD). */
  holdMs: number;
  log: {
    info: (obj: object, msg: string) => void;
    warn: (obj: object, msg: string) => void;
  };
  /** Told that stock came back, so cached product lists drop it. */
  changes?: Pick<ChangeFeed, 'publish'>;
  /** After an expired order is cancelled and committed: payments release what they held. */
  onCancelled?: (orderId: string) => Promise<void>;
  /** Orders cancelled per transaction. */
  batchSize?: number;
  /** Between runs of the timer. */
  everyMs?: number;
  /** From start() to the first run. */
  firstAfterMs?: number;
}

/** How long before its hold ends an unpaid order's buyer is reminded: a quarter of it, at most 2 h. */
export const reminderLead = (holdMs: number) => Math.min(holdMs / 4, 2 * 60 * 60 * 1000);

/**
 * One lock for the job across every instance on the database, held by the transaction of one
 * batch: an instance that finds it taken leaves the run to the one holding it.
 */
const LOCK = sql`hashtext('toolyard.unpaid-order-hold')`;

/**
 * The unpaid hold: an order still unpaid `holdMs` after it was placed is cancelled ('expired')
 * and its stock goes back on the shelf, exactly once however many instances run this at the
 * same moment. Each batch is one transaction that
 *
 * - takes the job's advisory lock, or gives up (another instance is at it);
 * - cancels up to `batchSize` expired unpaid orders in one UPDATE, the oldest first, skipping
 *   rows a buyer's cancel or a payment has locked (they decide those; the next run sees them
 *   again), and only while they are still unpaid, so an order is cancelled, and restocked, once;
 * - returns their stock, locking the products in id order as placing orders does (ADR 005).
 */
export function createUnpaidHold({
  db,
  holdMs,
  log,
  changes,
  onCancelled,
  batchSize = 500,
  everyMs = 60_000,
  firstAfterMs = 5_000,
}: UnpaidHoldOptions) {
  const reminderLeadMs = reminderLead(holdMs);
  /** The orders cancelled, or null when another instance holds the lock. */
  const expireBatch = () =>
    db.transaction(async (tx): Promise<string[] | null> => {
      const lock = await tx.execute(sql`select pg_try_advisory_xact_lock(${LOCK}) as locked`);
      if (!rowsOf<{ locked: boolean }>(lock)[0]?.locked) return null;

      // The reminders first: orders within the last stretch of their hold, each once.
      await tx.execute(
        orderMailInsert(
          'order.expiring',
          sql`orders o
            where o.status = 'pending'
              and o.created_at < now() - ${holdMs - reminderLeadMs}::double precision * interval '1 millisecond'
              and o.created_at >= now() - ${holdMs}::double precision * interval '1 millisecond'
              and not exists (
                select 1 from outbox m where m.dedupe_key = 'order.expiring:' || o."_id")`,
          sql`jsonb_build_object('holdEndsAt',
            o.created_at + ${holdMs}::double precision * interval '1 millisecond')`,
        ),
      );
      const cancelled = rowsOf<{ id: string; item_id: string; qty: number }>(
        await tx.execute(sql`
          with expired as (
            select "_id" from orders
            where status = 'pending'
              and created_at < now() - ${holdMs}::double precision * interval '1 millisecond'
            order by created_at
            limit ${batchSize}
            for update skip locked
          ),
          cancelled as (
            update orders o
            set status = 'cancelled', cancel_reason = 'expired', updated_at = now()
            from expired e
            where o."_id" = e."_id" and o.status = 'pending'
            returning o.*
          ),
          mailed as (${orderMailInsert('order.expired', sql`cancelled o`)})
          select "_id" as id, item_id, order_quantity as qty from cancelled`),
      );
      if (cancelled.length === 0) return [];

      const returned = new Map<string, number>();
      for (const { item_id, qty } of cancelled) {
        returned.set(item_id, (returned.get(item_id) ?? 0) + Number(qty));
      }
      const stock = JSON.stringify(
        [...returned].sort(([a], [b]) => a.localeCompare(b)).map(([id, qty]) => ({ id, qty })),
      );
      await tx.execute(sql`
        with back as (
          select * from json_to_recordset(${stock}::json) as b(id uuid, qty integer)
        ),
        locked as (
          select "_id" from products where "_id" in (select id from back)
          order by "_id" for update
        )
        update products p set "AvailableQuantity" = p."AvailableQuantity" + back.qty
        from back join locked l on l."_id" = back.id
        where p."_id" = back.id`);
      return cancelled.map((row) => row.id);
    });

  /** Cancels every expired unpaid order, batch by batch; resolves to how many this run did. */
  async function expireNow(): Promise<number> {
    const ids: string[] = [];
    try {
      for (;;) {
        const batch = await expireBatch();
        if (batch === null) break;
        ids.push(...batch);
        if (batch.length < batchSize) break;
      }
    } finally {
      if (ids.length > 0) {
        changes?.publish('products');
        log.info(
          { cancelled: ids.length, holdMs },
          `cancelled ${ids.length} unpaid ${ids.length === 1 ? 'order' : 'orders'} past their hold; their stock is back`,
        );
      }
    }
    for (const id of ids) {
      try {
        await onCancelled?.(id);
      } catch (err) {
        log.warn({ err: summarizeError(err), orderId: id }, 'could not release an expired order');
      }
    }
    return ids.length;
  }

  return createRecurringJob({
    work: expireNow,
    everyMs,
    firstAfterMs,
    log,
    messages: {
      failed: 'the unpaid-order hold could not run; it tries again at its next run',
      recovered: 'the unpaid-order hold runs again',
    },
  });
}

export type UnpaidHold = ReturnType<typeof createUnpaidHold>;

// Both drivers answer with { rows }.
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
