import { isNull } from 'drizzle-orm';
import type * as FastifyModule from 'fastify';
import type { InjectOptions } from 'fastify';
import { errorBodySchema, errorCodes } from '@toolyard/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { orders, products, reviews } from '../src/db/schema.js';
import { ORIGIN, signUp, uniqueEmail, type Account } from './helpers/accounts.js';
import { buildTestApp, type TestApp } from './helpers/build-test-app.js';
import { createProduct } from './helpers/catalog.js';
import { fileUpload, ONE_PIXEL_PNG } from './helpers/multipart.js';
import { DELIVERY } from './helpers/orders.js';

/*
 * A bounded, deterministic fuzz of every route the server declares, as an anonymous visitor, a
 * buyer, an admin and a caller with a forged credential: malformed and deeply nested JSON,
 * wrong types, 100 KB strings, control characters, odd numbers and unicode, bad ids in paths,
 * odd query strings and headers, wrong content types, empty bodies.
 *
 * It asserts that nothing answers 5xx, that every 4xx has the API's error shape, and that stock
 * and orders changed only as far as the answers say they did: every new order is one a 2xx
 * answer returned (its quantity is the only change in its product's stock), every new product
 * one a 2xx answer created, and everything that existed before is as it was.
 *
 * Routes come from the server itself (an onRoute hook on every Fastify instance), so a new
 * route is fuzzed without a change here; SEED_BODIES gives a route a valid body to mutate.
 * FUZZ_SEED=<n> replays another sequence.
 */

const SEED = Number(process.env.FUZZ_SEED ?? 20_240_917);
/** Cases per route and caller: 48 calls a route, about 3,000 in all (10 s on PGlite). */
const CASES = 12;

const seen = vi.hoisted(() => ({
  routes: [] as { method: string; url: string }[],
  errors: [] as string[],
}));

// Records each route as it is declared, and each error before the error handler answers it.
vi.mock('fastify', async (importOriginal) => {
  const actual = await importOriginal<typeof FastifyModule>();
  const build = (options?: FastifyModule.FastifyServerOptions) => {
    const app = actual.default(options);
    app.addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) seen.routes.push({ method, url: route.url });
    });
    app.addHook('onError', (_request, _reply, error, done) => {
      seen.errors.push(String(error.stack ?? error));
      done();
    });
    return app;
  };
  return { ...actual, default: build as unknown as typeof actual.default };
});

/** mulberry32: a tiny seeded PRNG, so every run sends the same requests. */
function createRng(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = state;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(items: readonly T[]): T => {
    const item = items[int(items.length)];
    if (item === undefined) throw new Error('pick from an empty list');
    return item;
  };
  const hex = (n: number) => Array.from({ length: n }, () => int(16).toString(16)).join('');
  return {
    int,
    pick,
    chance: (p: number) => next() < p,
    /** A well-formed v4 UUID that names nothing. */
    uuid: () => `${hex(8)}-${hex(4)}-4${hex(3)}-${pick(['8', '9', 'a', 'b'])}${hex(3)}-${hex(12)}`,
  };
}
type Rng = ReturnType<typeof createRng>;

const KB100 = 100 * 1024;
const nested = (depth: number, leaf: unknown = 1): unknown => {
  let value = leaf;
  for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { a: value };
  return value;
};

