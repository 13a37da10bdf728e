import type { OutboxMessage } from '@toolyard/shared';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { App } from '../src/app.js';
import { orders, outbox } from '../src/db/schema.js';
import {
  callAs,
  followLink,
  ORIGIN,
  sessionCookie,
  signUp,
  uniqueEmail,
  type Account,
} from './helpers/accounts.js';
import { buildInstanceBeside, buildTestApp, type TestApp } from './helpers/build-test-app.js';
import { createProduct } from './helpers/catalog.js';
import { startSmtpStandIn, type ReceivedMail, type SmtpStandIn } from './helpers/smtp-stand-in.js';
import { DELIVERY, placedAgo, TEST_CARD } from './helpers/orders.js';

// Short enough that a failed attempt is due again within a test.
const RETRY_BASE_MS = 50;
const worker = { retryBaseMs: RETRY_BASE_MS, maxAttempts: 5 };
const HOLD_MS = 3_600_000;
/** The reminder goes out in the last quarter of the hold (order-life.repository.ts remindUnpaid). */
const INTO_REMINDER_WINDOW_MS = HOLD_MS * 0.85;
const ADDRESS = '1 Yard Lane, Springfield';
const CONTACT = '+1 555 0100';

/** Delivers what is due on `app`, `times` runs in a row; resolves to how many were handled. */
async function deliver(app: App, times = 1): Promise<number> {
  let handled = 0;
  for (let i = 0; i < times; i++) handled += await app.mailer.worker.run();
  return handled;
}

/** The outbox row id a Message-ID names (`<id@localhost>`), or undefined for any other shape. */
const rowIdOf = (messageId: string) =>
  /^<([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})@localhost>$/.exec(
    messageId,
  )?.[1];

/** The links in a message's text part (html-to-text writes a button as `Label [url]`). */
const linksIn = (mail: ReceivedMail) => mail.text.match(/https?:\/\/[^\s\]]+/g) ?? [];

/** The one message to `to` whose subject matches; fails when there is none or more than one. */
function theMail(received: readonly ReceivedMail[], to: string, subject: RegExp): ReceivedMail {
  const found = received.filter((m) => m.to === to.toLowerCase() && subject.test(m.subject));
  expect(found, `mails to ${to} matching ${subject}`).toHaveLength(1);
  return found[0] as ReceivedMail;
}

async function outboxRows(app: App, ids: string[]) {
  if (ids.length === 0) return [];
  return app.mailer.db.select().from(outbox).where(inArray(outbox.id, ids));
}

/**
 * What every delivered message must be: Message-ID `<outbox row id@localhost>`, one arrival
 * per Message-ID, to the row's recipient on the envelope and in To, with the subject the row
 * kept, from the shop; and the row marked sent. Resolves to the rows.
 */
async function expectDeliveredOnce(app: App, received: readonly ReceivedMail[]) {
  const ids = received.map((m) => rowIdOf(m.messageId));
  expect(ids, 'every Message-ID names an outbox row').not.toContain(undefined);
  expect(new Set(ids).size, 'no Message-ID arrived twice').toBe(ids.length);
  const rows = new Map((await outboxRows(app, ids as string[])).map((r) => [r.id, r]));
  for (const mail of received) {
    const row = rows.get(rowIdOf(mail.messageId) as string);
    expect(row, `the outbox row of ${mail.messageId}`).toBeDefined();
    expect(mail.rcptTo).toEqual([row?.recipient]);
    expect(mail.to).toBe(row?.recipient);
    expect(mail.from).toBe('no-reply@localhost');
    expect(mail.subject).toBe(row?.subject);
    expect(row?.sentAt).toBeInstanceOf(Date);
  }
  return [...rows.values()];
}

/** Waits until `count` messages in all have reached the stand-in, and checks that no more did. */
async function arrived(smtp: SmtpStandIn, count: number): Promise<readonly ReceivedMail[]> {
  await smtp.waitFor((received) => received.length >= count);
  expect(smtp.received.map((m) => `${m.to}: ${m.subject}`)).toHaveLength(count);
  return smtp.received;
}

