import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client.js';
import { orders } from '../../src/db/schema.js';
import { callAs, type Account } from './accounts.js';
import type { TestApp } from './build-test-app.js';
import { createProduct } from './catalog.js';

/** Where a test's order goes: every order and checkout needs a phone and an address. */
export const DELIVERY = { Contact: '+1 555 0100', Address: '1 Yard Lane' } as const;

/** A card the test-mode processor charges (Stripe's 4242 test card), expiring in the future. */
export const TEST_CARD = {
  cardNumber: '4242 4242 4242 4242',
  expMonth: 12,
  expYear: new Date().getFullYear() + 3,
  cvc: '123',
} as const;

/**
 * Places an order of a new product (50 in stock) as `account`, through the API; fails the test
 * unless it is placed. Returns the order's id and the product's.
 */
export async function placeOrder(
  t: TestApp,
  account: Account,
  options: { quantity?: number; priceCents?: number } = {},
): Promise<{ orderId: string; itemId: string }> {
  const itemId = await createProduct(t.database, {
    availableQuantity: 50,
    ...(options.priceCents === undefined ? {} : { priceCents: options.priceCents }),
  });
  const res = await callAs(t.app, account, 'POST', '/api/order', {
    itemId,
    OrderQuantity: options.quantity ?? 1,
    ...DELIVERY,
  });
  if (res.statusCode !== 201) throw new Error(`order not placed: ${res.statusCode} ${res.body}`);
  return { orderId: (res.json() as { _id: string })._id, itemId };
}

/** Pays an order as `account` with the test card (or the one given); returns the answer. */
export const payOrder = (t: TestApp, account: Account, orderId: string, card: object = TEST_CARD) =>
  callAs(t.app, account, 'POST', `/api/order/${orderId}/pay`, card);

/**
 * Moves orders back in time as if they had been placed `ms` ago: when they were placed and
 * when their unpaid hold ends, which keeps its length.
 */
export const placedAgo = (db: Db, ids: readonly string[], ms: number) =>
  db
    .update(orders)
    .set({
      createdAt: sql`now() - ${ms}::double precision * interval '1 millisecond'`,
      expiresAt: sql`now() - ${ms}::double precision * interval '1 millisecond'
        + (${orders.expiresAt} - ${orders.createdAt})`,
    })
    .where(inArray(orders.id, [...ids]));
