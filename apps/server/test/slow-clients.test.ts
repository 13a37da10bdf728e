import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { slowClientServerOptions } from '../src/plugins/slow-clients.js';
import { ORIGIN, signUp, uniqueEmail, type Account } from './helpers/accounts.js';
import { buildTestApp, type TestApp } from './helpers/build-test-app.js';

/*
 * Clients that send a request a byte at a time (slow-loris), or nothing after an answer, on real
 * sockets. The limits are the production ones scaled down: headers 10 s → 1 s, body 30 s → 2 s,
 * upload 120 s → 4.5 s, idle keep-alive 5 s → 1.5 s.
 */
const HEADERS_MS = 1000;
const BODY_MS = 2000;
const UPLOAD_MS = 4500;
const KEEP_ALIVE_MS = 1500;
/**
 * Node keeps an idle connection a second longer than the Keep-Alive header it sends says, so a
 * client that trusts the header never sends on a connection being closed.
 */
const NODE_KEEP_ALIVE_GRACE_MS = 1000;
/**
 * Past its limit a connection is closed within this: Node checks its limits a quarter of the
 * headers' limit apart, and a machine running the suite is busy. Scaled up, as the issue asks,
 * a 10 s headers limit closes within 20 s and a 30 s body limit within 40 s.
 */
const SLACK_MS = 1000;

interface Trickler {
  /** Milliseconds from connecting to the server closing the connection (undefined: open). */
  closedAfter(): number | undefined;
  /** What the server answered, if anything. */
  received(): string;
  stop(): void;
}

