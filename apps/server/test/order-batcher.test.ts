import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, users } from '../src/db/schema.js';
import { createOrderBatcher } from '../src/modules/orders/order-batcher.js';
import { createOrdersRepository, type NewOrder } from '../src/modules/orders/orders.repository.js';
import { createProduct, stockOf } from './helpers/catalog.js';
import { createTestDatabase, type TestDatabase } from './helpers/test-database.js';

describe('orders placed in groups', () => {
  let database: TestDatabase;
  const buyerId = 'batch-buyer';

  beforeAll(async () => {
    database = await createTestDatabase();
    await database.db
      .insert(users)
      .values({ id: buyerId, name: 'Batch Buyer', email: 'batch-buyer@example.com' });
  });
  afterAll(async () => {
    await database.close();
  });

  const order = (itemId: string, overrides: Partial<NewOrder> = {}): NewOrder => ({
    id: randomUUID(),
    itemId,
    orderQuantity: 1,
    buyerId,
    buyerName: 'Batch Buyer',
    buyerEmail: 'batch-buyer@example.com',
    contact: '',
    address: '',
    buyerConfirmed: true,
    ...overrides,
  });

  it('places concurrent orders for two products exactly, never past the stock', async () => {
    const scarce = await createProduct(database, { availableQuantity: 7 });
    const plenty = await createProduct(database, { availableQuantity: 100 });
    const batcher = createOrderBatcher(createOrdersRepository(database.db));

    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) => batcher.place(order(i % 2 ? scarce : plenty))),
    );

    expect(results.filter((r) => r && 'row' in r)).toHaveLength(27);
    expect(await stockOf(database, scarce)).toBe(0);
    expect(await stockOf(database, plenty)).toBe(80);
    const rows = await database.db.select().from(orders).where(eq(orders.itemId, scarce));
    expect(rows).toHaveLength(7);
  });

  it('does not let one failing order fail the others in its batch', async () => {
    const item = await createProduct(database, { availableQuantity: 10 });
    const batcher = createOrderBatcher(createOrdersRepository(database.db));

    const results = await Promise.allSettled([
      batcher.place(order(item)),
      batcher.place(order(item)),
      // No such user: the INSERT breaks its foreign key, and with it the batch's transaction.
      batcher.place(order(item, { buyerId: 'no-such-user' })),
      batcher.place(order(item)),
    ]);

    expect(results.map((r) => r.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
    ]);
    expect(await stockOf(database, item)).toBe(7);
  });

  it('takes each product once for orders that fit together, one by one for the rest', async () => {
    const together = await createProduct(database, { availableQuantity: 10, priceCents: 500 });
    const tight = await createProduct(database, { availableQuantity: 5, minOrderQuantity: 2 });
    const archived = await createProduct(database, { archivedAt: new Date() });
    const soldOut = await createProduct(database, { availableQuantity: 0 });
    const repo = createOrdersRepository(database.db);

    const placed = await repo.placeOrders([
      order(together, { orderQuantity: 3, buyerName: 'first' }),
      order(tight, { orderQuantity: 2, buyerName: 'second' }),
      // Below the minimum: refused alone, while the other orders for the product go through.
      order(tight, { orderQuantity: 1, buyerName: 'third' }),
      order(together, { orderQuantity: 4, buyerName: 'fourth' }),
      order(tight, { orderQuantity: 3, buyerName: 'fifth' }),
      // 2 + 3 took all 5: nothing left for this one.
      order(tight, { orderQuantity: 2, buyerName: 'sixth' }),
      order(archived, { buyerName: 'seventh' }),
      order('00000000-0000-4000-8000-000000000000', { buyerName: 'eighth' }),
      order(soldOut, { buyerName: 'ninth' }),
    ]);

    // Each answer is its own order's, in the order asked. Products that could take none of
    // their orders say why, as they were under the lock; the others' refusals are read again.
    expect(
      placed.map((p) =>
        !p ? p : 'row' in p ? p.row.buyerName : p.refused && { available: p.refused.available },
      ),
    ).toEqual([
      'first',
      'second',
      undefined,
      'fourth',
      'fifth',
      undefined,
      { available: 100 },
      null,
      { available: 0 },
    ]);
    expect(placed[6]).toMatchObject({ refused: { archivedAt: expect.any(Date) } });
    expect(placed[3]).toMatchObject({
      row: { orderQuantity: 4, priceCents: 500, totalCents: 2000 },
    });
    expect(await stockOf(database, together)).toBe(3);
    expect(await stockOf(database, tight)).toBe(0);
    const rows = await database.db.select().from(orders).where(eq(orders.itemId, tight));
    expect(rows.map((row) => row.orderQuantity).sort()).toEqual([2, 3]);
  });

  it('places an order once however often it is tried: alone, in a batch, or both at once', async () => {
    const item = await createProduct(database, { availableQuantity: 20 });
    const repo = createOrdersRepository(database.db);
    const first = order(item, { orderQuantity: 2 });

    const placed = await repo.placeOrder(first);
    const again = await repo.placeOrder(first);
    const inBatch = await repo
      .placeOrders([first, order(item, { orderQuantity: 3 })])
      .catch(() => 'batch refused');
    const racing = await Promise.all([
      repo.placeOrder(first),
      repo.placeOrder(first),
      createOrderBatcher(repo).place(first),
    ]);

    expect(placed && 'row' in placed && placed.row.id).toBe(first.id);
    expect(again).toEqual(placed);
    // The primary key refuses the batch that repeats an order; its orders then go alone.
    expect(inBatch).toBe('batch refused');
    for (const r of racing) expect(r && 'row' in r && r.row.id).toBe(first.id);
    const rows = await database.db.select().from(orders).where(eq(orders.itemId, item));
    expect(rows).toHaveLength(1);
    expect(await stockOf(database, item)).toBe(18);
  });

  it('tries an order again once when its connection drops after the commit', async () => {
    const item = await createProduct(database, { availableQuantity: 10 });
    const repo = createOrdersRepository(database.db);
    let cuts = 0;
    // The statement commits, then the reply is lost: what a reset after COMMIT looks like.
    const flaky: typeof repo = {
      ...repo,
      placeOrder: async (o) => {
        const result = await repo.placeOrder(o);
        if (cuts++ === 0) throw Object.assign(new Error('Connection terminated unexpectedly'));
        return result;
      },
    };
    const batcher = createOrderBatcher(flaky, { retryDelayMs: 1 });

    const placed = await batcher.place(order(item, { orderQuantity: 4 }));

    expect(placed && 'row' in placed).toBe(true);
    expect(cuts).toBe(2);
    expect(await stockOf(database, item)).toBe(6);
    expect(await database.db.select().from(orders).where(eq(orders.itemId, item))).toHaveLength(1);
  });
});
