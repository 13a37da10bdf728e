import type { ChangeFeed } from '../../db/change-feed.js';
import type { Db } from '../../db/client.js';
import { summarizeError } from '../../db/outage.js';
import { createRecurringJob } from '../../recurring-job.js';
import { expireUnpaid, remindUnpaid, tryUnpaidHoldLock } from './order-life.repository.js';

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
 * The unpaid hold: an order still unpaid `holdMs` after it was placed is cancelled ('expired')
 * and its stock goes back on the shelf, exactly once however many instances run this at the
 * same moment. Each batch is one transaction that
 *
 * - takes the job's advisory lock (one for every instance on the database), or gives up:
 *   another instance is at it;
 * - cancels up to `batchSize` expired unpaid orders in one UPDATE, the oldest first, skipping
 *   rows a buyer's cancel or a payment has locked (they decide those; the next run sees them
 *   again), and only while they are still unpaid, so an order is cancelled, and restocked, once;
 * - returns their lines' stock through the catalog, which locks the products in id order.
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
      if (!(await tryUnpaidHoldLock(tx))) return null;
      // The reminders first: orders within the last stretch of their hold, each once.
      await remindUnpaid(tx, holdMs, reminderLeadMs);
      return expireUnpaid(tx, holdMs, batchSize);
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
