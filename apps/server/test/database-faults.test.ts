import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.js';
import { orders, products } from '../src/db/schema.js';
import { ORIGIN, signUp, type Account } from './helpers/accounts.js';
import {
  buildInstanceAt,
  buildSecondInstance,
  buildTestApp,
  type TestApp,
} from './helpers/build-test-app.js';
import { createProduct } from './helpers/catalog.js';
import {
  postgresBinDir,
  startPrivatePostgres,
  type PrivatePostgres,
} from './helpers/private-postgres.js';
import { startTcpProxy, type TcpProxy } from './helpers/tcp-proxy.js';

// What production does to a PostgreSQL connection: terminated, cut after a commit, the server
// stopped and started. Only on a real server (TEST_DB=postgres).
const onPostgres = process.env.TEST_DB === 'postgres';
const ADDRESS = '7 Faultline Road, Springfield';
const PHONE = '+1 555 0199 321';

const place = (t: TestApp, buyer: Account, itemId: string, quantity = 1) =>
  t.app.inject({
    method: 'POST',
    url: '/api/order',
    headers: { origin: ORIGIN, cookie: buyer.cookie },
    payload: { itemId, OrderQuantity: quantity, Contact: PHONE, Address: ADDRESS },
  });

async function stockOf(t: TestApp, itemId: string) {
  const [row] = await t.database.db
    .select({ n: products.availableQuantity })
    .from(products)
    .where(eq(products.id, itemId));
  return row?.n;
}

/** Orders of a product in the database, and the quantity they took. */
async function ordersOf(t: TestApp, itemId: string) {
  const rows = await t.database.db.select().from(orders).where(eq(orders.itemId, itemId));
  return { ids: rows.map((r) => r.id), taken: rows.reduce((n, r) => n + r.orderQuantity, 0) };
}

