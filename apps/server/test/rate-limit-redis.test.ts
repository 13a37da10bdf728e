import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, uniqueEmail } from './helpers/accounts.js';
import { buildTestApp, type TestApp } from './helpers/build-test-app.js';

const redisUrl = process.env.TEST_REDIS_URL;

describe.skipIf(!redisUrl)('rate limits shared through Redis', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await buildTestApp({ env: { REDIS_URL: redisUrl ?? '' } });
    b = await buildTestApp({ env: { REDIS_URL: redisUrl ?? '' } });
  });
  afterAll(async () => {
    await a.close();
    await b.close();
  });

  it('counts sign-in attempts across instances', async () => {
    const email = uniqueEmail('hammered');
    for (let i = 0; i < 6; i++) expect((await signIn(a.app, email, 'guess')).statusCode).toBe(401);
    for (let i = 0; i < 4; i++) expect((await signIn(b.app, email, 'guess')).statusCode).toBe(401);

    const limited = await signIn(b.app, email, 'guess');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await signIn(a.app, email, 'guess')).statusCode).toBe(429);
  });
});

describe('an unreachable Redis', () => {
  it('stops start-up with one clear message', async () => {
    await expect(
      buildTestApp({ env: { REDIS_URL: 'redis://:secret@127.0.0.1:1' } }),
    ).rejects.toThrow(/^Cannot connect to Redis at redis:\/\/:\*\*\*@127\.0\.0\.1:1/);
  });
});
