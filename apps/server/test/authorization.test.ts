import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORIGIN, signUp, uniqueEmail, type Account } from './helpers/accounts.js';
import { buildTestApp, type TestApp } from './helpers/build-test-app.js';

type Actor = 'anonymous' | 'buyer' | 'otherBuyer' | 'admin';

interface RouteCase {
  route: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** The URL to call; `target` is a fresh buyer made for this call, to change or remove. */
  url: (who: { buyer: Account; target: Account }) => string;
  payload?: Record<string, string>;
  expected: Record<Actor, number>;
}

const everyone = (status: number) => ({
  anonymous: status,
  buyer: status,
  otherBuyer: status,
  admin: status,
});

/** Every route that exists, and exactly what each kind of caller gets. Add new routes here. */
const routes: RouteCase[] = [
  { route: 'health', method: 'GET', url: () => '/api/health', expected: everyone(200) },
  { route: 'product list', method: 'GET', url: () => '/api/tool', expected: everyone(200) },
  { route: 'review list', method: 'GET', url: () => '/api/review', expected: everyone(200) },
  { route: 'auth options', method: 'GET', url: () => '/api/auth-options', expected: everyone(200) },
  { route: 'session', method: 'GET', url: () => '/api/auth/get-session', expected: everyone(200) },
  {
    route: "buyer's admin status",
    method: 'GET',
    url: ({ buyer }) => `/api/admin/${buyer.email}`,
    expected: { anonymous: 401, buyer: 200, otherBuyer: 403, admin: 200 },
  },
  {
    route: 'user list',
    method: 'GET',
    url: () => '/api/user',
    expected: { anonymous: 401, buyer: 403, otherBuyer: 403, admin: 200 },
  },
  {
    route: 'make admin',
    method: 'PUT',
    url: ({ target }) => `/api/user/admin/${target.email}`,
    expected: { anonymous: 401, buyer: 403, otherBuyer: 403, admin: 200 },
  },
  {
    route: 'demote admin',
    method: 'DELETE',
    url: ({ target }) => `/api/user/admin/${target.email}`,
    expected: { anonymous: 401, buyer: 403, otherBuyer: 403, admin: 200 },
  },
  {
    route: 'remove user',
    method: 'DELETE',
    url: ({ target }) => `/api/user/${target.email}`,
    expected: { anonymous: 401, buyer: 403, otherBuyer: 403, admin: 204 },
  },
  {
    route: "buyer's profile",
    method: 'PUT',
    url: ({ buyer }) => `/api/user/${buyer.email}`,
    payload: { phone: '+1 555 0100', address: '1 Yard Lane' },
    expected: { anonymous: 401, buyer: 200, otherBuyer: 403, admin: 403 },
  },
];

describe('authorisation of every route', () => {
  let t: TestApp;
  let callers: Record<Exclude<Actor, 'anonymous'>, Account>;
  const adminEmail = uniqueEmail('admin');

  beforeAll(async () => {
    t = await buildTestApp({ env: { ADMIN_EMAILS: adminEmail } });
    callers = {
      buyer: await signUp(t.app),
      otherBuyer: await signUp(t.app),
      admin: await signUp(t.app, { email: adminEmail }),
    };
  });
  afterAll(async () => {
    await t.close();
  });

  const actors: Actor[] = ['anonymous', 'buyer', 'otherBuyer', 'admin'];
  const cases = routes.flatMap((r) => actors.map((actor) => ({ ...r, actor })));

  it.each(cases)('$method $route as $actor', async ({ method, url, payload, expected, actor }) => {
    const target = await signUp(t.app);
    const res = await t.app.inject({
      method,
      url: url({ buyer: callers.buyer, target }),
      headers: {
        origin: ORIGIN,
        ...(actor === 'anonymous' ? {} : { cookie: callers[actor].cookie }),
      },
      ...(payload === undefined ? {} : { payload }),
    });
    expect(res.statusCode, res.body).toBe(expected[actor]);
    if (res.statusCode >= 400) {
      expect(res.json()).toEqual({ error: expect.any(String), message: expect.any(String) });
    }
  });
});
