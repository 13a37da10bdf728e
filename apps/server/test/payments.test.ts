import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments, products } from '../src/db/schema.js';
import { ORIGIN, signUp, uniqueEmail, type Account } from './helpers/accounts.js';
import { buildTestApp, type TestApp } from './helpers/build-test-app.js';
import { TEST_CARD, payOrder, placeOrder } from './helpers/orders.js';

describe('test-mode card payments', () => {
  let t: TestApp;
  let buyer: Account;
  let other: Account;
  let admin: Account;
  const adminEmail = uniqueEmail('admin');

  beforeAll(async () => {
    t = await buildTestApp({ env: { ADMIN_EMAILS: adminEmail } });
    buyer = await signUp(t.app);
    other = await signUp(t.app);
    admin = await signUp(t.app, { email: adminEmail });
  });
  afterAll(async () => {
    await t.close();
  });

  const call = (account: Account, url: string, payload?: object) =>
    t.app.inject({
      method: payload === undefined && !/\/(refund|ship)$/.test(url) ? 'GET' : 'POST',
      url,
      headers: { cookie: account.cookie, origin: ORIGIN },
      ...(payload === undefined ? {} : { payload }),
    });
  /** Three of a $19.99 product unless told otherwise: a total of 59.97. */
  const place = (account = buyer, quantity = 3) =>
    placeOrder(t, account, { quantity, priceCents: 1999 });
  const pay = (orderId: string, cardNumber: string, card: object = {}, account = buyer) =>
    payOrder(t, account, orderId, { ...TEST_CARD, cardNumber, ...card });
  const paymentRows = (orderId: string) =>
    t.database.db.select().from(payments).where(eq(payments.orderId, orderId));

  it('charges the stored total to 4242 4242 4242 4242 and marks the order paid, with a record', async () => {
    const { orderId } = await place();
    const res = await pay(orderId, '4242 4242 4242 4242');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      _id: orderId,
      status: 'paid',
      paid: true,
      totalCost: 59.97,
    });
    const [record] = await paymentRows(orderId);
    expect(record).toMatchObject({
      provider: 'test',
      status: 'succeeded',
      amountCents: 5997,
      cardLast4: '4242',
      providerRef: expect.stringMatching(/^test_/),
    });
  });

  it.each([
    ['4000 0000 0000 0002', {}, 'Your card was declined.'],
    ['4000 0000 0000 9995', {}, 'Your card has insufficient funds.'],
    ['4000 0000 0000 0069', {}, 'Your card has expired.'],
    ['4242 4242 4242 4241', {}, 'Your card number is incorrect.'],
    ['4242 4242 4242 4242', { expYear: 2020 }, 'Your card has expired.'],
    ['4242 4242 4242 4242', { cvc: '12' }, "Your card's security code is invalid."],
  ])(
    'refuses %s %o with "%s", records the attempt and leaves the order unpaid',
    async (number, card, message) => {
      const { orderId } = await place();
      const res = await pay(orderId, number, card);
      expect(res.statusCode).toBe(402);
      expect(res.json()).toMatchObject({ error: 'card_declined', message });
      expect((await call(buyer, `/api/order/${orderId}`)).json()).toMatchObject({
        status: 'pending',
        paid: false,
      });
      const records = await paymentRows(orderId);
      expect(records).toHaveLength(1);
      expect(records[0]).toMatchObject({ status: 'failed', failureMessage: message });
    },
  );

  it('refuses a malformed card with 400 before charging anything', async () => {
    const { orderId } = await place();
    const res = await call(buyer, `/api/order/${orderId}/pay`, {
      cardNumber: '4242',
      expMonth: 13,
      expYear: 2030,
      cvc: '1',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toHaveProperty('cardNumber');
    expect(res.json().fields).toHaveProperty('expMonth');
    expect(await paymentRows(orderId)).toHaveLength(0);
  });

  it('never takes the money twice: a paid order is refused, even when paid five times at once', async () => {
    const { orderId } = await place();
    const results = await Promise.all(
      Array.from({ length: 5 }, () => pay(orderId, '4242424242424242')),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    const again = await pay(orderId, '4242424242424242');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This order is already paid.');
    expect((await paymentRows(orderId)).filter((p) => p.status === 'succeeded')).toHaveLength(1);
  });

  it("refuses to pay someone else's order (404) or a cancelled one (409)", async () => {
    const { orderId } = await place();
    expect((await pay(orderId, '4242424242424242', {}, other)).statusCode).toBe(404);
    expect((await call(buyer, `/api/order/${orderId}`)).json().status).toBe('pending');
    await t.app.inject({
      method: 'DELETE',
      url: `/api/order/${orderId}`,
      headers: { cookie: buyer.cookie, origin: ORIGIN },
    });
    const res = await pay(orderId, '4242424242424242');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/cancelled/);
  });

  it('charges what the order cost, even if the price changed afterwards', async () => {
    const { orderId, itemId } = await place(buyer, 2);
    await t.database.db.update(products).set({ priceCents: 1 }).where(eq(products.id, itemId));
    expect((await pay(orderId, '4242424242424242')).json().totalCost).toBe(39.98);
    expect((await paymentRows(orderId))[0]?.amountCents).toBe(3998);
  });

  it('lets an admin refund a paid order without a body: all of it, refunded, stock back while unshipped', async () => {
    const { orderId, itemId } = await place(buyer, 5);
    const unpaid = await call(admin, `/api/order/${orderId}/refund`);
    expect(unpaid.statusCode).toBe(409);
    expect(unpaid.json().error).toBe('nothing_to_refund');
    await pay(orderId, '4242424242424242');
    const stockBefore = (
      await t.database.db.select().from(products).where(eq(products.id, itemId))
    )[0]?.availableQuantity;

    const res = await call(admin, `/api/order/${orderId}/refund`);
    expect(res.statusCode).toBe(200);
    // Refunded, not cancelled: the order was paid, and the money went back.
    expect(res.json()).toMatchObject({ status: 'refunded', paid: false, cancelReason: null });
    const stockAfter = (
      await t.database.db.select().from(products).where(eq(products.id, itemId))
    )[0]?.availableQuantity;
    expect(stockAfter).toBe((stockBefore ?? 0) + 5);
    expect((await paymentRows(orderId)).map((p) => [p.status, p.refundedCents])).toEqual([
      ['refunded', 9995],
    ]);
    const again = await call(admin, `/api/order/${orderId}/refund`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('nothing_to_refund');

    // A shipped order is refunded too, and its units, which have left, stay off the shelf.
    const shipped = await place(buyer, 1);
    await pay(shipped.orderId, '4242424242424242');
    expect((await call(admin, `/api/order/${shipped.orderId}/ship`)).statusCode).toBe(200);
    const shelf = (
      await t.database.db.select().from(products).where(eq(products.id, shipped.itemId))
    )[0]?.availableQuantity;
    const refunded = await call(admin, `/api/order/${shipped.orderId}/refund`);
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json()).toMatchObject({
      status: 'refunded',
      paymentStatus: 'refunded',
      fulfilmentStatus: 'shipped',
      refundedTotal: 19.99,
    });
    expect(
      (await t.database.db.select().from(products).where(eq(products.id, shipped.itemId)))[0]
        ?.availableQuantity,
    ).toBe(shelf);
  });

  it('says the payment page is in test mode', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/payments/config' })).json()).toEqual({
      mode: 'test',
    });
  });
});

describe('test payments on a public origin', () => {
  it('are off unless test mode is switched on explicitly', async () => {
    const env = {
      NODE_ENV: 'production',
      AUTH_SECRET: 'x'.repeat(32),
      PUBLIC_ORIGIN: 'https://shop.example.com',
    };
    const off = await buildTestApp({ env });
    const on = await buildTestApp({ env: { ...env, PAYMENTS_TEST_MODE: 'true' } });
    try {
      expect((await off.app.inject({ method: 'GET', url: '/api/payments/config' })).json()).toEqual(
        { mode: 'disabled' },
      );
      expect((await on.app.inject({ method: 'GET', url: '/api/payments/config' })).json()).toEqual({
        mode: 'test',
      });
    } finally {
      await off.close();
      await on.close();
    }
  });
});
