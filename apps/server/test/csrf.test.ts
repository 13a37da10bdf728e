import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import type * as FastifyModule from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { categories, orders, products, reviews, users } from '../src/db/schema.js';
import { ORIGIN, signUp, uniqueEmail, type Account } from './helpers/accounts.js';
import { buildTestApp, type TestApp } from './helpers/build-test-app.js';
import { createProduct } from './helpers/catalog.js';

/*
 * The cross-site check must hold for every state-changing route however its path is written.
 * The router decodes and matches a path that the raw URL does not show (`/%61pi/...` is
 * `/api/...`), so each route is called with each such spelling, on a real socket (so that the
 * bytes of the path reach the server as written), with an admin's session cookie and another
 * site's Origin.
 */

const seen = vi.hoisted(() => ({ routes: [] as { method: string; url: string }[] }));

// Records each route as it is declared, so that a new route is covered without a change here.
vi.mock('fastify', async (importOriginal) => {
  const actual = await importOriginal<typeof FastifyModule>();
  const build = (options?: FastifyModule.FastifyServerOptions) => {
    const app = actual.default(options);
    app.addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) seen.routes.push({ method, url: route.url });
    });
    return app;
  };
  return { ...actual, default: build as unknown as typeof actual.default };
});

const FOREIGN = 'https://evil.example';
const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The ways of writing `/api/...` that route, or might route, to the same handler. */
const TRICKS: [string, (path: string) => string][] = [
  ['as declared', (p) => p],
  ['%61 for a', (p) => p.replace(/^\/api\//, '/%61pi/')],
  ['every letter encoded', (p) => p.replace(/^\/api\//, '/%61%70%69/')],
  ['upper-case escape', (p) => p.replace(/^\/api\//, '/%41PI/')],
  ['%2F for the slash', (p) => p.replace(/^\/api\//, '/api%2F')],
  ['%2f for the slash', (p) => p.replace(/^\/api\//, '/api%2f')],
  ['a doubled leading slash', (p) => `/${p}`],
  ['a doubled inner slash', (p) => p.replace(/^\/api\//, '/api//')],
  ['upper case', (p) => p.replace(/^\/api\//, '/API/')],
  ['mixed case', (p) => p.replace(/^\/api\//, '/aPi/')],
  ['a trailing dot', (p) => `${p}.`],
  ['a dot after api', (p) => p.replace(/^\/api\//, '/api./')],
  ['a dot segment', (p) => p.replace(/^\/api\//, '/./api/')],
  ['an encoded dot segment', (p) => p.replace(/^\/api\//, '/%2e/api/')],
  ['a trailing slash', (p) => `${p}/`],
  [
    'a later segment encoded',
    (p) =>
      p.replace(
        /\/([a-z])([a-z-]*)$/,
        (_m, c: string, rest: string) => `/%${c.charCodeAt(0).toString(16)}${rest}`,
      ),
  ],
];

interface Answer {
  status: number;
  body: string;
}

describe('the cross-site check on every unsafe route', () => {
  let t: TestApp;
  let base: { host: string; port: number };
  let admin: Account;
  let target: Account;
  const adminEmail = uniqueEmail('admin');
  const ids = { product: '', pending: '', paid: '', spare: '', review: '', category: '' };
  let cart = '';

  /** One request on its own socket, the path sent byte for byte as given. */
  function send(
    method: string,
    path: string,
    headers: Record<string, string>,
    body?: string,
  ): Promise<Answer> {
    return new Promise((resolve, reject) => {
      const req = httpRequest(
        {
          ...base,
          method,
          path,
          headers: {
            ...headers,
            ...(body === undefined ? {} : { 'content-length': String(Buffer.byteLength(body)) }),
          },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (text += chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  }

  const asAdmin = (method: string, path: string, payload?: object) =>
    t.app.inject({
      method: method as 'POST',
      url: path,
      headers: { origin: ORIGIN, cookie: admin.cookie },
      ...(payload ? { payload } : {}),
    });

  beforeAll(async () => {
    t = await buildTestApp({ env: { ADMIN_EMAILS: adminEmail } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = { host: '127.0.0.1', port: (t.app.server.address() as AddressInfo).port };
    admin = await signUp(t.app, { email: adminEmail });
    target = await signUp(t.app);
    ids.product = await createProduct(t.database, { availableQuantity: 50 });
    const place = async () => {
      const res = await asAdmin('POST', '/api/order', {
        itemId: ids.product,
        OrderQuantity: 2,
        Contact: '+1 555 0100',
        Address: '1 Yard Lane, Springfield',
      });
      expect(res.statusCode).toBe(201);
      return res.json()._id as string;
    };
    ids.pending = await place();
    ids.spare = await place();
    ids.paid = await place();
    const paid = await asAdmin('POST', `/api/order/${ids.paid}/pay`, {
      cardNumber: '4242 4242 4242 4242',
      expMonth: 12,
      expYear: new Date().getFullYear() + 3,
      cvc: '123',
    });
    expect(paid.statusCode).toBe(200);
    expect(
      (await asAdmin('PUT', `/api/cart/lines/${ids.product}`, { quantity: 3 })).statusCode,
    ).toBe(200);
    cart = (await asAdmin('GET', '/api/cart')).body;
    const [review] = await t.database.db
      .insert(reviews)
      .values({ name: 'Csrf Review', words: 'Fine.', rating: 4 })
      .returning({ id: reviews.id });
    const [category] = await t.database.db
      .insert(categories)
      .values({ name: 'Csrf', slug: `csrf-${crypto.randomUUID()}` })
      .returning({ id: categories.id });
    ids.review = review?.id ?? '';
    ids.category = category?.id ?? '';
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Every unsafe route the server declared, with its parameters filled from real rows. */
  function unsafeRoutes() {
    const routes = new Map<string, { method: string; path: string }>();
    for (const { method, url } of seen.routes) {
      if (SAFE.has(method)) continue;
      const path = url
        .replace(/^\/api\/order\/:id\/(refund|ship)/, `/api/order/${ids.paid}/$1`)
        .replace(/^\/api\/order\/:id/, `/api/order/${ids.pending}`)
        .replace(/^\/api\/tool\/:id/, `/api/tool/${ids.product}`)
        .replace(/^\/api\/categories\/:id/, `/api/categories/${ids.category}`)
        .replace(/^\/api\/review\/:id/, `/api/review/${ids.review}`)
        .replace(/:email/, encodeURIComponent(target.email))
        .replace(/:itemId/, ids.product)
        .replace(/:[A-Za-z]+/g, crypto.randomUUID())
        .replace(/\*$/, 'list-sessions');
      routes.set(`${method} ${path}`, { method, path });
    }
    return [...routes.values()];
  }

  it('declares the state-changing routes the audit reached', () => {
    const declared = seen.routes.map((r) => `${r.method} ${r.url}`);
    for (const route of [
      'POST /api/order',
      'POST /api/order/:id/cancel',
      'POST /api/order/:id/refund',
      'PUT /api/cart/lines/:itemId',
      'POST /api/review',
      'PUT /api/user/:email',
      'PUT /api/user/admin/:email',
      'DELETE /api/user/admin/:email',
      'DELETE /api/user/:email',
    ]) {
      expect(declared).toContain(route);
    }
    expect(unsafeRoutes().length).toBeGreaterThan(30);
  });

  it('refuses every unsafe route, however its path is written, from another site or with no Origin', async () => {
    const passed: string[] = [];
    for (const { method, path } of unsafeRoutes()) {
      for (const [trick, spell] of TRICKS) {
        for (const origin of [FOREIGN, 'null', undefined]) {
          const res = await send(
            method,
            spell(path),
            {
              cookie: admin.cookie,
              'content-type': 'application/json',
              ...(origin ? { origin } : {}),
            },
            '{}',
          );
          let code: unknown;
          try {
            code = (JSON.parse(res.body) as { error?: unknown }).error;
          } catch {
            code = res.body.slice(0, 40);
          }
          if (res.status !== 403 || code !== 'forbidden') {
            passed.push(`${method} ${spell(path)} (${trick}, Origin ${origin}): ${res.status}`);
          }
        }
      }
    }
    expect(passed).toEqual([]);
  });

  it('refuses the text/plain and form posts a page on another site can send without asking', async () => {
    const passed: string[] = [];
    for (const { method, path } of unsafeRoutes().filter((r) => r.method === 'POST')) {
      for (const [trick, spell] of TRICKS) {
        for (const type of ['text/plain', 'application/x-www-form-urlencoded']) {
          const res = await send(
            method,
            spell(path),
            { cookie: admin.cookie, origin: FOREIGN, 'content-type': type },
            'a=b',
          );
          if (res.status !== 403)
            passed.push(`${method} ${spell(path)} (${trick}, ${type}): ${res.status}`);
        }
      }
    }
    expect(passed).toEqual([]);
  });

  it('left everything as it was: orders, roles, accounts, products, reviews and the cart', async () => {
    const statusOf = async (id: string) =>
      (
        await t.database.db.select({ status: orders.status }).from(orders).where(eq(orders.id, id))
      )[0]?.status;
    expect(await statusOf(ids.pending)).toBe('pending');
    expect(await statusOf(ids.paid)).toBe('paid');
    const [person] = await t.database.db
      .select({ role: users.role })
      .from(users)
      .where(eq(users.email, target.email));
    expect(person?.role).toBe('user');
    const [product] = await t.database.db
      .select({ archived: products.archivedAt })
      .from(products)
      .where(eq(products.id, ids.product));
    expect(product).toEqual({ archived: null });
    const [review] = await t.database.db
      .select({ hiddenAt: reviews.hiddenAt })
      .from(reviews)
      .where(eq(reviews.id, ids.review));
    expect(review).toEqual({ hiddenAt: null });
    expect((await asAdmin('GET', '/api/cart')).body).toBe(cart);
    expect((await asAdmin('GET', `/api/user`)).json()).toEqual(
      expect.arrayContaining([expect.objectContaining({ email: target.email })]),
    );
  });

  it('routes the encoded path to the handler: from our own page it does what it says', async () => {
    const res = await send('POST', `/%61pi/order/${ids.spare}/cancel`, {
      cookie: admin.cookie,
      origin: ORIGIN,
    });
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toMatchObject({ _id: ids.spare, status: 'cancelled' });
  });
});
