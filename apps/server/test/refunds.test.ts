import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  idempotencyKeys,
  orderLines,
  orders,
  outbox,
  payments,
  refundLines,
  refunds,
} from '../src/db/schema.js';
import { orderStatuses, shownStatuses, type Order, type OrderStatus } from '@toolyard/shared';
import { ORIGIN, signUp, uniqueEmail, type Account } from './helpers/accounts.js';
import { buildTestApp, type TestApp } from './helpers/build-test-app.js';
import { createProduct, stocksOf } from './helpers/catalog.js';

const CARD = {
  cardNumber: '4242424242424242',
  expMonth: 12,
  expYear: new Date().getFullYear() + 3,
  cvc: '123',
};
let keyCounter = 0;
const newKey = () => `refund-${Date.now().toString(36)}-${keyCounter++}`;

describe('returns and partial refunds', () => {
  let t: TestApp;
  let buyer: Account;
  let admin: Account;
  const adminEmail = uniqueEmail('admin');

  beforeAll(async () => {
    t = await buildTestApp({ env: { ADMIN_EMAILS: adminEmail } });
    buyer = await signUp(t.app, { name: 'Bea Buyer' });
    admin = await signUp(t.app, { email: adminEmail, name: 'Ada Admin' });
  });
  afterAll(async () => {
    await t.close();
  });

  const call = (
    account: Account,
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    payload?: object,
    key?: string,
  ) =>
    t.app.inject({
      method,
      url,
      headers: {
        origin: ORIGIN,
        cookie: account.cookie,
        ...(key === undefined ? {} : { 'idempotency-key': key }),
      },
      ...(payload === undefined ? {} : { payload }),
    });
  const refund = (orderId: string, body?: object, key?: string) =>
    call(admin, 'POST', `/api/order/${orderId}/refund`, body, key);

  /**
   * A paid order of three lines through the cart: 3 × $10.00, 2 × $25.50 and 1 × $7.25
   * ($88.25); each product starts with 100. Shipped too when asked.
   */
  const paidOrder = async ({ shipped = false } = {}) => {
    const lines = [
      { priceCents: 1000, quantity: 3 },
      { priceCents: 2550, quantity: 2 },
      { priceCents: 725, quantity: 1 },
    ];
    const ids: string[] = [];
    for (const { priceCents, quantity } of lines) {
      const itemId = await createProduct(t.database, { priceCents, availableQuantity: 100 });
      const put = await call(buyer, 'PUT', `/api/cart/lines/${itemId}`, { quantity });
      expect(put.statusCode, put.body).toBe(200);
      ids.push(itemId);
    }
    const placed = await call(buyer, 'POST', '/api/checkout', {
      Contact: '+1 555 0100',
      Address: '1 Yard Lane',
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const orderId = placed.json()._id as string;
    expect((await call(buyer, 'POST', `/api/order/${orderId}/pay`, CARD)).statusCode).toBe(200);
    if (shipped) {
      const ship = await call(admin, 'POST', `/api/order/${orderId}/ship`, { carrier: 'DHL' });
      expect(ship.statusCode, ship.body).toBe(200);
    }
    const [drill, blade, screws] = ids as [string, string, string];
    return { orderId, drill, blade, screws, ids };
  };
  const detail = async (account: Account, orderId: string) => {
    const res = await call(account, 'GET', `/api/order/${orderId}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const stock = (ids: string[]) => stocksOf(t.database, ids);

  it('refunds chosen units of a shipped order: amount, refunded total, status, timeline and mail', async () => {
    const { orderId, drill, blade, screws, ids } = await paidOrder({ shipped: true });
    expect(await stock(ids)).toEqual([97, 98, 99]);

    const first = await refund(orderId, {
      lines: [
        { itemId: drill, quantity: 1 },
        { itemId: screws, quantity: 1 },
      ],
      restock: false,
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      _id: orderId,
      totalCost: 88.25,
      refundedTotal: 17.25,
      paymentStatus: 'partially_refunded',
      fulfilmentStatus: 'shipped',
      status: 'partially_refunded',
      paid: true,
    });
    // Units that left with the parcel stay off the shelf unless the admin says they came back.
    expect(await stock(ids)).toEqual([97, 98, 99]);

    // The buyer sees it on the order's page: each line's refunded units, and the refund with
    // its amount and lines in the timeline.
    const seen = await detail(buyer, orderId);
    expect(seen.lines.map((l: { refundedQuantity: number }) => l.refundedQuantity)).toEqual([
      1, 0, 1,
    ]);
    expect(seen.events.map((e: { type: string }) => e.type)).toEqual([
      'placed',
      'paid',
      'shipped',
      'refunded',
    ]);
    expect(seen.events.at(-1)).toMatchObject({
      type: 'refunded',
      amount: 17.25,
      restocked: false,
      lines: [
        { itemId: drill, quantity: 1 },
        { itemId: screws, quantity: 1 },
      ],
    });

    // The rest, returned to the shelf this time: the order is refunded in full.
    const rest = await refund(orderId, {
      lines: [
        { itemId: drill, quantity: 2 },
        { itemId: blade, quantity: 2 },
      ],
      restock: true,
    });
    expect(rest.statusCode, rest.body).toBe(200);
    expect(rest.json()).toMatchObject({
      refundedTotal: 88.25,
      paymentStatus: 'refunded',
      status: 'refunded',
      paid: false,
    });
    expect(await stock(ids)).toEqual([99, 100, 99]);
    const after = await detail(buyer, orderId);
    expect(after.events.filter((e: { type: string }) => e.type === 'refunded')).toEqual([
      expect.objectContaining({ amount: 17.25 }),
      expect.objectContaining({ amount: 71, restocked: true }),
    ]);

    // One mail per refund, each with its own amount and lines, and the total so far.
    const mails = await t.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.topic, 'order.refunded'), eq(outbox.recipient, buyer.email)));
    const forOrder = mails
      .map((m) => m.data as { orderId: string; amountCents: number; refundedTotalCents: number })
      .filter((d) => d.orderId === orderId)
      .sort((a, b) => a.refundedTotalCents - b.refundedTotalCents);
    expect(forOrder).toEqual([
      expect.objectContaining({
        amountCents: 1725,
        refundedTotalCents: 1725,
        restocked: false,
        refundedLines: [
          expect.objectContaining({ quantity: 1, totalCents: 1000 }),
          expect.objectContaining({ quantity: 1, totalCents: 725 }),
        ],
      }),
      expect.objectContaining({ amountCents: 7100, refundedTotalCents: 8825, restocked: true }),
    ]);

    // The test processor's record: all of the payment given back.
    const [payment] = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.orderId, orderId));
    expect(payment).toMatchObject({ status: 'refunded', amountCents: 8825, refundedCents: 8825 });

    const none = await refund(orderId);
    expect(none.statusCode).toBe(409);
    expect(none.json()).toMatchObject({ error: 'nothing_to_refund' });
  });

  it('without a body refunds what is left, restocking only while the order has not shipped', async () => {
    const unshipped = await paidOrder();
    const part = await refund(unshipped.orderId, {
      lines: [{ itemId: unshipped.blade, quantity: 1 }],
    });
    expect(part.statusCode, part.body).toBe(200);
    // Left out, restock follows the order: not shipped, so back on sale.
    expect(await stock(unshipped.ids)).toEqual([97, 99, 99]);
    const rest = await refund(unshipped.orderId);
    expect(rest.statusCode, rest.body).toBe(200);
    expect(rest.json()).toMatchObject({ status: 'refunded', refundedTotal: 88.25 });
    expect(await stock(unshipped.ids)).toEqual([100, 100, 100]);
    const unshippedRefunds = (await detail(admin, unshipped.orderId)).events.filter(
      (e: { type: string }) => e.type === 'refunded',
    );
    expect(unshippedRefunds.at(-1)).toMatchObject({
      amount: 62.75,
      restocked: true,
      lines: [
        { itemId: unshipped.drill, quantity: 3 },
        { itemId: unshipped.blade, quantity: 1 },
        { itemId: unshipped.screws, quantity: 1 },
      ],
    });

    const shipped = await paidOrder({ shipped: true });
    const all = await refund(shipped.orderId);
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json()).toMatchObject({ status: 'refunded', fulfilmentStatus: 'shipped' });
    expect(await stock(shipped.ids)).toEqual([97, 98, 99]);

    // Asked explicitly, an unshipped order's units stay off the shelf (kept, or damaged).
    const kept = await paidOrder();
    const kept1 = await refund(kept.orderId, {
      lines: [{ itemId: kept.drill, quantity: 3 }],
      restock: false,
    });
    expect(kept1.statusCode, kept1.body).toBe(200);
    expect(await stock(kept.ids)).toEqual([97, 98, 99]);
    // What is left of a partly refunded order still ships.
    const ship = await call(admin, 'POST', `/api/order/${kept.orderId}/ship`);
    expect(ship.statusCode, ship.body).toBe(200);
    expect(ship.json()).toMatchObject({
      status: 'partially_refunded',
      paymentStatus: 'partially_refunded',
      fulfilmentStatus: 'shipped',
    });
  });

  it('lists a shipped order refunded in part or whole under shipped too, as its badges show', async () => {
    const shippedPart = await paidOrder({ shipped: true });
    const partly = await refund(shippedPart.orderId, {
      lines: [{ itemId: shippedPart.drill, quantity: 1 }],
    });
    expect(partly.json()).toMatchObject({
      status: 'partially_refunded',
      fulfilmentStatus: 'shipped',
    });
    const shippedAll = await paidOrder({ shipped: true });
    expect((await refund(shippedAll.orderId)).json()).toMatchObject({ status: 'refunded' });
    const shipped = await paidOrder({ shipped: true });
    const unshippedPart = await paidOrder();
    await refund(unshippedPart.orderId, { lines: [{ itemId: unshippedPart.drill, quantity: 1 }] });
    const paid = await paidOrder();

    const listed = async (status?: OrderStatus) => {
      const query = `q=${encodeURIComponent(buyer.email)}&pageSize=100${status ? `&status=${status}` : ''}`;
      const res = await call(admin, 'GET', `/api/order?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(Number(res.headers['x-total-count'])).toBe(res.json().length);
      return res.json() as Order[];
    };
    const ids = (list: Order[]) => list.map((o) => o._id).sort();
    const shippedIds = ids(await listed('shipped'));
    expect(shippedIds).toEqual(
      expect.arrayContaining([shippedPart.orderId, shippedAll.orderId, shipped.orderId]),
    );
    expect(shippedIds).not.toContain(unshippedPart.orderId);
    expect(ids(await listed('partially_refunded'))).toContain(shippedPart.orderId);
    expect(ids(await listed('paid'))).toContain(paid.orderId);

    // Every filter lists exactly the orders that show its status, and no other.
    const all = await listed();
    for (const status of orderStatuses) {
      expect(ids(await listed(status)), status).toEqual(
        ids(all.filter((order) => shownStatuses(order).includes(status))),
      );
    }
  });

  it('never gives back more than was paid for a line, and says which line and why', async () => {
    const { orderId, drill, blade } = await paidOrder();
    expect((await refund(orderId, { lines: [{ itemId: drill, quantity: 2 }] })).statusCode).toBe(
      200,
    );

    const tooMany = await refund(orderId, {
      lines: [
        { itemId: drill, quantity: 2 },
        { itemId: blade, quantity: 1 },
      ],
    });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json()).toEqual({
      error: 'refund_too_large',
      message: expect.any(String),
      fields: { [drill]: 'Only 1 left to refund' },
    });

    expect((await refund(orderId, { lines: [{ itemId: drill, quantity: 1 }] })).statusCode).toBe(
      200,
    );
    const spent = await refund(orderId, { lines: [{ itemId: drill, quantity: 1 }] });
    expect(spent.statusCode).toBe(409);
    expect(spent.json()).toMatchObject({
      error: 'nothing_to_refund',
      fields: { [drill]: 'Nothing left to refund' },
    });

    const stranger = randomUUID();
    const notALine = await refund(orderId, { lines: [{ itemId: stranger, quantity: 1 }] });
    expect(notALine.statusCode).toBe(400);
    expect(notALine.json()).toMatchObject({
      error: 'invalid_input',
      fields: { [stranger]: 'Not a line of this order' },
    });

    for (const body of [
      { lines: [] },
      { lines: [{ itemId: blade, quantity: 0 }] },
      { lines: [{ itemId: blade, quantity: 1.5 }] },
      { lines: [{ itemId: 'blade', quantity: 1 }] },
      {
        lines: [
          { itemId: blade, quantity: 1 },
          { itemId: blade, quantity: 1 },
        ],
      },
      { lines: [{ itemId: blade, quantity: 1 }], restock: 'yes' },
      { lines: [{ itemId: blade, quantity: 1, price: 1 }] },
      { amount: 5 },
    ]) {
      const bad = await refund(orderId, body);
      expect(bad.statusCode, JSON.stringify(body)).toBe(400);
      expect(bad.json().error).toBe('invalid_input');
    }
    // None of the refusals changed anything.
    expect((await detail(admin, orderId)).refundedTotal).toBe(30);

    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(row).toMatchObject({ refundedCents: 3000, paymentStatus: 'partially_refunded' });
  });

  it('10 concurrent refunds of 1 unit of a 3-unit line: exactly 3 go through', async () => {
    const { orderId, drill, ids } = await paidOrder();
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        refund(orderId, { lines: [{ itemId: drill, quantity: 1 }], restock: true }),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(3);
    expect(codes.filter((c) => c === 409)).toHaveLength(7);
    expect(
      results
        .filter((r) => r.statusCode === 409)
        .every((r) => r.json().error === 'nothing_to_refund'),
    ).toBe(true);

    const [line] = await t.database.db
      .select()
      .from(orderLines)
      .where(and(eq(orderLines.orderId, orderId), eq(orderLines.itemId, drill)));
    expect(line?.refundedQuantity).toBe(3);
    expect((await detail(admin, orderId)).refundedTotal).toBe(30);
    const recorded = await t.database.db.select().from(refunds).where(eq(refunds.orderId, orderId));
    expect(recorded).toHaveLength(3);
    // Restocked once per refund that went through, never more.
    expect(await stock(ids)).toEqual([100, 98, 99]);
  });

  it('concurrent refunds of every kind never add up to more than was paid', async () => {
    const { orderId, drill, blade, screws } = await paidOrder();
    const asks = [
      undefined,
      { lines: [{ itemId: drill, quantity: 2 }] },
      { lines: [{ itemId: blade, quantity: 2 }], restock: false },
      { lines: [{ itemId: screws, quantity: 1 }] },
      undefined,
      {
        lines: [
          { itemId: drill, quantity: 1 },
          { itemId: blade, quantity: 1 },
        ],
      },
      { lines: [{ itemId: drill, quantity: 3 }] },
    ];
    const results = await Promise.all(asks.map((body) => refund(orderId, body)));
    expect(results.every((r) => r.statusCode === 200 || r.statusCode === 409)).toBe(true);

    const recorded = await t.database.db.select().from(refunds).where(eq(refunds.orderId, orderId));
    const given = recorded.reduce((sum, r) => sum + r.amountCents, 0);
    expect(given).toBe(8825);
    const order = await detail(admin, orderId);
    expect(order).toMatchObject({ refundedTotal: 88.25, status: 'refunded' });
    const perLine = await t.database.db
      .select({ itemId: refundLines.itemId, n: sql<number>`sum(${refundLines.quantity})::int` })
      .from(refundLines)
      .where(eq(refundLines.orderId, orderId))
      .groupBy(refundLines.itemId);
    expect(Object.fromEntries(perLine.map((l) => [l.itemId, l.n]))).toEqual({
      [drill]: 3,
      [blade]: 2,
      [screws]: 1,
    });
  });

  it('is idempotent: a retry with the same key is the same refund, even when its answer was lost', async () => {
    const { orderId, drill, ids } = await paidOrder();
    const key = newKey();
    const body = { lines: [{ itemId: drill, quantity: 1 }], restock: true };

    const one = await refund(orderId, body, key);
    const again = await refund(orderId, body, key);
    expect(one.statusCode, one.body).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(one.json());
    expect(again.headers['idempotent-replayed']).toBe('true');

    // The same key for another refund is refused.
    const reused = await refund(orderId, { lines: [{ itemId: drill, quantity: 2 }] }, key);
    expect(reused.statusCode).toBe(422);
    expect(reused.json().error).toBe('idempotency_key_reused');

    // The first attempt committed but its answer was lost: the retry runs again under the same
    // refund id, finds the refund in and gives nothing more.
    const lost = newKey();
    expect((await refund(orderId, body, lost)).statusCode).toBe(200);
    await t.database.db
      .update(idempotencyKeys)
      .set({ statusCode: null, response: null })
      .where(eq(idempotencyKeys.key, lost));
    const rerun = await refund(orderId, body, lost);
    expect(rerun.statusCode, rerun.body).toBe(200);
    expect(rerun.json()).toMatchObject({ refundedTotal: 20 });
    expect(
      await t.database.db.select().from(refunds).where(eq(refunds.orderId, orderId)),
    ).toHaveLength(2);
    expect(await stock(ids)).toEqual([99, 98, 99]);
  });

  it('has constraints behind the limits: no line, order or payment can be refunded beyond itself', async () => {
    const { orderId, drill } = await paidOrder();
    const db = t.database.db;
    await expect(
      db
        .update(orderLines)
        .set({ refundedQuantity: 4 })
        .where(and(eq(orderLines.orderId, orderId), eq(orderLines.itemId, drill))),
    ).rejects.toThrow();
    await expect(
      db
        .update(orders)
        .set({ refundedCents: 8826, paymentStatus: 'partially_refunded' })
        .where(eq(orders.id, orderId)),
    ).rejects.toThrow();
    // The payment state and the refunded total agree.
    await expect(
      db.update(orders).set({ paymentStatus: 'refunded' }).where(eq(orders.id, orderId)),
    ).rejects.toThrow();
    await expect(
      db.update(orders).set({ refundedCents: 100 }).where(eq(orders.id, orderId)),
    ).rejects.toThrow();
    await expect(
      db.update(payments).set({ refundedCents: 8826 }).where(eq(payments.orderId, orderId)),
    ).rejects.toThrow();
  });
});
