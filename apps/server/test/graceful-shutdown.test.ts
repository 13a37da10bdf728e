import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/db/client.js';
import { createProduct } from './helpers/catalog.js';
import { expectEveryOrderOnce, signUpBuyer, startOrderLoad } from './helpers/order-load.js';
import {
  freePorts,
  killAll,
  startServer,
  waitForHealth,
  type Child,
} from './helpers/server-process.js';
import { createTestDatabase, type TestDatabase } from './helpers/test-database.js';

const kind = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';
const STOCK = 1_000_000;

describe(`SIGTERM under load (${kind === 'pglite' ? 'embedded database' : 'PostgreSQL'})`, () => {
  const children = new Set<Child>();
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => killAll(children));
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  /** A fresh database with three products, and how to reach it again after the server stops. */
  async function prepareDatabase(): Promise<{
    env: Record<string, string>;
    ids: string[];
    open: () => Promise<Database>;
  }> {
    if (kind === 'postgres') {
      const database: TestDatabase = await createTestDatabase();
      cleanups.push(() => database.close());
      const ids = await Promise.all(
        [1, 2, 3].map(() => createProduct(database, { availableQuantity: STOCK })),
      );
      return { env: { DATABASE_URL: database.url ?? '' }, ids, open: async () => database };
    }
    const dataDir = await mkdtemp(path.join(tmpdir(), 'toolyard-drain-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const open = async (): Promise<Database> => {
      const database = await openDatabase({ kind: 'pglite', dataDir });
      await database.migrate();
      cleanups.push(() => database.close());
      return database;
    };
    const database = await open();
    const ids = await Promise.all(
      [1, 2, 3].map(() => createProduct(database, { availableQuantity: STOCK })),
    );
    await database.close();
    return { env: { DATA_DIR: dataDir }, ids, open };
  }

  it('answers every request it received, with Connection: close on each last one, then exits', async () => {
    const { env, ids, open } = await prepareDatabase();
    const port = await freePorts(1);
    const base = `http://127.0.0.1:${port}`;
    const server = startServer({
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED_DEMO_DATA: 'false',
      SIGN_UP_LIMIT_PER_HOUR: '1000',
      LOG_LEVEL: 'warn',
    });
    children.add(server);
    await waitForHealth(server, `${base}/api/health`);
    const tokens = await Promise.all([1, 2, 3, 4, 5].map(() => signUpBuyer(base, base)));

    const load = startOrderLoad({ base, tokens, productIds: ids, untilClosed: true });
    // Node takes one new connection per turn of its event loop, so on a busy machine the 50
    // opened at once wait seconds to be taken. Signal once each has been answered (connections
    // still queued at the signal are the drain's business too, but only up to its 4 s).
    const warm = Date.now() + 20_000;
    while (load.report.connectionsAnswered < 50 && Date.now() < warm) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const before = load.report.requests;
    const signalled = Date.now();
    server.child.kill('SIGTERM');
    load.mark();
    const exit = await server.exited;
    const drainMs = Date.now() - signalled;
    const report = await load.done;

    console.info(
      `${kind}: ${report.requests} requests (${before} before SIGTERM), ${report.failed} failed, ` +
        `${report.resets} reset, ${report.answersAfterMark} answered after SIGTERM, ` +
        `exit ${drainMs} ms after it; answers ${JSON.stringify(report.answers)}`,
    );
    expect(report.failures).toEqual([]);
    expect(report.resets).toBe(0);
    // Each of the 50 connections got an answer after the signal, its last saying Connection: close.
    expect(report.closedByServer).toBe(50);
    expect(report.answersAfterMark).toBeGreaterThanOrEqual(50);
    expect(exit).toEqual({ code: 0, signal: null });
    expect(server.stderr()).toBe('');
    expect(drainMs).toBeLessThan(10_000);

    // Every order answered 201 is in the database once, and the stock moved by exactly those.
    const database = await open();
    await expectEveryOrderOnce(database.db, report, ids, () => STOCK);
  }, 60_000);
});
