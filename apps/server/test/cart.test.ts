import { ORDER_LINES_MAX, PURCHASE_QUANTITY_MESSAGE } from '@toolyard/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartLines, products } from '../src/db/schema.js';
import { callAs, signUp, type Account } from './helpers/accounts.js';
import { buildTestApp, type TestApp } from './helpers/build-test-app.js';
import { createProduct } from './helpers/catalog.js';

const NO_SUCH_ID = '8e0f4a0e-9c7e-4d7e-9d5c-1f4b7b1a2c3d';

describe('cart', () => {
  let t: TestApp;
  let buyer: Account;

  beforeAll(async () => {
    t = await buildTestApp();
    buyer = await signUp(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  /** A buyer with an empty cart, so each test starts from nothing. */
  const freshBuyer = () => signUp(t.app);
  const getCart = (account: Account) => callAs(t.app, account, 'GET', '/api/cart');
  const put = (account: Account, itemId: string, quantity: unknown) =>
    callAs(t.app, account, 'PUT', `/api/cart/lines/${itemId}`, { quantity });
  const remove = (account: Account, itemId: string) =>
    callAs(t.app, account, 'DELETE', `/api/cart/lines/${itemId}`);
  const linesIn = async (account: Account) =>
    (await getCart(account)).json().lines.map((l: { itemId: string; quantity: number }) => ({
      itemId: l.itemId,
      quantity: l.quantity,
    }));

  it('starts empty', async () => {
    const res = await getCart(await freshBuyer());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ lines: [], total: 0, count: 0 });
  });

  it('lists its lines oldest first, priced live from the products, with their total', async () => {
    const me = await freshBuyer();
    const drill = await createProduct(t.database, {
      name: 'Cart Drill',
      sku: `CART-DRILL-${Date.now()}`,
      priceCents: 8999,
      availableQuantity: 20,
      minOrderQuantity: 2,
      img: '/images/tools/drill.svg',
    });
    const screws = await createProduct(t.database, { priceCents: 1250, availableQuantity: 500 });

    expect((await put(me, drill, 2)).statusCode).toBe(200);
    const res = await put(me, screws, '10'); // the spec's text inputs send numbers as text
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      lines: [
        {
          itemId: drill,
          sku: expect.stringMatching(/^CART-DRILL-/),
          name: 'Cart Drill',
          img: '/images/tools/drill.svg',
          unitPrice: 89.99,
          quantity: 2,
          lineTotal: 179.98,
          AvailableQuantity: 20,
          MinOrderQuantity: 2,
          sold: true,
        },
        expect.objectContaining({ itemId: screws, unitPrice: 12.5, quantity: 10, lineTotal: 125 }),
      ],
      total: 304.98,
      count: 12,
    });

    // Setting a line's quantity keeps its place; a price change shows at once.
    expect((await put(me, drill, 3)).statusCode).toBe(200);
    await t.database.db.update(products).set({ priceCents: 9999 }).where(eq(products.id, drill));
    const later = (await getCart(me)).json();
    expect(later.lines.map((l: { itemId: string }) => l.itemId)).toEqual([drill, screws]);
    expect(later.lines[0]).toMatchObject({ quantity: 3, unitPrice: 99.99, lineTotal: 299.97 });
    expect(later).toMatchObject({ total: 424.97, count: 13 });
  });

  it('keeps a line whose product stopped being sold, marked so', async () => {
    const me = await freshBuyer();
    const itemId = await createProduct(t.database);
    await put(me, itemId, 1);
    await t.database.db
      .update(products)
      .set({ archivedAt: new Date() })
      .where(eq(products.id, itemId));
    expect((await getCart(me)).json().lines).toEqual([
      expect.objectContaining({ itemId, sold: false }),
    ]);
    // A PUT of another line answers the whole cart the same way.
    const other = await createProduct(t.database);
    const res = await put(me, other, 2);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().lines).toEqual([
      expect.objectContaining({ itemId, sold: false }),
      expect.objectContaining({ itemId: other, quantity: 2, sold: true }),
    ]);
    // The total is of what can still be bought (2 × $12.50); the count is of every unit.
    expect(res.json()).toMatchObject({ total: 25, count: 3 });
    expect(res.json()).toEqual((await getCart(me)).json());
  });

  it('is each buyer’s own', async () => {
    const me = await freshBuyer();
    const someoneElse = await freshBuyer();
    const itemId = await createProduct(t.database);
    await put(me, itemId, 4);
    expect(await linesIn(someoneElse)).toEqual([]);
    // Another buyer's PUT and DELETE touch only their own cart.
    await put(someoneElse, itemId, 1);
    await remove(someoneElse, itemId);
    expect(await linesIn(me)).toEqual([{ itemId, quantity: 4 }]);
  });

  it('refuses an unknown or archived product with 404 and writes nothing', async () => {
    const me = await freshBuyer();
    const unknown = await put(me, NO_SUCH_ID, 1);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'not_found', message: expect.any(String) });
    const archived = await createProduct(t.database, { archivedAt: new Date() });
    expect((await put(me, archived, 1)).statusCode).toBe(404);
    expect(await linesIn(me)).toEqual([]);
  });

  it.each([
    ['below the minimum', 4],
    ['above the stock', 11],
  ])('refuses a quantity %s with the spec message and keeps the line as it was', async (_, n) => {
    const me = await freshBuyer();
    const itemId = await createProduct(t.database, { availableQuantity: 10, minOrderQuantity: 5 });
    expect((await put(me, itemId, 6)).statusCode).toBe(200);
    const res = await put(me, itemId, n);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'invalid_input',
      message: PURCHASE_QUANTITY_MESSAGE,
      fields: { quantity: PURCHASE_QUANTITY_MESSAGE },
    });
    expect(await linesIn(me)).toEqual([{ itemId, quantity: 6 }]);
  });

  it.each([
    ['a quantity that is not a number', 'abc', 'quantity'],
    ['a negative quantity', -3, 'quantity'],
    ['a zero quantity', 0, 'quantity'],
    ['a fractional quantity', 1.5, 'quantity'],
    ['a huge quantity', 1e12, 'quantity'],
    ['no quantity', undefined, 'quantity'],
  ])('refuses %s with 400 naming the field', async (_, quantity, field) => {
    const itemId = await createProduct(t.database);
    const res = await callAs(
      t.app,
      buyer,
      'PUT',
      `/api/cart/lines/${itemId}`,
      quantity === undefined ? {} : { quantity },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'invalid_input',
      message: expect.any(String),
      fields: { [field]: expect.any(String) },
    });
  });

  it('refuses an item id that is not a uuid, on PUT and DELETE', async () => {
    for (const res of [await put(buyer, 'not-a-uuid', 1), await remove(buyer, 'not-a-uuid')]) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        error: 'invalid_input',
        fields: { itemId: 'Not a valid id' },
      });
    }
  });

  it('removes a line; removing one that is not there is fine', async () => {
    const me = await freshBuyer();
    const keep = await createProduct(t.database);
    const drop = await createProduct(t.database);
    await put(me, keep, 1);
    await put(me, drop, 2);
    const res = await remove(me, drop);
    expect(res.statusCode).toBe(200);
    expect(res.json().lines.map((l: { itemId: string }) => l.itemId)).toEqual([keep]);
    const again = await remove(me, drop);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ count: 1 });
    expect((await remove(me, NO_SUCH_ID)).statusCode).toBe(200);
  });

  it(`holds at most ${ORDER_LINES_MAX} products; the lines it has can still change`, async () => {
    const me = await freshBuyer();
    const userId = await userIdOf(me);
    const ids: string[] = [];
    for (let i = 0; i < ORDER_LINES_MAX; i++) ids.push(await createProduct(t.database));
    await t.database.db
      .insert(cartLines)
      .values(ids.map((itemId) => ({ userId, itemId, quantity: 1 })));

    const one = await createProduct(t.database);
    const res = await put(me, one, 1);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: 'conflict', message: expect.stringContaining('50') });
    expect((await put(me, ids[0] ?? '', 2)).statusCode).toBe(200);
    expect((await remove(me, ids[1] ?? '')).statusCode).toBe(200);
    expect((await put(me, one, 1)).statusCode).toBe(200);
    expect((await getCart(me)).json().lines).toHaveLength(ORDER_LINES_MAX);
  });

  async function userIdOf(account: Account): Promise<string> {
    const session = await t.app.inject({
      method: 'GET',
      url: '/api/auth/get-session',
      headers: { cookie: account.cookie },
    });
    return session.json().user.id;
  }
});
