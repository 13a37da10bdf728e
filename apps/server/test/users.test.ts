import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema.js';
import { createUsersRepository } from '../src/modules/users/users.repository.js';
import { createUsersService } from '../src/modules/users/users.service.js';
import { ORIGIN, signUp, uniqueEmail, type Account } from './helpers/accounts.js';
import { buildTestApp, type TestApp } from './helpers/build-test-app.js';

describe('user management', () => {
  let t: TestApp;
  let admin: Account;
  const adminEmail = uniqueEmail('admin');

  beforeAll(async () => {
    t = await buildTestApp({ env: { ADMIN_EMAILS: adminEmail } });
    admin = await signUp(t.app, { email: adminEmail, name: 'Head Admin' });
  });
  afterAll(async () => {
    await t.close();
  });

  const as = (account: Account, method: 'GET' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: { cookie: account.cookie, origin: ORIGIN },
      ...(payload === undefined ? {} : { payload }),
    });

  it('lists users newest first, a page at a time, with email, name, role and joined date', async () => {
    const a = await signUp(t.app, { name: 'First' });
    const b = await signUp(t.app, { name: 'Second' });
    const res = await as(admin, 'GET', '/api/user?page=1&pageSize=2');
    expect(res.statusCode).toBe(200);
    // A plain array, as the spec's clients expect; the total rides in a header.
    const users = res.json();
    expect(Number(res.headers['x-total-count'])).toBeGreaterThanOrEqual(3);
    expect(users.map((u: { email: string }) => u.email)).toEqual([b.email, a.email]);
    expect(users[0]).toEqual({
      _id: expect.any(String),
      email: b.email,
      name: 'Second',
      role: 'user',
      joined: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    const page2 = (await as(admin, 'GET', '/api/user?page=2&pageSize=2')).json();
    expect(page2.map((u: { email: string }) => u.email)).not.toContain(b.email);

    const bad = await as(admin, 'GET', '/api/user?pageSize=500');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty('pageSize');
  });

  it('makes a buyer an admin, which the buyer then sees', async () => {
    const buyer = await signUp(t.app);
    expect((await as(buyer, 'GET', `/api/admin/${buyer.email}`)).json()).toEqual({ admin: false });

    const res = await as(admin, 'PUT', `/api/user/admin/${buyer.email.toUpperCase()}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ email: buyer.email, role: 'admin' });
    expect((await as(buyer, 'GET', `/api/admin/${buyer.email}`)).json()).toEqual({ admin: true });
    expect((await as(buyer, 'GET', '/api/user')).statusCode).toBe(200);
    expect((await as(admin, 'GET', `/api/admin/${buyer.email}`)).json()).toEqual({ admin: true });
  });

  it('refuses to make an account admin before its owner has confirmed the address', async () => {
    const unconfirmed = await signUp(t.app, { verify: false });
    const res = await as(admin, 'PUT', `/api/user/admin/${unconfirmed.email}`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      error: 'email_not_verified',
      message: `${unconfirmed.email} has not confirmed their email address yet. They can be made an admin once they have followed the link we mailed them.`,
    });
    const [row] = await t.database.db
      .select({ role: users.role })
      .from(users)
      .where(eq(users.email, unconfirmed.email));
    expect(row?.role).toBe('user');
  });

  it('answers 404 for an unknown email and 400 for something that is not an email', async () => {
    const missing = await as(admin, 'PUT', `/api/user/admin/${uniqueEmail('ghost')}`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toBe('not_found');
    const invalid = await as(admin, 'PUT', '/api/user/admin/not-an-email');
    expect(invalid.statusCode).toBe(400);
  });

  it('never demotes the last admin', async () => {
    const t2 = await buildTestApp({ env: { ADMIN_EMAILS: 'solo@example.com' } });
    try {
      const solo = await signUp(t2.app, { email: 'solo@example.com' });
      const res = await t2.app.inject({
        method: 'DELETE',
        url: '/api/user/admin/solo@example.com',
        headers: { cookie: solo.cookie, origin: ORIGIN },
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toMatch(/last admin/);
    } finally {
      await t2.close();
    }
  });

  it('counts only active admins: a banned admin does not let the last active one go', async () => {
    const t2 = await buildTestApp({
      env: { ADMIN_EMAILS: 'active@example.com,disabled@example.com' },
    });
    try {
      const active = await signUp(t2.app, { email: 'active@example.com' });
      await signUp(t2.app, { email: 'disabled@example.com' });
      // As the demo admin is disabled outside development: banned, still role admin.
      await t2.database.db
        .update(users)
        .set({ banned: true })
        .where(eq(users.email, 'disabled@example.com'));
      const call = (method: 'DELETE', url: string) =>
        t2.app.inject({ method, url, headers: { cookie: active.cookie, origin: ORIGIN } });

      const demote = await call('DELETE', '/api/user/admin/active@example.com');
      expect(demote.statusCode).toBe(409);
      expect(demote.json().message).toMatch(/last admin/);

      // The banned admin itself may still be demoted and removed: the active one stays.
      expect((await call('DELETE', '/api/user/admin/disabled@example.com')).statusCode).toBe(200);
      const [banned] = await t2.database.db
        .select({ role: users.role })
        .from(users)
        .where(eq(users.email, 'disabled@example.com'));
      expect(banned?.role).toBe('user');
      const admins = await t2.database.db.select().from(users).where(eq(users.role, 'admin'));
      expect(admins.map((a) => a.email)).toEqual(['active@example.com']);
    } finally {
      await t2.close();
    }
  });

  it('keeps an admin when two admins are demoted at the same moment', async () => {
    const t2 = await buildTestApp({ env: { ADMIN_EMAILS: 'one@example.com,two@example.com' } });
    try {
      await signUp(t2.app, { email: 'one@example.com' });
      await signUp(t2.app, { email: 'two@example.com' });
      // Straight at the service, so both transactions overlap (HTTP would stagger them), with
      // two pool connections already open so neither waits for a connect.
      await Promise.all([1, 2].map(() => t2.database.db.execute(sql`select pg_sleep(0.05)`)));
      const service = createUsersService(createUsersRepository(t2.database.db));
      // The race is won or lost in milliseconds; ten rounds make a missing lock show up.
      for (let round = 0; round < 10; round++) {
        await t2.database.db.update(users).set({ role: 'admin' });
        const results = await Promise.allSettled([
          service.setRole('one@example.com', 'user'),
          service.setRole('two@example.com', 'user'),
        ]);
        expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
        const rejected = results.find((r) => r.status === 'rejected');
        expect(rejected?.reason).toMatchObject({ statusCode: 409 });
        const admins = await t2.database.db.select().from(users).where(eq(users.role, 'admin'));
        expect(admins).toHaveLength(1);
      }
    } finally {
      await t2.close();
    }
  });

  it('removes a user after which their session no longer works', async () => {
    const leaving = await signUp(t.app);
    expect((await as(leaving, 'GET', `/api/admin/${leaving.email}`)).statusCode).toBe(200);

    const res = await as(admin, 'DELETE', `/api/user/${leaving.email}`);
    expect(res.statusCode).toBe(204);
    expect((await as(leaving, 'GET', `/api/admin/${leaving.email}`)).statusCode).toBe(401);
    const list = (await as(admin, 'GET', '/api/user?pageSize=100')).json();
    expect(list.map((u: { email: string }) => u.email)).not.toContain(leaving.email);
    expect((await as(admin, 'DELETE', `/api/user/${leaving.email}`)).statusCode).toBe(404);
  });

  it('does not let an admin remove themself', async () => {
    const res = await as(admin, 'DELETE', `/api/user/${admin.email}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('You cannot remove your own account.');
  });

  it('saves your own phone and address, and shows them in your session', async () => {
    const buyer = await signUp(t.app);
    const res = await as(buyer, 'PUT', `/api/user/${buyer.email}`, {
      phone: ' +44 (0)20 7946 0000 ',
      address: '12 Timber Row, Leeds',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      email: buyer.email,
      name: buyer.name,
      phone: '+44 (0)20 7946 0000',
      address: '12 Timber Row, Leeds',
    });
    const session = (await as(buyer, 'GET', '/api/auth/get-session')).json();
    expect(session.user).toMatchObject({
      phone: '+44 (0)20 7946 0000',
      address: '12 Timber Row, Leeds',
    });
  });

  it.each([
    ['letters in the phone', { phone: 'call me', address: 'x' }, 'phone'],
    ['a very long address', { phone: '', address: 'a'.repeat(301) }, 'address'],
    ['a missing address', { phone: '123' }, 'address'],
  ])('refuses %s with a message for that field', async (_what, payload, field) => {
    const buyer = await signUp(t.app);
    const res = await as(buyer, 'PUT', `/api/user/${buyer.email}`, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: 'invalid_input',
      fields: { [field]: expect.any(String) },
    });
  });

  it('refuses fields a profile does not have, such as a role', async () => {
    const buyer = await signUp(t.app);
    const res = await as(buyer, 'PUT', `/api/user/${buyer.email}`, {
      phone: '',
      address: '',
      role: 'admin',
    });
    expect(res.statusCode).toBe(400);
    expect((await as(buyer, 'GET', `/api/admin/${buyer.email}`)).json()).toEqual({ admin: false });
  });
});
