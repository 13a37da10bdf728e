import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, products } from '../src/db/schema.js';
import { ORIGIN, signUp, uniqueEmail, type Account } from './helpers/accounts.js';
import { buildTestApp, type TestApp } from './helpers/build-test-app.js';
import { createProduct } from './helpers/catalog.js';
import { DELIVERY } from './helpers/orders.js';

// Inputs the security audit turned into 500s: each must be a 400 with the error shape, and
// nothing may change.
describe('hostile input', () => {
  let t: TestApp;
  let buyer: Account;
  let admin: Account;
  let itemId: string;
  const adminEmail = uniqueEmail('admin');

  beforeAll(async () => {
    t = await buildTestApp({ env: { ADMIN_EMAILS: adminEmail } });
    buyer = await signUp(t.app);
    admin = await signUp(t.app, { email: adminEmail });
    itemId = await createProduct(t.database, { availableQuantity: 50, priceCents: 1000 });
  });
  afterAll(async () => {
    await t.close();
  });

  const send = (
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    account?: Account,
    payload?: unknown,
  ) =>
    t.app.inject({
      method,
      url,
      headers: {
        origin: ORIGIN,
        ...(account ? { cookie: account.cookie } : {}),
        ...(typeof payload === 'string' ? { 'content-type': 'application/json' } : {}),
      },
      ...(payload === undefined ? {} : { payload: payload as string }),
    });

  const expect400 = (res: { statusCode: number; json: () => unknown }) => {
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'invalid_input', message: expect.any(String) });
  };

  it('refuses a NUL byte anywhere in text, anonymous or signed in, with the field named', async () => {
    const search = await send('GET', '/api/tool?q=a%00b');
    expect400(search);
    expect(search.json()).toMatchObject({ fields: { q: 'Must not contain control characters.' } });

    expect400(
      await send('POST', '/api/contact', undefined, {
        email: 'nul@example.com',
        subject: 'Nul\u0000Subject',
        message: 'hello',
      }),
    );
    const order = await send('POST', '/api/order', buyer, {
      itemId,
      OrderQuantity: 1,
      Address: '1 Main\u0000St',
    });
    expect400(order);
    expect(order.json()).toMatchObject({ fields: { Address: expect.any(String) } });
    expect400(
      await send('POST', '/api/auth/sign-up/email', undefined, {
        name: 'x\u0000y',
        email: uniqueEmail(),
        password: 'correct horse battery',
      }),
    );
    expect400(await send('POST', '/api/auth/update-user', buyer, { name: 'a\u0000b' }));
  });

  it('refuses JSON nested thousands deep, also on the auth routes', async () => {
    const deep = '{"a":'.repeat(5000) + '1' + '}'.repeat(5000);
    for (const url of ['/api/auth/sign-in/email', '/api/auth/update-user', '/api/contact']) {
      expect400(await send('POST', url, buyer, deep));
    }
  });

  it('refuses quantities past any stock and prices that would round to nothing', async () => {
    for (const OrderQuantity of [2 ** 31, 2 ** 53, 1_000_001]) {
      const res = await send('POST', '/api/order', buyer, { itemId, OrderQuantity, ...DELIVERY });
      expect400(res);
      expect(res.json()).toMatchObject({ fields: { OrderQuantity: expect.any(String) } });
    }
    const product = {
      name: 'Tiny Price',
      description: 'x',
      price: 1e-9,
      img: '/images/tools/claw-hammer.svg',
      AvailableQuantity: 1,
      MinOrderQuantity: 1,
    };
    const res = await send('POST', '/api/tool', admin, product);
    expect400(res);
    expect(res.json()).toMatchObject({ fields: { price: 'Price must be at least 0.01' } });

    const [row] = await t.database.db
      .select({ n: products.availableQuantity })
      .from(products)
      .where(eq(products.id, itemId));
    expect(row?.n).toBe(50);
    expect(await t.database.db.select().from(orders).where(eq(orders.itemId, itemId))).toEqual([]);
  });

  it('stores the largest total the limits allow, to the cent', async () => {
    const res = await send('POST', '/api/tool', admin, {
      name: 'Gold Anvil',
      description: 'x',
      price: 999_999.99,
      img: '/images/tools/claw-hammer.svg',
      AvailableQuantity: 1_000_000,
      MinOrderQuantity: 1,
    });
    expect(res.statusCode).toBe(201);
    const { _id } = res.json<{ _id: string }>();
    const order = await send('POST', '/api/order', buyer, {
      itemId: _id,
      OrderQuantity: 1_000_000,
      ...DELIVERY,
    });
    expect(order.statusCode).toBe(201);
    // 99,999,999,000,000 cents: far past a 32-bit column, exact in a 64-bit one.
    expect(order.json()).toMatchObject({ price: 999_999.99, totalCost: 999_999_990_000 });
    const [row] = await t.database.db
      .select({ total: orders.totalCents })
      .from(orders)
      .where(eq(orders.itemId, _id));
    expect(row?.total).toBe(99_999_999_000_000);
  });

  it('still takes ordinary multi-line text', async () => {
    const res = await send('POST', '/api/contact', undefined, {
      email: 'lines@example.com',
      subject: 'Line breaks',
      message: 'First line\r\nSecond line\twith a tab',
    });
    expect(res.statusCode).toBe(201);
  });
});