/** Connects, sends `head` at once, then one byte of `rest` every `everyMs`. */
function trickle(port: number, head: string, rest: string, everyMs = 100): Trickler {
  const started = Date.now();
  let closed: number | undefined;
  let received = '';
  const socket: Socket = connect(port, '127.0.0.1');
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => (received += chunk));
  socket.on('error', () => {});
  socket.on('close', () => (closed ??= Date.now() - started));
  socket.write(head);
  let i = 0;
  const timer = setInterval(() => {
    if (closed !== undefined || socket.destroyed) return clearInterval(timer);
    socket.write(rest[i % rest.length] ?? 'x');
    i++;
  }, everyMs);
  return {
    closedAfter: () => closed,
    received: () => received,
    stop: () => {
      clearInterval(timer);
      socket.destroy();
    },
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('slow clients', () => {
  let t: TestApp;
  let port: number;
  let admin: Account;
  const adminEmail = uniqueEmail('admin');
  const open: Trickler[] = [];
  const track = (trickler: Trickler) => (open.push(trickler), trickler);

  beforeAll(async () => {
    t = await buildTestApp({
      env: {
        ADMIN_EMAILS: adminEmail,
        HEADERS_TIMEOUT_MS: String(HEADERS_MS),
        BODY_TIMEOUT_MS: String(BODY_MS),
        UPLOAD_TIMEOUT_MS: String(UPLOAD_MS),
        KEEP_ALIVE_TIMEOUT_MS: String(KEEP_ALIVE_MS),
      },
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
    admin = await signUp(t.app, { email: adminEmail });
  });
  afterAll(async () => {
    for (const trickler of open) trickler.stop();
    await t?.close();
  });

  const headersOf = (method: string, path: string, extra: Record<string, string> = {}) =>
    `${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n` +
    Object.entries(extra)
      .map(([k, v]) => `${k}: ${v}\r\n`)
      .join('') +
    '\r\n';

  it('closes connections that trickle their headers, or send nothing, within the headers limit', async () => {
    const tricklers = Array.from({ length: 100 }, (_, i) =>
      track(
        i % 4 === 0
          ? trickle(port, '', '', 60_000)
          : trickle(port, 'GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n', 'X-Slow: aaaa\r\n'),
      ),
    );
    // Meanwhile the shop answers everyone else at once.
    await sleep(HEADERS_MS / 2);
    const started = Date.now();
    const res = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(res.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(HEADERS_MS);

    await sleep(HEADERS_MS + SLACK_MS + 100);
    const times = tricklers.map((tr) => tr.closedAfter());
    expect(times.filter((ms) => ms === undefined)).toEqual([]);
    for (const ms of times as number[]) {
      expect(ms).toBeGreaterThanOrEqual(HEADERS_MS - 50);
      expect(ms).toBeLessThanOrEqual(HEADERS_MS + SLACK_MS);
    }
    expect(tricklers[1]?.received()).toMatch(/^HTTP\/1\.1 408/);
    expect(t.app.server.headersTimeout).toBe(HEADERS_MS);
  });

  it('closes a connection that trickles its body within the body limit', async () => {
    const body = JSON.stringify({
      email: 'slow@example.com',
      subject: 'Slow',
      message: 'x'.repeat(200),
    });
    const tricklers = Array.from({ length: 20 }, () =>
      track(
        trickle(
          port,
          headersOf('POST', '/api/contact', {
            'content-type': 'application/json',
            'content-length': String(body.length),
            origin: ORIGIN,
          }),
          body,
        ),
      ),
    );
    await sleep(BODY_MS - 200);
    expect(tricklers.map((tr) => tr.closedAfter())).toEqual(tricklers.map(() => undefined));
    await sleep(200 + SLACK_MS + 100);
    for (const tr of tricklers) {
      expect(tr.closedAfter()).toBeGreaterThanOrEqual(BODY_MS - 50);
      expect(tr.closedAfter()).toBeLessThanOrEqual(BODY_MS + SLACK_MS);
    }
  });

  it("gives an admin's upload the upload limit, and a stranger's upload the body limit", async () => {
    const multipart = (cookie?: string) =>
      headersOf('POST', '/api/images', {
        'content-type': 'multipart/form-data; boundary=xyz',
        'content-length': '100000',
        origin: ORIGIN,
        ...(cookie ? { cookie } : {}),
      });
    const part =
      '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n';
    const upload = track(trickle(port, multipart(admin.cookie) + part, 'a'));
    const stranger = track(trickle(port, multipart() + part, 'a'));
    await sleep(BODY_MS + SLACK_MS + 100);
    expect(upload.closedAfter()).toBeUndefined();
    expect(stranger.closedAfter()).toBeLessThanOrEqual(BODY_MS + SLACK_MS);
    await sleep(UPLOAD_MS - BODY_MS);
    expect(upload.closedAfter()).toBeGreaterThanOrEqual(UPLOAD_MS - 50);
    expect(upload.closedAfter()).toBeLessThanOrEqual(UPLOAD_MS + SLACK_MS);
  });

  it('closes a keep-alive connection left idle after its answer within the keep-alive limit', async () => {
    const idle = Array.from({ length: 20 }, () => {
      let answeredAt: number | undefined;
      let closedAt: number | undefined;
      let received = '';
      const socket = connect(port, '127.0.0.1');
      socket.setEncoding('utf8');
      socket.on('data', (chunk: string) => {
        received += chunk;
        if (received.includes('\r\n\r\n') && received.includes('"status"')) {
          answeredAt ??= Date.now();
        }
      });
      socket.on('error', () => {});
      socket.on('close', () => (closedAt = Date.now()));
      socket.write(headersOf('GET', '/api/health', { connection: 'keep-alive' }));
      return {
        socket,
        received: () => received,
        idleFor: () =>
          answeredAt === undefined || closedAt === undefined ? undefined : closedAt - answeredAt,
      };
    });
    await sleep(KEEP_ALIVE_MS - 300);
    expect(idle.map((c) => c.socket.destroyed)).toEqual(idle.map(() => false));
    await sleep(300 + NODE_KEEP_ALIVE_GRACE_MS + SLACK_MS);
    for (const connection of idle) {
      // The answer tells the client how long it may keep the connection for its next request.
      expect(connection.received()).toMatch(/^HTTP\/1\.1 200/);
      expect(connection.received()).toMatch(/keep-alive: timeout=1\r\n/i);
      expect(connection.idleFor()).toBeGreaterThanOrEqual(KEEP_ALIVE_MS - 50);
      expect(connection.idleFor()).toBeLessThanOrEqual(
        KEEP_ALIVE_MS + NODE_KEEP_ALIVE_GRACE_MS + SLACK_MS,
      );
      connection.socket.destroy();
    }
  });

  it('answers a request whose body arrives in time', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: ORIGIN },
      body: JSON.stringify({ email: 'quick@example.com', subject: 'Quick', message: 'In time.' }),
    });
    expect(res.status).toBe(201);
  });
});

describe('the slow-client limits by default', () => {
  it('are 10 s for headers, 30 s for a body, 120 s for an upload and 5 s idle, checked each second', () => {
    const timeouts = loadConfig({}).timeouts;
    expect(timeouts).toEqual({
      headersMs: 10_000,
      bodyMs: 30_000,
      uploadMs: 120_000,
      keepAliveMs: 5000,
    });
    expect(slowClientServerOptions(timeouts)).toEqual({
      requestTimeout: 120_000,
      keepAliveTimeout: 5000,
      http: { headersTimeout: 10_000, requestTimeout: 120_000, connectionsCheckingInterval: 1000 },
    });
  });

  it('must grow from headers to body to upload', () => {
    expect(() => loadConfig({ HEADERS_TIMEOUT_MS: '40000' })).toThrow(/HEADERS_TIMEOUT_MS/);
    expect(() => loadConfig({ BODY_TIMEOUT_MS: '200000' })).toThrow(/BODY_TIMEOUT_MS/);
  });

  it('keep an idle connection at least a second, longer than nginx keeps its own (deploy/nginx)', () => {
    expect(() => loadConfig({ KEEP_ALIVE_TIMEOUT_MS: '500' })).toThrow(/KEEP_ALIVE_TIMEOUT_MS/);
  });
});
