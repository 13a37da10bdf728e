import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGN_UP_ANSWER } from '@toolyard/shared';
import { sessions, users } from '../src/db/schema.js';
import { withoutSessionTokens } from '../src/modules/auth/session-token.js';
import {
  mailedLink,
  ORIGIN,
  sessionCookie,
  signIn,
  signUp,
  uniqueEmail,
  type Account,
} from './helpers/accounts.js';
import { buildTestApp, type TestApp } from './helpers/build-test-app.js';
import { createProduct } from './helpers/catalog.js';

/** Better Auth endpoints the shop does not use: none may answer anything but 404. */
const NOT_SERVED: [method: 'GET' | 'POST', path: string, body?: Record<string, unknown>][] = [
  ['GET', '/api/auth/list-sessions'],
  ['GET', '/api/auth/list-accounts'],
  ['POST', '/api/auth/revoke-session', { token: 'x' }],
  ['POST', '/api/auth/revoke-sessions', {}],
  ['POST', '/api/auth/delete-user', {}],
  ['POST', '/api/auth/unlink-account', { providerId: 'google' }],
  ['GET', '/api/auth/admin/list-users'],
  ['POST', '/api/auth/admin/set-role', { userId: 'x', role: 'admin' }],
  ['POST', '/api/auth/admin/create-user', { email: 'c@example.com', password: 'x', name: 'C' }],
  ['POST', '/api/auth/admin/set-user-password', { userId: 'x', newPassword: 'whatever123' }],
  ['POST', '/api/auth/admin/impersonate-user', { userId: 'x' }],
  ['POST', '/api/auth/admin/ban-user', { userId: 'x' }],
  ['POST', '/api/auth/admin/remove-user', { userId: 'x' }],
  ['POST', '/api/auth/admin/revoke-user-sessions', { userId: 'x' }],
  ['GET', '/api/auth/ok'],
];

/** Every key and string value in a parsed JSON body, at any depth. */
function walk(value: unknown, seen: { keys: string[]; strings: string[] }) {
  if (typeof value === 'string') seen.strings.push(value);
  else if (Array.isArray(value)) for (const item of value) walk(item, seen);
  else if (value !== null && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      seen.keys.push(key);
      walk(child, seen);
    }
  }
  return seen;
}

/** The session's token as stored (the bearer value and the cookie carry it, signed). */
function sessionTokenOf(res: LightMyRequestResponse): string {
  const token = String(res.headers['set-auth-token']).split('.')[0] ?? '';
  expect(token.length).toBeGreaterThan(10);
  return token;
}

function expectNoToken(res: LightMyRequestResponse, token: string) {
  if (res.body === '') return;
  const { keys, strings } = walk(res.json(), { keys: [], strings: [] });
  expect(keys).not.toContain('token');
  expect(strings.filter((s) => s.includes(token))).toEqual([]);
}