/** Hostile JSON values for any field. */
const HOSTILE_VALUES: readonly unknown[] = [
  null,
  true,
  false,
  0,
  -1,
  0.5,
  -0.01,
  1e-9,
  2 ** 31 - 1,
  2 ** 31,
  2 ** 32 + 1,
  2 ** 53 + 2,
  1e21,
  1e308,
  -1e308,
  '',
  ' ',
  '0',
  '12',
  ' 12 ',
  '24.99',
  '-3',
  '1e3',
  '0x10',
  '1_000',
  '12abc',
  'NaN',
  'Infinity',
  '-Infinity',
  '99999999999999999999',
  '2147483648',
  '0.000000001',
  '١٢',
  '１２',
  '\u0000',
  'a\u0000b',
  '\u0001\u0008\u001b[31m',
  '\u007f',
  'line\r\nbreak\ttab',
  '\u2028\u2029',
  '\u202eevil',
  'zero\u200bwidth\ufeff',
  'e\u0301\u0301\u0301',
  '😀'.repeat(30),
  '\ud800',
  'x\udfffy',
  '\uffff\ufffe',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '${7*7}{{7*7}}',
  '../../../etc/passwd',
  'https://evil.example/x.png',
  'a'.repeat(KB100),
  'é'.repeat(KB100 / 2),
  [],
  [1, 'a', null],
  {},
  { $gt: '' },
  nested(40),
  nested(300),
];

/** Raw bodies that are not (usable) JSON, sent as application/json unless stated. */
const RAW_BODIES: readonly { payload: string | Buffer; type?: string }[] = [
  { payload: '' },
  { payload: '{' },
  { payload: '{"a":' },
  { payload: '[1,2' },
  { payload: '{"a":1}}' },
  { payload: '{"a":1,}' },
  { payload: "{'a':1}" },
  { payload: 'nul' },
  { payload: 'null' },
  { payload: 'true' },
  { payload: '42' },
  { payload: '"a string"' },
  { payload: '[]' },
  { payload: 'NaN' },
  { payload: '1e999' },
  { payload: '{"n":1e999}' },
  { payload: '{"n":-0}' },
  { payload: '\ufeff{"a":1}' },
  { payload: '{"a":"\\ud800"}' },
  { payload: '{"a":"\\u0000"}' },
  { payload: '{"__proto__":{"admin":true},"constructor":{"prototype":{"role":"admin"}}}' },
  { payload: '{"a":1,"a":2}' },
  { payload: '{"a":' + '['.repeat(5000) + ']'.repeat(5000) + '}' },
  { payload: '{"a":'.repeat(5000) + '1' + '}'.repeat(5000) },
  { payload: JSON.stringify({ big: 'x'.repeat(KB100) }) },
  { payload: JSON.stringify({ huge: 'x'.repeat(1100 * 1024) }) },
  { payload: Buffer.from([0xff, 0xfe, 0x00, 0x7b, 0xc3, 0x28]) },
  { payload: '{"a":1}', type: 'application/json; charset=utf-16' },
  { payload: '{"a":1}', type: 'text/plain' },
  { payload: 'a=1&b=2&a=3', type: 'application/x-www-form-urlencoded' },
  { payload: '<a>1</a>', type: 'application/xml' },
  {
    payload: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n',
    type: 'multipart/form-data; boundary=x',
  },
  { payload: 'garbage', type: 'multipart/form-data' },
  { payload: '{"a":1}', type: 'application/vnd.api+json' },
  { payload: '{"a":1}', type: 'application/json, text/html' },
  { payload: '{"a":1}', type: '' },
];

/** What an upload route gets besides the generic bodies. */
function uploadBodies(rng: Rng): { payload: Buffer; headers: Record<string, string> } {
  return rng.pick([
    () => fileUpload('x.png', 'image/png', Buffer.from('not a png at all')),
    () => fileUpload('x.svg', 'image/svg+xml', Buffer.from('<svg onload="alert(1)"/>')),
    () => fileUpload('x.html', 'text/html', Buffer.from('<script>alert(1)</script>')),
    () => fileUpload('x.png', 'image/png', Buffer.alloc(0)),
    () => fileUpload('x.png', 'image/png', ONE_PIXEL_PNG.subarray(0, 7)),
    () => fileUpload('\u0000.png', 'image/png', Buffer.from('x')),
    () => fileUpload('../../x.png', 'image/png', Buffer.from('GIF8')),
    () => fileUpload('big.png', 'image/png', Buffer.alloc(2 * 1024 * 1024 + 10, 0x89)),
    () => {
      const upload = fileUpload('x.png', 'image/png', ONE_PIXEL_PNG);
      return { ...upload, payload: upload.payload.subarray(0, upload.payload.length - 8) };
    },
    () => {
      const upload = fileUpload('x.png', 'image/png', Buffer.from('x'));
      return { ...upload, headers: { 'content-type': 'multipart/form-data; boundary=wrong' } };
    },
  ])();
}

