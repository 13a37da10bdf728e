import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs, signUp, uniqueEmail, type Account } from './helpers/accounts.js';
import { buildTestApp, type TestApp } from './helpers/build-test-app.js';
import { createProduct } from './helpers/catalog.js';
import { payOrder } from './helpers/orders.js';

/**
 * Orders belong to the account that placed them, never to an email address: when an account is
 * removed, whoever signs up later with its address inherits none of its orders (the audit read
 * the old buyer's address and phone, and cancelled the order, this way).
 */
describe("a new account with a removed buyer's address", () => {
  let t: TestApp;
  const adminEmail = uniqueEmail('admin');
  let admin: Account;
  let newcomer: Account;
  let oldOrderId: string;
  const email = uniqueEmail('moved-away');

  beforeAll(async () => {
    t = await buildTestApp({ env: { ADMIN_EMAILS: adminEmail } });
    admin = await signUp(t.app, { email: adminEmail });
    const old = await signUp(t.app, { email });
    const itemId = await createProduct(t.database);
    const placed = await callAs(t.app, old, 'POST', '/api/order', {
      itemId,
      OrderQuantity: 2,
      Contact: '+1 555 0100',
      Address: '1 Old Street',
    });
    expect(placed.statusCode).toBe(201);
    oldOrderId = placed.json()._id;
    expect((await callAs(t.app, admin, 'DELETE', `/api/user/${email}`)).statusCode).toBe(204);
    newcomer = await signUp(t.app, { email });
  });
  afterAll(async () => {
    await t.close();
  });

  it('sees none of the old orders in its list', async () => {
    const res = await callAs(t.app, newcomer, 'GET', `/api/order?BuyerEmail=${email}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it('cannot read, cancel or pay an old order: it does not exist for them', async () => {
    const read = await callAs(t.app, newcomer, 'GET', `/api/order/${oldOrderId}`);
    expect(read.statusCode).toBe(404);
    expect(read.body).not.toContain('1 Old Street');
    const cancel = await callAs(t.app, newcomer, 'DELETE', `/api/order/${oldOrderId}`);
    expect(cancel.statusCode).toBe(404);
    const pay = await payOrder(t, newcomer, oldOrderId);
    expect(pay.statusCode).toBe(404);
  });

  it('leaves the old order as it was, for the admins', async () => {
    const res = await callAs(t.app, admin, 'GET', `/api/order/${oldOrderId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'pending', Address: '1 Old Street' });
    const byEmail = await callAs(t.app, admin, 'GET', `/api/order?BuyerEmail=${email}`);
    expect(byEmail.json().map((o: { _id: string }) => o._id)).toContain(oldOrderId);
  });
});

describe('the outbox page on a shop others can reach', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { PUBLIC_ORIGIN: 'https://shop.example.com' } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('does not exist unless MAIL_OUTBOX_PAGE turns it on: messages hold sign-in links', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/outbox' });
    expect(res.statusCode).toBe(404);
    const options = await t.app.inject({ method: 'GET', url: '/api/auth-options' });
    expect(options.json()).toMatchObject({ outbox: false });
  });
});