describe.skipIf(!onPostgres)('a connection dropped inside a transaction', () => {
  let t: TestApp;
  let victim: TestApp | undefined;
  let buyer: Account;
  beforeAll(async () => {
    t = await buildTestApp();
    victim = await buildSecondInstance(t);
    buyer = await signUp(victim.app);
  });
  afterAll(async () => {
    await victim?.close();
    await t?.close();
  });

  it('fails only the requests that used it; the process keeps serving and lets go of it', async () => {
    const app = victim as TestApp;
    const itemId = await createProduct(t.database, { availableQuantity: 100_000 });
    const dbName = new URL(t.database.url ?? '').pathname.slice(1);
    const killer = new pg.Client({ connectionString: t.database.url });
    await killer.connect();
    let terminated = 0;
    let loading = true;
    // Kill every backend that is inside a transaction (BEGIN, a batch, COMMIT), over and
    // over, while orders pour in.
    const killing = (async () => {
      while (loading) {
        const { rowCount } = await killer.query(
          `select pg_terminate_backend(pid) from pg_stat_activity
           where datname = $1 and xact_start is not null and pid <> pg_backend_pid()
             and query not ilike '%LISTEN%'`,
          [dbName],
        );
        terminated += rowCount ?? 0;
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
    })();
    const statuses: number[] = [];
    await Promise.all(
      Array.from({ length: 30 }, async () => {
        for (let i = 0; i < 15; i++) statuses.push((await place(app, buyer, itemId)).statusCode);
      }),
    );
    loading = false;
    await killing;
    await killer.end();

    expect(terminated).toBeGreaterThan(0);
    expect(statuses.filter((s) => s !== 201 && s !== 503)).toEqual([]);
    // Later orders succeed on fresh connections, more at once than the pool holds.
    const later = await Promise.all(Array.from({ length: 25 }, () => place(app, buyer, itemId)));
    expect(later.map((r) => r.statusCode)).toEqual(Array(25).fill(201));
    const { ids, taken } = await ordersOf(t, itemId);
    expect(ids.length).toBeGreaterThanOrEqual(statuses.filter((s) => s === 201).length + 25);
    expect(await stockOf(t, itemId)).toBe(100_000 - taken);
    // Every connection went back to the pool: closing does not wait for one never returned.
    victim = undefined;
    const closed = await Promise.race([
      app.close().then(() => true),
      new Promise((resolve) => setTimeout(() => resolve(false), 15_000)),
    ]);
    expect(closed).toBe(true);
  });
});

describe.skipIf(!onPostgres)('a commit whose reply is lost', () => {
  let t: TestApp;
  let proxied: TestApp;
  let proxy: TcpProxy;
  let buyer: Account;
  beforeAll(async () => {
    t = await buildTestApp();
    proxy = await startTcpProxy(t.database.url ?? '');
    proxied = await buildInstanceAt(proxy.url);
    buyer = await signUp(proxied.app);
  });
  afterAll(async () => {
    await proxied?.close();
    await proxy?.close();
    await t?.close();
  });

  it('places a lone order exactly once', async () => {
    const itemId = await createProduct(t.database, { availableQuantity: 50 });
    const cut = proxy.cutAfterReply('INSERT 0 1');

    const res = await place(proxied, buyer, itemId, 3);
    await cut;

    expect(res.statusCode).toBe(201);
    const { ids } = await ordersOf(t, itemId);
    expect(ids).toEqual([res.json<{ _id: string }>()._id]);
    expect(await stockOf(t, itemId)).toBe(47);
  });

  it('places every order of a batch exactly once', async () => {
    const itemId = await createProduct(t.database, { availableQuantity: 1000 });
    const cut = proxy.cutAfterReply('COMMIT');

    const results = await Promise.all(
      Array.from({ length: 50 }, () => place(proxied, buyer, itemId, 2)),
    );
    await cut;

    const placed = results
      .filter((r) => r.statusCode === 201)
      .map((r) => r.json<{ _id: string }>()._id);
    expect(results.map((r) => r.statusCode).filter((s) => s !== 201)).toEqual([]);
    const { ids, taken } = await ordersOf(t, itemId);
    expect(ids.sort()).toEqual([...placed].sort());
    expect(taken).toBe(placed.length * 2);
    expect(await stockOf(t, itemId)).toBe(1000 - taken);
  });
});

describe.skipIf(!onPostgres || !postgresBinDir())(
  'PostgreSQL stopped and started under load',
  () => {
    let server: PrivatePostgres;
    let t: TestApp;
    let buyer: Account;
    let late: Account;
    const log: string[] = [];

    beforeAll(async () => {
      server = await startPrivatePostgres();
      const database = await openDatabase({ kind: 'postgres', url: server.url });
      await database.migrate();
      await database.close();
      t = await buildInstanceAt(server.url, {
        env: {
          DATABASE_STATEMENT_TIMEOUT_MS: '2000',
          DATABASE_CONNECT_TIMEOUT_MS: '1000',
          // Logging as in production: Better Auth's logger is off at the tests' usual 'silent'.
          LOG_LEVEL: 'info',
        },
        logger: { level: 'info', stream: { write: (line: string) => void log.push(line) } },
      });
      buyer = await signUp(t.app, { name: 'Outage Buyer' });
      late = await signUp(t.app, { name: 'Late Buyer' });
    });
    afterAll(async () => {
      await t?.close();
      await server?.destroy();
    });

    it('answers 503 with Retry-After while it is away, recovers by itself, and logs no secrets', async () => {
      const itemId = await createProduct(t.database, { availableQuantity: 100_000 });
      const results: { status: number; retryAfter?: string; at: number; id?: string }[] = [];
      const started = Date.now();
      let loading = true;
      // Orders, lists, and sessions read by Better Auth itself (each of those reads the database).
      const workers = Array.from({ length: 12 }, async (_, w) => {
        while (loading) {
          const res =
            w % 4 === 0
              ? await t.app.inject({
                  method: 'GET',
                  url: '/api/order?BuyerEmail=' + encodeURIComponent(buyer.email),
                  headers: { cookie: buyer.cookie },
                })
              : w % 4 === 1
                ? await t.app.inject({
                    method: 'GET',
                    url: '/api/auth/get-session',
                    headers: { cookie: buyer.cookie },
                  })
                : await place(t, buyer, itemId);
          results.push({
            status: res.statusCode,
            at: Date.now() - started,
            ...(res.headers['retry-after']
              ? { retryAfter: String(res.headers['retry-after']) }
              : {}),
            ...(res.statusCode === 201 ? { id: res.json<{ _id: string }>()._id } : {}),
          });
          if (res.statusCode === 503) await new Promise((resolve) => setTimeout(resolve, 20));
        }
      });

      await new Promise((resolve) => setTimeout(resolve, 1000));
      const logBefore = log.length;
      await server.stop('fast');
      const down = Date.now() - started;
      await new Promise((resolve) => setTimeout(resolve, 500));
      // A session never seen by this instance, and a sign-in: both need the database.
      const unseen = await t.app.inject({
        method: 'GET',
        url: '/api/order?BuyerEmail=' + encodeURIComponent(late.email),
        headers: { cookie: late.cookie },
      });
      const signIn = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: { origin: ORIGIN },
        payload: { email: late.email, password: late.password },
      });
      await new Promise((resolve) => setTimeout(resolve, 2500));
      await server.start();
      const up = Date.now() - started;
      const logDuring = log.slice(logBefore);
      await new Promise((resolve) => setTimeout(resolve, 3000));
      loading = false;
      await Promise.all(workers);

      expect([unseen.statusCode, signIn.statusCode]).toEqual([503, 503]);

      expect(signIn.json()).toMatchObject({ error: 'service_unavailable' });

      const statuses = new Set(results.map((r) => r.status));
      expect([...statuses].sort()).toEqual([200, 201, 503]);
      const unavailable = results.filter((r) => r.status === 503);
      expect(unavailable.every((r) => r.retryAfter === '2')).toBe(true);
      expect(unavailable.length).toBeGreaterThan(0);
      // Recovery without a restart: the last second of load succeeded throughout.
      const lastSecond = results.filter((r) => r.at > up + 2000);
      expect(lastSecond.length).toBeGreaterThan(0);
      expect(lastSecond.filter((r) => r.status >= 500)).toEqual([]);
      // Every order answered 201 is in the database.
      const { ids } = await ordersOf(t, itemId);
      const inDb = new Set(ids);
      expect(results.filter((r) => r.id && !inDb.has(r.id))).toEqual([]);

      // The log of the outage: a few lines per second, Better Auth's included, nothing a thief
      // or a snoop could use. Each request still has its own line, at info.
      const text = logDuring.join('');
      const warnings = logDuring.filter((line) => /"level":(40|50|60)/.test(line));
      const besidesRequests = logDuring.filter((line) => !line.includes('"request completed"'));
      const seconds = (up - down) / 1000 + 1;
      expect(warnings.length).toBeGreaterThan(0);
      expect(warnings.some((line) => line.includes('Better Auth'))).toBe(true);
      expect(warnings.length / seconds).toBeLessThan(5);
      expect(besidesRequests.length / seconds).toBeLessThanOrEqual(10);
      for (const secret of [
        buyer.token,
        buyer.cookie.split('=')[1] ?? '',
        ADDRESS,
        PHONE,
        buyer.email,
      ]) {
        expect(secret.length).toBeGreaterThan(5);
        expect(text).not.toContain(secret);
      }
    });
  },
);