describe('only the auth endpoints the shop uses', () => {
  let t: TestApp;
  const adminEmail = uniqueEmail('admin');
  let admin: Account;
  let buyer: Account;

  beforeAll(async () => {
    t = await buildTestApp({ env: { ADMIN_EMAILS: adminEmail } });
    admin = await signUp(t.app, { email: adminEmail });
    buyer = await signUp(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  it.each(NOT_SERVED)('answers 404 to %s %s for anyone', async (method, url, body) => {
    for (const who of [undefined, buyer, admin]) {
      const res = await t.app.inject({
        method,
        url,
        headers: { origin: ORIGIN, ...(who ? { cookie: who.cookie } : {}) },
        ...(body ? { payload: body } : {}),
      });
      expect(res.statusCode, `${who?.email ?? 'anonymous'}: ${res.body}`).toBe(404);
      expect(res.json()).toEqual({ error: 'not_found', message: expect.any(String) });
    }
  });

  it('never demotes the last admin: not through Better Auth, not through the shop', async () => {
    const [row] = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, adminEmail));
    const setRole = await t.app.inject({
      method: 'POST',
      url: '/api/auth/admin/set-role',
      headers: { origin: ORIGIN, cookie: admin.cookie },
      payload: { userId: row?.id, role: 'user' },
    });
    expect(setRole.statusCode).toBe(404);
    const demote = await t.app.inject({
      method: 'DELETE',
      url: `/api/user/admin/${adminEmail}`,
      headers: { origin: ORIGIN, cookie: admin.cookie },
    });
    expect(demote.statusCode).toBe(409);
    const [after] = await t.database.db
      .select({ role: users.role })
      .from(users)
      .where(eq(users.email, adminEmail));
    expect(after?.role).toBe('admin');
  });

  it('puts no session token in any JSON body of the auth routes, at any depth', async () => {
    const email = uniqueEmail('walker');
    const password = 'a walk in the park';
    const signUpRes = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: ORIGIN },
      payload: { name: 'Walker', email, password },
    });
    expect(signUpRes.statusCode).toBe(200);
    expect(signUpRes.json()).toEqual(SIGN_UP_ANSWER);

    const signInRes = await signIn(t.app, email, password);
    expect(signInRes.statusCode).toBe(200);
    const token = sessionTokenOf(signInRes);
    expectNoToken(signInRes, token);
    const cookie = sessionCookie(signInRes.headers['set-cookie']);

    const asCookie = { origin: ORIGIN, cookie };
    const asBearer = {
      origin: ORIGIN,
      authorization: `Bearer ${String(signInRes.headers['set-auth-token'])}`,
    };
    for (const headers of [asCookie, asBearer]) {
      const session = await t.app.inject({ method: 'GET', url: '/api/auth/get-session', headers });
      expect(session.json()).toMatchObject({ user: { email } });
      expectNoToken(session, token);
      const update = await t.app.inject({
        method: 'POST',
        url: '/api/auth/update-user',
        headers,
        payload: { name: 'Walker Again' },
      });
      expect(update.statusCode).toBe(200);
      expectNoToken(update, token);
    }
    const signOut = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: asCookie,
      payload: {},
    });
    expect(signOut.statusCode).toBe(200);
    expectNoToken(signOut, token);
  });

  it('strips every token key, at any depth, from what Better Auth answers', () => {
    // The shape of list-sessions, which once leaked every session's token.
    const body = JSON.stringify([
      { id: 's1', token: 'secret-1', user: { token: 'secret-2' } },
      { id: 's2', token: 'secret-3', nested: [[{ token: 'secret-4', keep: 1 }]] },
    ]);
    const stripped = withoutSessionTokens(body);
    expect(stripped).not.toMatch(/secret|"token"/);
    expect(JSON.parse(stripped)).toEqual([
      { id: 's1', user: {} },
      { id: 's2', nested: [[{ keep: 1 }]] },
    ]);
  });

  it('bounds names and refuses null and control characters, on sign-up and update-user', async () => {
    const long = 'n'.repeat(100 * 1024);
    const signUpLong = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: ORIGIN },
      payload: { name: long, email: uniqueEmail(), password: 'a long enough password' },
    });
    expect(signUpLong.statusCode).toBe(400);
    expect(signUpLong.json()).toEqual({
      error: 'invalid_input',
      message: expect.any(String),
      fields: { name: 'Use at most 60 characters' },
    });

    const update = (payload: unknown) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/update-user',
        headers: { origin: ORIGIN, cookie: buyer.cookie },
        payload: payload as Record<string, unknown>,
      });
    for (const name of [long, 'x'.repeat(61), null, '', '   ', 'tab\there']) {
      const res = await update({ name });
      expect(res.statusCode, JSON.stringify(name).slice(0, 20)).toBe(400);
      expect(res.json()).toMatchObject({
        error: 'invalid_input',
        fields: { name: expect.any(String) },
      });
    }
    // Sixty characters are fine; the name is stored trimmed, and nothing else is taken.
    const ok = await update({ name: `  ${'y'.repeat(60)}  `, role: 'admin', email: 'x@y.z' });
    expect(ok.statusCode).toBe(200);
    const [row] = await t.database.db
      .select({ name: users.name, role: users.role, email: users.email })
      .from(users)
      .where(eq(users.email, buyer.email));
    expect(row).toEqual({ name: 'y'.repeat(60), role: 'user', email: buyer.email });
  });

  const EASY_TO_GUESS = 'This password is too easy to guess.';
  const REPEATED = 'Repeated characters like "aaa" are easy to guess.';
  const PERSONAL = 'Your name, your email address and Toolyard are easy to guess.';
  it.each([
    ['eight spaces', () => ' '.repeat(8), REPEATED],
    ['aaaaaaaa', () => 'aaaaaaaa', REPEATED],
    ['the shop name', () => 'toolyard', PERSONAL],
    ['their own email', (email: string) => email, PERSONAL],
    ['their own name and a year', () => 'Wilma Weakling 2024', PERSONAL],
    ['a common password', () => 'password', 'This is a heavily used password.'],
    ['a common password in capitals', () => 'PASSWORD', 'This is a heavily used password.'],
  ])('refuses %s at sign-up, saying why', async (_what, passwordFor, why) => {
    const email = uniqueEmail('wilma');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: ORIGIN },
      payload: { name: 'Wilma Weakling', email, password: passwordFor(email) },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({
      error: 'invalid_input',
      message: 'Some field values are not valid.',
      fields: { password: expect.stringContaining(`${EASY_TO_GUESS} ${why}`) },
    });
    const [made] = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(made).toBeUndefined();
  });

  it('judges the first 100 characters: a weak start is not saved by what follows', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: ORIGIN },
      payload: {
        name: 'Long Tail',
        email: uniqueEmail(),
        password: 'a'.repeat(100) + 'correct horse battery staple',
      },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().fields.password).toContain(REPEATED);
  });

  it('records the real client address on the session, not a forged X-Forwarded-For', async () => {
    const email = uniqueEmail();
    const password = 'a long enough password';
    const headers = { origin: ORIGIN, 'x-forwarded-for': '203.0.113.7' };
    const signedUp = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers,
      payload: { name: 'Forger', email, password },
    });
    expect(signedUp.statusCode).toBe(200);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers,
      payload: { email, password },
    });
    expect(res.statusCode).toBe(200);
    const token = sessionTokenOf(res);
    const [row] = await t.database.db
      .select({ ip: sessions.ipAddress })
      .from(sessions)
      .where(eq(sessions.token, token));
    expect(row?.ip).toBe('127.0.0.1');
  });
});

