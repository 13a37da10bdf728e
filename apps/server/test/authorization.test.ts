import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartLines, categories, orderLines, orders, products, reviews } from '../src/db/schema.js';
import { ORIGIN, signUp, uniqueEmail, type Account } from './helpers/accounts.js';
import { buildTestApp, type TestApp } from './helpers/build-test-app.js';
import { createProduct } from './helpers/catalog.js';
import { fileUpload, ONE_PIXEL_PNG } from './helpers/multipart.js';
import { startStripeStandIn, type StripeStandIn } from './helpers/stripe-stand-in.js';
import { DELIVERY } from './helpers/orders.js';

type Actor = 'anonymous' | 'buyer' | 'otherBuyer' | 'admin';

interface Context {
  buyer: Account;
  /** A fresh buyer, to promote, demote or remove. */
  target: Account;
  /** A fresh product. */
  productId: string;
  /** Fresh orders of `buyer`'s: one unpaid, one paid. */
  orderId: string;
  paidOrderId: string;
  /** A fresh review, shown on the shop. */
  reviewId: string;
  /** A fresh, empty category. */
  categoryId: string;
}

const productBody = {
  name: 'Matrix Tool',
  description: '',
  price: 5,
  img: '/images/tools/claw-hammer.svg',
  AvailableQuantity: 10,
  MinOrderQuantity: 1,
};

interface RouteCase {
  route: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** The URL to call, from things made fresh for each call (so changes do not leak). */
  url: (ctx: Context) => string;
  payload?: (ctx: Context) => Record<string, unknown>;
  /** Send a one-pixel PNG as a multipart upload. */
  upload?: boolean;
  expected: Record<Actor, number>;
}

const everyone = (status: number) => ({
  anonymous: status,
  buyer: status,
  otherBuyer: status,
  admin: status,
});

const signedIn = (status: number) => ({ ...everyone(status), anonymous: 401 });