const ID_VALUES = [
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  'null',
  'undefined',
  '0',
  '-1',
  '1e309',
  'NaN',
  'not-a-uuid',
  '%00',
  'a%00b',
  '%ZZ',
  '%E0%A4%A',
  '..%2F..%2Fetc%2Fpasswd',
  '%F0%9F%98%80',
  '%20',
  "'%20OR%201=1--",
  '%D9%A3',
  'x'.repeat(150),
];
const EMAIL_VALUES = [
  'a@b',
  '@',
  'no-at-sign',
  '%00%40example.com',
  'a%00b%40example.com',
  `${'x'.repeat(300)}%40example.com`,
  '%20',
  '%ZZ',
  'a%40b%40c.com',
  '%22a%20b%22%40example.com',
  'user%40%5B127.0.0.1%5D',
  '%C3%BC%40ex%C3%A4mple.com',
  '..%2F..%2Fx',
];
const WILDCARD_VALUES = [
  'list-sessions',
  'admin/set-role',
  'admin/impersonate-user',
  'admin/create-user',
  'delete-user',
  'change-password',
  'revoke-sessions',
  'get-session/extra',
  'sign-in/email/x',
  '%00',
  '..%2F..%2Fapi%2Ftool',
  'x'.repeat(2000),
];
const QUERIES = [
  'page=1&page=2',
  'page[]=1',
  'page[x]=1',
  'page=-1',
  'page=0',
  'page=1.5',
  'page=1e309',
  'page=NaN',
  'page=0x10',
  'page=%20',
  'page=99999999999999999999',
  'pageSize=0',
  'pageSize=101',
  'pageSize=100000000000',
  'pageSize=%00',
  'q=%00',
  'q=a%00b',
  'q=%1B%5B31m',
  'q=%ZZ',
  'q=%E0%A4%A',
  `q=${'a'.repeat(KB100)}`,
  'q=%27%20OR%201%3D1--',
  'q=%F0%9F%98%80%E2%80%AE',
  'q=a&q=b&q=c',
  'BuyerEmail=not-an-email',
  'BuyerEmail=a%00%40b.com',
  'BuyerEmail=x&BuyerEmail=y',
  'status=bogus',
  'status=paid&status=cancelled',
  '__proto__[admin]=1',
  'constructor[prototype][x]=1',
  'q',
  '=',
  '&&&',
  'a=1;b=2',
  'disableCookieCache=true&disableRefresh=1',
];
const FORGED_AUTH: readonly Record<string, string>[] = [
  { authorization: 'Bearer ' },
  { authorization: 'Bearer x' },
  { authorization: `Bearer ${'a'.repeat(10_000)}` },
  { authorization: 'Basic YWRtaW46YWRtaW4=' },
  { authorization: 'Bearer caf\u00e9.%00' },
  { cookie: 'better-auth.session_token=%00' },
  { cookie: `better-auth.session_token=${'b'.repeat(5000)}` },
  { cookie: 'better-auth.session_token=x.y; better-auth.session_token=z' },
];

type Caller = 'anonymous' | 'buyer' | 'admin' | 'forged';
const CALLERS: readonly Caller[] = ['anonymous', 'buyer', 'admin', 'forged'];

interface Fixtures {
  buyer: Account;
  admin: Account;
  /** Signs out under fuzz, in place of the buyer and the admin. */
  spare: Account;
  productId: string;
  expensiveId: string;
  /** The one product PUT /api/tool/{id} may change with a valid body. */
  scratchId: string;
  orderId: string;
  paidOrderId: string;
  reviewId: string;
  imageId: string;
}