/** Runs the worker three more times: nothing more arrives. */
async function expectNothingMore(app: App, smtp: SmtpStandIn) {
  const before = smtp.received.length;
  expect(await deliver(app, 3)).toBe(0);
  expect(smtp.received).toHaveLength(before);
}

describe('mail delivered over SMTP', () => {
  let smtp: SmtpStandIn;
  let t: TestApp;
  const admins = [uniqueEmail('admin'), uniqueEmail('admin')];
  /** The first admin, signed in. */
  let boss: Account;

  beforeAll(async () => {
    smtp = await startSmtpStandIn();
    t = await buildTestApp({
      env: { SMTP_URL: smtp.url, ADMIN_EMAILS: admins.join(','), UNPAID_ORDER_HOLD: '1h' },
      mail: { worker },
    });
    const signedUp: Account[] = [];
    for (const email of admins) signedUp.push(await signUp(t.app, { email, name: 'Ada Admin' }));
    boss = signedUp[0] as Account;
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.stop();
  });
  // Each test sees only the messages it caused.
  beforeEach(async () => {
    await smtp.start();
    smtp.refuseWith = null;
    await deliver(t.app);
    smtp.clear();
  });

  const call = (
    account: Account | null,
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    payload?: object,
  ) => callAs(t.app, account, method, url, payload);
  const placeOrder = async (buyer: Account, options: { name?: string; quantity?: number } = {}) => {
    const itemId = await createProduct(t.database, {
      name: options.name ?? 'Claw Hammer',
      priceCents: 1999,
    });
    const res = await call(buyer, 'POST', '/api/order', {
      itemId,
      OrderQuantity: options.quantity ?? 3,
      Contact: CONTACT,
      Address: ADDRESS,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json()._id as string;
  };
  /** The order's number, as its mails name it (TY-100234). */
  const numberOf = async (orderId: string) => {
    const [row] = await t.database.db
      .select({ number: orders.number })
      .from(orders)
      .where(eq(orders.id, orderId));
    return `TY-${row?.number}`;
  };
  const pay = async (buyer: Account, orderId: string) => {
    const res = await call(buyer, 'POST', `/api/order/${orderId}/pay`, TEST_CARD);
    expect(res.statusCode, res.body).toBe(200);
  };
  /** Moves an order's placing and hold back, as if `ms` had passed since. */
  const backdate = (orderId: string, ms: number) => placedAgo(t.database.db, [orderId], ms);
  const sendContact = async (subject: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { origin: ORIGIN },
      payload: { email: 'visitor@example.com', subject, message: `About ${subject}, please.` },
    });
    expect(res.statusCode, res.body).toBe(201);
  };

  describe('every message reaches its reader, once', () => {
    it('account.verify at sign-up, whose link verifies; account.exists for a taken address', async () => {
      const email = uniqueEmail();
      const signUpAs = (name: string, password: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/sign-up/email',
          headers: { origin: ORIGIN },
          payload: { name, email, password },
        });
      expect((await signUpAs('Vera Verify', 'correct horse battery')).statusCode).toBe(200);
      await deliver(t.app);
      const verify = theMail(
        await arrived(smtp, 1),
        email,
        /^Toolyard: confirm your email address$/,
      );
      expect(verify.text).toContain('Hello Vera Verify,');
      const [link] = linksIn(verify).filter((l) => l.includes('/api/auth/verify-email?token='));
      expect(link).toMatch(/^http:\/\/localhost:3000\//);
      expect(verify.html).toContain(link?.replaceAll('&', '&amp;'));

      const followed = await followLink(t.app, link as string);
      expect(followed.statusCode).toBe(302);
      expect(followed.headers.location).toBe('/email-verified');
      const session = await t.app.inject({
        method: 'GET',
        url: '/api/auth/get-session',
        headers: { cookie: sessionCookie(followed.headers['set-cookie']) },
      });
      expect(session.json().user).toMatchObject({ email, emailVerified: true });

      expect((await signUpAs('Copy Cat', 'another long password')).statusCode).toBe(200);
      await deliver(t.app);
      const exists = theMail(
        await arrived(smtp, 2),
        email,
        /^Toolyard: you already have an account$/,
      );
      // Addressed to the owner by the account's name, not the newcomer's.
      expect(exists.text).toContain('Hello Vera Verify,');
      expect(exists.text).toContain('no new account was made');

      await expectDeliveredOnce(t.app, smtp.received);
      await expectNothingMore(t.app, smtp);
    });

    it('account.reset with a link to the reset page, then account.password-changed after the reset and after a change', async () => {
      const buyer = await signUp(t.app, { name: 'Rita Reset' });
      await deliver(t.app);
      smtp.clear();

      const asked = await call(null, 'POST', '/api/auth/request-password-reset', {
        email: buyer.email,
      });
      expect(asked.statusCode, asked.body).toBe(200);
      await deliver(t.app);
      const reset = theMail(await arrived(smtp, 1), buyer.email, /^Toolyard: reset your password$/);
      expect(reset.text).toContain('Hello Rita Reset,');
      expect(reset.text).toContain('The link expires in 1 hour');
      const [link] = linksIn(reset).filter((l) => l.includes('/api/auth/reset-password/'));
      expect(link).toMatch(/^http:\/\/localhost:3000\//);
      const page = await followLink(t.app, link as string);
      expect(page.statusCode).toBe(302);
      const location = String(page.headers.location);
      const resetPage = new URL(location);
      expect(resetPage.origin + resetPage.pathname).toBe(`${ORIGIN}/reset-password`);
      const token = resetPage.searchParams.get('token') as string;
      expect(token).toMatch(/^\w+$/);

      const newPassword = 'a brand new passphrase';
      const done = await call(null, 'POST', '/api/auth/reset-password', { token, newPassword });
      expect(done.statusCode, done.body).toBe(200);
      await deliver(t.app);
      const afterReset = theMail(
        await arrived(smtp, 2),
        buyer.email,
        /^Toolyard: your password was changed$/,
      );
      expect(afterReset.text).toContain('Hello Rita Reset,');

      const signedIn = { ...buyer, cookie: sessionCookie(done.headers['set-cookie']) };
      const changed = await call(signedIn, 'POST', '/api/auth/change-password', {
        currentPassword: newPassword,
        newPassword: 'yet another passphrase',
      });
      expect(changed.statusCode, changed.body).toBe(200);
      await deliver(t.app);
      await arrived(smtp, 3);
      const notices = smtp.received.filter((m) => /password was changed/.test(m.subject));
      expect(notices.map((m) => m.to)).toEqual([buyer.email, buyer.email]);

      await expectDeliveredOnce(t.app, smtp.received);
      await expectNothingMore(t.app, smtp);
    });

    it('a change of address is confirmed by a link mailed to the new address', async () => {
      const buyer = await signUp(t.app, { name: 'Manu Moving' });
      await deliver(t.app);
      smtp.clear();
      const newEmail = uniqueEmail('moved');

      const res = await call(buyer, 'POST', '/api/auth/change-email', { newEmail });
      expect(res.statusCode, res.body).toBe(200);
      await deliver(t.app);
      const [confirm] = await arrived(smtp, 1);
      expect(confirm).toMatchObject({
        to: newEmail,
        subject: 'Toolyard: confirm your new email address',
      });
      expect(confirm?.text).toContain('Hello Manu Moving,');
      const [link] = linksIn(confirm as ReceivedMail).filter((l) =>
        l.includes('verify-email?token='),
      );
      const followed = await followLink(t.app, link as string, buyer.cookie);
      expect(followed.statusCode).toBe(302);
      const session = await call(buyer, 'GET', '/api/auth/get-session');
      expect(session.json().user.email).toBe(newEmail);

      await expectDeliveredOnce(t.app, smtp.received);
      await expectNothingMore(t.app, smtp);
    });

    it('order.received, order.paid and order.shipped, with the order, the total in dollars and the address', async () => {
      const buyer = await signUp(t.app, { name: 'Hilda Hammer' });
      await deliver(t.app);
      smtp.clear();

      const orderId = await placeOrder(buyer, { name: 'Framing Hammer', quantity: 3 });
      const ref = await numberOf(orderId);
      await deliver(t.app);
      const received = theMail(
        await arrived(smtp, 1),
        buyer.email,
        new RegExp(`^We have received your order ${ref}$`),
      );
      expect(received.text).toContain('Hello Hilda Hammer We Have Received Your Order');
      expect(received.text).toMatch(/Framing Hammer\s+3\s+\$19\.99\s+\$59\.97/);
      expect(received.text).toMatch(/Total\s+\$59\.97/);
      expect(received.text).toContain(ADDRESS);
      expect(received.text).toContain(CONTACT);
      expect(received.text).toMatch(/held for you unpaid until \d{1,2} \w+ \d{4}, \d\d:\d\d UTC/);

      await pay(buyer, orderId);
      await deliver(t.app);
      const paid = theMail(
        await arrived(smtp, 2),
        buyer.email,
        new RegExp(`^Receipt for your order ${ref}$`),
      );
      expect(paid.text).toContain('You paid $59.97 with the card ending in 4242');
      expect(paid.text).toMatch(/Total\s+\$59\.97/);

      const shipped = await call(boss, 'POST', `/api/order/${orderId}/ship`);
      expect(shipped.statusCode, shipped.body).toBe(200);
      await deliver(t.app);
      const onItsWay = theMail(
        await arrived(smtp, 3),
        buyer.email,
        new RegExp(`^Your order ${ref} has shipped$`),
      );
      expect(onItsWay.text).toContain(`Hello Hilda Hammer, your order ${ref} is on its way`);
      expect(onItsWay.text).toContain(ADDRESS);

      await expectDeliveredOnce(t.app, smtp.received);
      await expectNothingMore(t.app, smtp);
    });

    it('order.cancelled when the buyer cancels, order.refunded when an admin refunds', async () => {
      const buyer = await signUp(t.app, { name: 'Carl Cancel' });
      const cancelled = await placeOrder(buyer, { quantity: 1 });
      const refunded = await placeOrder(buyer, { quantity: 2 });
      await pay(buyer, refunded);
      await deliver(t.app);
      smtp.clear();

      expect((await call(buyer, 'DELETE', `/api/order/${cancelled}`)).statusCode).toBe(204);
      const refund = await call(boss, 'POST', `/api/order/${refunded}/refund`);
      expect(refund.statusCode, refund.body).toBe(200);
      await deliver(t.app);
      await arrived(smtp, 2);

      const gone = theMail(
        smtp.received,
        buyer.email,
        new RegExp(`^Your order ${await numberOf(cancelled)} was cancelled$`),
      );
      expect(gone.text).toContain(
        `as you asked, your order ${await numberOf(cancelled)} was cancelled`,
      );
      expect(gone.text).toMatch(/Total\s+\$19\.99/);
      const back = theMail(
        smtp.received,
        buyer.email,
        new RegExp(`^Your order ${await numberOf(refunded)} was refunded$`),
      );
      expect(back.text).toContain(
        `we have refunded $39.98 of your order ${await numberOf(refunded)}`,
      );

      await expectDeliveredOnce(t.app, smtp.received);
      await expectNothingMore(t.app, smtp);
    });

    it('order.expiring in the last stretch of the hold, once however often the job runs, then order.expired', async () => {
      const buyer = await signUp(t.app, { name: 'Lena Late' });
      const orderId = await placeOrder(buyer, { quantity: 2 });
      const ref = await numberOf(orderId);
      await deliver(t.app);
      smtp.clear();

      await backdate(orderId, INTO_REMINDER_WINDOW_MS);
      await t.app.unpaidHold.run();
      await t.app.unpaidHold.run();
      await deliver(t.app);
      const expiring = theMail(
        await arrived(smtp, 1),
        buyer.email,
        new RegExp(`^Your order ${ref} will be cancelled unless it is paid$`),
      );
      expect(expiring.text).toMatch(
        new RegExp(`Hello Lena Late, your order ${ref} is held for you unpaid until .+ UTC`),
      );
      expect(expiring.text).toMatch(/Total\s+\$39\.98/);
      expect(linksIn(expiring)).toContain(`${ORIGIN}/dashboard/payment/${orderId}`);

      await backdate(orderId, HOLD_MS + 60_000);
      expect(await t.app.unpaidHold.run()).toBe(1);
      await t.app.unpaidHold.run();
      await deliver(t.app);
      const expired = theMail(
        await arrived(smtp, 2),
        buyer.email,
        new RegExp(`^Your unpaid order ${ref} was cancelled$`),
      );
      expect(expired.text).toContain('was not paid in time');

      await expectDeliveredOnce(t.app, smtp.received);
      await expectNothingMore(t.app, smtp);
    });

    it('contact.received to each admin, with the sender and the message', async () => {
      await sendContact('Bulk hammers');
      await deliver(t.app);
      await arrived(smtp, 2);
      for (const to of admins) {
        const mail = theMail(
          smtp.received,
          to,
          /^New message from the contact form: Bulk hammers$/,
        );
        expect(mail.text).toContain('visitor@example.com');
        expect(mail.text).toContain('About Bulk hammers, please.');
      }
      await expectDeliveredOnce(t.app, smtp.received);
      await expectNothingMore(t.app, smtp);
    });
  });

  describe('the reminder', () => {
    it('is skipped, not sent, when the order was paid before it went out', async () => {
      const buyer = await signUp(t.app, { name: 'Paula Prompt' });
      const orderId = await placeOrder(buyer, { quantity: 1 });
      await deliver(t.app);
      smtp.clear();

      await backdate(orderId, INTO_REMINDER_WINDOW_MS);
      await t.app.unpaidHold.run();
      const [reminder] = await t.app.mailer.db
        .select()
        .from(outbox)
        .where(eq(outbox.dedupeKey, `order.expiring:${orderId}`));
      expect(reminder).toBeDefined();
      await pay(buyer, orderId);
      await deliver(t.app);

      await arrived(smtp, 1);
      expect(smtp.received.map((m) => m.subject)).toEqual([
        `Receipt for your order ${await numberOf(orderId)}`,
      ]);
      const { messages } = await t.app.mailer.repo.list(1, 100);
      expect(messages.find((m) => m._id === reminder?.id)).toMatchObject({
        status: 'skipped',
        attempts: 0,
        lastError: 'Not sent: the order is no longer unpaid.',
        sentAt: null,
      });
      await expectDeliveredOnce(t.app, smtp.received);
      await expectNothingMore(t.app, smtp);
    });

    it('is skipped, not failed, when a first attempt failed and the order was paid before the next', async () => {
      const buyer = await signUp(t.app, { name: 'Sam Slowmail' });
      const orderId = await placeOrder(buyer, { quantity: 1 });
      await deliver(t.app);
      smtp.clear();

      await backdate(orderId, INTO_REMINDER_WINDOW_MS);
      await t.app.unpaidHold.run();
      await smtp.stop();
      await deliver(t.app);
      const [reminder] = await t.app.mailer.db
        .select()
        .from(outbox)
        .where(eq(outbox.dedupeKey, `order.expiring:${orderId}`));
      expect(reminder).toMatchObject({ attempts: 1, sentAt: null });

      await pay(buyer, orderId);
      await smtp.start();
      await new Promise((resolve) => setTimeout(resolve, RETRY_BASE_MS * 2));
      await deliver(t.app);
      expect(smtp.received.map((m) => m.subject)).toEqual([
        `Receipt for your order ${await numberOf(orderId)}`,
      ]);
      const { messages } = await t.app.mailer.repo.list(1, 100);
      expect(messages.find((m) => m._id === reminder?.id)).toMatchObject({
        status: 'skipped',
        lastError: 'Not sent: the order is no longer unpaid.',
        sentAt: null,
      });
      await expectDeliveredOnce(t.app, smtp.received);
      await expectNothingMore(t.app, smtp);
    });
  });

  describe('when the SMTP server is away', () => {
    it('keeps every message while it is down and sends each once when it is back', async () => {
      const buyer = await signUp(t.app, { name: 'Otto Outage' });
      await deliver(t.app);
      smtp.clear();

      await smtp.stop();
      const placed = [await placeOrder(buyer), await placeOrder(buyer), await placeOrder(buyer)];
      await sendContact('While the mail was down');
      expect(await deliver(t.app)).toBe(5);
      const rows = await t.app.mailer.db
        .select()
        .from(outbox)
        .where(
          sql`${outbox.sentAt} is null and ${outbox.failedAt} is null and ${outbox.skippedAt} is null`,
        );
      expect(rows).toHaveLength(5);
      for (const row of rows) {
        expect(row).toMatchObject({ attempts: 1, sentAt: null });
        expect(row.lastError).toMatch(/ECONNREFUSED/);
      }
      expect(smtp.received).toHaveLength(0);

      await smtp.start();
      await new Promise((resolve) => setTimeout(resolve, RETRY_BASE_MS * 2));
      expect(await deliver(t.app)).toBe(5);
      await arrived(smtp, 5);
      await expectNothingMore(t.app, smtp);

      const sent = await expectDeliveredOnce(t.app, smtp.received);
      expect(sent.map((r) => r.id).sort()).toEqual(rows.map((r) => r.id).sort());
      for (const row of sent) expect(row).toMatchObject({ attempts: 2, lastError: null });
      for (const orderId of placed) {
        theMail(smtp.received, buyer.email, new RegExp(`order ${await numberOf(orderId)}$`));
      }
      for (const to of admins) theMail(smtp.received, to, /While the mail was down/);
    });

    it('tries again after a temporary refusal (451) and sends once it is accepted', async () => {
      smtp.refuseWith = { code: 451, message: 'Try again later' };
      await sendContact('Refused for a while');
      expect(await deliver(t.app)).toBe(2);
      const rows = await t.app.mailer.db
        .select()
        .from(outbox)
        .where(
          sql`${outbox.sentAt} is null and ${outbox.failedAt} is null and ${outbox.skippedAt} is null`,
        );
      expect(rows).toHaveLength(2);
      for (const row of rows) expect(row.lastError).toMatch(/451/);

      smtp.refuseWith = null;
      await new Promise((resolve) => setTimeout(resolve, RETRY_BASE_MS * 2));
      expect(await deliver(t.app)).toBe(2);
      await arrived(smtp, 2);
      await expectNothingMore(t.app, smtp);
      const sent = await expectDeliveredOnce(t.app, smtp.received);
      expect(sent.map((r) => r.id).sort()).toEqual(rows.map((r) => r.id).sort());
    });
  });

  describe('several workers', () => {
    let second: TestApp;
    beforeAll(async () => {
      second = await buildInstanceBeside(t, {
        env: { SMTP_URL: smtp.url, ADMIN_EMAILS: admins.join(','), UNPAID_ORDER_HOLD: '1h' },
        mail: { worker },
      });
    });
    afterAll(async () => {
      await second?.close();
    });

    it('two instances running their workers at the same moment deliver each of 60 messages once', async () => {
      const before = new Date();
      for (let i = 0; i < 30; i++) await sendContact(`Question ${i}`);
      const queued = await t.app.mailer.db
        .select({ id: outbox.id })
        .from(outbox)
        .where(sql`${outbox.createdAt} >= ${before.toISOString()} and ${outbox.sentAt} is null`);
      expect(queued).toHaveLength(60);

      const handled: number[] = [];
      for (let round = 0; round < 3; round++) {
        handled.push(...(await Promise.all([deliver(t.app), deliver(second.app)])));
      }
      expect(handled.reduce((sum, n) => sum + n, 0)).toBe(60);
      await arrived(smtp, 60);
      await expectDeliveredOnce(t.app, smtp.received);
      expect(smtp.received.map((m) => rowIdOf(m.messageId)).sort()).toEqual(
        queued.map((r) => r.id).sort(),
      );
    });

    it('a worker that died after claiming leaves its messages alone until the lease runs out, then they go once', async () => {
      const LEASE_MS = 1000;
      await sendContact('Claimed by a worker that died');
      // A worker claims them and dies before sending or marking anything.
      const claimed = await t.app.mailer.repo.claim(10, LEASE_MS);
      const claimedAt = Date.now();
      expect(claimed.map((m) => m.event.to).sort()).toEqual([...admins].sort());

      expect(await Promise.all([deliver(t.app), deliver(second.app)])).toEqual([0, 0]);
      expect(Date.now() - claimedAt, 'the lease held while the others looked').toBeLessThan(
        LEASE_MS,
      );
      expect(smtp.received).toHaveLength(0);

      await new Promise((resolve) => setTimeout(resolve, LEASE_MS - (Date.now() - claimedAt) + 20));
      const handled = await Promise.all([deliver(t.app), deliver(second.app)]);
      expect(handled[0] + handled[1]).toBe(2);
      await arrived(smtp, 2);
      await expectNothingMore(t.app, smtp);
      await expectDeliveredOnce(t.app, smtp.received);
      expect(smtp.received.map((m) => m.messageId).sort()).toEqual(
        claimed.map((m) => `<${m.id}@localhost>`).sort(),
      );
    });

    it('a worker whose claim ran out and was taken can neither renew nor mark the message', async () => {
      await sendContact('Taken over');
      const [late] = await t.app.mailer.repo.claim(1, 1);
      expect(late).toBeDefined();
      await new Promise((resolve) => setTimeout(resolve, 20));
      const [taker] = await t.app.mailer.repo.claim(1, 60_000);
      expect(taker?.id, 'the other worker took the same message').toBe(late?.id);
      if (!late || !taker) return;

      const composed = { subject: 'Late', text: 'Sent by the worker whose lease ran out' };
      expect(await t.app.mailer.repo.renew(late, 60_000)).toBe(false);
      expect(await t.app.mailer.repo.markSent(late, composed)).toBe(false);
      expect(await t.app.mailer.repo.markFailed(late, 'late', null)).toBe(false);
      expect(await t.app.mailer.repo.markSkipped(late, 'late')).toBe(false);
      let [row] = await outboxRows(t.app, [late.id]);
      expect(row).toMatchObject({ sentAt: null, failedAt: null, skippedAt: null, attempts: 0 });
      expect(row?.leasedUntil?.getTime()).toBeGreaterThan(Date.now() + 30_000);

      expect(await t.app.mailer.repo.markSent(taker, composed)).toBe(true);
      [row] = await outboxRows(t.app, [late.id]);
      expect(row?.sentAt).toBeInstanceOf(Date);
      expect(row?.attempts).toBe(1);
      // The other admin's message goes as usual.
      await deliver(t.app);
      smtp.clear();
    });
  });

  describe('two instances and an SMTP server that takes longer per message than a lease', () => {
    const SEND_MS = 250;
    const LEASE_MS = 300;
    const instances: TestApp[] = [];
    const warnings: string[] = [];
    beforeAll(async () => {
      for (let i = 0; i < 2; i++) {
        instances.push(
          await buildInstanceBeside(t, {
            env: { SMTP_URL: smtp.url, UNPAID_ORDER_HOLD: '1h' },
            mail: { worker: { ...worker, leaseMs: LEASE_MS, everyMs: 50 } },
            logger: {
              level: 'warn',
              stream: { write: (line: string) => void warnings.push(line) },
            },
          }),
        );
      }
    });
    afterAll(async () => {
      smtp.delayMs = 0;
      for (const instance of instances) await instance.close();
    });

    it('mails each of 12 orders once, each claim held for as long as its send takes', async () => {
      const buyer = await signUp(t.app, { name: 'Otto Outbox' });
      await deliver(t.app);
      smtp.clear();
      const orderIds: string[] = [];
      for (let i = 0; i < 12; i++) orderIds.push(await placeOrder(buyer, { name: `Mallet ${i}` }));
      const queued = await t.app.mailer.db
        .select({ id: outbox.id })
        .from(outbox)
        .where(
          inArray(
            outbox.dedupeKey,
            orderIds.map((id) => `order.received:${id}`),
          ),
        );
      expect(queued).toHaveLength(12);

      smtp.delayMs = SEND_MS;
      for (const instance of instances) instance.app.mailer.worker.start();
      try {
        const deadline = Date.now() + 20_000;
        while (
          (
            await outboxRows(
              t.app,
              queued.map((r) => r.id),
            )
          ).some((r) => !r.sentAt)
        ) {
          if (Date.now() > deadline) throw new Error('the 12 messages were not all sent in 20 s');
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      } finally {
        // Waits for a send under way, which would be a second copy.
        await Promise.all(instances.map((i) => i.app.mailer.worker.stop()));
      }

      const rows = await expectDeliveredOnce(t.app, smtp.received);
      expect(smtp.received, 'one mail per order').toHaveLength(12);
      expect(rows.map((r) => r.id).sort()).toEqual(queued.map((r) => r.id).sort());
      expect(rows.map((r) => r.attempts)).toEqual(rows.map(() => 1));
      expect(warnings.filter((l) => l.includes('outlived its claim'))).toEqual([]);
    });
  });
});

describe('with EMAIL_VERIFICATION=required', () => {
  let smtp: SmtpStandIn;
  let t: TestApp;

  beforeAll(async () => {
    smtp = await startSmtpStandIn();
    t = await buildTestApp({
      env: { SMTP_URL: smtp.url, EMAIL_VERIFICATION: 'required' },
      mail: { worker },
    });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.stop();
  });

  it('refuses an order until the buyer follows the link that arrived, then takes it', async () => {
    const buyer = await signUp(t.app, { name: 'Una Unverified', verify: false });
    const itemId = await createProduct(t.database);
    const order = (account: Account) =>
      callAs(t.app, account, 'POST', '/api/order', { itemId, OrderQuantity: 1, ...DELIVERY });

    const refused = await order(buyer);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: 'email_not_verified' });
    // The cart's checkout is held to the same rule.
    const put = await callAs(t.app, buyer, 'PUT', `/api/cart/lines/${itemId}`, { quantity: 1 });
    expect(put.statusCode, put.body).toBe(200);
    const checkedOut = await callAs(t.app, buyer, 'POST', '/api/checkout', DELIVERY);
    expect(checkedOut.statusCode).toBe(403);
    expect(checkedOut.json()).toMatchObject({ error: 'email_not_verified' });

    await deliver(t.app);
    const verify = theMail(
      await arrived(smtp, 1),
      buyer.email,
      /^Toolyard: confirm your email address$/,
    );
    const [link] = linksIn(verify).filter((l) => l.includes('verify-email?token='));
    const followed = await followLink(t.app, link as string);
    expect(followed.statusCode).toBe(302);

    // In the browser that followed the link, and in the one that was signed in already.
    const viaLink = { ...buyer, cookie: sessionCookie(followed.headers['set-cookie']) };
    expect((await order(viaLink)).statusCode).toBe(201);
    expect((await order(buyer)).statusCode).toBe(201);
    await deliver(t.app);
    await arrived(smtp, 3);
    expect(
      smtp.received.filter((m) => /^We have received your order/.test(m.subject)),
    ).toHaveLength(2);
    await expectDeliveredOnce(t.app, smtp.received);
  });
});

describe('with no SMTP_URL', () => {
  let t: TestApp;
  const adminEmail = uniqueEmail('admin');

  beforeAll(async () => {
    t = await buildTestApp({ env: { ADMIN_EMAILS: adminEmail }, mail: { worker } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('keeps each message once, and the outbox page says kept, not sent', async () => {
    const admin = await signUp(t.app, { email: adminEmail, name: 'Ada Admin' });
    const buyer = await signUp(t.app, { name: 'Kim Kept' });
    expect(await deliver(t.app)).toBeGreaterThanOrEqual(2);
    expect(await deliver(t.app), 'a kept message is done with').toBe(0);

    const res = await callAs(t.app, admin, 'GET', '/api/outbox');
    expect(res.statusCode, res.body).toBe(200);
    const listed = (res.json() as OutboxMessage[]).filter((m) => m.to === buyer.email);
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({
      topic: 'account.verify',
      status: 'kept',
      sentAt: null,
      attempts: 0,
      lastError: null,
    });
    expect(listed[0]?.subject).toMatch(/confirm/i);
    expect(Date.parse(listed[0]?.keptAt ?? '')).toBeGreaterThan(Date.now() - 60_000);
  });
});
