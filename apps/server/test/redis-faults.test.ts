import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORIGIN, signIn, signUp, someClientAddress, type Account } from './helpers/accounts.js';
import { buildTestApp, type TestApp } from './helpers/build-test-app.js';
import { captureLog, type CapturedLog } from './helpers/log.js';
import { payOrder, placeOrder } from './helpers/orders.js';
import { freePort } from './helpers/ports.js';
import {
  redisServerInstalled,
  startPrivateRedis,
  type PrivateRedis,
} from './helpers/private-redis.js';

const WENT = 'Redis is unreachable; rate limits are not enforced until it returns';
const CAME_BACK = 'Redis is reachable again; rate limits are enforced';
// A fault bound, not a performance target: without a command timeout these take as long as
// Redis stays frozen.
const BOUND_MS = 1000;

async function timed<T>(call: () => Promise<T>): Promise<{ result: T; ms: number }> {
  const started = Date.now();
  const result = await call();
  return { result, ms: Date.now() - started };
}

/** A private Redis, and an app that counts its limits there (3 contact messages an hour). */
async function appOnPrivateRedis(log: CapturedLog) {
  const redis = await startPrivateRedis();
  const t = await buildTestApp({
    env: { REDIS_URL: redis.url, CONTACT_LIMIT_PER_HOUR: '3' },
    logger: log.logger,
  });
  return { redis, t };
}

const health = (t: TestApp) => t.app.inject({ method: 'GET', url: '/api/health' });

const sendContact = (t: TestApp, remoteAddress = '127.0.0.1') =>
  t.app.inject({
    method: 'POST',
    url: '/api/contact',
    headers: { origin: ORIGIN },
    remoteAddress,
    payload: { email: 'visitor@example.com', subject: 'Frozen', message: 'Still answered?' },
  });

/** Keeps this process's event loop busy, as a CPU-bound spell under load does. */
function busyFor(ms: number) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    // spin
  }
}

describe.skipIf(!redisServerInstalled())('a healthy Redis on a busy machine', () => {
  let redis: PrivateRedis;
  let t: TestApp;
  const log = captureLog();

  beforeAll(async () => {
    ({ redis, t } = await appOnPrivateRedis(log));
  });
  afterAll(async () => {
    await t?.close();
    await redis?.destroy();
  });

  it('stays up, and counts limits, when its answers wait behind a busy event loop', async () => {
    const address = someClientAddress();
    const statuses: number[] = [];
    for (let round = 0; round < 5; round++) {
      // Redis holds its answers while the commands go out; then it answers at once, while
      // this process is busy for longer than the command limit, in the part of the event loop
      // where request handlers run (after it, timers come before input).
      redis.freeze();
      const checked = health(t);
      const contacted = sendContact(t, address);
      await sleep(50);
      await new Promise<void>((resolve) =>
        setImmediate(() => {
          redis.thaw();
          busyFor(400);
          resolve();
        }),
      );
      expect((await checked).json()).toMatchObject({ status: 'ok', redis: 'up' });
      statuses.push((await contacted).statusCode);
    }
    expect(statuses).toEqual([201, 201, 201, 429, 429]);
    expect(log.withMessage(WENT)).toHaveLength(0);
  });

  it('stays up after one slow answer: a PING confirms it is there', async () => {
    redis.freeze();
    const checked = timed(() => health(t));
    await sleep(400);
    redis.thaw();
    const { result, ms } = await checked;
    expect(result.json()).toMatchObject({ status: 'ok', redis: 'up' });
    expect(ms).toBeLessThan(BOUND_MS);
    expect(log.withMessage(WENT)).toHaveLength(0);
  });
});

describe.skipIf(!redisServerInstalled())('a frozen Redis', () => {
  let redis: PrivateRedis;
  let t: TestApp;
  let buyer: Account;
  const log = captureLog();

  beforeAll(async () => {
    ({ redis, t } = await appOnPrivateRedis(log));
    buyer = await signUp(t.app);
  });
  afterAll(async () => {
    await t?.close();
    await redis?.destroy();
  });

  it('answers sign-in, contact and pay within a second, reports Redis down and warns once', async () => {
    const { orderId } = await placeOrder(t, buyer);
    expect((await health(t)).json()).toMatchObject({ status: 'ok', redis: 'up' });

    redis.freeze();

    const signedIn = await timed(() => signIn(t.app, buyer.email, 'not the password'));
    expect(signedIn.result.statusCode).toBe(401);
    expect(signedIn.ms).toBeLessThan(BOUND_MS);

    const contacted = await timed(() => sendContact(t));
    expect(contacted.result.statusCode).toBe(201);
    expect(contacted.ms).toBeLessThan(BOUND_MS);

    const paid = await timed(() => payOrder(t, buyer, orderId));
    expect(paid.result.statusCode).toBe(200);
    expect(paid.result.json()).toMatchObject({ status: 'paid' });
    expect(paid.ms).toBeLessThan(BOUND_MS);

    const checked = await timed(() => health(t));
    expect(checked.result.statusCode).toBe(200);
    expect(checked.result.json()).toMatchObject({
      status: 'degraded',
      database: 'up',
      redis: 'down',
    });
    expect(checked.ms).toBeLessThan(BOUND_MS);

    expect(log.withMessage(WENT)).toHaveLength(1);
  });

  it('reports Redis up again once it thaws, says so once, and counts limits again', async () => {
    redis.thaw();

    const res = await health(t);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', redis: 'up' });
    expect(log.withMessage(CAME_BACK)).toHaveLength(1);
    expect(log.withMessage(WENT)).toHaveLength(1);

    // A fresh address: the counters of requests sent during the freeze reach Redis late.
    const address = someClientAddress();
    for (let i = 0; i < 3; i++) expect((await sendContact(t, address)).statusCode).toBe(201);
    expect((await sendContact(t, address)).statusCode).toBe(429);
  });
});

describe.skipIf(!redisServerInstalled())('a Redis that is down at start', () => {
  const password = 'redis-pass-9f3c';
  let port: number;
  let t: TestApp;
  let redis: PrivateRedis | undefined;
  const log = captureLog();

  beforeAll(async () => {
    port = await freePort(); // nothing listens there yet
    t = await buildTestApp({
      env: { REDIS_URL: `redis://:${password}@127.0.0.1:${port}` },
      logger: log.logger,
    });
  });
  afterAll(async () => {
    await t?.close();
    await redis?.destroy();
  });

  it('starts anyway, reports Redis down, lets requests through and warns once', async () => {
    const res = await health(t);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'degraded', database: 'up', redis: 'down' });

    const signedIn = await timed(() => signIn(t.app, 'nobody@example.com', 'guess'));
    expect(signedIn.result.statusCode).toBe(401);
    expect(signedIn.ms).toBeLessThan(BOUND_MS);

    await sleep(1500); // several reconnection attempts, none of them logged again
    const warnings = log.withMessage(WENT);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ level: 40, redis: `redis://:***@127.0.0.1:${port}` });
    expect(log.text()).not.toContain(password);
  });

  it('connects by itself once Redis is there', async () => {
    redis = await startPrivateRedis({ port, password });

    await expect
      .poll(async () => (await health(t)).json().redis, { timeout: 5000, interval: 100 })
      .toBe('up');
    expect(log.withMessage(CAME_BACK)).toHaveLength(1);
  });
});
