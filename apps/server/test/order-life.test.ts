import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderLines, orders, outbox, payments, users } from '../src/db/schema.js';
import {
  createOrderLifeRepository,
  refundsOf,
} from '../src/modules/orders/order-life.repository.js';
import { callAs, signUp, uniqueEmail, type Account } from './helpers/accounts.js';
import { buildTestApp, type TestApp } from './helpers/build-test-app.js';
import { createProduct, stocksOf } from './helpers/catalog.js';
import { DELIVERY, payOrder, placedAgo, placeOrder } from './helpers/orders.js';
import { useDatabaseBefore } from './helpers/test-database.js';

describe("an order's life after it is placed", () => {
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

  /** A three-line order through the cart and checkout; each product starts with 100. */
  const placeThreeLines = async (account: Account) => {
    const items: { itemId: string; quantity: number }[] = [];
    for (const quantity of [2, 3, 4]) {
      const itemId = await createProduct(t.database, { availableQuantity: 100 });
      const put = await call(account, 'PUT', `/api/cart/lines/${itemId}`, { quantity });
      expect(put.statusCode, put.body).toBe(200);
      items.push({ itemId, quantity });
    }
    const res = await call(account, 'POST', '/api/checkout', DELIVERY);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().lines).toHaveLength(3);
    return { orderId: res.json()._id as string, items };
  };

  const stockOf = (ids: string[]) => stocksOf(t.database, ids);
  const detail = async (account: Account, orderId: string) => {
    const res = await call(account, 'GET', `/api/order/${orderId}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const listed = async (account: Account, query = '') =>
    (
      await call(
        account,
        'GET',
        `/api/order?BuyerEmail=${encodeURIComponent(account.email)}${query}`,
      )
    )
      .json()
      .map((o: { _id: string; status: string }) => ({ _id: o._id, status: o.status }));

  it('keeps a timeline: placed, paid, shipped with carrier and tracking number, each with its time', async () => {
    const { orderId, itemId } = await placeOrder(t, buyer, { quantity: 2 });
    expect((await payOrder(t, buyer, orderId)).statusCode).toBe(200);
    const shipped = await call(admin, 'POST', `/api/order/${orderId}/ship`, {
      carrier: ' Parcelforce ',
      trackingNumber: 'PF123456789GB',
    });
    expect(shipped.statusCode, shipped.body).toBe(200);
    expect(shipped.json()).toMatchObject({ _id: orderId, status: 'shipped', paid: true });

    const order = await detail(buyer, orderId);
    expect(order).toMatchObject({
      status: 'shipped',
      cardLast4: '4242',
      lines: [{ itemId, quantity: 2, unitPrice: 12.5, lineTotal: 25 }],
    });
    expect(order.events.map((e: { type: string }) => e.type)).toEqual([
      'placed',
      'paid',
      'shipped',
    ]);
    const [placed, paid, sent] = order.events;
    expect(placed.at).toBe(order.createdAt);
    expect(sent).toMatchObject({ carrier: 'Parcelforce', trackingNumber: 'PF123456789GB' });
    const times = order.events.map((e: { at: string }) => Date.parse(e.at));
    expect(times.every((at: number) => Number.isFinite(at))).toBe(true);
    expect(Date.parse(paid.at)).toBeGreaterThanOrEqual(Date.parse(placed.at));
    expect(Date.parse(sent.at)).toBeGreaterThanOrEqual(Date.parse(paid.at));

    // The shipped mail carries them too, written with the move.
    const [mail] = await t.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.dedupeKey, `order.shipped:${orderId}`));
    expect(mail?.data).toMatchObject({ carrier: 'Parcelforce', trackingNumber: 'PF123456789GB' });
  });

  it('ships with no body or an empty one, as the spec client does', async () => {
    for (const body of [undefined, {}]) {
      const { orderId } = await placeOrder(t, buyer);
      expect((await payOrder(t, buyer, orderId)).statusCode).toBe(200);
      const res = await call(admin, 'POST', `/api/order/${orderId}/ship`, body);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ status: 'shipped', paid: true });
      const shipping = (await detail(admin, orderId)).events.at(-1);
      expect(shipping).toMatchObject({ type: 'shipped', carrier: null, trackingNumber: null });
    }
    const { orderId } = await placeOrder(t, buyer);
    await payOrder(t, buyer, orderId);
    const tooLong = await call(admin, 'POST', `/api/order/${orderId}/ship`, {
      carrier: 'x'.repeat(61),
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().fields).toHaveProperty('carrier');
  });

  it('keeps a refunded order in the buyer list as refunded, apart from cancelled ones', async () => {
    const refunded = await placeOrder(t, buyer);
    const cancelled = await placeOrder(t, buyer);
    await payOrder(t, buyer, refunded.orderId);
    expect((await call(admin, 'POST', `/api/order/${refunded.orderId}/refund`)).statusCode).toBe(
      200,
    );
    expect((await call(buyer, 'DELETE', `/api/order/${cancelled.orderId}`)).statusCode).toBe(204);

    const all = await listed(buyer);
    expect(all).toContainEqual({ _id: refunded.orderId, status: 'refunded' });
    expect(all).toContainEqual({ _id: cancelled.orderId, status: 'cancelled' });
    const onlyRefunded = await listed(buyer, '&status=refunded');
    expect(onlyRefunded.map((o: { _id: string }) => o._id)).toContain(refunded.orderId);
    expect(onlyRefunded.every((o: { status: string }) => o.status === 'refunded')).toBe(true);
    const onlyCancelled = await listed(buyer, '&status=cancelled');
    expect(onlyCancelled.map((o: { _id: string }) => o._id)).not.toContain(refunded.orderId);
    expect(onlyCancelled.map((o: { _id: string }) => o._id)).toContain(cancelled.orderId);

    const order = await detail(buyer, refunded.orderId);
    expect(order).toMatchObject({ status: 'refunded', paid: false, cardLast4: '4242' });
    expect(order.events.map((e: { type: string }) => e.type)).toEqual([
      'placed',
      'paid',
      'refunded',
    ]);
    expect(
      (await detail(buyer, cancelled.orderId)).events.map((e: { type: string }) => e.type),
    ).toEqual(['placed', 'cancelled']);
    expect((await detail(buyer, cancelled.orderId)).events[1]).toMatchObject({
      cancelReason: 'buyer',
    });
    // A refunded order cannot be paid again.
    expect((await payOrder(t, buyer, refunded.orderId)).statusCode).toBe(409);
  });

  it("shows an order to its buyer and admins; another buyer's is not found", async () => {
    const { orderId } = await placeOrder(t, buyer);
    expect((await detail(admin, orderId))._id).toBe(orderId);
    const snooping = await call(other, 'GET', `/api/order/${orderId}`);
    expect(snooping.statusCode).toBe(404);
    expect(snooping.json()).toMatchObject({ error: 'not_found' });
  });

  it('returns every line of a cancelled multi-line order once, however often it is cancelled', async () => {
    const { orderId, items } = await placeThreeLines(buyer);
    const ids = items.map((i) => i.itemId);
    expect(await stockOf(ids)).toEqual([98, 97, 96]);

    // Two cancels at once (the buyer's Delete and an admin's Cancel): one of them moves it.
    const [byBuyer, byAdmin] = await Promise.all([
      call(buyer, 'DELETE', `/api/order/${orderId}`),
      call(admin, 'POST', `/api/order/${orderId}/cancel`),
    ]);
    expect([byBuyer.statusCode, byAdmin.statusCode].sort()).toEqual(
      byBuyer.statusCode === 204 ? [204, 409] : [200, 409],
    );
    expect(await stockOf(ids)).toEqual([100, 100, 100]);
    expect((await call(buyer, 'DELETE', `/api/order/${orderId}`)).statusCode).toBe(409);
    expect(await stockOf(ids)).toEqual([100, 100, 100]);
    const mails = await t.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.dedupeKey, `order.cancelled:${orderId}`));
    expect(mails).toHaveLength(1);
    // The mail lists each line as sold, in the order's order.
    expect(
      (mails[0]?.data as { lines: { quantity: number }[] }).lines.map((l) => l.quantity),
    ).toEqual([2, 3, 4]);
  });

  it('returns every line of a refunded multi-line order once, however often it is refunded', async () => {
    const { orderId, items } = await placeThreeLines(buyer);
    const ids = items.map((i) => i.itemId);
    expect((await payOrder(t, buyer, orderId)).statusCode).toBe(200);
    expect(await stockOf(ids)).toEqual([98, 97, 96]);

    const both = await Promise.all([
      call(admin, 'POST', `/api/order/${orderId}/refund`),
      call(admin, 'POST', `/api/order/${orderId}/refund`),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await stockOf(ids)).toEqual([100, 100, 100]);
    expect((await call(admin, 'POST', `/api/order/${orderId}/refund`)).statusCode).toBe(409);
    expect((await call(buyer, 'DELETE', `/api/order/${orderId}`)).statusCode).toBe(409);
    expect(await stockOf(ids)).toEqual([100, 100, 100]);
    expect((await detail(buyer, orderId)).status).toBe('refunded');
  });

  it('moves an order only from the status each move expects, however often it is asked', async () => {
    const life = createOrderLifeRepository(t.database.db);
    const cancelled = await placeThreeLines(buyer);
    const ids = cancelled.items.map((i) => i.itemId);
    // Straight to the repository, twice at once: no lock or check in front of the UPDATE.
    const cancels = await Promise.all(
      [0, 1].map(() =>
        life.transaction((tx) => life.cancelAndRestock(tx, cancelled.orderId, 'admin')),
      ),
    );
    expect(cancels.filter(Boolean)).toHaveLength(1);
    expect(await stockOf(ids)).toEqual([100, 100, 100]);
    // A cancelled order is neither paid nor refunded later.
    const paid = await life.transaction((tx) =>
      life.markPaid(tx, cancelled.orderId, { amountCents: 1, cardLast4: null }),
    );
    const [{ id: adminId } = { id: '' }] = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, admin.email));
    const everything = (items: { itemId: string; quantity: number }[]) => ({
      id: randomUUID(),
      lines: items,
      restock: true,
      createdBy: adminId,
    });
    const refunded = await life.transaction((tx) =>
      life.recordRefund(tx, cancelled.orderId, everything(cancelled.items)),
    );
    expect([paid, refunded]).toEqual([undefined, undefined]);

    const refund = await placeThreeLines(buyer);
    const refundIds = refund.items.map((i) => i.itemId);
    await payOrder(t, buyer, refund.orderId);
    const refunds = await Promise.all(
      [0, 1].map(() =>
        life.transaction((tx) => life.recordRefund(tx, refund.orderId, everything(refund.items))),
      ),
    );
    expect(refunds.filter(Boolean)).toHaveLength(1);
    expect(await stockOf(refundIds)).toEqual([100, 100, 100]);
    const shipped = await life.transaction((tx) =>
      life.markShipped(tx, refund.orderId, { carrier: '', trackingNumber: '' }),
    );
    expect(shipped).toBeUndefined();
  });

  it('returns every line of a multi-line order its unpaid hold cancels, once', async () => {
    const { orderId, items } = await placeThreeLines(other);
    const ids = items.map((i) => i.itemId);
    await placedAgo(t.database.db, [orderId], 25 * 3_600_000);
    await t.app.unpaidHold.run();
    await t.app.unpaidHold.run();
    expect(await stockOf(ids)).toEqual([100, 100, 100]);
    expect((await detail(other, orderId)).events.at(-1)).toMatchObject({
      type: 'cancelled',
      cancelReason: 'expired',
    });
  });
});

describe('migration 0013', () => {
  const shopThen = useDatabaseBefore('cart_and_order_lines');

  it('gives every earlier order one line, and makes a refunded cancellation refunded', async () => {
    const itemId = await createProduct(shopThen.database, {
      priceCents: 1999,
      sku: 'TY-BACKFILL-1',
    });
    const placed = await shopThen.database.db.execute(sql`
      insert into orders (item_id, item_name, order_quantity, price_cents, total_cents,
                          buyer_name, buyer_email, status, cancel_reason)
      values (${itemId}, 'Old Hammer', 3, 1999, 5997, 'Old Buyer', 'old@example.com', 'paid', null),
             (${itemId}, 'Old Hammer', 1, 1999, 1999, 'Old Buyer', 'old@example.com', 'cancelled', 'admin')
      returning "_id"`);
    const [paidId, refundedId] = (placed as unknown as { rows: { _id: string }[] }).rows.map(
      (r) => r._id,
    );
    await shopThen.database.db.execute(sql`
      insert into payments (order_id, provider, amount_cents, status, card_last4)
      values (${paidId}, 'test', 5997, 'succeeded', '4242'),
             (${refundedId}, 'test', 1999, 'refunded', '4242')`);

    await shopThen.database.migrate();

    const lines = await shopThen.database.db
      .select()
      .from(orderLines)
      .where(inArray(orderLines.orderId, [paidId as string, refundedId as string]));
    expect(lines).toHaveLength(2);
    expect(lines.find((l) => l.orderId === paidId)).toMatchObject({
      lineNo: 1,
      itemId,
      sku: 'TY-BACKFILL-1',
      itemName: 'Old Hammer',
      unitPriceCents: 1999,
      quantity: 3,
      lineTotalCents: 5997,
    });
    const rows = await shopThen.database.db
      .select()
      .from(orders)
      .where(and(inArray(orders.id, [paidId as string, refundedId as string])));
    const paid = rows.find((r) => r.id === paidId);
    const refunded = rows.find((r) => r.id === refundedId);
    expect(paid).toMatchObject({ status: 'paid' });
    expect(paid?.paidAt).toBeInstanceOf(Date);
    expect(refunded).toMatchObject({ status: 'refunded' });
    expect(refunded?.refundedAt).toBeInstanceOf(Date);
  });
});

describe('migration to payment and fulfilment states', () => {
  const shopThen = useDatabaseBefore('order_payment_and_fulfilment');

  it("reads each earlier order's two states off its status, and the status stays what it was", async () => {
    const itemId = await createProduct(shopThen.database, {
      priceCents: 500,
      sku: 'TY-BACKFILL-2',
    });
    const statuses = ['pending', 'paid', 'shipped', 'cancelled', 'refunded'] as const;
    const placed = await shopThen.database.db.execute(sql`
      insert into orders (item_id, item_name, order_quantity, price_cents, total_cents,
                          buyer_name, buyer_email, status, updated_at)
      select ${itemId}, 'Old Saw', 1, 500, 500, 'Old Buyer', 'old@example.com', s,
             now() - interval '1 day'
      from unnest(${`{${statuses.join(',')}}`}::text[]) with ordinality as u(s, n)
      order by n
      returning "_id", status`);
    const before = new Map(
      (placed as unknown as { rows: { _id: string; status: string }[] }).rows.map((r) => [
        r.status,
        r._id,
      ]),
    );

    await shopThen.database.migrate();

    const rows = await shopThen.database.db
      .select()
      .from(orders)
      .where(inArray(orders.id, [...before.values()]));
    const after = (status: string) => rows.find((r) => r.id === before.get(status));
    expect(after('pending')).toMatchObject({
      status: 'pending',
      paymentStatus: 'unpaid',
      fulfilmentStatus: 'unfulfilled',
      cancelledAt: null,
    });
    expect(after('paid')).toMatchObject({
      status: 'paid',
      paymentStatus: 'paid',
      fulfilmentStatus: 'unfulfilled',
    });
    expect(after('shipped')).toMatchObject({
      status: 'shipped',
      paymentStatus: 'paid',
      fulfilmentStatus: 'shipped',
    });
    expect(after('refunded')).toMatchObject({
      status: 'refunded',
      paymentStatus: 'refunded',
      fulfilmentStatus: 'unfulfilled',
    });
    expect(after('cancelled')).toMatchObject({
      status: 'cancelled',
      paymentStatus: 'unpaid',
      fulfilmentStatus: 'unfulfilled',
    });
    // A cancellation from before its time was kept has one now: the status is derived from it.
    expect(after('cancelled')?.cancelledAt).toBeInstanceOf(Date);
  });

  it('refuses a status written directly: it only follows the two states', async () => {
    await expect(
      shopThen.database.db.execute(sql`update orders set status = 'paid'`),
    ).rejects.toThrow();
  });
});

describe('migration to partial refunds', () => {
  const shopThen = useDatabaseBefore('partial_refunds');

  it('makes each earlier whole refund one refund of every unit, restocked, and leaves the rest', async () => {
    const itemId = await createProduct(shopThen.database, {
      priceCents: 700,
      sku: 'TY-BACKFILL-3',
    });
    const placed = await shopThen.database.db.execute(sql`
      insert into orders (item_id, item_name, order_quantity, price_cents, total_cents,
                          buyer_name, buyer_email, payment_status, refunded_at)
      values (${itemId}, 'Old Level', 3, 700, 2100, 'Old Buyer', 'old@example.com', 'refunded',
              '2026-01-02T03:04:05Z'),
             (${itemId}, 'Old Level', 1, 700, 700, 'Old Buyer', 'old@example.com', 'paid', null)
      returning "_id"`);
    const [refundedId, paidId] = (placed as unknown as { rows: { _id: string }[] }).rows.map(
      (r) => r._id,
    ) as [string, string];
    await shopThen.database.db.execute(sql`
      insert into order_lines (order_id, line_no, item_id, sku, item_name, unit_price_cents,
                               quantity, line_total_cents)
      values (${refundedId}, 1, ${itemId}, 'TY-BACKFILL-3', 'Old Level', 700, 3, 2100),
             (${paidId}, 1, ${itemId}, 'TY-BACKFILL-3', 'Old Level', 700, 1, 700)`);
    await shopThen.database.db.execute(sql`
      insert into payments (order_id, provider, amount_cents, status, card_last4)
      values (${refundedId}, 'test', 2100, 'refunded', '4242'),
             (${paidId}, 'test', 700, 'succeeded', '4242')`);

    await shopThen.database.migrate();

    const rows = await shopThen.database.db
      .select()
      .from(orders)
      .where(inArray(orders.id, [refundedId, paidId]));
    expect(rows.find((r) => r.id === refundedId)).toMatchObject({
      status: 'refunded',
      refundedCents: 2100,
    });
    expect(rows.find((r) => r.id === paidId)).toMatchObject({ status: 'paid', refundedCents: 0 });
    const lines = await shopThen.database.db
      .select()
      .from(orderLines)
      .where(inArray(orderLines.orderId, [refundedId, paidId]));
    expect(lines.find((l) => l.orderId === refundedId)?.refundedQuantity).toBe(3);
    expect(lines.find((l) => l.orderId === paidId)?.refundedQuantity).toBe(0);
    const paid = await shopThen.database.db
      .select()
      .from(payments)
      .where(inArray(payments.orderId, [refundedId, paidId]));
    expect(paid.find((p) => p.orderId === refundedId)?.refundedCents).toBe(2100);
    expect(paid.find((p) => p.orderId === paidId)?.refundedCents).toBe(0);

    const history = await refundsOf(shopThen.database.db, refundedId);
    expect(history).toEqual([
      expect.objectContaining({
        amountCents: 2100,
        restocked: true,
        createdAt: new Date('2026-01-02T03:04:05Z'),
        lines: [{ itemId, name: 'Old Level', quantity: 3 }],
      }),
    ]);
    expect(await refundsOf(shopThen.database.db, paidId)).toEqual([]);
  });
});
