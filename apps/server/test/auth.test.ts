import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, users } from '../src/db/schema.js';
import {
  followLink,
  mailedLink,
  mailsTo,
  ORIGIN,
  sessionCookie,
  signIn,
  signUp,
  uniqueEmail,
} from './helpers/accounts.js';
import { buildTestApp, type TestApp } from './helpers/build-test-app.js';

describe('sign up and sign in', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const getSession = (cookie: string) =>
    t.app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { cookie } });

  it('signs a new person up, and in by the mailed link with an httpOnly SameSite cookie, never exposing the token', async () => {
    const email = uniqueEmail();
    const signedUp = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: ORIGIN },
      payload: { name: 'Ada Builder', email, password: 'a long enough password' },
    });
    expect(signedUp.statusCode).toBe(200);
    expect(signedUp.json()).toEqual({
      status: true,
      message: 'Check your email: we sent a link to confirm your address.',
    });
    expect(signedUp.headers['set-cookie']).toBeUndefined();
    const res = await followLink(t.app, await mailedLink(t.app, email, 'account.verify'));
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/email-verified');
    const cookie = [res.headers['set-cookie']].flat().find((c) => c?.includes('session_token='));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/i); // http://localhost

    const session = await getSession(sessionCookie(res.headers['set-cookie']));
    expect(session.json()).toMatchObject({
      user: { email, name: 'Ada Builder', role: 'user', emailVerified: true },
    });
    expect(session.json().session).not.toHaveProperty('token');
  });

  it('stores the password as an argon2id hash at OWASP parameters', async () => {
    const account = await signUp(t.app);
    const [row] = await t.database.db
      .select({ password: accounts.password })
      .from(accounts)
      .innerJoin(users, eq(users.id, accounts.userId))
      .where(eq(users.email, account.email));
    expect(row?.password).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row?.password).not.toContain(account.password);
  });

  it('answers a sign-up for a taken address as for a new one, and mails its owner instead', async () => {
    const account = await signUp(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: ORIGIN },
      payload: {
        name: 'Copycat',
        email: account.email.toUpperCase(),
        password: 'another password',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: true,
      message: 'Check your email: we sent a link to confirm your address.',
    });
    expect(res.headers['set-cookie']).toBeUndefined();
    expect((await mailsTo(t.app, account.email, 'account.exists')).length).toBe(1);
    // Still one account, with the first password.
    expect((await signIn(t.app, account.email, account.password)).statusCode).toBe(200);
    expect((await signIn(t.app, account.email, 'another password')).statusCode).toBe(401);
  });

  it.each([
    [
      'a password under 8 characters',
      { name: 'Short', email: uniqueEmail(), password: 'short12' },
      'password',
    ],
    [
      'an invalid email',
      { name: 'Bad', email: 'not-an-email', password: 'long enough pass' },
      'email',
    ],
    ['no name', { email: uniqueEmail(), password: 'long enough pass' }, 'name'],
  ])('refuses %s with 400 in the error shape, naming the field', async (_what, payload, field) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: ORIGIN },
      payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'invalid_input',
      message: expect.any(String),
      fields: { [field]: expect.any(String) },
    });
  });

  it('answers a wrong password and an unknown email the same way', async () => {
    const account = await signUp(t.app);
    const wrongPassword = await signIn(t.app, account.email, 'not the password');
    const unknownEmail = await signIn(t.app, uniqueEmail('nobody'), 'not the password');

    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownEmail.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual({
      error: 'invalid_email_or_password',
      message: 'Invalid email or password',
    });
    expect(unknownEmail.json()).toEqual(wrongPassword.json());
  });

  it('signs in with the right password', async () => {
    const account = await signUp(t.app);
    const res = await signIn(t.app, account.email, account.password);
    expect(res.statusCode).toBe(200);
    const session = await getSession(sessionCookie(res.headers['set-cookie']));
    expect(session.json()).toMatchObject({ user: { email: account.email } });
  });

  it('rate limits repeated sign-in attempts with 429 and Retry-After', async () => {
    const account = await signUp(t.app);
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++)
      statuses.push((await signIn(t.app, account.email, 'wrong guess')).statusCode);
    expect(statuses.every((s) => s === 401)).toBe(true);

    const limited = await signIn(t.app, account.email, account.password);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json()).toMatchObject({
      error: 'rate_limited',
      message: expect.stringMatching(/Too many sign-in attempts/),
    });

    // Another account is not locked out by someone hammering this one.
    const other = await signUp(t.app);
    expect((await signIn(t.app, other.email, other.password)).statusCode).toBe(200);
  });

  it('ends the session on the server at sign-out: the old cookie is refused', async () => {
    const account = await signUp(t.app);
    const before = await t.app.inject({
      method: 'GET',
      url: `/api/admin/${account.email}`,
      headers: { cookie: account.cookie },
    });
    expect(before.statusCode).toBe(200);

    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie: account.cookie, origin: ORIGIN },
      payload: {},
    });
    expect(out.statusCode).toBe(200);

    const after = await t.app.inject({
      method: 'GET',
      url: `/api/admin/${account.email}`,
      headers: { cookie: account.cookie },
    });
    expect(after.statusCode).toBe(401);
    expect((await getSession(account.cookie)).json()).toBeNull();
  });

  it('accepts a bearer token instead of the cookie', async () => {
    const account = await signUp(t.app);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/user/${account.email}`,
      headers: { authorization: `Bearer ${account.token}` },
      payload: { phone: '+1 555 0100', address: '1 Yard Lane' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ phone: '+1 555 0100' });
  });

  it('refuses a sign-in from another site in the words the API uses, and takes one by 127.0.0.1', async () => {
    const account = await signUp(t.app);
    const signInFrom = (origin: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: { origin },
        payload: { email: account.email, password: account.password },
      });
    const refused = await signInFrom('https://evil.example');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      error: 'forbidden',
      message: 'This request did not come from a Toolyard page, so it was refused.',
    });
    const port = new URL(ORIGIN).port;
    expect((await signInFrom(`http://127.0.0.1:${port}`)).statusCode).toBe(200);
  });

  it('refuses cookie-authenticated changes from another site or with no Origin', async () => {
    const account = await signUp(t.app);
    const put = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/user/${account.email}`,
        headers: { cookie: account.cookie, ...headers },
        payload: { phone: '1', address: 'x' },
      });
    for (const res of [await put({ origin: 'https://evil.example' }), await put({})]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ error: 'forbidden' });
    }
    expect((await put({ origin: ORIGIN })).statusCode).toBe(200);
  });
});

describe('ADMIN_EMAILS', () => {
  let t: TestApp;
  const boss = uniqueEmail('boss');
  const later = uniqueEmail('later');
  beforeAll(async () => {
    t = await buildTestApp({ env: { ADMIN_EMAILS: `${boss.toUpperCase()}, ${later}` } });
  });
  afterAll(async () => {
    await t.close();
  });

  const roleOf = async (email: string) =>
    (await t.database.db.select({ role: users.role }).from(users).where(eq(users.email, email)))[0]
      ?.role;

  it('makes a listed email an admin once its owner follows the mailed link, not before', async () => {
    const password = 'a long enough password';
    await signUp(t.app, { email: boss, password, verify: false });
    expect(await roleOf(boss)).toBe('user');
    // Signing in with the password proves nothing about the address.
    expect((await signIn(t.app, boss, password)).statusCode).toBe(200);
    expect(await roleOf(boss)).toBe('user');
    const verified = await followLink(t.app, await mailedLink(t.app, boss, 'account.verify'));
    expect(await roleOf(boss)).toBe('admin');
    const account = { cookie: sessionCookie(verified.headers['set-cookie']) };
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/user',
      headers: { cookie: account.cookie },
    });
    expect(res.statusCode).toBe(200);
  });

  it('promotes a listed account that existed before, at its next sign-in', async () => {
    const account = await signUp(t.app, { email: later });
    await t.database.db.update(users).set({ role: 'user' }).where(eq(users.email, later));
    expect(await roleOf(later)).toBe('user');
    expect((await signIn(t.app, later, account.password)).statusCode).toBe(200);
    expect(await roleOf(later)).toBe('admin');
  });

  it('leaves everyone else a buyer', async () => {
    const account = await signUp(t.app);
    expect(await roleOf(account.email)).toBe('user');
  });
});

describe('sign-up rate limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { SIGN_UP_LIMIT_PER_HOUR: '2' } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses a third sign-up from one address within the hour', async () => {
    await signUp(t.app);
    await signUp(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: ORIGIN },
      payload: { name: 'Third', email: uniqueEmail(), password: 'a long enough password' },
    });
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(res.json()).toMatchObject({ error: 'rate_limited' });
  });
});

describe('sessions behind HTTPS', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { PUBLIC_ORIGIN: 'https://shop.example.com' } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('marks the session cookie Secure', async () => {
    const email = uniqueEmail();
    const password = 'a long enough password';
    const signedUp = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: 'https://shop.example.com' },
      payload: { name: 'Secure', email, password },
    });
    expect(signedUp.statusCode).toBe(200);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: 'https://shop.example.com' },
      payload: { email, password },
    });
    expect(res.statusCode).toBe(200);
    const cookie = [res.headers['set-cookie']].flat().find((c) => c?.includes('session_token='));
    expect(cookie).toMatch(/; Secure/i);
  });
});
