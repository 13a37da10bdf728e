import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORIGIN, someClientAddress, uniqueEmail } from './helpers/accounts.js';
import { buildTestApp, type TestApp } from './helpers/build-test-app.js';

const redisUrl = process.env.TEST_REDIS_URL;

describe.skipIf(!redisUrl)('rate limits shared through Redis', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    const env = { REDIS_URL: redisUrl ?? '', CONTACT_LIMIT_PER_HOUR: '3' };
    a = await buildTestApp({ env });
    b = await buildTestApp({ env });
  });
  afterAll(async () => {
    await a.close();
    await b.close();
  });

  it('counts failed sign-ins to one account across instances', async () => {
    const email = uniqueEmail('hammered');
    // From addresses of their own: failures per address are also counted, across runs too.
    const signIn = (t: TestApp) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: { origin: ORIGIN },
        remoteAddress: someClientAddress(),
        payload: { email, password: 'guess' },
      });
    for (let i = 0; i < 6; i++) expect((await signIn(a)).statusCode).toBe(401);
    for (let i = 0; i < 4; i++) expect((await signIn(b)).statusCode).toBe(401);

    const limited = await signIn(b);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await signIn(a)).statusCode).toBe(429);
  });

  it('counts contact messages from one address across instances', async () => {
    // A random address keeps this run's counter apart from other runs on the same Redis.
    const remoteAddress = someClientAddress();
    const send = (t: TestApp) =>
      t.app.inject({
        method: 'POST',
        url: '/api/contact',
        headers: { origin: ORIGIN },
        remoteAddress,
        payload: { email: 'visitor@example.com', subject: 'Shared', message: 'Counted once.' },
      });
    expect((await send(a)).statusCode).toBe(201);
    expect((await send(b)).statusCode).toBe(201);
    expect((await send(a)).statusCode).toBe(201);
    const limited = await send(b);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ error: 'rate_limited' });
  });
});
