import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/db/client.js';
import { outbox } from '../src/db/schema.js';
import { freePort } from './helpers/ports.js';
import { killAll, startShopOn, stopWithSigterm, type Child } from './helpers/server-process.js';
import { startSmtpStandIn, type SmtpStandIn } from './helpers/smtp-stand-in.js';
import { createTestDatabase } from './helpers/test-database.js';

const kind = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';

interface Product {
  _id: string;
  AvailableQuantity: number;
  MinOrderQuantity: number;
}

// A kill between SMTP's DATA and the row marked sent is not tested here: the message waits for
// its 60 s lease, which the server process has no setting for (ADR 017's at-least-once case).
describe(`a shop killed after an order commits and before its mail goes out (${
  kind === 'pglite' ? 'embedded database' : 'PostgreSQL'
})`, () => {
  const children = new Set<Child>();
  const cleanups: (() => Promise<void>)[] = [];
  let smtp: SmtpStandIn;

  beforeAll(async () => {
    smtp = await startSmtpStandIn();
    cleanups.push(() => smtp.stop());
  });
  afterEach(async () => {
    await killAll(children);
    children.clear();
  });
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  /** Where the shop keeps its data, and how to read it once the shop has stopped. */
  async function prepareStorage(): Promise<{
    dataDir: string;
    env: Record<string, string>;
    open: () => Promise<Database>;
  }> {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'toolyard-mail-crash-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    if (kind === 'pglite') {
      const open = async () => {
        const database = await openDatabase({ kind: 'pglite', dataDir });
        cleanups.push(() => database.close());
        return database;
      };
      return { dataDir, env: {}, open };
    }
    const database = await createTestDatabase();
    cleanups.push(() => database.close());
    return { dataDir, env: { DATABASE_URL: database.url ?? '' }, open: async () => database };
  }

  /** The first failed attempt at a `topic` message, as the worker logged it. */
  async function failedAttempt(server: Child, topic: string, timeoutMs = 30_000) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const line = server
        .stdout()
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .map(
          (l) =>
            JSON.parse(l) as { topic?: string; messageId: string; err?: unknown; msg?: string },
        )
        .find((l) => l.topic === topic && l.msg?.startsWith('a message could not be sent'));
      if (line) return line;
      if (Date.now() > deadline) {
        throw new Error(`no failed attempt at ${topic}:\n${server.stdout()}\n${server.stderr()}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  it('sends the order mail exactly once after a restart', async () => {
    const { dataDir, env: storageEnv, open } = await prepareStorage();
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const origin = `http://localhost:${port}`;
    // Down until the first server is dead: nothing it tries can be sent.
    await smtp.stop();
    const env = { ...storageEnv, SMTP_URL: smtp.url };
    const first = await startShopOn(children, { port, dataDir, env, timeoutMs: 90_000 });

    const email = `crash-${Date.now().toString(36)}@example.com`;
    const password = 'correct horse battery';
    const post = (url: string, body: object, headers: Record<string, string> = {}) =>
      fetch(`${base}${url}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin, ...headers },
        body: JSON.stringify(body),
      });
    const signUp = await post('/api/auth/sign-up/email', { name: 'Cora Crash', email, password });
    expect(signUp.status).toBe(200);
    // The address stays unconfirmed: its link is in a mail that cannot go out yet.
    const signIn = await post('/api/auth/sign-in/email', { email, password });
    expect(signIn.status).toBe(200);
    const token = signIn.headers.get('set-auth-token') ?? '';
    expect(token).not.toBe('');

    const catalog = (await (await fetch(`${base}/api/tool`)).json()) as Product[];
    const product = catalog.find((p) => p.AvailableQuantity >= p.MinOrderQuantity);
    if (!product) throw new Error('the demo catalog has nothing in stock');
    const placed = await post(
      '/api/order',
      {
        itemId: product._id,
        OrderQuantity: product.MinOrderQuantity,
        Contact: '+1 555 0100',
        Address: '1 Yard Lane',
      },
      { authorization: `Bearer ${token}` },
    );
    expect(placed.status).toBe(201);
    const { number } = (await placed.json()) as { number: string };

    // The order committed with its mail in the outbox, which the worker tried and could not
    // send (its lease given back): kill the process there, as a power cut would.
    const verify = await failedAttempt(first, 'account.verify');
    const received = await failedAttempt(first, 'order.received');
    // Composed, then refused at the door: the message is whole, only the SMTP server was away.
    expect(JSON.stringify(received.err)).toContain('ECONNREFUSED');
    process.kill(first.child.pid ?? 0, 'SIGKILL');
    expect(await first.exited).toEqual({ code: null, signal: 'SIGKILL' });
    expect(smtp.received).toEqual([]);

    await smtp.start();
    const second = await startShopOn(children, { port, dataDir, env, timeoutMs: 90_000 });
    const isOrderMail = (subject: string) =>
      subject.includes(`We have received your order ${number}`);
    // A retry waits its backoff (10 s), or a lease (60 s) had the kill caught a send under way.
    await smtp
      .waitFor(
        (mails) =>
          mails.some((m) => isOrderMail(m.subject)) &&
          mails.some((m) => m.messageId === `<${verify.messageId}@localhost>`),
        90_000,
      )
      .catch((err: Error) => {
        throw new Error(`${err.message}\n${second.stdout()}\n${second.stderr()}`);
      });
    // A few more worker cycles: a message sent twice would show up now.
    await new Promise((resolve) => setTimeout(resolve, 3000));

    const toBuyer = smtp.received.filter((m) => m.to === email);
    const orderMails = toBuyer.filter((m) => isOrderMail(m.subject));
    expect(orderMails).toHaveLength(1);
    expect(orderMails[0]?.messageId).toBe(`<${received.messageId}@localhost>`);
    expect(orderMails[0]?.text).toContain('Hello Cora Crash We Have Received Your Order');
    const verifyMails = toBuyer.filter((m) => m.subject.includes('confirm your email address'));
    expect(verifyMails).toHaveLength(1);
    expect(verifyMails[0]?.messageId).toBe(`<${verify.messageId}@localhost>`);
    expect(toBuyer).toHaveLength(2);

    // Both rows say sent: neither goes out again once its lease would have run out.
    expect(await stopWithSigterm(second)).toBe(0);
    const database = await open();
    const rows = await database.db
      .select({ id: outbox.id, sentAt: outbox.sentAt, failedAt: outbox.failedAt })
      .from(outbox)
      .where(eq(outbox.recipient, email));
    expect(rows.map((r) => r.id).sort()).toEqual([verify.messageId, received.messageId].sort());
    for (const row of rows) {
      expect(row.sentAt).toBeInstanceOf(Date);
      expect(row.failedAt).toBeNull();
    }
  }, 240_000);
});