/** Every route that exists, and exactly what each kind of caller gets. Add new routes here. */
const routes: RouteCase[] = [
  { route: 'health', method: 'GET', url: () => '/api/health', expected: everyone(200) },
  { route: 'product list', method: 'GET', url: () => '/api/tool', expected: everyone(200) },
  { route: 'review list', method: 'GET', url: () => '/api/review', expected: everyone(200) },
  { route: 'auth options', method: 'GET', url: () => '/api/auth-options', expected: everyone(200) },
  { route: 'session', method: 'GET', url: () => '/api/auth/get-session', expected: everyone(200) },
  {
    route: 'own name',
    method: 'POST',
    url: () => '/api/auth/update-user',
    payload: () => ({ name: 'Matrix Name' }),
    expected: { anonymous: 401, buyer: 200, otherBuyer: 200, admin: 200 },
  },
  // Mail-backed account routes (ADR 017): the same answer whether or not an address exists.
  {
    route: 'send the verification link again',
    method: 'POST',
    url: () => '/api/auth/send-verification-email',
    payload: ({ buyer }) => ({ email: buyer.email }),
    // Signed in, only for one's own unconfirmed address; the buyer's is confirmed already.
    expected: { anonymous: 200, buyer: 409, otherBuyer: 400, admin: 400 },
  },
  {
    route: 'follow a verification link (not valid)',
    method: 'GET',
    url: () => '/api/auth/verify-email?token=not-a-token',
    expected: everyone(302),
  },
  {
    route: 'ask for a reset link',
    method: 'POST',
    url: () => '/api/auth/request-password-reset',
    payload: ({ buyer }) => ({ email: buyer.email }),
    expected: everyone(200),
  },
  {
    route: 'follow a reset link (not valid)',
    method: 'GET',
    url: () => '/api/auth/reset-password/not-a-token',
    expected: everyone(302),
  },
  {
    route: 'set a new password by link (not valid)',
    method: 'POST',
    url: () => '/api/auth/reset-password',
    payload: () => ({ token: 'not-a-token', newPassword: 'a new matrix password' }),
    expected: everyone(400),
  },
  {
    route: 'change password (wrong current one)',
    method: 'POST',
    url: () => '/api/auth/change-password',
    payload: () => ({ currentPassword: 'not the password', newPassword: 'a new matrix password' }),
    expected: { anonymous: 401, buyer: 400, otherBuyer: 400, admin: 400 },
  },
  {
    route: 'change email (by link to the new address)',
    method: 'POST',
    url: () => '/api/auth/change-email',
    payload: () => ({ newEmail: uniqueEmail('moving') }),
    expected: { anonymous: 401, buyer: 200, otherBuyer: 200, admin: 200 },
  },
  {
    route: 'sign out of other devices',
    method: 'POST',
    url: () => '/api/auth/revoke-other-sessions',
    payload: () => ({}),
    expected: { anonymous: 401, buyer: 200, otherBuyer: 200, admin: 200 },
  },
  {
    route: 'outbox (on this machine)',
    method: 'GET',
    url: () => '/api/outbox',
    expected: { anonymous: 401, buyer: 403, otherBuyer: 403, admin: 200 },
  },
  // Better Auth's endpoints off the allowlist (ADR 015) do not exist for anyone.
  {
    route: 'Better Auth session list',
    method: 'GET',
    url: () => '/api/auth/list-sessions',
    expected: everyone(404),
  },
  {
    route: 'Better Auth set-role',
    method: 'POST',
    url: () => '/api/auth/admin/set-role',
    payload: () => ({ userId: 'x', role: 'admin' }),
    expected: everyone(404),
  },
  {
    route: 'Better Auth impersonate-user',
    method: 'POST',
    url: () => '/api/auth/admin/impersonate-user',
    payload: () => ({ userId: 'x' }),
    expected: everyone(404),
  },
  {
    route: 'Better Auth set-user-password',
    method: 'POST',
    url: () => '/api/auth/admin/set-user-password',
    payload: () => ({ userId: 'x', newPassword: 'matrix password' }),
    expected: everyone(404),
  },
  {
    route: 'Better Auth create-user',
    method: 'POST',
    url: () => '/api/auth/admin/create-user',
    payload: () => ({ email: 'made@example.com', password: 'matrix password', name: 'Made' }),
    expected: everyone(404),
  },
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
    payload: () => ({ phone: '+1 555 0100', address: '1 Yard Lane' }),
    expected: { anonymous: 401, buyer: 200, otherBuyer: 403, admin: 403 },
  },
  {
    route: 'one product',
    method: 'GET',
    url: (c) => `/api/tool/${c.productId}`,
    expected: everyone(200),
  },
  {
    route: 'add product',
    method: 'POST',
    url: () => '/api/tool',
    payload: () => productBody,
    expected: { anonymous: 401, buyer: 403, otherBuyer: 403, admin: 201 },
  },
  {
    route: 'edit product',
    method: 'PUT',
    url: (c) => `/api/tool/${c.productId}`,
    payload: () => productBody,
    expected: { anonymous: 401, buyer: 403, otherBuyer: 403, admin: 200 },
  },
  {
    route: 'delete product',
    method: 'DELETE',
    url: (c) => `/api/tool/${c.productId}`,
    expected: { anonymous: 401, buyer: 403, otherBuyer: 403, admin: 204 },
  },
  {
    route: 'product facets',
    method: 'GET',
    url: () => '/api/tool/facets?q=tool&maxPrice=100',
    expected: everyone(200),
  },
  { route: 'category list', method: 'GET', url: () => '/api/categories', expected: everyone(200) },
  {
    route: 'add category',
    method: 'POST',
    url: () => '/api/categories',
    payload: (c) => ({ name: 'Matrix Category', slug: `matrix-${c.categoryId}` }),
    expected: { anonymous: 401, buyer: 403, otherBuyer: 403, admin: 201 },
  },
  {
    route: 'rename or move category',
    method: 'PUT',
    url: (c) => `/api/categories/${c.categoryId}`,
    payload: (c) => ({ name: 'Matrix Renamed', slug: `renamed-${c.categoryId}` }),
    expected: { anonymous: 401, buyer: 403, otherBuyer: 403, admin: 200 },
  },
  {
    route: 'delete category',
    method: 'DELETE',
    url: (c) => `/api/categories/${c.categoryId}`,
    expected: { anonymous: 401, buyer: 403, otherBuyer: 403, admin: 204 },
  },
  {
    route: 'upload image',
    method: 'POST',
    url: () => '/api/images',
    upload: true,
    expected: { anonymous: 401, buyer: 403, otherBuyer: 403, admin: 201 },
  },
  {
    route: 'post review',
    method: 'POST',
    url: () => '/api/review',
    payload: () => ({ name: 'Matrix Co', words: 'Fine.', rating: 4 }),
    expected: { anonymous: 401, buyer: 201, otherBuyer: 201, admin: 201 },
  },
  {
    route: 'hidden reviews',
    method: 'GET',
    url: () => '/api/review/hidden',
    expected: { anonymous: 401, buyer: 403, otherBuyer: 403, admin: 200 },
  },
  {
    route: 'hide review',
    method: 'PUT',
    url: (c) => `/api/review/${c.reviewId}/hidden`,
    payload: () => ({ hidden: true }),
    expected: { anonymous: 401, buyer: 403, otherBuyer: 403, admin: 200 },
  },
  {
    route: 'place order',
    method: 'POST',
    url: () => '/api/order',
    payload: (c) => ({ itemId: c.productId, OrderQuantity: 1, ...DELIVERY }),
    expected: { anonymous: 401, buyer: 201, otherBuyer: 201, admin: 201 },
  },
  {
    route: "buyer's orders",
    method: 'GET',
    url: (c) => `/api/order?BuyerEmail=${encodeURIComponent(c.buyer.email)}`,
    expected: { anonymous: 401, buyer: 200, otherBuyer: 403, admin: 200 },
  },
  {
    route: 'all orders',
    method: 'GET',
    url: () => '/api/order',
    expected: { anonymous: 401, buyer: 403, otherBuyer: 403, admin: 200 },
  },
  {
    route: 'search orders by number or email',
    method: 'GET',
    url: (c) => `/api/order?q=${encodeURIComponent(c.buyer.email)}`,
    expected: { anonymous: 401, buyer: 403, otherBuyer: 403, admin: 200 },
  },
  {
    route: "buyer's order",
    method: 'GET',
    url: (c) => `/api/order/${c.orderId}`,
    expected: { anonymous: 401, buyer: 200, otherBuyer: 404, admin: 200 },
  },
  {
    route: "delete buyer's order",
    method: 'DELETE',
    url: (c) => `/api/order/${c.orderId}`,
    expected: { anonymous: 401, buyer: 204, otherBuyer: 404, admin: 204 },
  },
  {
    route: 'cancel order',
    method: 'POST',
    url: (c) => `/api/order/${c.orderId}/cancel`,
    expected: { anonymous: 401, buyer: 403, otherBuyer: 403, admin: 200 },
  },
  {
    route: 'order again (the buyer’s order)',
    method: 'POST',
    url: (c) => `/api/order/${c.orderId}/reorder`,
    expected: { anonymous: 401, buyer: 200, otherBuyer: 404, admin: 404 },
  },
  // Every signed-in caller has a cart of their own, holding one line of the fresh product.
  { route: 'own cart', method: 'GET', url: () => '/api/cart', expected: signedIn(200) },
  {
    route: 'set a cart line',
    method: 'PUT',
    url: (c) => `/api/cart/lines/${c.productId}`,
    payload: () => ({ quantity: 2 }),
    expected: signedIn(200),
  },
  {
    route: 'remove a cart line',
    method: 'DELETE',
    url: (c) => `/api/cart/lines/${c.productId}`,
    expected: signedIn(200),
  },
  {
    route: 'check out the cart',
    method: 'POST',
    url: () => '/api/checkout',
    payload: () => ({ ...DELIVERY }),
    expected: signedIn(201),
  },
  {
    route: 'payment config',
    method: 'GET',
    url: () => '/api/payments/config',
    expected: everyone(200),
  },
  {
    route: 'send contact message',
    method: 'POST',
    url: () => '/api/contact',
    payload: () => ({ email: 'visitor@example.com', subject: 'Matrix', message: 'Hello.' }),
    expected: everyone(201),
  },
  {
    route: 'contact messages',
    method: 'GET',
    url: () => '/api/contact',
    expected: { anonymous: 401, buyer: 403, otherBuyer: 403, admin: 200 },
  },
  {
    route: "pay buyer's order",
    method: 'POST',
    url: (c) => `/api/order/${c.orderId}/pay`,
    payload: () => ({ cardNumber: '4242424242424242', expMonth: 12, expYear: 2099, cvc: '123' }),
    expected: { anonymous: 401, buyer: 200, otherBuyer: 404, admin: 404 },
  },
  {
    route: 'refund paid order',
    method: 'POST',
    url: (c) => `/api/order/${c.paidOrderId}/refund`,
    expected: { anonymous: 401, buyer: 403, otherBuyer: 403, admin: 200 },
  },
  {
    route: 'refund chosen units of a paid order, not restocked',
    method: 'POST',
    url: (c) => `/api/order/${c.paidOrderId}/refund`,
    payload: (c) => ({ lines: [{ itemId: c.productId, quantity: 1 }], restock: false }),
    expected: { anonymous: 401, buyer: 403, otherBuyer: 403, admin: 200 },
  },
  {
    route: 'refund an unpaid order (nothing to refund)',
    method: 'POST',
    url: (c) => `/api/order/${c.orderId}/refund`,
    expected: { anonymous: 401, buyer: 403, otherBuyer: 403, admin: 409 },
  },
  {
    route: 'ship paid order',
    method: 'POST',
    url: (c) => `/api/order/${c.paidOrderId}/ship`,
    expected: { anonymous: 401, buyer: 403, otherBuyer: 403, admin: 200 },
  },
  {
    route: 'ship paid order with carrier and tracking number',
    method: 'POST',
    url: (c) => `/api/order/${c.paidOrderId}/ship`,
    payload: () => ({ carrier: 'Parcelforce', trackingNumber: 'PF123456789GB' }),
    expected: { anonymous: 401, buyer: 403, otherBuyer: 403, admin: 200 },
  },
  {
    route: 'start a Stripe payment (test mode: refused)',
    method: 'POST',
    url: (c) => `/api/order/${c.orderId}/payment-intent`,
    expected: { anonymous: 401, buyer: 409, otherBuyer: 409, admin: 409 },
  },
  {
    route: 'Stripe webhook (not configured)',
    method: 'POST',
    url: () => '/api/payments/stripe/webhook',
    payload: () => ({}),
    expected: everyone(404),
  },
];

