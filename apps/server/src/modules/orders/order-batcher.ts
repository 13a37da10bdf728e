import type { NewOrder, OrdersRepository, Placement } from './orders.repository.js';

interface Waiting {
  order: NewOrder;
  resolve: (placement: Placement) => void;
  reject: (err: unknown) => void;
}

/**
 * Group commit for orders. A durable commit waits for the disk, and a product's row stays
 * locked until it has, so orders for one popular product go one disk flush at a time. Here
 * an order arriving while none is being placed goes at once, alone; orders arriving while a
 * batch commits wait and go together in the next one: one transaction, one flush, each order
 * still taken by its own conditional UPDATE (ADR 005). If a batch fails, each of its orders
 * is placed on its own, so one bad order cannot fail the others.
 */
export function createOrderBatcher(
  repo: Pick<OrdersRepository, 'placeOrder' | 'placeOrders'>,
  { maxBatch = 100 }: { maxBatch?: number } = {},
) {
  let queue: Waiting[] = [];
  let draining = false;

  async function drain() {
    draining = true;
    try {
      while (queue.length > 0) {
        const batch = queue.slice(0, maxBatch);
        queue = queue.slice(batch.length);
        try {
          const [only] = batch;
          const rows =
            batch.length === 1 && only
              ? [await repo.placeOrder(only.order)]
              : await repo.placeOrders(batch.map((w) => w.order));
          batch.forEach((w, i) => w.resolve(rows[i]));
        } catch {
          await Promise.all(batch.map((w) => repo.placeOrder(w.order).then(w.resolve, w.reject)));
        }
      }
    } finally {
      draining = false;
    }
  }

  return {
    /** The order placed, or why not (see Placement). */
    place(order: NewOrder): Promise<Placement> {
      return new Promise((resolve, reject) => {
        queue.push({ order, resolve, reject });
        if (!draining) void drain();
      });
    },
  };
}
