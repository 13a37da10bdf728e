import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idempotencyKeys, orderLines, orders, outbox, products } from '../src/db/schema.js';
import { createOrderBatcher } from '../src/modules/orders/order-batcher.js';
import { createOrdersRepository } from '../src/modules/orders/orders.repository.js';
import { callAs, ORIGIN, signUp, uniqueEmail, type Account } from './helpers/accounts.js';
import { buildInstanceBeside, buildTestApp, type TestApp } from './helpers/build-test-app.js';
import { createProduct, stocksOf } from './helpers/catalog.js';
import { DELIVERY } from './helpers/orders.js';

/** The spec's order fields, exactly: POST /api/order and GET /api/order answer these. */
const SPEC_ORDER_KEYS = [
  'Address',
  'BuyerEmail',
  'BuyerName',
  'Contact',
  'ItemName',
  'OrderQuantity',
  '_id',
  'cancelReason',
  'createdAt',
  'expiresAt',
  'fulfilmentStatus',
  'itemId',
  'number',
  'paid',
  'paymentStatus',
  'price',
  'refundedTotal',
  'status',
  'totalCost',
];

let keyCounter = 0;
const newKey = () => `checkout-${Date.now().toString(36)}-${keyCounter++}`;

describe('checkout', () => {
  let t: TestApp;
  let buyer: Account;
  let other: Account;
  let admin: Account;
  const adminEmail = uniqueEmail('admin');

  beforeAll(async () => {
    t = await buildTestApp({ env: { ADMIN_EMAILS: adminEmail } });
    buyer = await signUp(t.app, { name: 'Bea Buyer' });
    other = await signUp(t.app);
    admin = await signUp(t.app, { email: adminEmail });
  });
  afterAll(async () => {
    await t.close();
  });

  const db = () => t.database.db;
  const put = (account: Account, itemId: string, quantity: number) =>
    callAs(t.app, account, 'PUT', `/api/cart/lines/${itemId}`, { quantity });
  const fill = async (account: Account, lines: [string, number][]) => {
    for (const [itemId, quantity] of lines) {
      const res = await put(account, itemId, quantity);
      if (res.statusCode !== 200) throw new Error(`cart PUT ${res.statusCode} ${res.body}`);
    }
  };
  const checkout = (
    account: Account,
    body: object = { Contact: '+1 555 0100', Address: '1 Yard Lane' },
    key?: string,
    app = t.app,
  ) =>
    app.inject({
      method: 'POST',
      url: '/api/checkout',
      headers: {
        origin: ORIGIN,
        cookie: account.cookie,
        ...(key === undefined ? {} : { 'idempotency-key': key }),
      },
      payload: body,
    });
  const stockOf = (ids: string[]) => stocksOf(t.database, ids);
  const cartOf = async (account: Account) =>
    (await callAs(t.app, account, 'GET', '/api/cart'))
      .json()
      .lines.map((l: { itemId: string; quantity: number }) => [l.itemId, l.quantity]);
  const linesOf = (orderId: string) =>
    db()
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderId, orderId))
      .orderBy(orderLines.lineNo);
  const ordersOf = async (account: Account) =>
    db().select().from(orders).where(eq(orders.buyerEmail, account.email));

  it('makes one order of the cart, priced from the database, and empties the cart', async () => {
    const me = await signUp(t.app, { name: 'Carl Cart' });
    const drill = await createProduct(t.database, {
      name: 'Cordless Drill 20V',
      priceCents: 8999,
      availableQuantity: 10,
    });
    const screws = await createProduct(t.database, {
      name: 'Wood Screws',
      priceCents: 650,
      availableQuantity: 100,
      minOrderQuantity: 5,
    });
    const blade = await createProduct(t.database, {
      name: 'Saw Blade',
      priceCents: 1999,
      availableQuantity: 7,
    });
    await fill(me, [
      [drill, 1],
      [screws, 10],
      [blade, 2],
    ]);
    // The price when the order is placed counts, not the one when the line was added.
    await db().update(products).set({ priceCents: 1899 }).where(eq(products.id, blade));

    const res = await checkout(me, {
      Contact: '+1 555 0199',
      Address: '2 Bench Road',
      price: 0.01,
      unitPrice: 0.01,
      total: 0.03,
      totalCost: 0.03,
      ItemName: 'Free things',
      lines: [{ itemId: drill, quantity: 1, unitPrice: 0.01, lineTotal: 0.01 }],
    });
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json();
    expect(order).toMatchObject({
      itemId: drill,
      ItemName: 'Cordless Drill 20V and 2 more',
      OrderQuantity: 13,
      price: 89.99,
      totalCost: 89.99 + 65 + 37.98,
      BuyerName: 'Carl Cart',
      BuyerEmail: me.email,
      Contact: '+1 555 0199',
      Address: '2 Bench Road',
      paid: false,
      status: 'pending',
      cancelReason: null,
      cardLast4: null,
      lines: [
        {
          itemId: drill,
          name: 'Cordless Drill 20V',
          unitPrice: 89.99,
          quantity: 1,
          lineTotal: 89.99,
        },
        { itemId: screws, name: 'Wood Screws', unitPrice: 6.5, quantity: 10, lineTotal: 65 },
        { itemId: blade, name: 'Saw Blade', unitPrice: 18.99, quantity: 2, lineTotal: 37.98 },
      ],
      events: [{ type: 'placed', at: order.createdAt }],
    });
    expect(order.lines[0].sku).toMatch(/^TY-\d{5}$/);
    expect(typeof order.expiresAt).toBe('string');

    expect(await stockOf([drill, screws, blade])).toEqual([9, 90, 5]);
    expect(await cartOf(me)).toEqual([]);
    const [stored] = await db().select().from(orders).where(eq(orders.id, order._id));
    expect(stored).toMatchObject({ totalCents: 8999 + 6500 + 3798, priceCents: 8999 });
    expect((await linesOf(order._id)).map((l) => [l.lineNo, l.itemId, l.lineTotalCents])).toEqual([
      [1, drill, 8999],
      [2, screws, 6500],
      [3, blade, 3798],
    ]);
    const mails = await db()
      .select()
      .from(outbox)
      .where(and(eq(outbox.topic, 'order.received'), eq(outbox.recipient, me.email)));
    expect(mails).toHaveLength(1);
    // The mail lists every line, not the order's one-line summary.
    expect((mails[0]?.data as { lines: unknown[] }).lines).toEqual([
      { name: 'Cordless Drill 20V', quantity: 1, priceCents: 8999, totalCents: 8999 },
      { name: 'Wood Screws', quantity: 10, priceCents: 650, totalCents: 6500 },
      { name: 'Saw Blade', quantity: 2, priceCents: 1899, totalCents: 3798 },
    ]);
  });

  it('takes nothing when one line cannot be had, and says which and why', async () => {
    const me = await signUp(t.app);
    const fine = await createProduct(t.database, { availableQuantity: 50 });
    const short = await createProduct(t.database, { availableQuantity: 10 });
    const gone = await createProduct(t.database, { availableQuantity: 10 });
    const raised = await createProduct(t.database, { availableQuantity: 10 });
    await fill(me, [
      [fine, 5],
      [short, 5],
      [gone, 1],
      [raised, 2],
    ]);
    // Since the lines went in: stock sold elsewhere, a product archived, a minimum raised.
    await db().update(products).set({ availableQuantity: 3 }).where(eq(products.id, short));
    await db().update(products).set({ archivedAt: new Date() }).where(eq(products.id, gone));
    await db().update(products).set({ minOrderQuantity: 5 }).where(eq(products.id, raised));

    const res = await checkout(me);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      error: 'out_of_stock',
      message: 'Some items in your cart cannot be ordered.',
      fields: { [short]: 'Only 3 left', [gone]: 'No longer sold', [raised]: 'Order at least 5' },
    });
    expect(await stockOf([fine, short, gone, raised])).toEqual([50, 3, 10, 10]);
    expect(await cartOf(me)).toEqual([
      [fine, 5],
      [short, 5],
      [gone, 1],
      [raised, 2],
    ]);
    expect(await ordersOf(me)).toEqual([]);

    // Put right, the same cart goes through.
    await put(me, short, 3);
    await callAs(t.app, me, 'DELETE', `/api/cart/lines/${gone}`);
    await put(me, raised, 5);
    expect((await checkout(me)).statusCode).toBe(201);
    expect(await stockOf([fine, short, raised])).toEqual([45, 0, 5]);
  });

  it('refuses an empty cart', async () => {
    const res = await checkout(await signUp(t.app));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: 'conflict', message: 'Your cart is empty.' });
  });

  it.each([
    ['a very long address', { Address: 'x'.repeat(301) }, 'Address'],
    ['a contact that is not text', { Contact: 5 }, 'Contact'],
  ])('refuses %s with 400 naming the field', async (_, body, field) => {
    const res = await checkout(buyer, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toHaveProperty(field);
  });

  it.each([
    ['no phone', { Address: '1 Yard Lane' }, { Contact: 'Phone Is Required' }],
    ['a blank phone', { Contact: '   ', Address: '1 Yard Lane' }, { Contact: 'Phone Is Required' }],
    ['no address', { Contact: '+1 555 0100' }, { Address: 'Address Is Required' }],
    [
      'an empty address',
      { Contact: '+1 555 0100', Address: '' },
      { Address: 'Address Is Required' },
    ],
    [
      'neither',
      { Contact: '\t', Address: ' \n ' },
      { Contact: 'Phone Is Required', Address: 'Address Is Required' },
    ],
  ])('refuses a checkout with %s: 400 naming the field, nothing taken', async (_, body, fields) => {
    const me = await signUp(t.app);
    const itemId = await createProduct(t.database, { availableQuantity: 10 });
    await fill(me, [[itemId, 2]]);
    const res = await checkout(me, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'invalid_input', fields });
    expect(Object.keys(res.json().fields).sort()).toEqual(Object.keys(fields).sort());
    expect(await stockOf([itemId])).toEqual([10]);
    expect(await cartOf(me)).toEqual([[itemId, 2]]);
    expect(await ordersOf(me)).toEqual([]);
  });

  it("saves the first checkout's phone and address to an empty profile, and never over one", async () => {
    const me = await signUp(t.app);
    const itemId = await createProduct(t.database, { availableQuantity: 10 });
    const profile = async (account: Account) => {
      const { user } = (await callAs(t.app, account, 'GET', '/api/auth/get-session')).json();
      return { phone: user.phone, address: user.address };
    };
    expect(await profile(me)).toEqual({ phone: null, address: null });

    await fill(me, [[itemId, 1]]);
    const first = await checkout(me, { Contact: ' +1 555 0142 ', Address: ' 7 Dovetail Row ' });
    expect(first.statusCode).toBe(201);
    expect(await profile(me)).toEqual({ phone: '+1 555 0142', address: '7 Dovetail Row' });

    await fill(me, [[itemId, 1]]);
    expect((await checkout(me, { Contact: '+1 555 0999', Address: 'Elsewhere' })).statusCode).toBe(
      201,
    );
    expect(await profile(me)).toEqual({ phone: '+1 555 0142', address: '7 Dovetail Row' });
  });

  it('answers a repeated checkout with the first order, also when the repeats race', async () => {
    const me = await signUp(t.app);
    const a = await createProduct(t.database, { availableQuantity: 10 });
    const b = await createProduct(t.database, { availableQuantity: 10 });
    await fill(me, [
      [a, 2],
      [b, 3],
    ]);
    const key = newKey();
    const first = await checkout(me, undefined, key);
    const again = await checkout(me, undefined, key);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(again.headers['idempotent-replayed']).toBe('true');

    await fill(me, [[a, 1]]);
    const raceKey = newKey();
    const racing = await Promise.all(
      Array.from({ length: 6 }, () => checkout(me, undefined, raceKey)),
    );
    expect(racing.map((r) => r.statusCode)).toEqual(Array(6).fill(201));
    expect(new Set(racing.map((r) => r.json()._id)).size).toBe(1);
    expect(racing[0]?.json().lines).toHaveLength(1);
    expect(await ordersOf(me)).toHaveLength(2);
    expect(await stockOf([a, b])).toEqual([7, 7]);
  });

  it('finds the order when an attempt under the same id comes after it went through', async () => {
    // What a retry does when the first attempt's answer was lost (ADR 013): runs again under
    // the order's id, with the cart emptied by the first.
    const me = await signUp(t.app);
    const a = await createProduct(t.database, { availableQuantity: 10 });
    await fill(me, [[a, 4]]);
    const key = newKey();
    const first = await checkout(me, undefined, key);
    await db()
      .update(idempotencyKeys)
      .set({ statusCode: null, response: null })
      .where(eq(idempotencyKeys.key, key));
    const rerun = await checkout(me, undefined, key);
    expect(rerun.statusCode).toBe(201);
    expect(rerun.json()._id).toBe(first.json()._id);
    expect(rerun.json().lines).toEqual(first.json().lines);
    expect(await stockOf([a])).toEqual([6]);
    // And with new lines in the cart since, it still answers the order, taking nothing.
    await fill(me, [[a, 1]]);
    await db()
      .update(idempotencyKeys)
      .set({ statusCode: null, response: null })
      .where(eq(idempotencyKeys.key, key));
    const later = await checkout(me, undefined, key);
    expect(later.statusCode).toBe(201);
    expect(later.json()._id).toBe(first.json()._id);
    expect(await stockOf([a])).toEqual([6]);
    expect(await cartOf(me)).toEqual([[a, 1]]);
  });

  it('holds a buyer to UNPAID_ORDERS_PER_BUYER unpaid orders', async () => {
    const capped = await buildInstanceBeside(t, { env: { UNPAID_ORDERS_PER_BUYER: '1' } });
    try {
      const me = await signUp(t.app);
      const a = await createProduct(t.database, { availableQuantity: 10 });
      await fill(me, [[a, 1]]);
      expect((await checkout(me, undefined, undefined, capped.app)).statusCode).toBe(201);
      await fill(me, [[a, 1]]);
      const res = await checkout(me, undefined, undefined, capped.app);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ error: 'too_many_unpaid_orders' });
      expect(await stockOf([a])).toEqual([9]);
      expect(await cartOf(me)).toEqual([[a, 1]]);
    } finally {
      await capped.close();
    }
  });

  it('gives 50 checkouts at once 50 different order numbers, each in its order, page and mail', async () => {
    const itemId = await createProduct(t.database, { availableQuantity: 1000 });
    const buyers: Account[] = [];
    for (let i = 0; i < 50; i++) {
      const account = await signUp(t.app);
      await fill(account, [[itemId, 1 + (i % 3)]]);
      buyers.push(account);
    }

    const results = await Promise.all(buyers.map((b) => checkout(b)));

    expect(results.map((r) => r.statusCode)).toEqual(Array(50).fill(201));
    const placed = results.map((r) => r.json<{ _id: string; number: string }>());
    for (const { number } of placed) expect(number).toMatch(/^TY-\d{6,}$/);
    expect(new Set(placed.map((o) => o.number)).size).toBe(50);
    // The number is the order's for good: its page, its buyer's list and its mail say the same.
    for (const [i, { _id, number }] of placed.entries()) {
      const account = buyers[i] as Account;
      expect((await callAs(t.app, account, 'GET', `/api/order/${_id}`)).json().number).toBe(number);
      const mine = await callAs(
        t.app,
        account,
        'GET',
        `/api/order?BuyerEmail=${encodeURIComponent(account.email)}`,
      );
      expect(mine.json().map((o: { number: string }) => o.number)).toEqual([number]);
      const [mail] = await db()
        .select()
        .from(outbox)
        .where(and(eq(outbox.topic, 'order.received'), eq(outbox.recipient, account.email)));
      expect(`TY-${(mail?.data as { number: number }).number}`).toBe(number);
    }
  });

  it('50 buyers checking out overlapping carts at once: no deadlock, no oversell, stock exact', async () => {
    const pool: string[] = [];
    const initial = 40;
    for (let i = 0; i < 8; i++) {
      pool.push(await createProduct(t.database, { availableQuantity: initial }));
    }
    // A fixed pseudo-random sequence, so a failure can be replayed.
    let seed = 20;
    const random = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % n;
    };
    const buyers: Account[] = [];
    const carts = new Map<Account, [string, number][]>();
    for (let i = 0; i < 50; i++) {
      const account = await signUp(t.app);
      const picked = [...pool];
      // Shuffled: each cart lists its products in another order than the lock order.
      for (let j = picked.length - 1; j > 0; j--) {
        const k = random(j + 1);
        [picked[j], picked[k]] = [picked[k] as string, picked[j] as string];
      }
      const lines = picked
        .slice(0, 3 + random(3))
        .map((itemId): [string, number] => [itemId, 1 + random(5)]);
      await fill(account, lines);
      buyers.push(account);
      carts.set(account, lines);
    }

    const results = await Promise.all(buyers.map((b) => checkout(b)));

    const statuses = results.map((r) => r.statusCode);
    expect(
      statuses.filter((s) => s !== 201 && s !== 409),
      JSON.stringify(statuses),
    ).toEqual([]);
    expect(statuses.filter((s) => s === 201).length).toBeGreaterThan(5);
    expect(statuses.filter((s) => s === 409).length).toBeGreaterThan(0);
    const taken = new Map<string, number>();
    for (const [i, res] of results.entries()) {
      const account = buyers[i] as Account;
      const lines = carts.get(account) ?? [];
      if (res.statusCode === 201) {
        const placed = await linesOf(res.json()._id);
        expect(placed.map((l) => [l.itemId, l.quantity])).toEqual(lines);
        for (const l of placed) taken.set(l.itemId, (taken.get(l.itemId) ?? 0) + l.quantity);
        expect(await cartOf(account)).toEqual([]);
      } else {
        expect(res.json()).toMatchObject({ error: 'out_of_stock' });
        expect(await cartOf(account)).toEqual(lines);
      }
    }
    const left = await stockOf(pool);
    expect(left.every((n) => n !== undefined && n >= 0)).toBe(true);
    expect(left).toEqual(pool.map((id) => initial - (taken.get(id) ?? 0)));
  });

  it('POST /api/order still places a one-line order with the spec’s fields, alone or batched', async () => {
    const itemId = await createProduct(t.database, { priceCents: 1250, availableQuantity: 1000 });
    const order = (account: Account) =>
      callAs(t.app, account, 'POST', '/api/order', { itemId, OrderQuantity: 3, ...DELIVERY });
    const one = await order(buyer);
    expect(one.statusCode).toBe(201);
    expect(Object.keys(one.json()).sort()).toEqual(SPEC_ORDER_KEYS);
    const [line, ...more] = await linesOf(one.json()._id);
    expect(more).toEqual([]);
    expect(line).toMatchObject({
      lineNo: 1,
      itemId,
      sku: expect.stringMatching(/^TY-/),
      itemName: one.json().ItemName,
      unitPriceCents: 1250,
      quantity: 3,
      lineTotalCents: 3750,
    });

    // Orders arriving together go in one statement (the batcher's): each gets its one line.
    const buyerId = (await ordersOf(buyer))[0]?.buyerId ?? '';
    const batcher = createOrderBatcher(createOrdersRepository(db()));
    const batched = await Promise.all(
      Array.from({ length: 30 }, () =>
        batcher.place({
          id: randomUUID(),
          itemId,
          orderQuantity: 2,
          buyerId,
          buyerName: buyer.name,
          buyerEmail: buyer.email,
          contact: '',
          address: '',
          buyerConfirmed: true,
        }),
      ),
    );
    const batchedIds = batched.map((p) => (p && 'row' in p ? p.row.id : ''));
    const batchedLines = await db()
      .select()
      .from(orderLines)
      .where(inArray(orderLines.orderId, batchedIds));
    expect(batchedLines.map((r) => r.orderId).sort()).toEqual([...batchedIds].sort());
    expect(batchedLines.every((r) => r.quantity === 2 && r.lineTotalCents === 2500)).toBe(true);

    const many = await Promise.all(
      Array.from({ length: 20 }, (_, i) => order(i % 2 ? buyer : other)),
    );
    expect(many.map((r) => r.statusCode)).toEqual(Array(20).fill(201));
    const ids = many.map((r) => r.json()._id as string);
    const rows = await db().select().from(orderLines).where(inArray(orderLines.orderId, ids));
    expect(rows.map((r) => r.orderId).sort()).toEqual([...ids].sort());
    expect(rows.every((r) => r.quantity === 3 && r.lineTotalCents === 3750)).toBe(true);

    const list = await callAs(
      t.app,
      buyer,
      'GET',
      `/api/order?BuyerEmail=${encodeURIComponent(buyer.email)}`,
    );
    for (const o of list.json()) expect(Object.keys(o).sort()).toEqual(SPEC_ORDER_KEYS);
  });

  it('“Order again” puts an order’s lines back in the cart and says what it skipped', async () => {
    const me = await signUp(t.app);
    const again = await createProduct(t.database, { name: 'Again Drill', availableQuantity: 20 });
    const raised = await createProduct(t.database, { availableQuantity: 20 });
    const low = await createProduct(t.database, { availableQuantity: 20 });
    const gone = await createProduct(t.database, { name: 'Gone Saw', availableQuantity: 20 });
    const empty = await createProduct(t.database, { name: 'Empty Bin', availableQuantity: 20 });
    await fill(me, [
      [again, 2],
      [raised, 2],
      [low, 6],
      [gone, 1],
      [empty, 1],
    ]);
    const placed = (await checkout(me)).json();
    await db().update(products).set({ minOrderQuantity: 4 }).where(eq(products.id, raised));
    await db().update(products).set({ availableQuantity: 5 }).where(eq(products.id, low));
    await db().update(products).set({ archivedAt: new Date() }).where(eq(products.id, gone));
    await db().update(products).set({ availableQuantity: 0 }).where(eq(products.id, empty));
    await fill(me, [[again, 1]]);

    const res = await callAs(t.app, me, 'POST', `/api/order/${placed._id}/reorder`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      added: [
        { itemId: again, name: 'Again Drill', quantity: 2 },
        { itemId: raised, name: expect.any(String), quantity: 4 },
        { itemId: low, name: expect.any(String), quantity: 5 },
      ],
      skipped: [
        { itemId: gone, name: 'Gone Saw', reason: 'No longer sold' },
        { itemId: empty, name: 'Empty Bin', reason: 'Out of stock' },
      ],
    });
    expect(await cartOf(me)).toEqual([
      [again, 3],
      [raised, 4],
      [low, 5],
    ]);

    // Someone else's order does not exist for them, admins included.
    for (const account of [other, admin]) {
      const res = await callAs(t.app, account, 'POST', `/api/order/${placed._id}/reorder`);
      expect(res.statusCode).toBe(404);
    }
    expect((await callAs(t.app, me, 'POST', '/api/order/not-a-uuid/reorder')).statusCode).toBe(400);
  });

  it('archives, rather than deletes, a product sold only as a later line of an order', async () => {
    const me = await signUp(t.app);
    const first = await createProduct(t.database);
    const second = await createProduct(t.database);
    await fill(me, [
      [first, 1],
      [second, 1],
    ]);
    expect((await checkout(me)).statusCode).toBe(201);
    const res = await callAs(t.app, admin, 'DELETE', `/api/tool/${second}`);
    expect(res.statusCode, res.body).toBe(204);
    const [row] = await db().select().from(products).where(eq(products.id, second));
    expect(row?.archivedAt).toBeInstanceOf(Date);
  });

  it('keeps the checkout routes to signed-in buyers', async () => {
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/checkout',
      headers: { origin: ORIGIN },
      payload: {},
    });
    expect(anonymous.statusCode).toBe(401);
    // Nothing of the buyer's cart leaks into another's checkout.
    const itemId = await createProduct(t.database);
    await fill(buyer, [[itemId, 1]]);
    expect((await checkout(other)).json()).toMatchObject({ message: 'Your cart is empty.' });
    expect(await cartOf(buyer)).toContainEqual([itemId, 1]);
  });
});