/** The routes whose answers change when Stripe takes the cards. */
const stripeRoutes: RouteCase[] = [
  {
    route: 'payment config',
    method: 'GET',
    url: () => '/api/payments/config',
    expected: everyone(200),
  },
  {
    route: "start paying buyer's order",
    method: 'POST',
    url: (c) => `/api/order/${c.orderId}/payment-intent`,
    expected: { anonymous: 401, buyer: 200, otherBuyer: 404, admin: 404 },
  },
  {
    route: "check buyer's payment",
    method: 'POST',
    url: (c) => `/api/order/${c.orderId}/payment-intent/check`,
    expected: { anonymous: 401, buyer: 200, otherBuyer: 404, admin: 200 },
  },
  {
    route: 'pay with a test card (refused)',
    method: 'POST',
    url: (c) => `/api/order/${c.orderId}/pay`,
    payload: () => ({ cardNumber: '4242424242424242', expMonth: 12, expYear: 2099, cvc: '123' }),
    expected: { anonymous: 401, buyer: 409, otherBuyer: 409, admin: 409 },
  },
  {
    route: 'unsigned Stripe webhook',
    method: 'POST',
    url: () => '/api/payments/stripe/webhook',
    payload: () => ({ id: 'evt_forged', type: 'payment_intent.succeeded' }),
    expected: everyone(400),
  },
  {
    route: 'refund paid order',
    method: 'POST',
    url: (c) => `/api/order/${c.paidOrderId}/refund`,
    expected: { anonymous: 401, buyer: 403, otherBuyer: 403, admin: 200 },
  },
];

