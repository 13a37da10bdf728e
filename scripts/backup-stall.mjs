// Measures how long the shop's requests wait while `npm run db:backup` copies the embedded
// database, under concurrent reads and orders. Run from the repository root:
//   node scripts/backup-stall.mjs <data folder> [orders to have first, default 20000]
// A new folder is filled with orders first (minutes). Prints JSON: the slowest request and
// p99 in the 15 s before the backup and during it, the backup's duration and size.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

const dataDir = path.resolve(process.argv[2] ?? 'data-backup-stall');
const wanted = Number(process.argv[3] ?? 20_000);
const port = Number(process.env.PORT ?? 5300);
const base = `http://127.0.0.1:${port}`;
const tsx = ['--conditions=@toolyard/source', '--import', 'tsx'];
const env = { ...process.env, TSX_TSCONFIG_PATH: 'apps/server/tsconfig.json', DATA_DIR: dataDir };

function run(args, extraEnv = {}) {
  const child = spawn(process.execPath, args, { env: { ...env, ...extraEnv }, stdio: 'pipe' });
  let out = '';
  child.stdout.on('data', (chunk) => (out += chunk));
  child.stderr.on('data', (chunk) => (out += chunk));
  const exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
  process.once('exit', () => child.kill());
  return { child, exited, out: () => out };
}

async function startShop() {
  const shop = run([...tsx, 'apps/server/src/main.ts'], {
    PORT: String(port),
    HOST: '127.0.0.1',
    UNPAID_ORDERS_PER_BUYER: '1000000',
  });
  const deadline = Date.now() + 120_000;
  while (!shop.out().includes('Toolyard is ready at')) {
    if (shop.child.exitCode !== null || Date.now() > deadline) throw new Error(shop.out());
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return shop;
}

async function stopShop(shop) {
  shop.child.kill('SIGTERM');
  await shop.exited;
}

/** Plenty of stock, so that every order is placed. */
async function restock() {
  const db = await PGlite.create({ dataDir, extensions: { pg_trgm } });
  const { rows } = await db.query('select count(*)::int as n from orders');
  if (rows[0].n < wanted) {
    await db.exec(`update products set "AvailableQuantity" = 100000000, "MinOrderQuantity" = 1`);
  }
  await db.close();
  return rows[0].n;
}

async function signIn() {
  const res = await fetch(`${base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email: 'buyer@toolyard.test', password: 'toolyard-buyer' }),
  });
  if (res.status !== 200) throw new Error(`sign-in: ${res.status}`);
  return res.headers.get('set-auth-token');
}

/** Closed loops of orders and reads; every answer's time is recorded with when it ended. */
function load(token, productIds, { writers, readers }) {
  let stopped = false;
  const samples = [];
  const timed = async (kind, request) => {
    const started = performance.now();
    const res = await request();
    await res.arrayBuffer();
    samples.push({ kind, status: res.status, started, ended: performance.now() });
  };
  const order = (i) =>
    fetch(`${base}/api/order`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({
        itemId: productIds[i % productIds.length],
        OrderQuantity: 1,
        Contact: '+1 555 0100',
        Address: '1 Yard Lane',
      }),
    });
  const reads = [
    () => fetch(`${base}/api/tool`),
    () =>
      fetch(`${base}/api/order?BuyerEmail=buyer@toolyard.test&page=1&pageSize=20`, {
        headers: { authorization: `Bearer ${token}` },
      }),
  ];
  const loops = [
    ...Array.from({ length: writers }, async (_, n) => {
      for (let i = n; !stopped; i += writers) await timed('order', () => order(i));
    }),
    ...Array.from({ length: readers }, async (_, n) => {
      for (let i = n; !stopped; i++) await timed('read', reads[i % reads.length]);
    }),
  ];
  return {
    samples,
    stop: async () => {
      stopped = true;
      await Promise.all(loops);
    },
  };
}

function summary(samples, from, to) {
  const inside = samples.filter((s) => s.ended >= from && s.started <= to);
  const ms = inside.map((s) => s.ended - s.started).sort((a, b) => a - b);
  const at = (q) => Math.round(ms[Math.min(ms.length - 1, Math.floor(q * ms.length))] ?? 0);
  return {
    requests: ms.length,
    failed: inside.filter((s) => s.status >= 500).length,
    p50Ms: at(0.5),
    p99Ms: at(0.99),
    worstMs: Math.round(ms.at(-1) ?? 0),
  };
}

if (!existsSync(path.join(dataDir, 'PG_VERSION'))) await stopShop(await startShop());
let orders = await restock();
let shop = await startShop();
let token = await signIn();
const productIds = (await (await fetch(`${base}/api/tool`)).json()).map((p) => p._id);
if (orders < wanted) {
  console.error(`placing ${wanted - orders} orders`);
  const filler = load(token, productIds, { writers: 8, readers: 0 });
  while (filler.samples.filter((s) => s.status === 201).length < wanted - orders) {
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  await filler.stop();
  // A restart, as after a night: the measured backup starts from a settled folder.
  await stopShop(shop);
  orders = await restock();
  console.error(`${orders} orders`);
  shop = await startShop();
  token = await signIn();
}

// 10 s to warm up, then 15 s measured without a backup: the same run's baseline.
const running = load(token, productIds, { writers: 2, readers: 2 });
await new Promise((resolve) => setTimeout(resolve, 25_000));
const file = path.join(tmpdir(), `backup-stall-${process.pid}.tar.gz`);
const backupStarted = performance.now();
const backup = run([...tsx, 'apps/server/src/cli/backup.ts', file]);
const code = await backup.exited;
const backupEnded = performance.now();
await new Promise((resolve) => setTimeout(resolve, 2000));
await running.stop();
await stopShop(shop);
const backupMs = backupEnded - backupStarted;
console.log(
  JSON.stringify(
    {
      orders,
      backup: {
        exit: code,
        seconds: +(backupMs / 1000).toFixed(1),
        fileMb: code === 0 ? +((await stat(file)).size / 2 ** 20).toFixed(1) : undefined,
        output: backup.out().trim().split('\n').at(-1),
      },
      before: summary(running.samples, backupStarted - 15_000, backupStarted),
      during: summary(running.samples, backupStarted, backupEnded),
    },
    null,
    2,
  ),
);
await rm(file, { force: true });
