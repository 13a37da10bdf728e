import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, payments, products } from '../src/db/schema.js';
import { ORIGIN, signUp, type Account } from './helpers/accounts.js';
import { buildSecondInstance, buildTestApp, type TestApp } from './helpers/build-test-app.js';
import { createProduct, stockOf } from './helpers/catalog.js';
import { DELIVERY } from './helpers/orders.js';

const future = { expMonth: 12, expYear: new Date().getFullYear() + 3, cvc: '123' };
let keyCounter = 0;
const newKey = () => `key-${Date.now().toString(36)}-${keyCounter++}`;

// On PostgreSQL the retry goes to a second instance, as behind a load balancer; on the
// embedded database (one process) to the same one.
describe('Idempotency-Key on orders and payments', () => {
  let first: TestApp;
  let second: TestApp;
  let buyer: Account;
  let other: Account;

  beforeAll(async () => {
    first = await buildTestApp();
    second = first.database.url ? await buildSecondInstance(first) : first;
    buyer = await signUp(first.app);
    other = await signUp(first.app);
  });
  afterAll(async () => {
    if (second !== first) await second?.close();
    await first?.close();
  });

  const post = (t: TestApp, account: Account, url: string, payload: object, key?: string) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: {
        origin: ORIGIN,
        cookie: account.cookie,
        ...(key === undefined ? {} : { 'idempotency-key': key }),
      },
      payload,
    });
  const order = (t: TestApp, account: Account, itemId: string, key?: string, quantity = 2) =>
    post(
      t,
      account,
      '/api/order',
      { itemId, OrderQuantity: quantity, ...DELIVERY, Address: '1 Key St' },
      key,
    );
  const ordersOf = (itemId: string) =>
    first.database.db.select().from(orders).where(eq(orders.itemId, itemId));

  it('answers a repeated order with the first one, on any instance, and takes the stock once', async () => {
    const itemId = await createProduct(first.database, { availableQuantity: 10 });
    const key = newKey();

    const one = await order(first, buyer, itemId, key);
    const again = await order(second, buyer, itemId, key);

    expect(one.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(one.json());
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(one.headers['idempotent-replayed']).toBeUndefined();
    expect(await ordersOf(itemId)).toHaveLength(1);
    expect(await stockOf(first.database, itemId)).toBe(8);
  });

  it('places one order for the same key sent many times at once', async () => {
    const itemId = await createProduct(first.database, { availableQuantity: 100 });
    const key = newKey();

    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) => order(i % 2 ? second : first, buyer, itemId, key)),
    );

    expect(results.map((r) => r.statusCode)).toEqual(Array(12).fill(201));
    expect(new Set(results.map((r) => r.json()._id)).size).toBe(1);
    expect(await ordersOf(itemId)).toHaveLength(1);
    expect(await stockOf(first.database, itemId)).toBe(98);
  });

  it('refuses the same key with another body (422) and a malformed key (400)', async () => {
    const itemId = await createProduct(first.database, { availableQuantity: 10 });
    const key = newKey();
    expect((await order(first, buyer, itemId, key, 2)).statusCode).toBe(201);

    const changed = await order(second, buyer, itemId, key, 3);
    expect(changed.statusCode).toBe(422);
    expect(changed.json()).toMatchObject({ error: 'idempotency_key_reused' });

    for (const bad of ['x'.repeat(256), 'two words', 'ключ']) {
      const res = await order(first, buyer, itemId, bad);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'invalid_input' });
    }
    expect(await ordersOf(itemId)).toHaveLength(1);
  });

  it('keeps a refusal as the first outcome, and keys apart per buyer', async () => {
    const itemId = await createProduct(first.database, { availableQuantity: 1 });
    const key = newKey();

    const refused = await order(first, buyer, itemId, key, 2);
    await first.database.db
      .update(products)
      .set({ availableQuantity: 50 })
      .where(eq(products.id, itemId));
    const again = await order(second, buyer, itemId, key, 2);
    // Another buyer's request with the same key is another request.
    const others = await order(second, other, itemId, key, 2);

    expect(refused.statusCode).toBe(409);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual(refused.json());
    expect(others.statusCode).toBe(201);
    expect(await ordersOf(itemId)).toHaveLength(1);
  });

  it('still places two orders for two requests without a key', async () => {
    const itemId = await createProduct(first.database, { availableQuantity: 10 });
    await order(first, buyer, itemId);
    await order(first, buyer, itemId);
    expect(await ordersOf(itemId)).toHaveLength(2);
  });

  it('answers a repeated payment with the first outcome and charges once', async () => {
    const itemId = await createProduct(first.database, { priceCents: 1999 });
    const orderId = (await order(first, buyer, itemId)).json()._id as string;
    const declinedKey = newKey();
    const paidKey = newKey();
    const pay = (t: TestApp, key: string, cardNumber: string) =>
      post(t, buyer, `/api/order/${orderId}/pay`, { cardNumber, ...future }, key);

    const declined = await pay(first, declinedKey, '4000 0000 0000 0002');
    const declinedAgain = await pay(second, declinedKey, '4000 0000 0000 0002');
    const paid = await pay(first, paidKey, '4242 4242 4242 4242');
    const paidAgain = await pay(second, paidKey, '4242 4242 4242 4242');
    const otherCard = await pay(second, paidKey, '5555 5555 5555 4444');

    expect(declined.statusCode).toBe(402);
    expect(declinedAgain.statusCode).toBe(402);
    expect(declinedAgain.json()).toEqual(declined.json());
    expect(paid.statusCode).toBe(200);
    expect(paidAgain.statusCode).toBe(200);
    expect(paidAgain.json()).toEqual(paid.json());
    expect(paidAgain.headers['idempotent-replayed']).toBe('true');
    expect(otherCard.statusCode).toBe(422);
    const rows = await first.database.db
      .select({ status: payments.status })
      .from(payments)
      .where(eq(payments.orderId, orderId));
    expect(rows.map((r) => r.status).sort()).toEqual(['failed', 'succeeded']);
  });
});
