import { DatabaseBusyError, isDatabaseUnavailable } from '../../db/outage.js';
import type { NewOrder, OrdersRepository, Placement } from './orders.repository.js';

interface Waiting {
  order: NewOrder;
  queuedAt: number;
  resolve: (placement: Placement) => void;
  reject: (err: unknown) => void;
}

export interface OrderBatcherOptions {
  maxBatch?: number;
  /**
   * Longest an order may wait for its turn. One it never tried is refused after that (503:
   * nothing was taken), so a stuck database does not pile up orders behind one batch.
   */
  maxQueueMs?: number;
  /** Pause before an order whose connection dropped is tried again once. */
  retryDelayMs?: number;
}

/**
 * Group commit for orders. A durable commit waits for the disk, and a product's row stays
 * locked until it has, so orders for one popular product go one disk flush at a time. Here
 * an order arriving while none is being placed goes at once, alone; orders arriving while a
 * batch commits wait and go together in the next one: one transaction, one flush, each order
 * still taken by its own conditional UPDATE (ADR 005).
 *
 * Every order carries its id from the start, so trying it again is safe whatever became of
 * the first attempt: an order already in is found, never placed twice (ADR 013). If a batch
 * fails, each of its orders is tried on its own, so one bad order cannot fail the others; an
 * order whose connection dropped is tried once more, since its commit may have gone through.
 */
export function createOrderBatcher(
  repo: Pick<OrdersRepository, 'placeOrder' | 'placeOrders'>,
  { maxBatch = 100, maxQueueMs = 5000, retryDelayMs = 50 }: OrderBatcherOptions = {},
) {
  let queue: Waiting[] = [];
  let draining: Promise<void> | undefined;

  async function placeAlone(order: NewOrder): Promise<Placement> {
    try {
      return await repo.placeOrder(order);
    } catch (err) {
      if (!isDatabaseUnavailable(err)) throw err;
      await new Promise((resolve) => setTimeout(resolve, retryDelayMs));
      return repo.placeOrder(order);
    }
  }

  async function drain() {
    while (queue.length > 0) {
      const stale = Date.now() - maxQueueMs;
      const expired = queue.filter((w) => w.queuedAt < stale);
      if (expired.length > 0) {
        queue = queue.filter((w) => w.queuedAt >= stale);
        for (const w of expired)
          w.reject(new DatabaseBusyError('An order waited too long for the database'));
        continue;
      }
      const batch = queue.slice(0, maxBatch);
      queue = queue.slice(batch.length);
      const [only] = batch;
      if (batch.length === 1 && only) {
        await placeAlone(only.order).then(only.resolve, only.reject);
        continue;
      }
      try {
        const rows = await repo.placeOrders(batch.map((w) => w.order));
        batch.forEach((w, i) => w.resolve(rows[i]));
      } catch {
        await Promise.all(batch.map((w) => placeAlone(w.order).then(w.resolve, w.reject)));
      }
    }
  }

  function start() {
    draining ??= drain().finally(() => {
      draining = undefined;
      // Orders queued while the last batch was being settled go now.
      if (queue.length > 0) start();
    });
  }

  return {
    /** The order placed, or why not (see Placement). */
    place(order: NewOrder): Promise<Placement> {
      return new Promise((resolve, reject) => {
        queue.push({ order, queuedAt: Date.now(), resolve, reject });
        start();
      });
    },
    /** Resolves when every order handed in so far has been placed or refused. */
    async settled(): Promise<void> {
      while (draining) await draining;
    },
  };
}