describe('password reset links', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  /** Asks for a reset link for `email`; answers the token the newest mail carries. */
  async function askForReset(email: string): Promise<string> {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      headers: { origin: ORIGIN },
      payload: { email },
    });
    expect(res.statusCode, res.body).toBe(200);
    const url = await mailedLink(t.app, email, 'account.reset');
    return /\/reset-password\/([^/?]+)/.exec(url)?.[1] ?? '';
  }

  const resetWith = (token: string, newPassword: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      headers: { origin: ORIGIN },
      payload: { token, newPassword },
    });

  it('ends the earlier links of an account when a new one is mailed', async () => {
    const buyer = await signUp(t.app);
    const other = await signUp(t.app);
    const otherToken = await askForReset(other.email);
    const older = await askForReset(buyer.email);
    const newer = await askForReset(buyer.email);
    expect(newer).not.toBe(older);

    // The older link leads to the page's "ask for a new one", and its token sets nothing.
    const link = await t.app.inject({ url: `/api/auth/reset-password/${older}` });
    expect(link.statusCode).toBe(302);
    expect(String(link.headers.location)).toContain('error=INVALID_TOKEN');
    const refused = await resetWith(older, 'an older link for this');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ error: 'invalid_token' });
    expect((await signIn(t.app, buyer.email, 'an older link for this')).statusCode).toBe(401);

    expect((await resetWith(newer, 'the newest link wins')).statusCode).toBe(200);
    // Another account's link is its own affair.
    expect((await resetWith(otherToken, 'still works for them')).statusCode).toBe(200);
  });

  it.each([
    ['eight spaces', () => ' '.repeat(8)],
    ['aaaaaaaa', () => 'aaaaaaaa'],
    ['toolyard', () => 'toolyard'],
    ['their own email', (email: string) => email],
  ])(
    'refuses %s as the new password, by the reset link and on the profile',
    async (_what, weak) => {
      const buyer = await signUp(t.app, { name: 'Rhoda Reset' });
      const token = await askForReset(buyer.email);
      const reset = await resetWith(token, weak(buyer.email));
      expect(reset.statusCode, reset.body).toBe(400);
      expect(reset.json().fields.newPassword).toMatch(/^This password is too easy to guess\. \S/);
      expect((await signIn(t.app, buyer.email, weak(buyer.email))).statusCode).toBe(401);

      const change = await t.app.inject({
        method: 'POST',
        url: '/api/auth/change-password',
        headers: { origin: ORIGIN, cookie: buyer.cookie },
        payload: { currentPassword: buyer.password, newPassword: weak(buyer.email) },
      });
      expect(change.statusCode, change.body).toBe(400);
      expect(change.json().fields.newPassword).toMatch(/^This password is too easy to guess\. \S/);
      expect((await signIn(t.app, buyer.email, buyer.password)).statusCode).toBe(200);

      // The link still works for a strong one.
      expect((await resetWith(token, 'shavings on the workbench')).statusCode).toBe(200);
    },
  );
});

