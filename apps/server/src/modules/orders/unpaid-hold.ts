import type { ChangeFeed } from '../../db/change-feed.js';
import type { Db } from '../../db/client.js';
import { summarizeError } from '../../db/outage.js';
import { createRecurringJob } from '../../recurring-job.js';
import { expireUnpaid, remindUnpaid, tryUnpaidHoldLock } from './order-life.repository.js';

export interface UnpaidHoldOptions {
  db: Db;
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

/**
 * The unpaid hold: an order still unpaid when its hold ends (its expires_at, set when it was
 * placed: unpaid-terms.ts) is cancelled ('expired') and its stock goes back on the shelf,
 * exactly once however many instances run this at the same moment. Each batch is one
 * transaction that
 *
 * - takes the job's advisory lock (one for every instance on the database), or gives up:
 *   another instance is at it;
 * - cancels up to `batchSize` expired unpaid orders in one UPDATE, those ended first, skipping
 *   rows a buyer's cancel or a payment has locked (they decide those; the next run sees them
 *   again), and only while they are still unpaid, so an order is cancelled, and restocked, once;
 * - returns their lines' stock through the catalog, which locks the products in id order.
 */
export function createUnpaidHold({
  db,
  log,
  changes,
  onCancelled,
  batchSize = 500,
  everyMs = 60_000,
  firstAfterMs = 5_000,
}: UnpaidHoldOptions) {
  /** The orders cancelled, or null when another instance holds the lock. */
  const expireBatch = () =>
    db.transaction(async (tx): Promise<string[] | null> => {
      if (!(await tryUnpaidHoldLock(tx))) return null;
      // The reminders first: orders within the last stretch of their hold, each once.
      await remindUnpaid(tx);
      return expireUnpaid(tx, batchSize);
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
          { cancelled: ids.length },
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
