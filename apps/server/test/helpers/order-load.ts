import { inArray, like } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '../../src/db/client.js';
import { orders, products, users } from '../../src/db/schema.js';
import { DELIVERY } from './orders.js';
import http from 'node:http';

export interface OrderLoadOptions {
  /** e.g. http://127.0.0.1:3000 */
  base: string;
  /** Bearer tokens of the buyers; connection i places orders as buyer i mod n. */
  tokens: string[];
  productIds: string[];
  connections?: number;
  /**
   * Each connection stops after an answer with `Connection: close` (a draining server's last),
   * or when it fails.
   */
  untilClosed?: boolean;
  /** Every connection stops by then at the latest. */
  maxMs?: number;
}

export interface PlacedOrder {
  itemId: string;
  quantity: number;
}

export interface OrderLoadReport {
  requests: number;
  /** Answers by status code. */
  answers: Record<number, number>;
  /** Requests without an acceptable answer (an error, a 5xx, an unexpected status). */
  failed: number;
  /** The first few failures, readable. */
  failures: string[];
  /** Requests whose connection was reset or dropped before an answer. */
  resets: number;
  /** Answers that carried `Connection: close`. */
  closedByServer: number;
  /** Connections that have had at least one answer. */
  connectionsAnswered: number;
  /** Answers received after mark() was called. */
  answersAfterMark: number;
  /** Orders answered 201, by id. */
  placed: Map<string, PlacedOrder>;
}

let buyers = 0;
/**
 * Signs a new buyer up over HTTP, then in with the password (sign-up itself gives no session);
 * returns the session's bearer token. The buyer is unconfirmed, so holds one unpaid order at a
 * time, until confirmLoadBuyers.
 */
export async function signUpBuyer(base: string, origin: string): Promise<string> {
  const n = buyers++;
  const email = `load-${Date.now().toString(36)}-${n}@example.com`;
  const password = 'correct horse battery';
  const post = (path: string, body: object) =>
    fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin },
      body: JSON.stringify(body),
    });
  /** Past the bound on password hashes at once the server answers 503 at once: try again. */
  const withRetry = async (call: () => Promise<Response>) => {
    let res = await call();
    for (let tries = 0; res.status === 503 && tries < 100; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      res = await call();
    }
    return res;
  };
  const signedUp = await withRetry(() =>
    post('/api/auth/sign-up/email', { name: `Load Buyer ${n}`, email, password }),
  );
  if (signedUp.status !== 200) {
    throw new Error(`sign-up failed: ${signedUp.status} ${await signedUp.text()}`);
  }
  const res = await withRetry(() => post('/api/auth/sign-in/email', { email, password }));
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  const token = res.headers.get('set-auth-token');
  if (!token) throw new Error('sign-in answered without a bearer token');
  return token;
}

/**
 * Every buyer signUpBuyer made, as if each had followed the link mailed to it: they may then
 * hold as many unpaid orders as UNPAID_ORDERS_PER_BUYER lets. Before their first order: a
 * session already looked up is trusted for a few seconds as it was.
 */
export const confirmLoadBuyers = (db: Db) =>
  db.update(users).set({ emailVerified: true }).where(like(users.email, 'load-%@example.com'));

const RESET_CODES = new Set(['ECONNRESET', 'EPIPE', 'ECONNABORTED']);

/**
 * Keep-alive connections, each its own socket, placing orders (three requests in four) and
 * reading the catalog (the fourth) as fast as answers come, counting every outcome.
 */
