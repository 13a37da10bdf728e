import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/db/client.js';
import { readBackup } from '../src/db/embedded-backup.js';
import { freePort } from './helpers/ports.js';
import {
  killAll,
  spawnNode,
  startShopOn,
  stopWithSigterm,
  type Child,
} from './helpers/server-process.js';

interface Product {
  _id: string;
  AvailableQuantity: number;
  MinOrderQuantity: number;
}
interface Order {
  itemId: string;
  OrderQuantity: number;
  status: string;
}

const NOT_DURABLE = 'The embedded database is not durable';

describe.skipIf(process.env.TEST_DB !== 'pglite')(
  'backup and restore of the embedded database',
  () => {
    const children = new Set<Child>();
    const tempDirs: string[] = [];
    const tempDir = async () => {
      const dir = await mkdtemp(path.join(tmpdir(), 'toolyard-backup-'));
      tempDirs.push(dir);
      return dir;
    };
    afterEach(async () => {
      await killAll(children);
      children.clear();
    });
    afterAll(async () => {
      await Promise.all(tempDirs.map((dir) => rm(dir, { recursive: true, force: true })));
    });

    const shop = async (dataDir: string, env: Record<string, string> = {}) => {
      const port = await freePort();
      const server = await startShopOn(children, { port, dataDir, env, timeoutMs: 90_000 });
      return { server, base: `http://127.0.0.1:${port}` };
    };
    const stop = async (server: Child) => expect(await stopWithSigterm(server)).toBe(0);
    const cli = (name: 'backup' | 'restore', env: Record<string, string>, args: string[]) => {
      const child = spawnNode(
        [
          '--conditions=@toolyard/source',
          '--import',
          'tsx',
          `apps/server/src/cli/${name}.ts`,
          ...args,
        ],
        env,
      );
      children.add(child);
      return child;
    };
    const products = async (base: string) => {
      const res = await fetch(`${base}/api/tool`);
      expect(res.status).toBe(200);
      return (await res.json()) as Product[];
    };
    const signInBuyer = async (base: string) => {
      const res = await fetch(`${base}/api/auth/sign-in/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: base },
        body: JSON.stringify({ email: 'buyer@toolyard.test', password: 'toolyard-buyer' }),
      });
      expect(res.status).toBe(200);
      return res.headers.get('set-auth-token') ?? '';
    };
    const ordersOf = async (base: string, token: string) => {
      const all: Order[] = [];
      for (let page = 1; ; page++) {
        const res = await fetch(
          `${base}/api/order?BuyerEmail=buyer@toolyard.test&page=${page}&pageSize=100`,
          { headers: { authorization: `Bearer ${token}` } },
        );
        expect(res.status).toBe(200);
        const batch = (await res.json()) as Order[];
        all.push(...batch);
        if (batch.length < 100) return all;
      }
    };

    /** Buyers ordering the minimum of every product in turn, as fast as the shop answers. */
    const placeOrders = (base: string, token: string, catalog: Product[]) => {
      let stopped = false;
      const answers: number[] = [];
      const loops = Array.from({ length: 4 }, async (_, n) => {
        for (let i = n; !stopped; i += 4) {
          const product = catalog[i % catalog.length] as Product;
          const res = await fetch(`${base}/api/order`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
            body: JSON.stringify({
              itemId: product._id,
              OrderQuantity: product.MinOrderQuantity,
              Contact: '+1 555 0100',
              Address: '1 Yard Lane',
            }),
          });
          await res.arrayBuffer();
          answers.push(res.status);
        }
      });
      return {
        placed: () => answers.filter((status) => status === 201).length,
        stop: async () => {
          stopped = true;
          await Promise.all(loops);
          return answers;
        },
      };
    };

    it('copies the shop while orders are placed; the copy restores into a new folder and starts with stock exact', async () => {
      const dataDir = await tempDir();
      const first = await shop(dataDir);
      expect(first.server.stdout()).not.toContain(NOT_DURABLE);
      const start = new Map((await products(first.base)).map((p) => [p._id, p.AvailableQuantity]));
      const load = placeOrders(
        first.base,
        await signInBuyer(first.base),
        await products(first.base),
      );

      while (load.placed() < 20) await new Promise((resolve) => setTimeout(resolve, 50));
      const placedBeforeBackup = load.placed();
      const file = path.join(await tempDir(), 'shop.tar.gz');
      const backup = cli('backup', { DATA_DIR: dataDir }, [file]);
      expect((await backup.exited).code).toBe(0);
      const placedDuringBackup = load.placed() - placedBeforeBackup;
      const answers = await load.stop();
      await stop(first.server);

      expect(backup.stdout()).toContain(`to ${file}`);
      expect(placedDuringBackup).toBeGreaterThan(0);
      // Orders are placed or refused for stock; nothing else.
      expect(answers.filter((status) => status !== 201 && status !== 409)).toEqual([]);

      const restoredDir = path.join(await tempDir(), 'restored');
      const restore = cli('restore', { DATA_DIR: restoredDir }, [file]);
      expect((await restore.exited).code).toBe(0);
      expect(restore.stdout()).toContain(`into ${restoredDir}`);

      const restored = await shop(restoredDir);
      const token = await signInBuyer(restored.base);
      const orders = await ordersOf(restored.base, token);
      // The copy holds every order answered before it began, and none that was never placed.
      expect(orders.length).toBeGreaterThanOrEqual(placedBeforeBackup);
      expect(orders.length).toBeLessThanOrEqual(load.placed());
      const stock = await products(restored.base);
      expect(stock.map((p) => p._id).sort()).toEqual([...start.keys()].sort());
      for (const product of stock) {
        const ordered = orders
          .filter((o) => o.itemId === product._id && o.status !== 'cancelled')
          .reduce((sum, o) => sum + o.OrderQuantity, 0);
        expect(product.AvailableQuantity + ordered, product._id).toBe(start.get(product._id));
      }
      await stop(restored.server);

      // The same folder without durable commits starts, and says plainly what that risks.
      const fast = await shop(restoredDir, { EMBEDDED_DB_DURABLE: 'false' });
      expect(fast.server.stdout()).toContain(`${NOT_DURABLE} (EMBEDDED_DB_DURABLE=false)`);
    }, 300_000);

    it('copies while transactions commit and checkpoints remove old log; the copy restores to one moment in between, and restarts', async () => {
      const WAL_SEGMENT = 16 * 1024 * 1024;
      const one = async <T>(database: Database, query: ReturnType<typeof sql>) =>
        ((await database.db.execute(query)) as unknown as { rows: T[] }).rows[0] as T;
      const ledgerOf = (database: Database) =>
        one<{ transactions: number; rows: number; sum: number; total: number }>(
          database,
          sql`select count(distinct tx)::int as transactions, count(*)::int as rows,
                     coalesce(sum(amount), 0)::int as sum, (select total from balance)::int as total
                from ledger`,
        );
      const walAt = async (database: Database) =>
        BigInt(
          (
            await one<{ bytes: string }>(
              database,
              sql`select (pg_current_wal_lsn() - '0/0')::text as bytes`,
            )
          ).bytes,
        );

      const dataDir = await tempDir();
      const live = await openDatabase({ kind: 'pglite', dataDir });
      await live.db.execute(sql`create table ledger (
        tx int not null, amount int not null check (amount > 0), pad text not null)`);
      await live.db.execute(sql`create table balance (total bigint not null)`);
      await live.db.execute(sql`insert into balance values (0)`);
      // About 150 MB that the copy takes seconds to read, while the log moves on.
      await live.db.execute(
        sql`create table filler as select repeat('x', 900) as pad from generate_series(1, 150000)`,
      );

      // Each transaction adds 200 rows (about 0.2 MB of log) and their sum to the balance; the
      // writer waits for the event loop between transactions, as requests arriving do.
      let stopped = false;
      let committed = 0;
      const writer = (async () => {
        for (let tx = 1; !stopped; tx++) {
          await live.db.transaction(async (t) => {
            await t.execute(sql`insert into ledger
              select ${tx}, n, repeat('x', 900) from generate_series(1, 200) n`);
            await t.execute(sql`update balance set total = total + 20100`);
          });
          committed = tx;
          await new Promise((resolve) => setImmediate(resolve));
        }
      })();
      // Anything may checkpoint during a copy (a later timer, another tool); each one removes
      // the log before its redo point, which the copy still needs.
      const checkpoints = (async () => {
        while (!stopped) {
          await new Promise((resolve) => setTimeout(resolve, 100));
          await live.db.execute(sql`checkpoint`);
        }
      })();
      while (committed < 20) await new Promise((resolve) => setTimeout(resolve, 20));

      const committedBefore = committed;
      const walBefore = await walAt(live);
      if (!live.embedded) throw new Error('PGlite has an embedded part');
      const copy = await live.embedded.snapshot();
      const walAfter = await walAt(live);
      const committedAfter = committed;
      stopped = true;
      await Promise.all([writer, checkpoints]);
      await live.close();
      // The log grew by segments during the copy, and the checkpoints recycled old ones.
      expect(walAfter - walBefore).toBeGreaterThan(2n * BigInt(WAL_SEGMENT));

      const file = path.join(await tempDir(), 'copy.tar.gz');
      await writeFile(file, copy);
      const restoredDir = path.join(await tempDir(), 'restored');
      const restored = await openDatabase({
        kind: 'pglite',
        dataDir: restoredDir,
        load: await readBackup(file),
      });
      const ledger = await ledgerOf(restored);
      await restored.close();
      // Whole transactions only, every one committed before the copy began, none never made.
      expect(ledger.transactions).toBeGreaterThanOrEqual(committedBefore);
      expect(ledger.transactions).toBeLessThanOrEqual(committedAfter + 1);
      expect(ledger.rows).toBe(ledger.transactions * 200);
      expect(ledger.sum).toBe(ledger.total);

      const reopened = await openDatabase({ kind: 'pglite', dataDir: restoredDir });
      expect(await ledgerOf(reopened)).toEqual(ledger);
      await reopened.db.execute(sql`insert into ledger values (0, 1, '')`);
      await reopened.close();
    }, 300_000);

    it('refuses to restore into a folder that holds data, or a file that is no backup', async () => {
      const dataDir = await tempDir();
      const { server } = await shop(dataDir);
      const file = path.join(await tempDir(), 'shop.tar.gz');
      const backup = cli('backup', { DATA_DIR: dataDir }, [file]);
      expect((await backup.exited).code).toBe(0);

      const whileRunning = cli('restore', { DATA_DIR: dataDir }, [file, '--force']);
      expect((await whileRunning.exited).code).toBe(1);
      expect(whileRunning.stderr().trim()).toMatch(
        /^toolyard: .* is in use by another Toolyard process/,
      );
      await stop(server);

      const intoData = cli('restore', { DATA_DIR: dataDir }, [file]);
      expect((await intoData.exited).code).toBe(1);
      expect(intoData.stderr().trim()).toBe(
        `toolyard: ${dataDir} is not empty: restore into a new folder (DATA_DIR=<new folder>), or add --force to replace what it holds`,
      );
      expect(existsSync(path.join(dataDir, 'PG_VERSION'))).toBe(true);

      const junk = path.join(await tempDir(), 'notes.tar.gz');
      await writeFile(junk, 'not a database\n');
      const newDir = path.join(await tempDir(), 'new');
      const fromJunk = cli('restore', { DATA_DIR: newDir }, [junk]);
      expect((await fromJunk.exited).code).toBe(1);
      expect(fromJunk.stderr().trim()).toBe(
        `toolyard: ${junk} is not a backup of the embedded database (a .tar.gz written by npm run db:backup)`,
      );
      expect(existsSync(newDir) ? await readdir(newDir) : []).toEqual([]);

      const missing = cli('restore', { DATA_DIR: newDir }, [`${junk}.nope`]);
      expect((await missing.exited).code).toBe(1);
      expect(missing.stderr().trim()).toBe(`toolyard: There is no file ${junk}.nope`);

      const forced = cli('restore', { DATA_DIR: dataDir }, [file, '--force']);
      expect((await forced.exited).code).toBe(0);
    }, 300_000);
  },
);