interface Snapshot {
  stock: Map<string, number>;
  orders: Map<string, string>;
}

interface Sent {
  caller: Caller;
  url: string;
  options: InjectOptions;
  preview: string;
}

const isRead = (method: string) => method === 'GET' || method === 'HEAD';

describe('fuzzing every route', () => {
  let t: TestApp;
  let fx: Fixtures;
  let before: Snapshot;
  const adminEmail = uniqueEmail('fuzz-admin');

  beforeAll(async () => {
    t = await buildTestApp({ seed: true, env: { ADMIN_EMAILS: adminEmail } });
    const buyer = await signUp(t.app);
    const admin = await signUp(t.app, { email: adminEmail });
    const spare = await signUp(t.app);
    const productId = await createProduct(t.database, { availableQuantity: 500, priceCents: 999 });
    const expensiveId = await createProduct(t.database, {
      availableQuantity: 1_000_000,
      priceCents: 100_000_000,
    });
    const scratchId = await createProduct(t.database, { availableQuantity: 5 });
    const place = async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/order',
        headers: { authorization: `Bearer ${buyer.token}` },
        payload: { itemId: productId, OrderQuantity: 2, ...DELIVERY },
      });
      expect(res.statusCode, res.body).toBe(201);
      return (res.json() as { _id: string })._id;
    };
    const orderId = await place();
    const paidOrderId = await place();
    const paid = await t.app.inject({
      method: 'POST',
      url: `/api/order/${paidOrderId}/pay`,
      headers: { authorization: `Bearer ${buyer.token}` },
      payload: { cardNumber: '4242424242424242', expMonth: 12, expYear: 2099, cvc: '123' },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const [review] = await t.database.db.select({ id: reviews.id }).from(reviews).limit(1);
    const upload = fileUpload('x.png', 'image/png', ONE_PIXEL_PNG);
    const image = await t.app.inject({
      method: 'POST',
      url: '/api/images',
      headers: { ...upload.headers, authorization: `Bearer ${admin.token}`, origin: ORIGIN },
      payload: upload.payload,
    });
    expect(image.statusCode, image.body).toBe(201);
    fx = {
      buyer,
      admin,
      spare,
      productId,
      expensiveId,
      scratchId,
      orderId,
      paidOrderId,
      reviewId: review?.id ?? '',
      imageId: (image.json() as { url: string }).url.split('/').at(-1) ?? '',
    };
    before = await snapshot();
  });
  afterAll(async () => {
    await t?.close();
  });

  async function snapshot(): Promise<Snapshot> {
    const stock = await t.database.db
      .select({ id: products.id, quantity: products.availableQuantity })
      .from(products)
      .where(isNull(products.archivedAt));
    const rows = await t.database.db
      .select({
        id: orders.id,
        itemId: orders.itemId,
        quantity: orders.orderQuantity,
        total: orders.totalCents,
        status: orders.status,
      })
      .from(orders);
    return {
      stock: new Map(stock.map((p) => [p.id, p.quantity])),
      orders: new Map(rows.map((o) => [o.id, `${o.itemId} ×${o.quantity} ${o.total} ${o.status}`])),
    };
  }

  /** Valid bodies to mutate, by route; a route not listed starts from `{}`. */
  function seedBody(route: string, rng: Rng): Record<string, unknown> | undefined {
    const product = {
      name: 'Fuzz Tool',
      description: 'A tool.',
      price: 12.5,
      img: '/images/tools/claw-hammer.svg',
      AvailableQuantity: 3,
      MinOrderQuantity: 1,
    };
    const bodies: Record<string, Record<string, unknown>> = {
      'POST /api/tool': product,
      'PUT /api/tool/:id': product,
      'POST /api/review': { name: 'Fuzz', words: 'Fine tools.', rating: 5 },
      'PUT /api/review/:id/hidden': { hidden: rng.chance(0.5) },
      'POST /api/categories': { name: 'Fuzz Category', parentId: null },
      'PUT /api/categories/:id': { name: 'Fuzz Category', slug: 'fuzz-category' },
      'POST /api/order': {
        itemId: rng.pick([fx.productId, fx.expensiveId]),
        OrderQuantity: 1,
        Contact: '555 0100',
        Address: '1 Main St',
      },
      'POST /api/order/:id/pay': {
        cardNumber: '4242 4242 4242 4242',
        expMonth: 12,
        expYear: 2099,
        cvc: '123',
      },
      'POST /api/contact': { email: 'fuzz@example.com', subject: 'Hello', message: 'Hi there' },
      'POST /api/auth/sign-in/email': { email: fx.buyer.email, password: 'not the password' },
      'POST /api/auth/sign-up/email': {
        name: 'Fuzz Buyer',
        email: `fuzz-${rng.uuid().slice(0, 8)}@example.com`,
        password: 'correct horse battery',
      },
      'POST /api/auth/update-user': { name: 'Fuzzed Name' },
      'POST /api/auth/sign-in/social': { provider: 'google', callbackURL: '/' },
      'PUT /api/user/:email': { phone: '555 0100', address: '1 Main St' },
    };
    return bodies[route];
  }

  /** A value for a path parameter: malformed, or well formed and naming nothing. */
  function paramValue(name: string, method: string, caller: Caller, rng: Rng): string {
    if (name === '*') return rng.pick(WILDCARD_VALUES);
    if (name === 'email') {
      // Reads may name real accounts; changes only ones that do not exist.
      const own = caller === 'admin' ? fx.admin.email : fx.buyer.email;
      if (isRead(method) && rng.chance(0.3)) return rng.pick([fx.buyer.email, fx.admin.email]);
      if (method === 'PUT' && rng.chance(0.3)) return own.toUpperCase();
      return rng.chance(0.3)
        ? `nobody-${rng.uuid().slice(0, 8)}@example.com`
        : rng.pick(EMAIL_VALUES);
    }
    if (isRead(method) && rng.chance(0.3)) {
      return rng.pick([fx.productId, fx.orderId, fx.paidOrderId, fx.reviewId, fx.imageId]);
    }
    return rng.chance(0.35) ? rng.uuid() : rng.pick(ID_VALUES);
  }

  function buildCase(method: string, url: string, caller: Caller, rng: Rng): Sent {
    const route = `${method} ${url}`;
    let path = url.replace(/:([A-Za-z]+)|\*/g, (whole, name?: string) =>
      paramValue(name ?? whole, method, caller, rng),
    );
    if (route === 'PUT /api/tool/:id' && rng.chance(0.4)) path = `/api/tool/${fx.scratchId}`;
    if (route === 'PUT /api/review/:id/hidden' && rng.chance(0.3)) {
      path = `/api/review/${fx.reviewId}/hidden`;
    }
    if (rng.chance(0.3)) path += `?${rng.pick(QUERIES)}`;

    const headers: Record<string, string> = { origin: ORIGIN };
    const account =
      url === '/api/auth/sign-out' ? fx.spare : caller === 'admin' ? fx.admin : fx.buyer;
    if (caller === 'buyer' || caller === 'admin') {
      // As API clients (bearer) and as the web app (cookie, checked against Origin) sign in.
      if (rng.chance(0.3)) headers.cookie = account.cookie;
      else headers.authorization = `Bearer ${account.token}`;
    } else if (caller === 'forged') {
      Object.assign(headers, rng.pick(FORGED_AUTH));
    }
    if (rng.chance(0.1)) delete headers.origin;
    else if (rng.chance(0.05)) headers.origin = rng.pick(['null', 'http://evil.example']);
    if (rng.chance(0.15)) {
      headers['idempotency-key'] = rng.pick(['', ' ', 'x'.repeat(300), 'caf\u00e9', 'a b', 'k1']);
    }
    if (rng.chance(0.05)) headers.accept = rng.pick(['text/html', 'application/xml', '*/*;q=x']);

    let payload: string | Buffer | undefined;
    if (!isRead(method)) {
      const seed = seedBody(route, rng);
      const mode = rng.int(10);
      if (route === 'POST /api/images' && mode < 6) {
        const upload = uploadBodies(rng);
        payload = upload.payload;
        Object.assign(headers, upload.headers);
      } else if (mode < 6) {
        payload = JSON.stringify(mutate(seed ?? {}, rng));
        headers['content-type'] = 'application/json';
      } else if (mode < 9) {
        const raw = rng.pick(RAW_BODIES);
        payload = raw.payload;
        if (raw.type !== '') headers['content-type'] = raw.type ?? 'application/json';
      } else if (seed && rng.chance(0.5)) {
        // A valid body with an odd path, query or header: the rest of the request is the test.
        payload = JSON.stringify(seed);
        headers['content-type'] = 'application/json';
      }
    }
    const preview = payload === undefined ? '' : String(payload).slice(0, 160);
    return {
      caller,
      url: path,
      options: { method: method as InjectOptions['method'], url: path, headers, payload },
      preview,
    };
  }

  /** The seed with one to three fields set to hostile values (or a hostile body outright). */
  function mutate(seed: Record<string, unknown>, rng: Rng): unknown {
    if (rng.chance(0.1)) return rng.pick(HOSTILE_VALUES);
    const body: Record<string, unknown> = { ...seed };
    const keys = Object.keys(seed);
    const extraKeys = ['__proto__', 'constructor', 'role', 'userId', 'extra', '\u0000', 'é'];
    for (let i = 0, n = 1 + rng.int(3); i < n; i++) {
      const key = keys.length > 0 && rng.chance(0.85) ? rng.pick(keys) : rng.pick(extraKeys);
      if (rng.chance(0.1)) {
        Reflect.deleteProperty(body, key);
        continue;
      }
      Object.defineProperty(body, key, {
        value: rng.pick(HOSTILE_VALUES),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return body;
  }

  it(
    'answers no hostile request with a 5xx, every refusal in the error shape, and changes only what its answers say',
    { timeout: 180_000 },
    async () => {
      const routes = [
        ...new Map(
          [
            ...seen.routes,
            { method: 'GET', url: '/api/nope' },
            { method: 'PATCH', url: '/api/tool/:id' },
          ].map((r) => [`${r.method} ${r.url}`, r]),
        ).values(),
      ].sort((a, b) => `${a.url} ${a.method}`.localeCompare(`${b.url} ${b.method}`));
      // The server declared its routes, the Better Auth ones included.
      expect(routes.length).toBeGreaterThan(30);
      expect(routes.map((r) => `${r.method} ${r.url}`)).toContain('POST /api/auth/sign-in/email');

      const rng = createRng(SEED);
      const failures: string[] = [];
      const badShapes: string[] = [];
      const createdOrders = new Map<string, { itemId: string; quantity: number }>();
      const createdProducts = new Set<string>();
      const statuses = new Map<number, number>();
      const otherCodes = new Map<string, number>();
      let sent = 0;

      for (const { method, url } of routes) {
        for (const caller of CALLERS) {
          for (let i = 0; i < CASES; i++) {
            const request = buildCase(method, url, caller, rng);
            const describeCase = () =>
              `${request.options.method} ${request.url.slice(0, 200)} as ${caller} ` +
              `[${request.options.headers?.['content-type'] ?? ''}] ${JSON.stringify(request.preview)}`;
            const errorsBefore = seen.errors.length;
            let res;
            try {
              res = await t.app.inject(request.options);
            } catch (err) {
              // light-my-request refuses what no client could send (e.g. bad header bytes).
              if (err instanceof TypeError) continue;
              throw err;
            }
            sent++;
            statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
            if (res.statusCode >= 500) {
              const stack = seen.errors
                .slice(errorsBefore)
                .map((e) => e.split('\n').slice(0, 6).join('\n    '))
                .join('\n  ---\n  ');
              failures.push(
                `${res.statusCode} ← ${describeCase()}\n  ${res.body.slice(0, 200)}\n  ${stack}`,
              );
              continue;
            }
            if (res.statusCode >= 400 && method !== 'HEAD') {
              let body: unknown;
              try {
                body = res.json();
              } catch {
                body = undefined;
              }
              const parsed = errorBodySchema.safeParse(body);
              if (!parsed.success) {
                badShapes.push(
                  `${res.statusCode} ← ${describeCase()}\n  ${res.body.slice(0, 200)}`,
                );
              } else if (!(errorCodes as readonly string[]).includes(parsed.data.error)) {
                // In the shape, with a code of Fastify's or Better Auth's own: listed, not failed.
                const code = `${res.statusCode} ${parsed.data.error}`;
                otherCodes.set(code, (otherCodes.get(code) ?? 0) + 1);
              }
            }
            if (res.statusCode >= 200 && res.statusCode < 300) {
              const route = `${method} ${url}`;
              if (route === 'POST /api/order') {
                const order = res.json() as { _id: string; itemId: string; OrderQuantity: number };
                createdOrders.set(order._id, {
                  itemId: order.itemId,
                  quantity: order.OrderQuantity,
                });
              } else if (route === 'POST /api/tool') {
                createdProducts.add((res.json() as { _id: string })._id);
              }
            }
          }
        }
      }

      const summary = `seed ${SEED}, ${sent} requests over ${routes.length} routes; statuses ${JSON.stringify(Object.fromEntries(statuses))}`;
      console.info(
        `fuzz: ${summary}; ${createdOrders.size} orders and ${createdProducts.size} products ` +
          `created by valid inputs; error codes outside the catalogue: ${JSON.stringify(Object.fromEntries(otherCodes))}`,
      );
      expect(sent).toBeGreaterThan(2000);
      expect(failures, `${summary}\n${failures.join('\n\n')}`).toEqual([]);
      expect(badShapes, `${summary}\n${badShapes.join('\n\n')}`).toEqual([]);

      // The buyer's and the admin's sessions lasted the whole run (else they were fuzzed as no one).
      for (const account of [fx.buyer, fx.admin]) {
        const session = await t.app.inject({
          method: 'GET',
          url: '/api/auth/get-session',
          headers: { authorization: `Bearer ${account.token}` },
        });
        expect(session.json()).toMatchObject({ user: { email: account.email } });
      }

      // Stock and orders: changed only as the 2xx answers say.
      const after = await snapshot();
      for (const [id, order] of before.orders) {
        expect(after.orders.get(id), `order ${id}`).toBe(order);
      }
      const newOrders = [...after.orders.keys()].filter((id) => !before.orders.has(id)).sort();
      expect(newOrders).toEqual([...createdOrders.keys()].sort());
      const newProducts = [...after.stock.keys()].filter((id) => !before.stock.has(id)).sort();
      expect(newProducts).toEqual([...createdProducts].sort());

      const expected = new Map(before.stock);
      expected.delete(fx.scratchId);
      for (const { itemId, quantity } of createdOrders.values()) {
        if (expected.has(itemId)) expected.set(itemId, (expected.get(itemId) ?? 0) - quantity);
      }
      const actual = new Map([...after.stock].filter(([id]) => expected.has(id)));
      expect(actual).toEqual(expected);
      const sum = (stock: Map<string, number>) => [...stock.values()].reduce((a, b) => a + b, 0);
      const ordered = [...createdOrders.values()].reduce((a, o) => a + o.quantity, 0);
      expect(sum(actual)).toBe(
        sum(new Map([...before.stock].filter(([id]) => id !== fx.scratchId))) - ordered,
      );
      expect(after.stock.has(fx.scratchId)).toBe(true);
    },
  );
});
