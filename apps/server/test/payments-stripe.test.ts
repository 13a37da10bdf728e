import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { orders, payments, products, refunds, stripeEvents } from '../src/db/schema.js';
import { ORIGIN, signUp, uniqueEmail, type Account } from './helpers/accounts.js';
import { buildTestApp, type TestApp } from './helpers/build-test-app.js';
import { createProduct, stockOf } from './helpers/catalog.js';
import { startStripeStandIn, type StripeStandIn } from './helpers/stripe-stand-in.js';
import { DELIVERY, placeOrder } from './helpers/orders.js';

describe('Stripe payments, against a local stand-in of the Stripe API', () => {
  let stripe: StripeStandIn;
  let t: TestApp;
  let buyer: Account;
  let other: Account;
  let admin: Account;
  const adminEmail = uniqueEmail('admin');

  beforeAll(async () => {
    stripe = await startStripeStandIn();
    t = await buildTestApp({ env: { ADMIN_EMAILS: adminEmail, ...stripe.env } });
    other = await signUp(t.app);
    admin = await signUp(t.app, { email: adminEmail });
  });
  afterAll(async () => {
    await t?.close();
    await stripe?.close();
  });
  beforeEach(async () => {
    stripe.down = false;
    // Payment calls are limited per buyer and minute; each test is a new buyer.
    buyer = await signUp(t.app);
  });

  const post = (account: Account, url: string, payload?: object, idempotencyKey?: string) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: {
        cookie: account.cookie,
        origin: ORIGIN,
        ...(idempotencyKey === undefined ? {} : { 'idempotency-key': idempotencyKey }),
      },
      ...(payload === undefined ? {} : { payload }),
    });
  /** Three of a $19.99 product unless told otherwise: a total of 59.97. */
  const place = (quantity = 3, priceCents = 1999) => placeOrder(t, buyer, { quantity, priceCents });
  const startPayment = (orderId: string, account = buyer) =>
    post(account, `/api/order/${orderId}/payment-intent`);
  /** Starts paying and returns the intent the stand-in made. */
  const intentFor = async (orderId: string) => {
    const res = await startPayment(orderId);
    expect(res.statusCode, res.body).toBe(200);
    const secret = res.json().clientSecret as string;
    const intent = [...stripe.intents.values()].find((i) => i.client_secret === secret);
    if (!intent) throw new Error('the stand-in made no such intent');
    return intent;
  };
  const deliver = (payload: string, signature?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/payments/stripe/webhook',
      headers: {
        'content-type': 'application/json; charset=utf-8',
        ...(signature === undefined ? {} : { 'stripe-signature': signature }),
      },
      payload,
    });
  const deliverEvent = (event: Parameters<StripeStandIn['sign']>[0]) => {
    const { payload, signature } = stripe.sign(event);
    return deliver(payload, signature);
  };
  const orderRow = async (orderId: string) =>
    (await t.database.db.select().from(orders).where(eq(orders.id, orderId)))[0];
  const paymentRows = (orderId: string) =>
    t.database.db.select().from(payments).where(eq(payments.orderId, orderId));

  it('tells the payment page to use Stripe, and lets Stripe.js run under the CSP', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/payments/config' });
    expect(res.json()).toEqual({ mode: 'stripe', publishableKey: stripe.publishableKey });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'self' https:\/\/js\.stripe\.com/);
    expect(csp).toMatch(/frame-src [^;]*https:\/\/js\.stripe\.com/);
    expect(csp).toMatch(/connect-src 'self' https:\/\/api\.stripe\.com/);
  });

  it("creates the intent for the order's stored total, with an idempotency key from the order", async () => {
    const { orderId, itemId } = await place(3, 1999);
    // A later price change must not change what this order costs.
    await t.database.db.update(products).set({ priceCents: 1 }).where(eq(products.id, itemId));

    const res = await startPayment(orderId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      clientSecret: expect.stringMatching(/^pi_.+_secret_/),
      amount: 59.97,
    });

    const created = stripe.requests.filter(
      (r) => r.method === 'POST' && r.path === '/v1/payment_intents',
    );
    const request = created.find((r) => r.params['metadata[order_id]'] === orderId);
    expect(request).toMatchObject({
      apiKey: stripe.secretKey,
      idempotencyKey: `toolyard-order-${orderId}-intent-1`,
      params: { amount: '5997', currency: 'usd', 'automatic_payment_methods[enabled]': 'true' },
    });
    const [record] = await paymentRows(orderId);
    expect(record).toMatchObject({
      provider: 'stripe',
      status: 'pending',
      amountCents: 5997,
      providerRef: expect.stringMatching(/^pi_/),
    });
  });

  it('reuses one intent however often, and however concurrently, the buyer opens the page', async () => {
    const { orderId } = await place();
    const results = await Promise.all(Array.from({ length: 5 }, () => startPayment(orderId)));
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const again = await startPayment(orderId);
    const secrets = new Set([...results, again].map((r) => r.json().clientSecret));
    expect(secrets.size).toBe(1);
    expect(await paymentRows(orderId)).toHaveLength(1);
    const intentsForOrder = [...stripe.intents.values()].filter(
      (i) => i.metadata.order_id === orderId,
    );
    expect(intentsForOrder).toHaveLength(1);
  });

  it('marks the order paid when the signed payment_intent.succeeded webhook arrives', async () => {
    const { orderId } = await place();
    const intent = await intentFor(orderId);
    const event = await stripe.confirm(intent.id, 'pm_card_visa');

    expect((await orderRow(orderId))?.status).toBe('pending'); // not before Stripe says so
    const res = await deliverEvent(event);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ received: true });
    expect((await orderRow(orderId))?.status).toBe('paid');
    expect(await paymentRows(orderId)).toEqual([
      expect.objectContaining({ status: 'succeeded', amountCents: 5997, providerRef: intent.id }),
    ]);
  });

  it('refuses a webhook whose signature does not fit, with 400, and changes nothing', async () => {
    const { orderId } = await place();
    const intent = await intentFor(orderId);
    const event = await stripe.confirm(intent.id, 'pm_card_visa');
    const { payload, signature } = stripe.sign(event);
    const otherSecret = stripe.sign(event, 'whsec_not_the_shops_secret').signature;
    const tampered = payload.replace('"succeeded"', '"succeeded" ');

    for (const res of [
      await deliver(payload), // no signature at all
      await deliver(payload, 'not a signature'),
      await deliver(payload, otherSecret),
      await deliver(tampered, signature),
    ]) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: 'invalid_input', message: expect.any(String) });
    }
    expect((await orderRow(orderId))?.status).toBe('pending');
    const handled = await t.database.db
      .select()
      .from(stripeEvents)
      .where(eq(stripeEvents.id, event.id));
    expect(handled).toHaveLength(0);
  });

  it('marks the order paid once when the same event arrives five times at once', async () => {
    const { orderId } = await place();
    const intent = await intentFor(orderId);
    const event = await stripe.confirm(intent.id, 'pm_card_visa');
    const { payload, signature } = stripe.sign(event);

    const results = await Promise.all(Array.from({ length: 5 }, () => deliver(payload, signature)));
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const paidAt = (await orderRow(orderId))?.updatedAt;
    expect((await orderRow(orderId))?.status).toBe('paid');

    // Delivered again later: still handled once, the order untouched.
    expect((await deliver(payload, signature)).statusCode).toBe(200);
    expect((await orderRow(orderId))?.updatedAt).toEqual(paidAt);
    const handled = await t.database.db
      .select()
      .from(stripeEvents)
      .where(eq(stripeEvents.id, event.id));
    expect(handled).toHaveLength(1);
    expect(await paymentRows(orderId)).toEqual([expect.objectContaining({ status: 'succeeded' })]);
  });

  it('keeps a declined card unpaid with its reason, then takes a good card', async () => {
    const { orderId } = await place();
    const intent = await intentFor(orderId);
    const failed = await stripe.confirm(intent.id, 'pm_card_chargeDeclined');
    expect((await deliverEvent(failed)).statusCode).toBe(200);
    expect((await orderRow(orderId))?.status).toBe('pending');
    expect(await paymentRows(orderId)).toEqual([
      expect.objectContaining({ status: 'pending', failureMessage: 'Your card was declined.' }),
    ]);

    // The same intent takes the next card.
    expect((await startPayment(orderId)).json().clientSecret).toBe(intent.client_secret);
    const succeeded = await stripe.confirm(intent.id, 'pm_card_visa');
    expect((await deliverEvent(succeeded)).statusCode).toBe(200);
    expect((await orderRow(orderId))?.status).toBe('paid');
  });

  it('ignores an older failure event that arrives after the success', async () => {
    const { orderId } = await place();
    const intent = await intentFor(orderId);
    const failed = await stripe.confirm(intent.id, 'pm_card_chargeDeclinedInsufficientFunds');
    const succeeded = await stripe.confirm(intent.id, 'pm_card_visa');

    expect((await deliverEvent(succeeded)).statusCode).toBe(200);
    expect((await deliverEvent(failed)).statusCode).toBe(200);
    expect((await orderRow(orderId))?.status).toBe('paid');
    expect(await paymentRows(orderId)).toEqual([
      expect.objectContaining({ status: 'succeeded', failureMessage: null }),
    ]);
  });

  it('asks Stripe directly when the buyer returns before the webhook', async () => {
    const { orderId } = await place();
    const intent = await intentFor(orderId);
    await stripe.confirm(intent.id, 'pm_card_visa'); // the webhook is not delivered

    const res = await post(buyer, `/api/order/${orderId}/payment-intent/check`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ _id: orderId, status: 'paid', paid: true });
    // The webhook arriving afterwards changes nothing.
    const late = stripe.event('payment_intent.succeeded', intent);
    expect((await deliverEvent(late)).statusCode).toBe(200);
    expect(await paymentRows(orderId)).toEqual([expect.objectContaining({ status: 'succeeded' })]);
  });

  it('refuses to pay an order twice, one of another buyer, or a cancelled one', async () => {
    const { orderId } = await place();
    const intent = await intentFor(orderId);
    await deliverEvent(await stripe.confirm(intent.id, 'pm_card_visa'));
    const twice = await startPayment(orderId);
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ error: 'conflict', message: 'This order is already paid.' });

    const second = await place();
    expect((await startPayment(second.orderId, other)).statusCode).toBe(404);
    expect((await startPayment(second.orderId, admin)).statusCode).toBe(404);
    expect(
      (await post(other, `/api/order/${second.orderId}/payment-intent/check`)).statusCode,
    ).toBe(404);
    await t.app.inject({
      method: 'DELETE',
      url: `/api/order/${second.orderId}`,
      headers: { cookie: buyer.cookie, origin: ORIGIN },
    });
    const cancelled = await startPayment(second.orderId);
    expect(cancelled.statusCode).toBe(409);
    expect(cancelled.json().message).toMatch(/cancelled/);
  });

  it('cancels the intent at Stripe when the buyer deletes the unpaid order', async () => {
    const { orderId } = await place();
    const intent = await intentFor(orderId);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/order/${orderId}`,
      headers: { cookie: buyer.cookie, origin: ORIGIN },
    });
    expect(res.statusCode).toBe(204);
    expect(stripe.intents.get(intent.id)?.status).toBe('canceled');
    expect(await paymentRows(orderId)).toEqual([expect.objectContaining({ status: 'cancelled' })]);
  });

  it('gives the money back when a payment arrives for an order cancelled meanwhile', async () => {
    const { orderId, itemId } = await place(4);
    const intent = await intentFor(orderId);
    const event = await stripe.confirm(intent.id, 'pm_card_visa'); // paid in one tab...
    const stockBefore = await stockOf(t.database, itemId);
    await t.app.inject({
      method: 'DELETE',
      url: `/api/order/${orderId}`,
      headers: { cookie: buyer.cookie, origin: ORIGIN },
    }); // ...deleted in another before the webhook came
    expect(await stockOf(t.database, itemId)).toBe((stockBefore ?? 0) + 4);

    expect((await deliverEvent(event)).statusCode).toBe(200);
    expect((await orderRow(orderId))?.status).toBe('cancelled');
    expect(stripe.refunds.filter((r) => r.payment_intent === intent.id)).toEqual([
      expect.objectContaining({ amount: 7996, status: 'succeeded' }),
    ]);
    expect(await paymentRows(orderId)).toEqual([
      expect.objectContaining({
        status: 'refunded',
        failureMessage: expect.stringMatching(/cancelled/),
      }),
    ]);
    expect(await stockOf(t.database, itemId)).toBe((stockBefore ?? 0) + 4); // not returned twice
  });

  it('refunds a late payment once, however many times at once its event is delivered', async () => {
    const { orderId } = await place();
    const intent = await intentFor(orderId);
    const event = await stripe.confirm(intent.id, 'pm_card_visa');
    await t.app.inject({
      method: 'DELETE',
      url: `/api/order/${orderId}`,
      headers: { cookie: buyer.cookie, origin: ORIGIN },
    });
    const { payload, signature } = stripe.sign(event);
    const results = await Promise.all(Array.from({ length: 5 }, () => deliver(payload, signature)));
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const refundCalls = stripe.requests.filter(
      (r) => r.path === '/v1/refunds' && r.params.payment_intent === intent.id,
    );
    expect(refundCalls).toHaveLength(1);
  });

  it('refunds a succeeded intent whose amount is not the order total, and leaves the order unpaid', async () => {
    const { orderId } = await place();
    const intent = await intentFor(orderId);
    await stripe.confirm(intent.id, 'pm_card_visa');
    const wrong = stripe.event('payment_intent.succeeded', { ...intent, amount: 100 });
    expect((await deliverEvent(wrong)).statusCode).toBe(200);
    expect((await orderRow(orderId))?.status).toBe('pending');
    expect(stripe.refunds.some((r) => r.payment_intent === intent.id)).toBe(true);
  });

  it('lets an admin refund a Stripe payment: money back at Stripe, order refunded, stock back', async () => {
    const { orderId, itemId } = await place(5);
    const intent = await intentFor(orderId);
    await deliverEvent(await stripe.confirm(intent.id, 'pm_card_visa'));
    const stockBefore = await stockOf(t.database, itemId);

    const res = await post(admin, `/api/order/${orderId}/refund`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'refunded', paid: false });
    const [payment] = await paymentRows(orderId);
    expect(payment?.status).toBe('refunded');
    const [refund] = await t.database.db.select().from(refunds).where(eq(refunds.orderId, orderId));
    const refundCall = stripe.requests.find(
      (r) => r.path === '/v1/refunds' && r.params.payment_intent === intent.id,
    );
    expect(refundCall?.params.amount).toBe('9995');
    expect(refundCall?.idempotencyKey).toBe(`toolyard-refund-${refund?.id}-${payment?.id}`);
    expect(stripe.refunds.filter((r) => r.payment_intent === intent.id)).toEqual([
      expect.objectContaining({ amount: 9995 }),
    ]);
    expect(await stockOf(t.database, itemId)).toBe((stockBefore ?? 0) + 5);
    expect((await post(admin, `/api/order/${orderId}/refund`)).statusCode).toBe(409);
  });

  it('gives back part of a payment at Stripe: the amount of the units refunded, once per refund', async () => {
    const { orderId, itemId } = await place(5, 1999);
    const intent = await intentFor(orderId);
    await deliverEvent(await stripe.confirm(intent.id, 'pm_card_visa'));
    const refundsAtStripe = () => stripe.refunds.filter((r) => r.payment_intent === intent.id);

    const key = 'stripe-partial-refund-1';
    const two = { lines: [{ itemId, quantity: 2 }], restock: false };
    const first = await post(admin, `/api/order/${orderId}/refund`, two, key);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      status: 'partially_refunded',
      refundedTotal: 39.98,
      paid: true,
    });
    // The same request again (a retry): answered again, nothing more given back.
    const retried = await post(admin, `/api/order/${orderId}/refund`, two, key);
    expect(retried.headers['idempotent-replayed']).toBe('true');
    expect(refundsAtStripe()).toEqual([expect.objectContaining({ amount: 3998 })]);
    const [payment] = await paymentRows(orderId);
    expect(payment).toMatchObject({ status: 'succeeded', refundedCents: 3998 });
    const [refund] = await t.database.db.select().from(refunds).where(eq(refunds.orderId, orderId));
    const call = stripe.requests.find(
      (r) => r.path === '/v1/refunds' && r.params.payment_intent === intent.id,
    );
    expect(call).toMatchObject({
      params: { payment_intent: intent.id, amount: '3998' },
      idempotencyKey: `toolyard-refund-${refund?.id}-${payment?.id}`,
    });

    // Stripe away: nothing is recorded, and the admin can try again.
    stripe.down = true;
    const away = await post(admin, `/api/order/${orderId}/refund`);
    expect(away.statusCode).toBe(503);
    stripe.down = false;
    expect((await orderRow(orderId))?.refundedCents).toBe(3998);
    expect(
      await t.database.db.select().from(refunds).where(eq(refunds.orderId, orderId)),
    ).toHaveLength(1);

    // The rest, without a body: the payment is refunded in full, in two refunds at Stripe.
    const rest = await post(admin, `/api/order/${orderId}/refund`);
    expect(rest.statusCode, rest.body).toBe(200);
    expect(rest.json()).toMatchObject({ status: 'refunded', refundedTotal: 99.95, paid: false });
    expect(refundsAtStripe().map((r) => r.amount)).toEqual([3998, 5997]);
    expect((await paymentRows(orderId))[0]).toMatchObject({
      status: 'refunded',
      refundedCents: 9995,
    });
  });

  it('answers 503 when Stripe cannot be reached, and the order stays as it was', async () => {
    const { orderId } = await place();
    stripe.down = true;
    const res = await startPayment(orderId);
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      error: 'service_unavailable',
      message: expect.stringMatching(/could not reach the card processor/),
    });
    expect((await orderRow(orderId))?.status).toBe('pending');
    expect(await paymentRows(orderId)).toHaveLength(0);
  });

  it('refuses the test-card form while Stripe takes the cards', async () => {
    const { orderId } = await place();
    const res = await post(buyer, `/api/order/${orderId}/pay`, {
      cardNumber: '4242424242424242',
      expMonth: 12,
      expYear: 2099,
      cvc: '123',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/Stripe/);
    expect((await orderRow(orderId))?.status).toBe('pending');
  });

  it('accepts and ignores signed events about payments that are not ours', async () => {
    const { orderId } = await place();
    const ours = await intentFor(orderId);
    await stripe.confirm(ours.id, 'pm_card_visa');
    const foreign = stripe.event('payment_intent.succeeded', {
      ...ours,
      id: 'pi_from_another_integration',
      metadata: {},
    });
    expect((await deliverEvent(foreign)).statusCode).toBe(200);
    const otherType = stripe.event('customer.created', ours);
    expect((await deliverEvent(otherType)).statusCode).toBe(200);
    expect((await orderRow(orderId))?.status).toBe('pending');
  });
});

describe('Stripe routes when Stripe is not configured', () => {
  let t: TestApp;
  let buyer: Account;

  beforeAll(async () => {
    t = await buildTestApp();
    buyer = await signUp(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  it('keeps Stripe out of the content security policy', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/payments/config' });
    expect(String(res.headers['content-security-policy'])).not.toContain('stripe.com');
  });

  it('answers the webhook with 404 and the intent route with 409 in test mode', async () => {
    const webhook = await t.app.inject({
      method: 'POST',
      url: '/api/payments/stripe/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=abc' },
      payload: '{}',
    });
    expect(webhook.statusCode).toBe(404);
    expect(webhook.json().error).toBe('not_found');

    const itemId = await createProduct(t.database);
    const order = await t.app.inject({
      method: 'POST',
      url: '/api/order',
      headers: { cookie: buyer.cookie, origin: ORIGIN },
      payload: { itemId, OrderQuantity: 1, ...DELIVERY },
    });
    const intent = await t.app.inject({
      method: 'POST',
      url: `/api/order/${order.json()._id}/payment-intent`,
      headers: { cookie: buyer.cookie, origin: ORIGIN },
    });
    expect(intent.statusCode).toBe(409);
    expect(intent.json().message).toMatch(/test mode/);
  });
});