export function startOrderLoad({
  base,
  tokens,
  productIds,
  connections = 50,
  untilClosed = false,
  maxMs = 45_000,
}: OrderLoadOptions) {
  const report: OrderLoadReport = {
    requests: 0,
    answers: {},
    failed: 0,
    failures: [],
    resets: 0,
    closedByServer: 0,
    answersAfterMark: 0,
    connectionsAnswered: 0,
    placed: new Map(),
  };
  const url = new URL(base);
  const deadline = Date.now() + maxMs;
  let stopped = false;
  let marked = false;

  const fail = (what: string) => {
    report.failed++;
    if (report.failures.length < 10) report.failures.push(what);
  };

  async function connection(n: number) {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const token = tokens[n % tokens.length] ?? '';
    try {
      for (let i = 0, k = n; !stopped && Date.now() < deadline; i++) {
        const ordering = (n + i) % 4 !== 3;
        const itemId = productIds[k % productIds.length] ?? '';
        const quantity = 1 + (k % 3);
        if (ordering) k++;
        report.requests++;
        const answer = await send(agent, ordering, token, itemId, quantity);
        if ('error' in answer) {
          if (RESET_CODES.has(answer.error)) report.resets++;
          fail(`${ordering ? 'POST /api/order' : 'GET /api/tool'}: ${answer.error}`);
          // Its connection is gone: against a single server, a new one would only be refused.
          if (untilClosed) return;
          continue;
        }
        if (i === 0) report.connectionsAnswered++;
        report.answers[answer.status] = (report.answers[answer.status] ?? 0) + 1;
        if (marked) report.answersAfterMark++;
        if (answer.close) report.closedByServer++;
        const expected = ordering ? [201, 409] : [200];
        if (!expected.includes(answer.status)) {
          fail(
            `${ordering ? 'POST /api/order' : 'GET /api/tool'}: ${answer.status} ${answer.body}`,
          );
        } else if (answer.status === 201) {
          const order = JSON.parse(answer.body) as { _id: string; OrderQuantity: number };
          report.placed.set(order._id, { itemId, quantity: order.OrderQuantity });
        }
        if (answer.close && untilClosed) return;
      }
    } finally {
      agent.destroy();
    }
  }

  function send(
    agent: http.Agent,
    ordering: boolean,
    token: string,
    itemId: string,
    quantity: number,
  ): Promise<{ status: number; body: string; close: boolean } | { error: string }> {
    return new Promise((resolve) => {
      const body = ordering
        ? JSON.stringify({ itemId, OrderQuantity: quantity, ...DELIVERY })
        : undefined;
      const request = http.request(
        {
          host: url.hostname,
          port: url.port,
          agent,
          method: ordering ? 'POST' : 'GET',
          path: ordering ? '/api/order' : '/api/tool',
          timeout: 20_000,
          headers: ordering
            ? { authorization: `Bearer ${token}`, 'content-type': 'application/json' }
            : {},
        },
        (response) => {
          let text = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (text += chunk));
          response.on('error', (err: NodeJS.ErrnoException) =>
            resolve({ error: err.code ?? err.message }),
          );
          response.on('end', () =>
            resolve({
              status: response.statusCode ?? 0,
              body: text,
              close: response.headers.connection === 'close',
            }),
          );
        },
      );
      request.on('timeout', () => request.destroy(new Error('no answer within 20 s')));
      request.on('error', (err: NodeJS.ErrnoException) =>
        resolve({ error: err.code ?? err.message }),
      );
      request.end(body);
    });
  }

  const done = Promise.all(Array.from({ length: connections }, (_, n) => connection(n)));
  return {
    report,
    /** From now on, answers also count in answersAfterMark (e.g. after a signal). */
    mark: () => void (marked = true),
    /** Resolves when every connection has stopped on its own (untilClosed) or by its deadline. */
    done: done.then(() => report),
    async stop(): Promise<OrderLoadReport> {
      stopped = true;
      await done;
      return report;
    },
  };
}

/**
 * Every order answered 201 is in the database exactly once, and each product's stock moved by
 * exactly the quantities of those orders.
 */
export async function expectEveryOrderOnce(
  db: Db,
  report: OrderLoadReport,
  ids: string[],
  stockAtStart: (id: string) => number,
): Promise<void> {
  const rows = await db.select({ id: orders.id }).from(orders).where(inArray(orders.itemId, ids));
  expect(rows.length).toBe(report.placed.size);
  expect(new Set(rows.map((r) => r.id))).toEqual(new Set(report.placed.keys()));
  const stock = await db
    .select({ id: products.id, available: products.availableQuantity })
    .from(products)
    .where(inArray(products.id, ids));
  for (const { id, available } of stock) {
    const taken = [...report.placed.values()]
      .filter((o) => o.itemId === id)
      .reduce((sum, o) => sum + o.quantity, 0);
    expect(available).toBe(stockAtStart(id) - taken);
  }
}