describeMatrix('authorisation of every route', routes);

describe('with Stripe taking the cards', () => {
  let stripe: StripeStandIn;
  beforeAll(async () => {
    stripe = await startStripeStandIn();
  });
  afterAll(async () => {
    await stripe.close();
  });
  describeMatrix('authorisation of the payment routes', stripeRoutes, () => stripe.env);
});

/** Calls every route as each kind of caller, on an app built with `env`. */
function describeMatrix(
  title: string,
  routes: RouteCase[],
  env: () => Record<string, string> = () => ({}),
) {
  describe(title, () => {
    let t: TestApp;
    let callers: Record<Exclude<Actor, 'anonymous'>, Account>;
    let buyerId: string;
    let callerIds: string[];
    const adminEmail = uniqueEmail('admin');

    beforeAll(async () => {
      t = await buildTestApp({ env: { ADMIN_EMAILS: adminEmail, ...env() } });
      callers = {
        buyer: await signUp(t.app),
        otherBuyer: await signUp(t.app),
        admin: await signUp(t.app, { email: adminEmail }),
      };
      const session = await t.app.inject({
        method: 'GET',
        url: '/api/auth/get-session',
        headers: { cookie: callers.buyer.cookie },
      });
      buyerId = session.json().user.id;
      callerIds = await Promise.all(
        Object.values(callers).map(async (account) => {
          const res = await t.app.inject({
            method: 'GET',
            url: '/api/auth/get-session',
            headers: { cookie: account.cookie },
          });
          return res.json().user.id as string;
        }),
      );
    });
    afterAll(async () => {
      await t.close();
    });

    const actors: Actor[] = ['anonymous', 'buyer', 'otherBuyer', 'admin'];
    const cases = routes.flatMap((r) => actors.map((actor) => ({ ...r, actor })));

    async function freshContext(): Promise<Context> {
      const productId = await createProduct(t.database, { availableQuantity: 10 });
      const order = {
        itemId: productId,
        itemName: 'Test Tool',
        orderQuantity: 1,
        priceCents: 1250,
        totalCents: 1250,
        buyerName: callers.buyer.name,
        buyerEmail: callers.buyer.email,
        buyerId: buyerId,
      };
      const [pending, paid] = await t.database.db
        .insert(orders)
        .values([order, { ...order, paymentStatus: 'paid' as const }])
        .returning({ id: orders.id });
      const [{ sku } = { sku: '' }] = await t.database.db
        .select({ sku: products.sku })
        .from(products)
        .where(eq(products.id, productId));
      await t.database.db.insert(orderLines).values(
        [pending, paid].map((placed) => ({
          orderId: placed?.id ?? '',
          lineNo: 1,
          itemId: productId,
          sku,
          itemName: order.itemName,
          unitPriceCents: order.priceCents,
          quantity: order.orderQuantity,
          lineTotalCents: order.totalCents,
        })),
      );
      // Each caller's cart holds one line: the fresh product.
      await t.database.db.delete(cartLines).where(inArray(cartLines.userId, callerIds));
      await t.database.db
        .insert(cartLines)
        .values(callerIds.map((userId) => ({ userId, itemId: productId, quantity: 1 })));
      const [review] = await t.database.db
        .insert(reviews)
        .values({ name: 'Matrix Review', words: 'Fine.', rating: 4 })
        .returning({ id: reviews.id });
      const [category] = await t.database.db
        .insert(categories)
        .values({ name: 'Matrix', slug: `matrix-${crypto.randomUUID()}` })
        .returning({ id: categories.id });
      return {
        buyer: callers.buyer,
        target: await signUp(t.app),
        productId,
        orderId: pending?.id ?? '',
        paidOrderId: paid?.id ?? '',
        reviewId: review?.id ?? '',
        categoryId: category?.id ?? '',
      };
    }

    it.each(cases)(
      '$method $route as $actor',
      async ({ method, url, payload, upload, expected, actor }) => {
        const ctx = await freshContext();
        const file = upload ? fileUpload('pixel.png', 'image/png', ONE_PIXEL_PNG) : undefined;
        const res = await t.app.inject({
          method,
          url: url(ctx),
          headers: {
            origin: ORIGIN,
            ...file?.headers,
            ...(actor === 'anonymous' ? {} : { cookie: callers[actor].cookie }),
          },
          ...(file
            ? { payload: file.payload }
            : payload === undefined
              ? {}
              : { payload: payload(ctx) }),
        });
        expect(res.statusCode, res.body).toBe(expected[actor]);
        if (res.statusCode >= 400) {
          expect(res.json()).toEqual({ error: expect.any(String), message: expect.any(String) });
        }
      },
    );
  });
}