describe('a forged X-Forwarded-For changes no limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({
      env: { SIGN_UP_LIMIT_PER_HOUR: '2', SIGN_IN_FAILURES_PER_ADDRESS: '3' },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  const from = (xff: string) => ({ origin: ORIGIN, 'x-forwarded-for': xff });

  it('keeps counting sign-ups against the real address', async () => {
    const statuses: number[] = [];
    for (const xff of ['198.51.100.1', '198.51.100.2', '198.51.100.3', '198.51.100.4']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        headers: from(xff),
        payload: { name: 'Spoof', email: uniqueEmail(), password: 'a long enough password' },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([200, 200, 429, 429]);
  });

  it('keeps counting failed sign-ins against the real address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: from(`198.51.100.${10 + i}`),
        payload: { email: uniqueEmail('nobody'), password: 'not the password' },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
  });
});

describe('TRUST_PROXY naming the sender', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({
      env: {
        TRUST_PROXY: 'loopback',
        SIGN_UP_LIMIT_PER_HOUR: '1',
        SIGN_IN_FAILURES_PER_ADDRESS: '2',
      },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  const from = (xff: string) => ({ origin: ORIGIN, 'x-forwarded-for': xff });
  const signUpFrom = (xff: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: from(xff),
      payload: { name: 'Proxied', email: uniqueEmail(), password: 'a long enough password' },
    });
  /** An account made from an address of its own (one sign-up per address is allowed here). */
  const accountFrom = async (xff: string) => {
    const email = uniqueEmail('proxied');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: from(xff),
      payload: { name: 'Proxied', email, password: 'a long enough password' },
    });
    expect(res.statusCode).toBe(200);
    return { email, password: 'a long enough password' };
  };
  const failFrom = (xff: string, email = uniqueEmail('nobody')) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: from(xff),
      payload: { email, password: 'not the password' },
    });

  it("keys the limits on the proxy's X-Forwarded-For: one bucket per client", async () => {
    expect((await signUpFrom('192.0.2.1')).statusCode).toBe(200);
    expect((await signUpFrom('192.0.2.1')).statusCode).toBe(429);
    const account = await accountFrom('192.0.2.2');
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: from('192.0.2.2'),
      payload: account,
    });
    expect(other.statusCode).toBe(200);
    const [row] = await t.database.db
      .select({ ip: sessions.ipAddress })
      .from(sessions)
      .where(eq(sessions.token, sessionTokenOf(other)));
    expect(row?.ip).toBe('192.0.2.2');

    expect((await failFrom('192.0.2.3')).statusCode).toBe(401);
    expect((await failFrom('192.0.2.3')).statusCode).toBe(401);
    expect((await failFrom('192.0.2.3')).statusCode).toBe(429);
    expect((await failFrom('192.0.2.4')).statusCode).toBe(401);
  });

  it('locks one account after its failures from many addresses, even for the right password', async () => {
    const account = await accountFrom('10.1.1.1');
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      statuses.push((await failFrom(`10.1.0.${i + 1}`, account.email)).statusCode);
    }
    expect(statuses).toEqual(Array(10).fill(401));
    const right = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: from('10.1.0.200'),
      payload: { email: account.email, password: account.password },
    });
    expect(right.statusCode).toBe(429);
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(0);
    expect(right.json()).toEqual({
      error: 'rate_limited',
      message: 'Too many sign-in attempts for this account. Try again later.',
    });
    // The email's letter case makes no other account.
    expect((await failFrom('10.1.0.201', account.email.toUpperCase())).statusCode).toBe(429);
  });

  it('never counts successful sign-ins toward the lock', async () => {
    const account = await accountFrom('10.2.1.1');
    for (let i = 0; i < 12; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: from(`10.2.0.${i + 1}`),
        payload: { email: account.email, password: account.password },
      });
      expect(res.statusCode).toBe(200);
    }
    expect((await failFrom('10.2.0.100', account.email)).statusCode).toBe(401);
  });
});

