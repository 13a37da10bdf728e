import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../src/db/schema.js';
import { openDatabase } from '../src/db/client.js';
import { createUnpaidHold } from '../src/modules/orders/unpaid-hold.js';
import {
  callAs,
  followLink,
  mailedLink,
  mailsTo,
  signUp,
  type Account,
} from './helpers/accounts.js';
import { buildInstanceBeside, buildTestApp, type TestApp } from './helpers/build-test-app.js';
import { createProduct, stockOf } from './helpers/catalog.js';
import { DELIVERY, payOrder, placedAgo } from './helpers/orders.js';
import { useDatabaseBefore } from './helpers/test-database.js';

const HOLD = { UNPAID_ORDER_HOLD: '1h', UNPAID_ORDERS_PER_BUYER: '3' };
const HOUR = 3_600_000;
const MINUTE = 60_000;

/** Log lines written by an app, parsed. */
const capture = () => {
  const lines: { level: number; msg: string; [key: string]: unknown }[] = [];
  return {
    lines,
    logger: {
      level: 'info',
      stream: { write: (line: string) => void lines.push(JSON.parse(line)) },
    },
  };
};

// Two instances on one database, as behind a load balancer: on PostgreSQL each with its own
// pool, so their jobs really run at the same moment.
describe('the unpaid-order hold', () => {
  let a: TestApp;
  let b: TestApp;
  const logA = capture();
  const logB = capture();
  let buyer: Account;
  let other: Account;

  beforeAll(async () => {
    a = await buildTestApp({ env: HOLD, logger: logA.logger });
    b = await buildInstanceBeside(a, { env: HOLD, logger: logB.logger });
    buyer = await signUp(a.app, { name: 'Hoarding Harry' });
    other = await signUp(a.app, { name: 'Patient Pat' });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  const call = (
    t: TestApp,
    account: Account,
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    payload?: object,
  ) => callAs(t.app, account, method, url, payload);
  const order = (account: Account, itemId: string, quantity = 1, t = a) =>
    call(t, account, 'POST', '/api/order', { itemId, OrderQuantity: quantity, ...DELIVERY });
  /** Places orders as if `hoursAgo` had passed since. */
  const backdate = (ids: string[], hoursAgo: number) =>
    placedAgo(a.database.db, ids, hoursAgo * HOUR);
  const rowsOf = (ids: string[]) =>
    a.database.db.select().from(orders).where(inArray(orders.id, ids));
  /** Every order of these buyers settled, so the next test starts below the limit. */
  const settle = (...accounts: Account[]) =>
    a.database.db
      .update(orders)
      .set({ paymentStatus: 'paid', fulfilmentStatus: 'shipped' })
      .where(
        and(
          eq(orders.status, 'pending'),
          inArray(
            orders.buyerEmail,
            accounts.map((x) => x.email),
          ),
        ),
      );

  it('cancels unpaid orders past their hold once, with their stock once, while two instances run the job together', async () => {
    const hammer = await createProduct(a.database, { availableQuantity: 100 });
    const saw = await createProduct(a.database, { availableQuantity: 100 });
    const buyers = [buyer, other];
    const placed: { id: string; itemId: string; quantity: number }[] = [];
    for (let i = 0; i < 6; i++) {
      const itemId = i % 2 ? saw : hammer;
      const quantity = 1 + (i % 3);
      const res = await order(buyers[i % 2] as Account, itemId, quantity);
      expect(res.statusCode).toBe(201);
      placed.push({ id: res.json()._id, itemId, quantity });
    }
    // Two paid long ago, three unpaid past the hold, one unpaid within it.
    const [paid1, paid2, old1, old2, old3, fresh] = placed.map((p) => p.id) as [
      string,
      string,
      string,
      string,
      string,
      string,
    ];
    for (const [id, account] of [
      [paid1, buyer],
      [paid2, other],
    ] as const) {
      expect((await payOrder(a, account, id)).statusCode).toBe(200);
    }
    await backdate([paid1, paid2, old1, old2, old3], 2);
    await backdate([fresh], 0.5);
    const hammerBefore = Number(await stockOf(a.database, hammer));
    const sawBefore = Number(await stockOf(a.database, saw));

    const topics: string[] = [];
    const unsubscribe = [a, b].map((t) => t.app.changes.subscribe((topic) => topics.push(topic)));
    // The two instances' jobs at the same moment, three times over.
    const counts: number[] = [];
    for (let round = 0; round < 3; round++) {
      counts.push(...(await Promise.all([a.app.unpaidHold.run(), b.app.unpaidHold.run()])));
    }
    unsubscribe.forEach((stop) => stop());

    expect(counts.reduce((sum, n) => sum + n, 0)).toBe(3);
    const returned = (itemId: string) =>
      placed
        .filter((p) => [old1, old2, old3].includes(p.id) && p.itemId === itemId)
        .reduce((sum, p) => sum + p.quantity, 0);
    expect(await stockOf(a.database, hammer)).toBe(hammerBefore + returned(hammer));
    expect(await stockOf(a.database, saw)).toBe(sawBefore + returned(saw));

    const rows = new Map((await rowsOf(placed.map((p) => p.id))).map((r) => [r.id, r]));
    for (const id of [old1, old2, old3]) {
      expect(rows.get(id)).toMatchObject({ status: 'cancelled', cancelReason: 'expired' });
    }
    expect(rows.get(paid1)).toMatchObject({ status: 'paid', cancelReason: null });
    expect(rows.get(paid2)).toMatchObject({ status: 'paid', cancelReason: null });
    expect(rows.get(fresh)).toMatchObject({ status: 'pending', cancelReason: null });

    // Cached product lists learn of the stock that came back.
    expect(topics).toContain('products');
    // One line per run that cancelled something, on whichever instance did.
    const lines = [...logA.lines, ...logB.lines].filter((l) => /past their hold/.test(l.msg));
    expect(lines.reduce((sum, l) => sum + Number(l.cancelled), 0)).toBe(3);
    expect(lines.every((l) => l.level === 30)).toBe(true);

    // The buyer sees the expired order as expired, and when the fresh one will expire.
    const mine = await call(
      a,
      buyer,
      'GET',
      `/api/order?BuyerEmail=${encodeURIComponent(buyer.email)}`,
    );
    const byId = new Map(
      mine.json<{ _id: string }[]>().map((o) => [o._id, o as Record<string, unknown>]),
    );
    const expired = [old1, old2, old3].map((id) => byId.get(id)).filter(Boolean);
    expect(expired.length).toBeGreaterThan(0);
    for (const o of expired) {
      expect(o).toMatchObject({ status: 'cancelled', cancelReason: 'expired', expiresAt: null });
    }
    const freshOrder = await call(a, other, 'GET', `/api/order/${fresh}`);
    const { createdAt, expiresAt } = freshOrder.json<{ createdAt: string; expiresAt: string }>();
    expect(Date.parse(expiresAt) - Date.parse(createdAt)).toBe(HOUR);
    expect((await call(a, other, 'GET', `/api/order/${paid2}`)).json().expiresAt).toBeNull();

    await settle(buyer, other);
  });

  it('cancels a large backlog in batches, each unpaid order once, on two instances at once', async () => {
    const itemId = await createProduct(a.database, { availableQuantity: 1000 });
    const accounts: Account[] = [];
    for (let i = 0; i < 4; i++) accounts.push(await signUp(a.app, { name: `Backlog ${i}` }));
    const ids: string[] = [];
    for (const account of accounts) {
      for (let i = 0; i < 3; i++) {
        const res = await order(account, itemId, 5);
        expect(res.statusCode).toBe(201);
        ids.push(res.json()._id);
      }
    }
    await backdate(ids, 3);
    expect(await stockOf(a.database, itemId)).toBe(1000 - 60);

    // Small batches, so that runs interleave batch by batch.
    const jobs = [a, b, a, b].map((t) =>
      createUnpaidHold({
        db: t.database.db,
        log: { info: () => {}, warn: () => {} },
        batchSize: 2,
      }),
    );
    const counts = await Promise.all(jobs.map((job) => job.run()));
    const again = await Promise.all(jobs.map((job) => job.run()));

    expect(counts.reduce((sum, n) => sum + n, 0) + again.reduce((s, n) => s + n, 0)).toBe(12);
    expect(await stockOf(a.database, itemId)).toBe(1000);
    const rows = await rowsOf(ids);
    expect(rows.every((r) => r.status === 'cancelled' && r.cancelReason === 'expired')).toBe(true);
  });

  it('runs on a timer and stops with the app', async () => {
    const itemId = await createProduct(a.database, { availableQuantity: 10 });
    const res = await order(other, itemId, 4);
    await backdate([res.json()._id], 2);
    const job = createUnpaidHold({
      db: a.database.db,
      log: { info: () => {}, warn: () => {} },
      firstAfterMs: 10,
      everyMs: 60_000,
    });
    job.start();
    for (let i = 0; i < 500 && (await stockOf(a.database, itemId)) !== 10; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await job.stop();
    expect(await stockOf(a.database, itemId)).toBe(10);
  });

  it('refuses the order past UNPAID_ORDERS_PER_BUYER with 409, and takes orders again once one is paid for or cancelled', async () => {
    const itemId = await createProduct(a.database, { availableQuantity: 100 });
    const placed: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await order(buyer, itemId, 2, i % 2 ? b : a);
      expect(res.statusCode).toBe(201);
      placed.push(res.json()._id);
    }

    for (const t of [a, b]) {
      const refused = await order(buyer, itemId, 2, t);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({
        error: 'too_many_unpaid_orders',
        message: 'You have 3 unpaid orders. Pay for or cancel one before ordering more.',
      });
    }
    const [first, second, third] = placed as [string, string, string];
    expect(await stockOf(a.database, itemId)).toBe(94);
    // Other buyers are not held back by this one.
    expect((await order(other, itemId, 1)).statusCode).toBe(201);

    // Cancelled: room for one more.
    expect((await call(a, buyer, 'DELETE', `/api/order/${first}`)).statusCode).toBe(204);
    const next = await order(buyer, itemId, 2);
    expect(next.statusCode).toBe(201);
    expect((await order(buyer, itemId, 2)).statusCode).toBe(409);

    // Paid: room for one more.
    await a.database.db.update(orders).set({ paymentStatus: 'paid' }).where(eq(orders.id, second));
    expect((await order(buyer, itemId, 2)).statusCode).toBe(201);
    expect((await order(buyer, itemId, 2)).statusCode).toBe(409);

    // Expired: room for one more.
    await backdate([third], 2);
    expect(await a.app.unpaidHold.run()).toBe(1);
    expect((await order(buyer, itemId, 2)).statusCode).toBe(201);
    expect((await order(buyer, itemId, 2)).statusCode).toBe(409);

    await settle(buyer, other);
  });

  /** An account that signed up and has not followed the link mailed to it. */
  const newcomer = (name: string) => signUp(a.app, { name, verify: false });
  const checkout = (account: Account, t = a) => call(t, account, 'POST', '/api/checkout', DELIVERY);
  const intoCart = (account: Account, itemId: string, quantity: number) =>
    callAs(a.app, account, 'PUT', `/api/cart/lines/${itemId}`, { quantity });
  const UNCONFIRMED_REFUSAL = {
    error: 'too_many_unpaid_orders',
    message:
      'You already have an unpaid order. Pay for or cancel it, or confirm your email address, before ordering more.',
  };

  it("holds an unconfirmed account's unpaid order 15 minutes, one at a time, then gives its stock back", async () => {
    const nora = await newcomer('New Nora');
    const hammers = await createProduct(a.database, { availableQuantity: 600 });
    const saw = await createProduct(a.database, { availableQuantity: 10 });

    // The whole stock, unpaid: held a quarter of an hour, not the shop's hour.
    const first = await order(nora, hammers, 600);
    expect(first.statusCode).toBe(201);
    const held = first.json<{ _id: string; createdAt: string; expiresAt: string }>();
    expect(Date.parse(held.expiresAt) - Date.parse(held.createdAt)).toBe(15 * MINUTE);
    const [received] = await mailsTo(a.app, nora.email, 'order.received');
    expect(Date.parse(String((received?.data as { holdEndsAt: string }).holdEndsAt))).toBe(
      Date.parse(held.expiresAt),
    );

    // A second, by either instance and either way of ordering, is refused while it is unpaid.
    for (const t of [a, b]) {
      const refused = await order(nora, saw, 1, t);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual(UNCONFIRMED_REFUSAL);
    }
    expect((await intoCart(nora, saw, 1)).statusCode).toBe(200);
    const refused = await checkout(nora);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual(UNCONFIRMED_REFUSAL);
    expect(await stockOf(a.database, saw)).toBe(10);

    // The job leaves it within its hold and cancels it once the hold has ended.
    await placedAgo(a.database.db, [held._id], 14 * MINUTE);
    await a.app.unpaidHold.run();
    expect(await stockOf(a.database, hammers)).toBe(0);
    await placedAgo(a.database.db, [held._id], 15 * MINUTE + 1000);
    await a.app.unpaidHold.run();
    expect(await stockOf(a.database, hammers)).toBe(600);
    const [expired] = await rowsOf([held._id]);
    expect(expired).toMatchObject({
      status: 'cancelled',
      cancelReason: 'expired',
      expiresAt: null,
    });

    // Expired: room for one again, the cart's this time.
    const checkedOut = await checkout(nora, b);
    expect(checkedOut.statusCode).toBe(201);
    const next = checkedOut.json<{ createdAt: string; expiresAt: string }>();
    expect(Date.parse(next.expiresAt) - Date.parse(next.createdAt)).toBe(15 * MINUTE);
    expect((await order(nora, hammers, 1)).json()).toEqual(UNCONFIRMED_REFUSAL);

    // Once the address is confirmed, the shop's rules: an hour's hold, up to 3 unpaid orders.
    await followLink(a.app, await mailedLink(a.app, nora.email, 'account.verify'));
    const confirmed = await order(nora, hammers, 1);
    expect(confirmed.statusCode).toBe(201);
    const { createdAt, expiresAt } = confirmed.json<{ createdAt: string; expiresAt: string }>();
    expect(Date.parse(expiresAt) - Date.parse(createdAt)).toBe(HOUR);
    expect((await order(nora, hammers, 1)).statusCode).toBe(201);
    expect((await order(nora, hammers, 1)).json().error).toBe('too_many_unpaid_orders');
    await settle(nora);
  });

  it('lets one unconfirmed account place one unpaid order of 10 tried at once on two instances', async () => {
    const rush = await newcomer('Rushing Rae');
    const items = await Promise.all(
      Array.from({ length: 10 }, () => createProduct(a.database, { availableQuantity: 100 })),
    );
    // Rounds, since a race is won or lost by timing; between them the one order is paid.
    for (let round = 1; round <= 3; round++) {
      expect((await intoCart(rush, items[0] as string, 1)).statusCode).toBe(200);
      // Orders of other products and checkouts of the cart, on both instances: they share no
      // lock but the buyer's, so only the database's one-unpaid-order index stops a second.
      const results = await Promise.all(
        items.map((itemId, i) => {
          const t = i % 4 < 2 ? a : b;
          return i % 3 === 0 ? checkout(rush, t) : order(rush, itemId, 1, t);
        }),
      );
      const statuses = results.map((r) => r.statusCode);
      expect(statuses.filter((c) => c === 201)).toHaveLength(1);
      expect(statuses.filter((c) => c === 409)).toHaveLength(9);
      for (const r of results.filter((x) => x.statusCode === 409)) {
        // A checkout after the one that won may find the cart it emptied.
        expect(['too_many_unpaid_orders', 'conflict']).toContain(r.json().error);
      }
      const held = await a.database.db
        .select()
        .from(orders)
        .where(and(eq(orders.buyerEmail, rush.email), eq(orders.status, 'pending')));
      expect(held).toHaveLength(1);
      const stocks = await Promise.all(items.map((id) => stockOf(a.database, id)));
      expect(stocks.reduce<number>((sum, n) => sum + Number(n), 0)).toBe(10 * 100 - round);
      await settle(rush);
    }
  });

  it('holds no buyer back with UNPAID_ORDERS_PER_BUYER=0', async () => {
    const uncapped = await buildInstanceBeside(a, {
      env: { ...HOLD, UNPAID_ORDERS_PER_BUYER: '0' },
    });
    try {
      const itemId = await createProduct(a.database, { availableQuantity: 100 });
      for (let i = 0; i < 5; i++) {
        expect((await order(other, itemId, 1, uncapped)).statusCode).toBe(201);
      }
      // The same buyer, on an instance with the cap of 3: refused.
      expect((await order(other, itemId, 1, a)).statusCode).toBe(409);
      // An unconfirmed account is held to one whatever the cap.
      const nick = await newcomer('Uncapped Nick');
      expect((await order(nick, itemId, 1, uncapped)).statusCode).toBe(201);
      expect((await order(nick, itemId, 1, uncapped)).json()).toEqual(UNCONFIRMED_REFUSAL);
      await settle(nick);
    } finally {
      await uncapped.close();
      await settle(buyer, other);
    }
  });

  it('counts the orders of one batch together: 12 at once place exactly 3', async () => {
    const itemId = await createProduct(a.database, { availableQuantity: 100 });
    const results = await Promise.all(Array.from({ length: 12 }, () => order(buyer, itemId, 1)));
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([...Array(3).fill(201), ...Array(9).fill(409)]);
    for (const refused of results.filter((r) => r.statusCode === 409)) {
      expect(refused.json().error).toBe('too_many_unpaid_orders');
    }
    expect(await stockOf(a.database, itemId)).toBe(97);

    // An order refused for its stock does not count toward the limit.
    await settle(buyer);
    const scarce = await createProduct(a.database, { availableQuantity: 2 });
    const mixed = await Promise.all([
      order(buyer, scarce, 5),
      order(buyer, itemId, 1),
      order(buyer, itemId, 1),
      order(buyer, itemId, 1),
    ]);
    expect(mixed.map((r) => r.statusCode)).toEqual([409, 201, 201, 201]);
    expect(mixed[0]?.json().error).toBe('out_of_stock');
    await settle(buyer);
  });

  // Opening an embedded database of its own takes seconds on a busy machine.
  // Opening an embedded database of its own takes seconds on a busy machine: a longer timeout.
  it('survives a database that is away: the failure is logged once, no run rejects', async () => {
    // A connection of its own, closed under the job.
    const url = a.database.url;
    const database = await openDatabase(
      url ? { kind: 'postgres', url } : { kind: 'pglite', dataDir: undefined },
    );
    await database.close();
    const lines: { level: string; obj: object; msg: string }[] = [];
    const job = createUnpaidHold({
      db: database.db,
      log: {
        info: (obj, msg) => void lines.push({ level: 'info', obj, msg }),
        warn: (obj, msg) => void lines.push({ level: 'warn', obj, msg }),
      },
    });
    expect(await job.run()).toBe(0);
    expect(await Promise.all([job.run(), job.run()])).toEqual([0, 0]);
    expect(await job.run()).toBe(0);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 'warn',
      msg: 'the unpaid-order hold could not run; it tries again at its next run',
      obj: { err: expect.objectContaining({ type: expect.any(String) }) },
    });
  }, 60_000);
});

