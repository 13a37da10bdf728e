import { accessSync, constants } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createProduct } from './helpers/catalog.js';
import {
  confirmLoadBuyers,
  expectEveryOrderOnce,
  signUpBuyer,
  startOrderLoad,
} from './helpers/order-load.js';
import {
  freePorts,
  killAll,
  spawnNode,
  waitForOutput,
  type Child,
} from './helpers/server-process.js';
import { createTestDatabase, type TestDatabase } from './helpers/test-database.js';

const PLENTY = 1_000_000;
const SCARCE = 300;

function hasNginx(): boolean {
  return [...(process.env.PATH ?? '').split(':'), '/usr/sbin'].some((dir) => {
    try {
      accessSync(path.join(dir, 'nginx'), constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

const skipped =
  process.env.TEST_DB !== 'postgres'
    ? 'runs on PostgreSQL: set TEST_DATABASE_URL'
    : !hasNginx()
      ? 'nginx is not installed: apt-get install -y nginx'
      : undefined;

describe.skipIf(skipped)(
  `npm run cluster: three instances behind nginx${skipped ? ` (skipped: ${skipped})` : ''}`,
  () => {
    const children = new Set<Child>();
    let database: TestDatabase | undefined;
    afterEach(async () => killAll(children));
    afterAll(async () => database?.close());

    it('restarts every instance under load without a failed request, a reset or a lost order', async () => {
      database = await createTestDatabase();
      const db = database;
      const plenty = await Promise.all(
        [1, 2, 3].map(() => createProduct(db, { availableQuantity: PLENTY })),
      );
      const scarce = await createProduct(db, { availableQuantity: SCARCE });
      const ids = [...plenty, scarce];

      const port = await freePorts(4);
      const base = `http://127.0.0.1:${port}`;
      const env = {
        PORT: String(port),
        DATABASE_URL: db.url ?? '',
        REDIS_URL: process.env.TEST_REDIS_URL ?? '',
        SEED_DEMO_DATA: 'false',
        SIGN_UP_LIMIT_PER_HOUR: '10000',
        // Five buyers place every order of the load: none of them is turned away as a hoarder.
        UNPAID_ORDERS_PER_BUYER: '1000000',
        // The five buyers sign up and in at once: no sign-in is turned away (503) by the bound
        // on password hashes, which nginx would pass on to another instance.
        PASSWORD_HASH_CONCURRENCY: '16',
        LOG_LEVEL: 'warn',
        LOG_FORMAT: 'json',
      };
      const cluster = spawnNode(['scripts/cluster.mjs', '--source'], env);
      children.add(cluster);
      await waitForOutput(cluster, 'Toolyard is ready at', 60_000);
      const tokens = await Promise.all([1, 2, 3, 4, 5].map(() => signUpBuyer(base, base)));
      await confirmLoadBuyers(db.db);

      const started = Date.now();
      const load = startOrderLoad({ base, tokens, productIds: ids, maxMs: 60_000 });
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const restart = spawnNode(['scripts/cluster.mjs', '--restart'], env);
      expect((await restart.exited).code).toBe(0);
      await waitForOutput(cluster, 'restarted all 3 instances', 50_000);
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const report = await load.stop();
      const seconds = (Date.now() - started) / 1000;

      console.info(
        `cluster: ${report.requests} requests in ${seconds.toFixed(1)} s through nginx while ` +
          `restarting 3 instances, ${report.failed} failed, ${report.resets} reset; answers ` +
          JSON.stringify(report.answers),
      );
      expect(report.failures).toEqual([]);
      expect(report.resets).toBe(0);
      expect(
        cluster.stdout().match(/instance \d \(pid \d+\) stopped; starting it again/g),
      ).toHaveLength(3);
      expect(cluster.stdout()).not.toMatch(/exited \(|killed by timeout|still running after/);

      cluster.child.kill('SIGINT');
      expect(await cluster.exited).toEqual({ code: 0, signal: null });
      // nginx passed on requests whose instance refused the connection (it was stopping or not
      // up yet), but never one that it had sent to an instance which then did not answer it.
      const retries =
        /nginx passed (\d+) requests to a second instance; (\d+) of them had been sent/.exec(
          cluster.stdout(),
        );
      const nginxErrors = cluster
        .stderr()
        .split('\n')
        .filter(
          (line) => line.startsWith('[nginx]') && !line.includes('(111: Connection refused)'),
        );
      console.info(`cluster: ${retries?.[0] ?? 'no retry summary'}\n${nginxErrors.join('\n')}`);
      expect(retries?.[2]).toBe('0');

      // Every order answered 201 is in the database once; the stock moved by exactly those.
      await expectEveryOrderOnce(db.db, report, ids, (id: string) =>
        id === scarce ? SCARCE : PLENTY,
      );
    }, 90_000);
  },
);
