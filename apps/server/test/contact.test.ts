import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages } from '../src/db/schema.js';
import {
  ORIGIN,
  signUp,
  someClientAddress,
  uniqueEmail,
  type Account,
} from './helpers/accounts.js';
import { buildTestApp, type TestApp } from './helpers/build-test-app.js';

const valid = {
  email: 'visitor@example.com',
  subject: 'Bulk order of claw hammers',
  message: 'Can you ship 200 hammers to our yard by March?',
};

describe('contact messages', () => {
  let t: TestApp;
  let admin: Account;
  const adminEmail = uniqueEmail('admin');

  beforeAll(async () => {
    t = await buildTestApp({ env: { ADMIN_EMAILS: adminEmail } });
    admin = await signUp(t.app, { email: adminEmail });
  });
  afterAll(async () => {
    await t.close();
  });

  const send = (payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { origin: ORIGIN, ...headers },
      payload: payload as object,
    });
  const list = (query = '', account: Account = admin) =>
    t.app.inject({
      method: 'GET',
      url: `/api/contact${query}`,
      headers: { cookie: account.cookie },
    });
  const stored = async () =>
    (await t.database.db.select({ n: count() }).from(contactMessages))[0]?.n ?? 0;

  it('stores a visitor’s message, trimmed, and answers 201 with it', async () => {
    const res = await send({
      email: '  visitor@example.com ',
      subject: '  Bulk order of claw hammers ',
      message: '\n Can you ship 200 hammers to our yard by March? \n',
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body).toEqual({ _id: expect.any(String), ...valid, createdAt: expect.any(String) });

    const [row] = await t.database.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.id, body._id));
    expect(row).toMatchObject({ ...valid, userId: null });
    expect(row?.createdAt.toISOString()).toBe(body.createdAt);
  });

  it('keeps the account of a signed-in sender, and the email they typed as the reply address', async () => {
    const buyer = await signUp(t.app);
    const res = await send(
      { ...valid, email: 'site-office@example.com' },
      { cookie: buyer.cookie },
    );
    expect(res.statusCode, res.body).toBe(201);
    const session = await t.app.inject({
      method: 'GET',
      url: '/api/auth/get-session',
      headers: { cookie: buyer.cookie },
    });
    const [row] = await t.database.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.id, res.json()._id));
    expect(row?.userId).toBe(session.json().user.id);
    expect(row?.email).toBe('site-office@example.com');
  });

  it('accepts a subject and a message of exactly the longest length', async () => {
    const res = await send({ ...valid, subject: 's'.repeat(120), message: 'm'.repeat(2000) });
    expect(res.statusCode, res.body).toBe(201);
  });

  const bad: { name: string; payload: Record<string, unknown>; field: string; message: RegExp }[] =
    [
      {
        name: 'a malformed email',
        payload: { ...valid, email: 'visitor@' },
        field: 'email',
        message: /valid Email/,
      },
      {
        name: 'a missing email',
        payload: { subject: valid.subject, message: valid.message },
        field: 'email',
        message: /Email Is Required/,
      },
      {
        name: 'a missing subject',
        payload: { email: valid.email, message: valid.message },
        field: 'subject',
        message: /Subject Is Required/,
      },
      {
        name: 'a blank subject',
        payload: { ...valid, subject: '   ' },
        field: 'subject',
        message: /Subject Is Required/,
      },
      {
        name: 'a too long subject',
        payload: { ...valid, subject: 's'.repeat(121) },
        field: 'subject',
        message: /at most 120/,
      },
      {
        name: 'a blank message',
        payload: { ...valid, message: ' \n ' },
        field: 'message',
        message: /Message Is Required/,
      },
      {
        name: 'a too long message',
        payload: { ...valid, message: 'm'.repeat(2001) },
        field: 'message',
        message: /at most 2000/,
      },
      {
        name: 'a subject that is not text',
        payload: { ...valid, subject: 42 },
        field: 'subject',
        message: /Subject Is Required/,
      },
    ];

  it.each(bad)('refuses $name with 400 and the field’s message, storing nothing', async (c) => {
    const before = await stored();
    const res = await send(c.payload);
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body).toEqual({
      error: 'invalid_input',
      message: expect.any(String),
      fields: expect.any(Object),
    });
    expect(body.fields[c.field]).toMatch(c.message);
    expect(await stored()).toBe(before);
  });

  it('refuses fields it does not know, storing nothing', async () => {
    const before = await stored();
    const res = await send({ ...valid, userId: 'someone-else' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'invalid_input', fields: expect.any(Object) });
    expect(await stored()).toBe(before);
  });

  it('refuses a signed-in browser’s message from another site’s page (CSRF)', async () => {
    const buyer = await signUp(t.app);
    const before = await stored();
    const res = await send(valid, { cookie: buyer.cookie, origin: 'https://evil.example' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: 'forbidden' });
    expect(await stored()).toBe(before);
  });

  it('lists messages to admins newest first, a page at a time, with the total', async () => {
    const subjects = ['First of three', 'Second of three', 'Third of three'];
    for (const subject of subjects)
      expect((await send({ ...valid, subject })).statusCode).toBe(201);

    const page1 = await list('?page=1&pageSize=2');
    expect(page1.statusCode).toBe(200);
    expect(Number(page1.headers['x-total-count'])).toBe(await stored());
    expect(page1.json().map((m: { subject: string }) => m.subject)).toEqual([
      'Third of three',
      'Second of three',
    ]);
    expect(page1.json()[0]).toEqual({
      _id: expect.any(String),
      ...valid,
      subject: 'Third of three',
      createdAt: expect.any(String),
    });

    const page2 = await list('?page=2&pageSize=2');
    expect(page2.json()[0].subject).toBe('First of three');

    const all = (await list('?pageSize=100')).json() as { _id: string; createdAt: string }[];
    expect(all).toHaveLength(await stored());
    const times = all.map((m) => Date.parse(m.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(new Set(all.map((m) => m._id)).size).toBe(all.length);
  });

  it.each(['?pageSize=500', '?page=0', '?page=two'])(
    'refuses a bad page query %s with 400',
    async (query) => {
      const res = await list(query);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'invalid_input', fields: expect.any(Object) });
    },
  );
});

describe('contact rate limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { CONTACT_LIMIT_PER_HOUR: '3' } });
  });
  afterAll(async () => {
    await t.close();
  });

  const send = (remoteAddress: string, payload: object = valid) =>
    t.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { origin: ORIGIN },
      remoteAddress,
      payload,
    });
  const stored = async () =>
    (await t.database.db.select({ n: count() }).from(contactMessages))[0]?.n ?? 0;

  it('answers 429 with Retry-After once an address has sent its messages for the hour', async () => {
    const address = someClientAddress();
    for (let i = 0; i < 3; i++) expect((await send(address)).statusCode).toBe(201);
    const before = await stored();

    const limited = await send(address);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json()).toEqual({
      error: 'rate_limited',
      message: expect.stringMatching(/Too many messages/),
    });
    expect(await stored()).toBe(before);

    // Someone else is not held back by this address.
    expect((await send(someClientAddress())).statusCode).toBe(201);
  });

  it('does not count messages refused as invalid', async () => {
    const address = someClientAddress();
    for (let i = 0; i < 5; i++)
      expect((await send(address, { ...valid, email: 'nope' })).statusCode).toBe(400);
    for (let i = 0; i < 3; i++) expect((await send(address)).statusCode).toBe(201);
    expect((await send(address)).statusCode).toBe(429);
  });
});