describe('migration to stored hold ends', () => {
  const shopThen = useDatabaseBefore('unpaid_hold_ends');

  it('gives each earlier unpaid order the hold it was promised, and paid or cancelled ones none', async () => {
    const itemId = await createProduct(shopThen.database, {
      priceCents: 500,
      sku: 'TY-BACKFILL-HOLD',
    });
    const placed = await shopThen.database.db.execute(sql`
      insert into orders (item_id, item_name, order_quantity, price_cents, total_cents,
                          buyer_name, buyer_email, payment_status, cancelled_at, created_at)
      values (${itemId}, 'Old Saw', 1, 500, 500, 'Old Buyer', 'old@example.com', 'unpaid', null,
              '2026-11-27T10:00:00Z'),
             (${itemId}, 'Old Saw', 1, 500, 500, 'Old Buyer', 'old@example.com', 'paid', null,
              '2026-11-27T10:00:00Z'),
             (${itemId}, 'Old Saw', 1, 500, 500, 'Old Buyer', 'old@example.com', 'unpaid', now(),
              '2026-11-27T10:00:00Z')
      returning "_id"`);
    const [pending, paid, cancelled] = (placed as unknown as { rows: { _id: string }[] }).rows.map(
      (r) => r._id,
    ) as [string, string, string];

    await shopThen.database.migrate();

    const rows = new Map(
      (
        await shopThen.database.db
          .select()
          .from(orders)
          .where(inArray(orders.id, [pending, paid, cancelled]))
      ).map((r) => [r.id, r]),
    );
    expect(rows.get(pending)).toMatchObject({
      expiresAt: new Date('2026-11-28T10:00:00Z'),
      placedUnconfirmed: false,
    });
    expect(rows.get(paid)?.expiresAt).toBeNull();
    expect(rows.get(cancelled)?.expiresAt).toBeNull();
  });
});
