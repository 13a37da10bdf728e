import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, outbox } from '../src/db/schema.js';
import { callAs, signUp, uniqueEmail, type Account } from './helpers/accounts.js';
import { buildTestApp, type TestApp } from './helpers/build-test-app.js';
import { createProduct, stockOf } from './helpers/catalog.js';
import { useDatabaseBefore } from './helpers/test-database.js';

const QUANTITY_MESSAGE =
  'Please Order Less than Available Qty & Higher Than Minimum Order Quantity';

describe('orders', () => {
  let t: TestApp;
  let buyer: Account;
  let other: Account;
  let admin: Account;
  const adminEmail = uniqueEmail('admin');

  beforeAll(async () => {
    t = await buildTestApp({ env: { ADMIN_EMAILS: adminEmail } });
    buyer = await signUp(t.app, { name: 'Bea Buyer' });
    other = await signUp(t.app, { name: 'Otto Other' });
    admin = await signUp(t.app, { email: adminEmail, name: 'Ada Admin' });
  });
  afterAll(async () => {
    await t.close();
  });

  const call = (
    account: Account | null,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
  ) => callAs(t.app, account, method, url, payload);
  const order = (account: Account, itemId: string, OrderQuantity: number, extra: object = {}) =>
    call(account, 'POST', '/api/order', {
      itemId,
      OrderQuantity,
      Contact: '+1 555 0100',
      Address: '1 Yard Lane',
      ...extra,
    });

  it('never oversells: 50 buyers at once for stock of 10 orders get exactly 10 orders', async () => {
    const itemId = await createProduct(t.database, { availableQuantity: 30, minOrderQuantity: 3 });
    const buyers = [buyer, other, admin];
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => order(buyers[i % buyers.length] as Account, itemId, 3)),
    );
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 409)).toHaveLength(40);
    for (const refused of results.filter((r) => r.statusCode === 409)) {
      expect(refused.json()).toMatchObject({ error: 'out_of_stock' });
    }
    expect(await stockOf(t.database, itemId)).toBe(0);
    const placed = await t.database.db.select().from(orders).where(eq(orders.itemId, itemId));
    expect(placed).toHaveLength(10);
    expect(placed.reduce((sum, o) => sum + o.orderQuantity, 0)).toBe(30);
    // Orders placed together in one batch still get a number each.
    const numbers = results.filter((r) => r.statusCode === 201).map((r) => r.json().number);
    expect(new Set(numbers).size).toBe(10);
    expect(numbers.sort()).toEqual(placed.map((o) => `TY-${o.number}`).sort());
  });

  it('gives every order a number of its own, TY- and six or more digits, in every answer', async () => {
    const itemId = await createProduct(t.database);
    const first = (await order(buyer, itemId, 1)).json();
    const second = (await order(buyer, itemId, 1)).json();
    expect(first.number).toMatch(/^TY-\d{6,}$/);
    expect(second.number).toMatch(/^TY-\d{6,}$/);
    expect(second.number).not.toBe(first.number);
    expect((await call(buyer, 'GET', `/api/order/${first._id}`)).json().number).toBe(first.number);
    const mine = await call(
      buyer,
      'GET',
      `/api/order?BuyerEmail=${encodeURIComponent(buyer.email)}`,
    );
    expect(mine.json().find((o: { _id: string }) => o._id === first._id).number).toBe(first.number);
    const cancelled = await call(admin, 'POST', `/api/order/${second._id}/cancel`);
    expect(cancelled.json().number).toBe(second.number);
  });

  describe("admins find an order by its number or its buyer's email", () => {
    let placed: { _id: string; number: string };
    const search = (account: Account, q: string) =>
      call(account, 'GET', `/api/order?q=${encodeURIComponent(q)}`);
    const ids = (res: { json: () => { _id: string }[] }) => res.json().map((o) => o._id);

    beforeAll(async () => {
      placed = (await order(other, await createProduct(t.database), 2)).json();
    });

    it.each([
      ['the number', (n: string) => n],
      ['the number in lower case', (n: string) => n.toLowerCase()],
      ['the number without its prefix', (n: string) => n.slice(3)],
      ['the number with spaces around it', (n: string) => `  ${n} `],
    ])('by %s', async (_how, query) => {
      const res = await search(admin, query(placed.number));
      expect(res.statusCode).toBe(200);
      expect(ids(res)).toEqual([placed._id]);
      expect(res.headers['x-total-count']).toBe('1');
    });

    it('by the email, in any letter case, with every order of that buyer', async () => {
      const res = await search(admin, other.email.toUpperCase());
      expect(res.statusCode).toBe(200);
      expect(ids(res)).toContain(placed._id);
      expect(res.json().every((o: { BuyerEmail: string }) => o.BuyerEmail === other.email)).toBe(
        true,
      );
    });

    it('only exactly: part of a number or an email, or another prefix, finds nothing', async () => {
      for (const q of [
        placed.number.slice(0, -1),
        placed.number.slice(4),
        `XX-${placed.number.slice(3)}`,
        other.email.slice(0, 10),
        other.email.split('@')[1] as string,
        'TY-',
      ]) {
        const res = await search(admin, q);
        expect(res.statusCode, q).toBe(200);
        expect(ids(res), q).toEqual([]);
      }
    });

    it('keeps the status filter and treats an empty search as none', async () => {
      expect(ids(await call(admin, 'GET', `/api/order?status=paid&q=${placed.number}`))).toEqual(
        [],
      );
      expect(ids(await call(admin, 'GET', `/api/order?status=pending&q=${placed.number}`))).toEqual(
        [placed._id],
      );
      expect((await call(admin, 'GET', '/api/order?q=')).statusCode).toBe(200);
    });

    it('is for admins only', async () => {
      const res = await search(other, placed.number);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: 'forbidden', message: 'Only admins can search orders.' });
      expect(
        (
          await call(
            other,
            'GET',
            `/api/order?BuyerEmail=${encodeURIComponent(other.email)}&q=${placed.number}`,
          )
        ).statusCode,
      ).toBe(403);
      expect((await call(null, 'GET', `/api/order?q=${placed.number}`)).statusCode).toBe(401);
    });
  });

  it('takes price, names, email and total from the database and the session, never the body', async () => {
    const itemId = await createProduct(t.database, { priceCents: 2499, name: 'Real Hammer' });
    const res = await order(buyer, itemId, 4, {
      ItemName: 'Free Hammer',
      price: 0.01,
      totalCost: 0.04,
      BuyerName: 'Mallory',
      BuyerEmail: 'mallory@example.com',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      itemId,
      ItemName: 'Real Hammer',
      OrderQuantity: 4,
      price: 24.99,
      totalCost: 99.96,
      BuyerName: 'Bea Buyer',
      BuyerEmail: buyer.email,
      Contact: '+1 555 0100',
      Address: '1 Yard Lane',
      paid: false,
      status: 'pending',
      cancelReason: null,
    });
    // A confirmed buyer's unpaid order holds its stock for UNPAID_ORDER_HOLD (30 minutes by
    // default), and says until when.
    const { createdAt, expiresAt } = res.json();
    expect(Date.parse(expiresAt) - Date.parse(createdAt)).toBe(30 * 60_000);
    const [stored] = await t.database.db.select().from(orders).where(eq(orders.id, res.json()._id));
    expect(stored).toMatchObject({
      priceCents: 2499,
      totalCents: 9996,
      buyerEmail: buyer.email,
      buyerName: 'Bea Buyer',
    });
  });

  it('refuses a quantity below the minimum with the spec message, and takes no stock', async () => {
    const itemId = await createProduct(t.database, { availableQuantity: 50, minOrderQuantity: 10 });
    const res = await order(buyer, itemId, 9);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'invalid_input',
      message: QUANTITY_MESSAGE,
      fields: { OrderQuantity: QUANTITY_MESSAGE },
    });
    expect(await stockOf(t.database, itemId)).toBe(50);
  });

  it('refuses more than the stock with 409 saying how many are left', async () => {
    const itemId = await createProduct(t.database, { availableQuantity: 7 });
    const res = await order(buyer, itemId, 8);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: 'out_of_stock', message: 'Only 7 left in stock.' });
    expect(await stockOf(t.database, itemId)).toBe(7);
  });

  it.each([
    ['a missing product', { OrderQuantity: 1 }, 'itemId'],
    [
      'a quantity that is not a number',
      { itemId: '8e0f4a0e-9c7e-4d7e-9d5c-1f4b7b1a2c3d', OrderQuantity: 'five' },
      'OrderQuantity',
    ],
    [
      'a fractional quantity',
      { itemId: '8e0f4a0e-9c7e-4d7e-9d5c-1f4b7b1a2c3d', OrderQuantity: 1.5 },
      'OrderQuantity',
    ],
    [
      'a zero quantity',
      { itemId: '8e0f4a0e-9c7e-4d7e-9d5c-1f4b7b1a2c3d', OrderQuantity: 0 },
      'OrderQuantity',
    ],
    [
      'a very long address',
      {
        itemId: '8e0f4a0e-9c7e-4d7e-9d5c-1f4b7b1a2c3d',
        OrderQuantity: 1,
        Address: 'x'.repeat(301),
      },
      'Address',
    ],
  ])('refuses %s with 400 naming the field', async (_what, payload, field) => {
    const res = await call(buyer, 'POST', '/api/order', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toHaveProperty(field);
  });

  it.each([
    ['no phone', { Address: '1 Yard Lane' }, { Contact: 'Phone Is Required' }],
    ['a blank phone', { Contact: '  ', Address: '1 Yard Lane' }, { Contact: 'Phone Is Required' }],
    ['no address', { Contact: '+1 555 0100' }, { Address: 'Address Is Required' }],
    [
      'a blank address',
      { Contact: '+1 555 0100', Address: '\n' },
      { Address: 'Address Is Required' },
    ],
    ['neither', {}, { Contact: 'Phone Is Required', Address: 'Address Is Required' }],
  ])(
    'refuses an order with %s: 400 naming the field, no stock taken',
    async (_, delivery, fields) => {
      const itemId = await createProduct(t.database, { availableQuantity: 10 });
      const res = await call(buyer, 'POST', '/api/order', {
        itemId,
        OrderQuantity: 2,
        ...delivery,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'invalid_input', fields });
      expect(Object.keys(res.json().fields).sort()).toEqual(Object.keys(fields).sort());
      expect(await stockOf(t.database, itemId)).toBe(10);
    },
  );

  it("fills an empty profile's phone and address from the first order, and no more", async () => {
    const profile = async (account: Account) => {
      const { user } = (await call(account, 'GET', '/api/auth/get-session')).json();
      return { phone: user.phone, address: user.address };
    };
    const itemId = await createProduct(t.database, { availableQuantity: 100 });
    const fresh = await signUp(t.app);
    expect(await profile(fresh)).toEqual({ phone: null, address: null });
    expect(
      (await order(fresh, itemId, 1, { Contact: '+44 20 7946 0000', Address: '3 Mill Lane' }))
        .statusCode,
    ).toBe(201);
    expect(await profile(fresh)).toEqual({ phone: '+44 20 7946 0000', address: '3 Mill Lane' });
    await order(fresh, itemId, 1, { Contact: '+1 555 0000', Address: 'Somewhere else' });
    expect(await profile(fresh)).toEqual({ phone: '+44 20 7946 0000', address: '3 Mill Lane' });

    // A profile with only a phone keeps it and gets the address.
    const half = await signUp(t.app);
    const saved = await call(half, 'PUT', `/api/user/${encodeURIComponent(half.email)}`, {
      email: half.email,
      phone: '+1 555 0123',
      address: '',
    });
    expect(saved.statusCode).toBe(200);
    await order(half, itemId, 1, { Contact: '+1 555 0456', Address: '4 Forge Road' });
    expect(await profile(half)).toEqual({ phone: '+1 555 0123', address: '4 Forge Road' });

    // Orders placed together (one batch) fill it once, from one of them.
    const batched = await signUp(t.app);
    const results = await Promise.all(
      ['1 Anvil Way', '2 Anvil Way', '3 Anvil Way'].map((Address) =>
        order(batched, itemId, 1, { Contact: '+1 555 0789', Address }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual([201, 201, 201]);
    const filled = await profile(batched);
    expect(filled.phone).toBe('+1 555 0789');
    expect(['1 Anvil Way', '2 Anvil Way', '3 Anvil Way']).toContain(filled.address);
  });

  it('answers 404 for a product that does not exist or was archived', async () => {
    expect((await order(buyer, '8e0f4a0e-9c7e-4d7e-9d5c-1f4b7b1a2c3d', 1)).statusCode).toBe(404);
    const itemId = await createProduct(t.database, { archivedAt: new Date() });
    expect((await order(buyer, itemId, 1)).statusCode).toBe(404);
  });

  it("lists a buyer's own orders newest first, refuses another buyer's list, and shows admins any", async () => {
    const itemId = await createProduct(t.database);
    const first = (await order(other, itemId, 1)).json();
    const second = (await order(other, itemId, 2)).json();

    const own = await call(
      other,
      'GET',
      `/api/order?BuyerEmail=${encodeURIComponent(other.email)}`,
    );
    expect(own.statusCode).toBe(200);
    const ids = own.json().map((o: { _id: string }) => o._id);
    expect(ids.indexOf(second._id)).toBeLessThan(ids.indexOf(first._id));
    expect(own.json().every((o: { BuyerEmail: string }) => o.BuyerEmail === other.email)).toBe(
      true,
    );
    expect(Number(own.headers['x-total-count'])).toBe(ids.length);

    const spying = await call(
      buyer,
      'GET',
      `/api/order?BuyerEmail=${encodeURIComponent(other.email)}`,
    );
    expect(spying.statusCode).toBe(403);
    const asAdmin = await call(
      admin,
      'GET',
      `/api/order?BuyerEmail=${encodeURIComponent(other.email)}`,
    );
    expect(asAdmin.json().map((o: { _id: string }) => o._id)).toEqual(ids);
  });

  it('shows an order to its buyer and admins; to another buyer it does not exist', async () => {
    const itemId = await createProduct(t.database);
    const placed = (await order(buyer, itemId, 1)).json();
    expect((await call(buyer, 'GET', `/api/order/${placed._id}`)).json()).toMatchObject({
      _id: placed._id,
      BuyerName: 'Bea Buyer',
      ItemName: placed.ItemName,
      totalCost: 12.5,
    });
    expect((await call(admin, 'GET', `/api/order/${placed._id}`)).statusCode).toBe(200);
    const snooping = await call(other, 'GET', `/api/order/${placed._id}`);
    expect(snooping.statusCode).toBe(404);
    expect((await call(buyer, 'GET', '/api/order/not-a-uuid')).statusCode).toBe(400);
  });

  it('deleting an unpaid order cancels it and returns its stock; it stays in the list as cancelled', async () => {
    const itemId = await createProduct(t.database, { availableQuantity: 40 });
    const placed = (await order(buyer, itemId, 15)).json();
    expect(await stockOf(t.database, itemId)).toBe(25);

    expect((await call(other, 'DELETE', `/api/order/${placed._id}`)).statusCode).toBe(404);
    const res = await call(buyer, 'DELETE', `/api/order/${placed._id}`);
    expect(res.statusCode).toBe(204);
    expect(await stockOf(t.database, itemId)).toBe(40);
    expect((await call(buyer, 'GET', `/api/order/${placed._id}`)).json()).toMatchObject({
      status: 'cancelled',
      cancelReason: 'buyer',
      expiresAt: null,
    });
    const mine = (
      await call(buyer, 'GET', `/api/order?BuyerEmail=${encodeURIComponent(buyer.email)}`)
    ).json();
    expect(mine.find((o: { _id: string }) => o._id === placed._id)).toMatchObject({
      status: 'cancelled',
    });
    // A second delete changes nothing: the stock is returned once.
    expect((await call(buyer, 'DELETE', `/api/order/${placed._id}`)).statusCode).toBe(409);
    expect(await stockOf(t.database, itemId)).toBe(40);
  });

  it('does not let a buyer delete a paid order', async () => {
    const itemId = await createProduct(t.database);
    const placed = (await order(buyer, itemId, 2)).json();
    await t.database.db
      .update(orders)
      .set({ paymentStatus: 'paid' })
      .where(eq(orders.id, placed._id));
    const res = await call(buyer, 'DELETE', `/api/order/${placed._id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/paid orders cannot be deleted/);
    expect((await call(buyer, 'GET', `/api/order/${placed._id}`)).json()).toMatchObject({
      paid: true,
      status: 'paid',
    });
  });

  it('lets admins list every order by status, newest first and paged, ship paid and cancel unpaid ones', async () => {
    const itemId = await createProduct(t.database, { availableQuantity: 100 });
    const paid = (await order(other, itemId, 5)).json();
    const pending = (await order(buyer, itemId, 5)).json();
    await t.database.db
      .update(orders)
      .set({ paymentStatus: 'paid' })
      .where(eq(orders.id, paid._id));

    const all = await call(admin, 'GET', '/api/order?pageSize=2');
    expect(all.statusCode).toBe(200);
    expect(all.json()).toHaveLength(2);
    expect(all.json()[0]._id).toBe(pending._id);
    expect(Number(all.headers['x-total-count'])).toBeGreaterThan(2);
    const paidOnly = (await call(admin, 'GET', '/api/order?status=paid&pageSize=100')).json();
    expect(paidOnly.every((o: { status: string }) => o.status === 'paid')).toBe(true);
    expect(paidOnly.map((o: { _id: string }) => o._id)).toContain(paid._id);
    expect((await call(admin, 'GET', '/api/order?status=lost')).statusCode).toBe(400);

    expect((await call(admin, 'POST', `/api/order/${pending._id}/ship`)).statusCode).toBe(409);
    const shipped = await call(admin, 'POST', `/api/order/${paid._id}/ship`);
    expect(shipped.json()).toMatchObject({ status: 'shipped', paid: true });

    expect((await call(admin, 'POST', `/api/order/${paid._id}/cancel`)).statusCode).toBe(409);
    const cancelled = await call(admin, 'POST', `/api/order/${pending._id}/cancel`);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', cancelReason: 'admin' });
    expect(await stockOf(t.database, itemId)).toBe(95);
  });
});

describe('migration 0014', () => {
  const shopThen = useDatabaseBefore('order_numbers');

  it('numbers the earlier orders in the order they were placed, and new orders after them', async () => {
    const itemId = await createProduct(shopThen.database);
    const rows = await shopThen.database.db.execute(sql`
      insert into orders (item_id, item_name, order_quantity, price_cents, total_cents,
                          buyer_name, buyer_email, created_at)
      values (${itemId}, 'Later', 1, 1250, 1250, 'Old Buyer', 'old@example.com', now() - interval '1 day'),
             (${itemId}, 'Earlier', 1, 1250, 1250, 'Old Buyer', 'old@example.com', now() - interval '2 days')
      returning "_id"`);
    const [later, earlier] = (rows as unknown as { rows: { _id: string }[] }).rows.map(
      (r) => r._id,
    );
    await shopThen.database.db.execute(sql`
      insert into outbox (topic, recipient, data, dedupe_key)
      values ('order.received', 'old@example.com', ${JSON.stringify({ orderId: later })}::jsonb, 'a'),
             ('account.reset', 'old@example.com', '{"name":"Old"}'::jsonb, 'b')`);

    await shopThen.database.migrate();

    const numbered = await shopThen.database.db
      .select({ id: orders.id, number: orders.number })
      .from(orders)
      .orderBy(orders.number);
    expect(numbered).toEqual([
      { id: earlier, number: 100001 },
      { id: later, number: 100002 },
    ]);
    // The message still to be sent names the order by its number.
    const mails = await shopThen.database.db.select().from(outbox).orderBy(outbox.dedupeKey);
    expect(mails.map((m) => m.data)).toEqual([{ orderId: later, number: 100002 }, { name: 'Old' }]);
    const [next] = await shopThen.database.db
      .insert(orders)
      .values({
        itemId,
        itemName: 'New',
        orderQuantity: 1,
        priceCents: 1250,
        totalCents: 1250,
        buyerName: 'New Buyer',
        buyerEmail: 'new@example.com',
      })
      .returning({ number: orders.number });
    expect(next?.number).toBe(100003);
  });
});