describe('a password spray from one address', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ seed: true, env: { PASSWORD_HASH_CONCURRENCY: '8' } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('gets 429s after the address limit while the catalog is still served', async () => {
    const productId = await createProduct(t.database, { availableQuantity: 5 });
    const signInStatuses: number[] = [];
    const readStatuses: number[] = [];
    let spraying = true;
    const spray = (async () => {
      // 600 emails, 8 at a time (the hash bound, so that none is refused as busy).
      for (let wave = 0; wave < 75; wave++) {
        const answers = await Promise.all(
          Array.from({ length: 8 }, () =>
            t.app.inject({
              method: 'POST',
              url: '/api/auth/sign-in/email',
              headers: { origin: ORIGIN },
              payload: { email: uniqueEmail('sprayed'), password: 'Summer2024!' },
            }),
          ),
        );
        signInStatuses.push(...answers.map((a) => a.statusCode));
      }
      spraying = false;
    })();

    const reads = (async () => {
      // A buyer browsing meanwhile: a catalog page and a product, every few milliseconds.
      while (spraying) {
        const [list, one] = await Promise.all([
          t.app.inject({ method: 'GET', url: '/api/tool' }),
          t.app.inject({ method: 'GET', url: `/api/tool/${productId}` }),
        ]);
        readStatuses.push(list.statusCode, one.statusCode);
        await sleep(5);
      }
    })();
    await Promise.all([spray, reads]);

    expect(signInStatuses).toHaveLength(600);
    const count = (status: number) => signInStatuses.filter((s) => s === status).length;
    // The default limit is 50 failures per address; a wave already running may finish.
    expect(count(401)).toBeGreaterThanOrEqual(50);
    expect(count(401)).toBeLessThan(50 + 8);
    expect(count(429)).toBe(600 - count(401));
    expect(readStatuses.length).toBeGreaterThan(0);
    expect(readStatuses.every((s) => s === 200)).toBe(true);
  });
});

describe('the bound on password hashes at once', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { PASSWORD_HASH_CONCURRENCY: '1' } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses sign-ins and sign-ups past it at once with 503 and Retry-After: 1', async () => {
    const answers = await Promise.all([
      ...Array.from({ length: 3 }, () => signIn(t.app, uniqueEmail('busy'), 'not the password')),
      ...Array.from({ length: 3 }, () =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/sign-up/email',
          headers: { origin: ORIGIN },
          payload: { name: 'Busy', email: uniqueEmail(), password: 'a long enough password' },
        }),
      ),
    ]);
    const busy = answers.filter((a) => a.statusCode === 503);
    expect(busy.length).toBeGreaterThanOrEqual(4);
    for (const res of busy) {
      expect(res.headers['retry-after']).toBe('1');
      expect(res.json()).toEqual({ error: 'service_unavailable', message: expect.any(String) });
    }
    expect(answers.filter((a) => a.statusCode !== 503).length).toBeGreaterThanOrEqual(1);
    // Busy answers count as no failure: the slot is free again afterwards.
    expect((await signIn(t.app, uniqueEmail('later'), 'not the password')).statusCode).toBe(401);
  });
});
