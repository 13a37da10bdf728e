// `npm run bench`: the shop's figures, each against a baseline measured in the same run.
// Absolute figures on a shared machine drift; the ratio to the floor is the figure that matters.
//
//   BENCH_SECONDS=6           seconds per load run
//   BENCH_WARMUP_SECONDS=2    seconds of the same reads before each measured read run, not counted
//   BENCH_DATABASE_URL=...    a PostgreSQL database of its own (its name must contain "bench"):
//                             emptied, migrated and seeded by the bench; adds the PostgreSQL rows,
//                             order placement and sign-in there
//   BENCH_WEB=0               skip the web app's figures (bench/web.mjs: Lighthouse takes minutes)
//   BENCH_AGE_SECONDS=30      seconds of mixed traffic that age an instance before its cached
//                             read is compared with a fresh instance's
//   --no-build                use the existing production build as it is
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);
const CONNECTIONS = 50;
const SIGN_IN_CONNECTIONS = 4;
const BUYERS = 100;
const CATALOG_SIZE = 10_000;
const AGE_SECONDS = Number(process.env.BENCH_AGE_SECONDS ?? 30);
const AGED_ROUNDS = 5;
const root = path.resolve(import.meta.dirname, '..');
const tmp = mkdtempSync(path.join(tmpdir(), 'toolyard-bench-'));
const children = new Set();
const log = (...args) => console.error('bench:', ...args);

// ---------- processes ----------

function run(command, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, stdio: ['ignore', 2, 2] });
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited ${code}`)),
    );
  });
}

async function startProcess(args, env, readyUrl) {
  const child = spawn(process.execPath, args, {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, ...env },
  });
  children.add(child);
  child.on('exit', () => children.delete(child));
  await waitFor(readyUrl, child);
  return child;
}

async function stopProcess(child) {
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

// A first start on a busy machine (PGlite's first open, migrations, demo accounts) can be slow.
async function waitFor(url, child, tries = 900) {
  for (let i = 0; i < tries; i++) {
    if (child.exitCode !== null) throw new Error(`${url}: the server exited (${child.exitCode})`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not come up`);
}

/**
 * The Node flags `npm start` gives the server (package.json), so the bench measures the process
 * a deployment runs.
 */
const START_FLAGS = (() => {
  const { start } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).scripts;
  const match = /\bnode((?:\s+--\S+)*)\s+apps\/server\/dist\/main\.js/.exec(start);
  if (!match) throw new Error(`npm start no longer runs apps/server/dist/main.js: ${start}`);
  return match[1].split(/\s+/).filter(Boolean);
})();

async function startShop(env) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  return startProcess(
    [...START_FLAGS, 'apps/server/dist/main.js'],
    {
      // Production settings, as a real deployment runs (request logs included, to /dev/null).
      NODE_ENV: 'production',
      AUTH_SECRET: randomBytes(32).toString('hex'),
      PAYMENTS_TEST_MODE: 'true',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_ORIGIN: base,
      LOG_FORMAT: 'json',
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
      SIGN_UP_LIMIT_PER_HOUR: '100000',
      // 100 buyers place every order of a run, thousands each: no shop's buyers hold that many
      // unpaid orders, and counting them per order would measure that, not placement. The
      // count at a real cap (at most 10 index entries a buyer) is A/B-measured in
      // docs/performance-notes.md; the index it reads is kept here as in production.
      UNPAID_ORDERS_PER_BUYER: '0',
      // The sign-up batches and the sign-in row run 4 hashes at once: measure argon2's
      // throughput, not the bound that turns a fifth away (ADR 015).
      PASSWORD_HASH_CONCURRENCY: String(SIGN_IN_CONNECTIONS),
      REDIS_URL: '',
      ...env,
    },
    `${base}/api/health`,
  ).then((child) => ({ child, base }));
}

/** A port nobody listens on now: other people's benches may run on this machine too. */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

let floor;
let floorBase;
/** The floor: bare Fastify answering each path with the same bytes, from memory. */
async function startFloor(bodies) {
  await stopProcess(floor);
  const file = path.join(tmp, `floor-${Date.now()}.json`);
  writeFileSync(file, JSON.stringify(bodies));
  const port = await freePort();
  floorBase = `http://127.0.0.1:${port}`;
  floor = await startProcess(
    ['bench/floor-server.mjs', String(port), file],
    {},
    `${floorBase}${Object.keys(bodies)[0]}`,
  );
}

/** Resident memory of a process in MB, from /proc (Linux). */
function rssMb(pid) {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+) kB/);
    return line ? Math.round(Number(line[1]) / 1024) : undefined;
  } catch {
    return undefined;
  }
}

/** CPU time a process has used so far in ms, user and system, from /proc (Linux; ticks of 10 ms). */
function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

// ---------- load ----------

/**
 * One autocannon run; the peak RSS of `pid` while it ran. With `warmUp`, the same requests run
 * uncounted for WARMUP_SECONDS first, so the figures are those of a server that has already
 * compiled the code on the path (a request cycle carries on where the warm-up left it). Only
 * reads warm up: orders and sign-ins would change what the run counts.
 */
async function load(options, pid, { warmUp = false } = {}) {
  if (warmUp && WARMUP_SECONDS > 0) await run({ ...options, duration: WARMUP_SECONDS });
  let peak = 0;
  const sampler = pid
    ? setInterval(() => {
        peak = Math.max(peak, rssMb(pid) ?? 0);
      }, 250)
    : undefined;
  try {
    return { result: await run(options), peakRssMb: peak || undefined };
  } finally {
    clearInterval(sampler);
  }

  function run(runOptions) {
    return new Promise((resolve, reject) => {
      autocannon(
        { connections: CONNECTIONS, pipelining: 1, duration: SECONDS, ...runOptions },
        (err, res) => (err ? reject(err) : resolve(res)),
      );
    });
  }
}

const figures = (r) => ({
  'req/s': Math.round(r.requests.average),
  'p50 ms': r.latency.p50,
  'p99 ms': r.latency.p99,
  errors: r.errors + r.timeouts + r.non2xx,
});

const rows = [];
const memory = [];
const targets = [];
const notes = [];

/** Floor and shop on the same path, back to back. */
async function compare(label, database, shop, urlPath) {
  const floorRun = await load({ url: floorBase + urlPath }, undefined, { warmUp: true });
  const shopRun = await load({ url: shop.base + urlPath }, shop.child.pid, { warmUp: true });
  const row = {
    figure: label,
    database,
    ...figures(shopRun.result),
    'floor req/s': Math.round(floorRun.result.requests.average),
    'x floor': Number(
      (shopRun.result.requests.average / floorRun.result.requests.average).toFixed(2),
    ),
  };
  rows.push(row);
  log(JSON.stringify(row));
  return { row, peakRssMb: shopRun.peakRssMb };
}

function target(name, figure, met) {
  targets.push({ target: name, figure, met: met ? 'met' : 'NOT met' });
}

// ---------- the shop's data ----------

async function bodiesOf(base, paths) {
  const bodies = {};
  for (const p of paths) {
    const res = await fetch(base + p);
    if (!res.ok) throw new Error(`GET ${p}: ${res.status}`);
    bodies[p] = await res.text();
  }
  return bodies;
}

async function signUpBuyers(base, count) {
  const buyers = [];
  for (let i = 0; i < count; i += 4) {
    const batch = [];
    for (let j = i; j < Math.min(count, i + 4); j++) {
      const email = `bench-buyer-${j}-${randomBytes(3).toString('hex')}@example.com`;
      const password = 'bench-password-1';
      const post = (path, body) =>
        fetch(`${base}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: base },
          body: JSON.stringify(body),
        });
      // Sign-up gives no session (it mails a link): the buyer signs in, and is confirmed
      // behind the app's back before ordering (confirmBuyers).
      batch.push(
        post('/api/auth/sign-up/email', { name: `Bench Buyer ${j}`, email, password })
          .then((res) => {
            if (!res.ok) throw new Error(`sign-up: ${res.status}`);
            return post('/api/auth/sign-in/email', { email, password });
          })
          .then((res) => {
            if (!res.ok) throw new Error(`sign-in: ${res.status}`);
            return { email, password, token: res.headers.get('set-auth-token') };
          }),
      );
    }
    buyers.push(...(await Promise.all(batch)));
  }
  return buyers;
}

/**
 * The bench's buyers, as if each had followed the link mailed to it: an unconfirmed account
 * holds one unpaid order at a time (ADR 022), and the runs place thousands per buyer.
 */
const confirmBuyers = (client) =>
  client.query(`update users set email_verified = true where email like 'bench-buyer-%'`);

/** Cycles through `items` across every request autocannon makes. */
function cycling(items, toRequest) {
  let i = 0;
  return [{ setupRequest: (req) => ({ ...req, ...toRequest(items[i++ % items.length]) }) }];
}

async function benchSignIn(shop, buyers, database) {
  const { result } = await load(
    {
      url: `${shop.base}/api/auth/sign-in/email`,
      connections: SIGN_IN_CONNECTIONS,
      method: 'POST',
      requests: cycling(buyers, (b) => ({
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: shop.base },
        body: JSON.stringify({ email: b.email, password: b.password }),
      })),
    },
    shop.child.pid,
  );
  rows.push({
    figure: `POST sign-in (${SIGN_IN_CONNECTIONS} connections)`,
    database,
    ...figures(result),
  });
  notes.push(
    'Sign-in hashes with argon2id (19 MiB, 2 passes) on purpose; its p99 is reported, not targeted.',
  );
}

/**
 * Many buyers on few products: two with plenty of stock and one that runs out, so the run
 * shows both the throughput and that stock ends exact (never below zero, never oversold).
 */
async function benchOrders(shop, buyers, client) {
  const { rows: chosen } = await client.query(
    `select "_id" as id, "MinOrderQuantity" as min from products
      where archived_at is null order by seq limit 3`,
  );
  const scarce = 300;
  const stock = [1_000_000, 1_000_000, scarce * chosen[2].min];
  for (const [i, p] of chosen.entries()) {
    await client.query(`update products set "AvailableQuantity" = $1 where "_id" = $2`, [
      stock[i],
      p.id,
    ]);
  }
  // Written behind the app's back: announce it, as ADR 008 asks.
  await client.query(`notify toolyard_changes, 'bench|products'`);
  const before = await client.query('select count(*)::int as n from orders');

  const { result } = await load(orderRun(shop, buyers, chosen), shop.child.pid);
  const placed = result['2xx'];
  const refused = result.non2xx;

  let exact = true;
  let scarceLeft;
  for (const [i, p] of chosen.entries()) {
    const { rows: check } = await client.query(
      `select p."AvailableQuantity" as left,
              coalesce((select sum(order_quantity) from orders o
                         where o.item_id = p."_id" and o.status <> 'cancelled'), 0)::int as ordered
         from products p where p."_id" = $1`,
      [p.id],
    );
    const { left, ordered } = check[0];
    if (left < 0 || stock[i] - left !== ordered) exact = false;
    if (i === 2) scarceLeft = left;
  }
  // Every 2xx is an order in the database. When the run stops, up to one request per
  // connection is still in flight: the server places it, but the load tool never counts it.
  const after = await client.query('select count(*)::int as n from orders');
  const stored = after.rows[0].n - before.rows[0].n;
  if (stored < placed || stored > placed + CONNECTIONS) exact = false;

  const ordersPerSecond = Math.round(placed / SECONDS);
  rows.push({
    figure: `POST /api/order (${buyers.length} buyers, 3 products)`,
    database: 'PostgreSQL',
    'req/s': ordersPerSecond,
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    errors: result.errors + result.timeouts,
  });
  notes.push(
    `Orders: ${placed} placed, ${refused} refused (409: the scarce product has ${scarceLeft} left of ${stock[2]}); ` +
      `${stored} orders stored (${stored - placed} were in flight when the run stopped); ` +
      `stock ${exact ? 'exact' : 'NOT EXACT'} afterwards (stock taken = quantities ordered, never below 0). ` +
      'Each order also writes its "received" mail to the outbox in the same statement (ADR 017: about 0.72x orders/s, docs/performance-notes.md).',
  );
  target(
    'Orders on PostgreSQL >= 1,000/s with no oversell',
    `${ordersPerSecond}/s, ${exact ? 'no oversell' : 'OVERSOLD'}`,
    ordersPerSecond >= 1000 && exact,
  );
  return { exact, ordersPerSecond };
}

/**
 * Issue 20: checkouts of 3-line carts, CONNECTIONS buyers at once. Each round fills every
 * buyer's cart with three of six products (one INSERT, not timed: a checkout empties the cart)
 * and then all the buyers check out together; rounds repeat until SECONDS of checkouts. The
 * products overlap between carts in different orders, so checkouts queue on the same rows
 * (ADR 019). Afterwards each product's stock must equal its starting stock less the lines of
 * the orders placed. A second run times buyers who fill their carts through the API (three
 * PUTs, then the checkout): reported, not targeted.
 */
async function benchCheckout(shop, buyers, client) {
  const { rows: chosen } = await client.query(
    `select "_id" as id, "MinOrderQuantity" as min from products
      where archived_at is null order by seq offset 3 limit 6`,
  );
  const stock = 1_000_000;
  await client.query(`update products set "AvailableQuantity" = $1 where "_id" = any($2::uuid[])`, [
    stock,
    chosen.map((p) => p.id),
  ]);
  await client.query(`notify toolyard_changes, 'bench|products'`);
  const { rows: started } = await client.query('select now() as t');
  const workers = buyers.slice(0, CONNECTIONS);
  const { rows: users } = await client.query(
    'select id, email from users where email = any($1::text[])',
    [workers.map((b) => b.email)],
  );
  const userId = new Map(users.map((u) => [u.email, u.id]));
  const request = (buyer, method, path, body) =>
    fetch(`${shop.base}${path}`, {
      method,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${buyer.token}` },
      body: body && JSON.stringify(body),
    });
  // Three of the six products for this buyer and round, in either order.
  const cartOf = (w, round) => {
    const lines = [0, 1, 2].map((k) => chosen[(w + round + k * 2) % chosen.length]);
    return (w + round) % 2 ? lines.reverse() : lines;
  };
  const checkout = async (buyer, tally) => {
    const begun = performance.now();
    const res = await request(buyer, 'POST', '/api/checkout', {
      Contact: '555 0100',
      Address: '1 Bench Street',
    });
    await res.arrayBuffer();
    tally.latencies.push(performance.now() - begun);
    if (res.status === 201) tally.placed++;
    else if (res.status === 409) tally.refused++;
    else tally.failed++;
  };
  const newTally = () => ({ latencies: [], placed: 0, refused: 0, failed: 0, ms: 0 });
  const pct = (latencies, q) => {
    const sorted = [...latencies].sort((a, b) => a - b);
    return Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0);
  };

  const burst = newTally();
  for (let round = 0; burst.ms < SECONDS * 1000; round++) {
    const values = workers.flatMap((buyer, w) =>
      cartOf(w, round).map((p, k) => [userId.get(buyer.email), p.id, p.min, k]),
    );
    await client.query(
      `insert into cart_lines (user_id, item_id, quantity, created_at)
       select u, i, q, now() + k * interval '1 microsecond'
       from unnest($1::text[], $2::uuid[], $3::int[], $4::int[]) as v(u, i, q, k)`,
      [0, 1, 2, 3].map((c) => values.map((v) => v[c])),
    );
    const begun = performance.now();
    await Promise.all(workers.map((buyer) => checkout(buyer, burst)));
    burst.ms += performance.now() - begun;
  }

  const cycle = newTally();
  let puts = 0;
  const deadline = Date.now() + SECONDS * 1000;
  const cycleBegun = performance.now();
  await Promise.all(
    workers.map(async (buyer, w) => {
      for (let round = 0; Date.now() < deadline; round++) {
        for (const p of cartOf(w, round)) {
          const res = await request(buyer, 'PUT', `/api/cart/lines/${p.id}`, { quantity: p.min });
          await res.arrayBuffer();
          puts++;
          if (!res.ok) cycle.failed++;
        }
        await checkout(buyer, cycle);
      }
    }),
  );
  cycle.ms = performance.now() - cycleBegun;

  const { rows: check } = await client.query(
    `select p."_id", p."AvailableQuantity" as left,
            coalesce((select sum(l.quantity) from order_lines l join orders o on o."_id" = l.order_id
                       where l.item_id = p."_id" and o.created_at >= $2), 0)::int as ordered
       from products p where p."_id" = any($1::uuid[])`,
    [chosen.map((p) => p.id), started[0].t],
  );
  const exact = check.every((r) => r.left >= 0 && stock - r.left === r.ordered);
  const ordersPerSecond = Math.round(burst.placed / (burst.ms / 1000));
  const linesPerSecond = ordersPerSecond * 3;
  rows.push({
    figure: `POST /api/checkout, 3 lines (${workers.length} buyers at once)`,
    database: 'PostgreSQL',
    'req/s': ordersPerSecond,
    'p50 ms': pct(burst.latencies, 0.5),
    'p99 ms': pct(burst.latencies, 0.99),
    errors: burst.failed,
  });
  const cycleOrders = Math.round(cycle.placed / (cycle.ms / 1000));
  rows.push({
    figure: `3 PUT /api/cart/lines + POST /api/checkout (${workers.length} buyers)`,
    database: 'PostgreSQL',
    'req/s': cycleOrders,
    'p50 ms': pct(cycle.latencies, 0.5),
    'p99 ms': pct(cycle.latencies, 0.99),
    errors: cycle.failed,
  });
  notes.push(
    `Checkout: ${burst.placed} orders of 3 lines in ${Math.round(burst.ms)} ms of checkouts ` +
      `(${linesPerSecond} lines/s), ${burst.refused} refused, ${burst.failed} failed; carts filled ` +
      `by SQL between rounds. Filling them through the API as well (${puts} PUTs): ${cycleOrders} ` +
      `orders/s (${cycleOrders * 3} lines/s), ${cycle.failed} failed. Stock ` +
      `${exact ? 'exact' : 'NOT EXACT'} afterwards on all 6 products.`,
  );
  target(
    'Checkout of 3-line orders on PostgreSQL >= 1,000 lines/s, stock exact',
    `${linesPerSecond} lines/s (${ordersPerSecond} orders/s, p99 ${pct(burst.latencies, 0.99)} ms), ${exact ? 'stock exact' : 'NOT EXACT'}`,
    linesPerSecond >= 1000 && exact && burst.failed === 0 && cycle.failed === 0,
  );
}

/** Each buyer orders the minimum of one of `products` ({ id, min }), buyers in turn. */
function orderRun(shop, buyers, products) {
  const pairs = buyers.map((buyer, i) => ({ buyer, product: products[i % products.length] }));
  return {
    url: `${shop.base}/api/order`,
    method: 'POST',
    requests: cycling(pairs, ({ buyer, product }) => ({
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${buyer.token}` },
      body: JSON.stringify({
        itemId: product.id,
        OrderQuantity: product.min,
        Contact: '555 0100',
        Address: '1 Bench Street',
      }),
    })),
  };
}

/**
 * Orders on the embedded database with durable commits (the default) and with
 * EMBEDDED_DB_DURABLE=false, one run each on the same folder: what flushing every commit to
 * disk costs (ADR 012). The server holds the folder, so it stops while the bench reads it.
 */
async function benchEmbeddedOrders(openDatabase) {
  const dataDir = path.join(tmp, 'orders-data');
  const inFolder = async (work) => {
    const database = await openDatabase({ kind: 'pglite', dataDir });
    try {
      return await work(database.db.$client);
    } finally {
      await database.close();
    }
  };
  // One secret for every start, so that the buyers' sessions outlive a restart.
  const env = { DATA_DIR: dataDir, AUTH_SECRET: randomBytes(32).toString('hex') };
  let shop = await startShop(env);
  log(`signing up ${BUYERS} buyers on PGlite`);
  const buyers = await signUpBuyers(shop.base, BUYERS);
  await stopProcess(shop.child);
  await inFolder(confirmBuyers);
  const stock = 1_000_000;
  // Stock for every order of both runs: they measure placing orders, not refusing them.
  const chosen = await inFolder(async (client) => {
    const { rows } = await client.query(
      `select "_id" as id, "MinOrderQuantity" as min from products
        where archived_at is null order by seq limit 3`,
    );
    await client.query(`update products set "AvailableQuantity" = $1 where "_id" = any($2)`, [
      stock,
      rows.map((p) => p.id),
    ]);
    return rows;
  });

  // At 50 connections orders share commits (ADR 005); one at a time, each order is a commit.
  const perSecond = {};
  let placedInAll = 0;
  for (const durable of [true, false]) {
    shop = await startShop({ ...env, EMBEDDED_DB_DURABLE: String(durable) });
    for (const connections of [CONNECTIONS, 1]) {
      const run = { ...orderRun(shop, buyers, chosen), connections };
      const { result } = await load(run, shop.child.pid);
      placedInAll += result['2xx'];
      perSecond[`${connections} ${durable}`] = Math.round(result['2xx'] / SECONDS);
      const row = {
        figure:
          `POST /api/order (${buyers.length} buyers, 3 products, ${connections} connection${connections > 1 ? 's' : ''}), ` +
          (durable ? 'durable commits (default)' : 'EMBEDDED_DB_DURABLE=false'),
        database: 'PGlite',
        'req/s': perSecond[`${connections} ${durable}`],
        'p50 ms': result.latency.p50,
        'p99 ms': result.latency.p99,
        errors: result.errors + result.timeouts + result.non2xx,
      };
      rows.push(row);
      log(JSON.stringify(row));
    }
    await stopProcess(shop.child);
  }
  // Stock taken equals the quantities ordered, and every order answered 201 is stored (plus
  // at most one in flight per connection when each run stopped).
  let exact = true;
  await inFolder(async (client) => {
    const { rows: check } = await client.query(
      `select p."AvailableQuantity" as left,
              (select coalesce(sum(order_quantity), 0)::int from orders o
                where o.item_id = p."_id" and o.status <> 'cancelled') as ordered,
              (select count(*)::int from orders o where o.item_id = p."_id") as stored
         from products p where p."_id" = any($1)`,
      [chosen.map((p) => p.id)],
    );
    const stored = check.reduce((n, c) => n + c.stored, 0);
    if (check.some((c) => stock - c.left !== c.ordered)) exact = false;
    if (stored < placedInAll || stored > placedInAll + 2 * (CONNECTIONS + 1)) exact = false;
  });
  const compared = (connections) => {
    const [durable, fast] = [true, false].map((d) => perSecond[`${connections} ${d}`]);
    return `${durable}/s durable, ${fast}/s without (${(durable / fast).toFixed(2)}x)`;
  };
  notes.push(
    `PGlite orders, durable commits against EMBEDDED_DB_DURABLE=false: ${compared(CONNECTIONS)} at ${CONNECTIONS} connections; ` +
      `${compared(1)} one at a time; stock ${exact ? 'exact' : 'NOT EXACT'} after the runs.`,
  );
  return perSecond;
}

/**
 * Issue 26, item 13: an instance that has served mixed traffic (bench/aged-instance.mjs) against
 * a fresh one on the same build and catalog, both PGlite: the cached GET /api/tool of each in
 * turn, AGED_ROUNDS times, compared pair by pair. Whatever the traffic left behind in the
 * process (state per client or per query, hooks switched on) shows as a ratio below 1. Judged
 * on requests per CPU second of the server (its CPU time from /proc over each run): on a
 * machine shared with other work, requests per second also measure how much CPU each process
 * was given; both are reported.
 */
async function benchAgedInstance() {
  const { ageInstance } = await import('../bench/aged-instance.mjs');
  const fresh = await startShop({ DATA_DIR: path.join(tmp, 'fresh-data') });
  const aged = await startShop({ DATA_DIR: path.join(tmp, 'aged-data') });
  try {
    log(`ageing an instance with ${AGE_SECONDS} s of mixed traffic`);
    const traffic = await ageInstance(aged.base, AGE_SECONDS);
    const runs = { fresh: [], aged: [] };
    for (let round = 0; round < AGED_ROUNDS; round++) {
      const order = round % 2 ? ['aged', 'fresh'] : ['fresh', 'aged'];
      for (const name of order) {
        const shop = name === 'aged' ? aged : fresh;
        // Both serve the same cached read before it counts, so neither compiles while measured.
        if (round === 0) await load({ url: `${shop.base}/api/tool` }, undefined, { warmUp: true });
        const before = cpuMs(shop.child.pid);
        const { result } = await load({ url: `${shop.base}/api/tool` }, shop.child.pid);
        const perCpuSecond = result.requests.total / ((cpuMs(shop.child.pid) - before) / 1000);
        runs[name].push({ result, perCpuSecond });
      }
    }
    const median = (values) => values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)];
    const pairs = (figure) => runs.aged.map((run, i) => figure(run) / figure(runs.fresh[i]));
    const byCpu = pairs((run) => run.perCpuSecond);
    const byTime = pairs((run) => run.result.requests.average);
    const agedRun = runs.aged[byCpu.indexOf(median(byCpu))];
    const row = {
      figure: `GET /api/tool after ${AGE_SECONDS} s of mixed traffic (${traffic.addresses} client addresses, ${traffic.buyers} sign-ups)`,
      database: 'PGlite',
      ...figures(agedRun.result),
      'x fresh': Number(median(byTime).toFixed(2)),
      'x fresh per CPU s': Number(median(byCpu).toFixed(2)),
    };
    rows.push(row);
    log(JSON.stringify(row));
    const list = (ratios) => ratios.map((r) => r.toFixed(2)).join(', ');
    notes.push(
      `Aged against fresh, GET /api/tool in ${AGED_ROUNDS} pairs in turn: requests per CPU second ${list(byCpu)} ` +
        `(fresh ${Math.round(median(runs.fresh.map((run) => run.perCpuSecond)))}), requests per second ${list(byTime)}; ` +
        `the ageing traffic: ${traffic.actions} actions, answers by status ${JSON.stringify(traffic.statuses)}.`,
    );
    target(
      'An aged instance answers GET /api/tool >= 0.9x a fresh one per CPU second (median of pairs)',
      `${row['x fresh per CPU s']}x (${row['x fresh']}x per second)`,
      row['x fresh per CPU s'] >= 0.9,
    );
  } finally {
    await Promise.all([stopProcess(fresh.child), stopProcess(aged.child)]);
  }
}

async function benchBigCatalog(shop, database, firstPage, search) {
  const bodies = await bodiesOf(shop.base, [firstPage, search]);
  await startFloor(bodies);
  const size = CATALOG_SIZE.toLocaleString('en');
  const page = await compare(`GET ${firstPage} (${size} products)`, database, shop, firstPage);
  const found = await compare(`GET ${search} (${size} products, repeated)`, database, shop, search);
  // A different search on every request (a product number), so none is answered from cache:
  // the cache keeps 256 answers, and a number comes round again 10,000 searches later.
  const numbers = Array.from({ length: CATALOG_SIZE }, (_, i) => String(i).padStart(5, '0'));
  const { result } = await load(
    {
      url: shop.base,
      requests: cycling(numbers, (n) => ({ method: 'GET', path: `/api/tool?q=${n}&page=1` })),
    },
    shop.child.pid,
    { warmUp: true },
  );
  const distinct = {
    figure: `GET /api/tool?q=<each different>&page=1 (${size} products, uncached)`,
    database,
    ...figures(result),
  };
  rows.push(distinct);
  log(JSON.stringify(distinct));
  // The same kind of searches one at a time (other numbers, so none is in the cache): what a
  // search costs when it does not wait behind 49 others on this machine's 2 cores. Reported;
  // the target is judged at 50 connections.
  const { result: one } = await load(
    {
      url: shop.base,
      connections: 1,
      requests: cycling(numbers.toReversed(), (n) => ({
        method: 'GET',
        path: `/api/tool?q=${n}&page=1`,
      })),
    },
    shop.child.pid,
    { warmUp: true },
  );
  const alone = {
    figure: `GET /api/tool?q=<each different>&page=1 (${size} products, uncached, 1 connection)`,
    database,
    ...figures(one),
  };
  rows.push(alone);
  log(JSON.stringify(alone));
  await benchBrowsing(shop, database, distinct);
  return { page: page.row, search: distinct, repeated: found.row, alone };
}

// ---------- the build ----------

function newest(dir) {
  let latest = 0;
  if (!existsSync(dir)) return latest;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(full) : statSync(full).mtimeMs);
  }
  return latest;
}

function buildIsFresh() {
  const outputs = ['apps/server/dist/main.js', 'apps/web/dist/index.html'].map((f) =>
    path.join(root, f),
  );
  if (!outputs.every(existsSync)) return false;
  const built = Math.min(...outputs.map((f) => statSync(f).mtimeMs));
  const sources = [
    'apps/server/src',
    'apps/server/drizzle',
    'apps/web/src',
    'apps/web/public',
    'packages/shared/src',
  ];
  return sources.every((s) => newest(path.join(root, s)) < built);
}

// ---------- the run ----------

async function resetBenchDatabase(url) {
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  if (!name.includes('bench')) {
    throw new Error(
      `BENCH_DATABASE_URL must name a database of its own containing "bench" (got "${name}"): the bench empties it`,
    );
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(
      'drop schema if exists drizzle cascade; drop schema public cascade; create schema public',
    );
  } finally {
    await client.end();
  }
}

/** The three public reads, each right after its floor; RSS idle before and at peak during. */
/** The three public reads against their floor; GET /api/tool's ratio is judged against `minRatio`. */
async function benchReads(shop, database, minRatio) {
  const product = JSON.parse((await bodiesOf(shop.base, ['/api/tool']))['/api/tool'])[0]._id;
  const paths = ['/api/tool', `/api/tool/${product}`, '/api/review'];
  await startFloor(await bodiesOf(shop.base, paths));
  await new Promise((r) => setTimeout(r, 1000));
  const idle = rssMb(shop.child.pid);
  let peak = 0;
  let toolRow;
  let productRow;
  for (const p of paths) {
    const { row, peakRssMb } = await compare(
      `GET ${p.replace(product, '{id}')}`,
      database,
      shop,
      p,
    );
    peak = Math.max(peak, peakRssMb ?? 0);
    if (p === '/api/tool') toolRow = row;
    if (p === paths[1]) productRow = row;
  }
  target(
    `GET /api/tool on ${database} >= ${minRatio}x floor`,
    `${toolRow['x floor']}x`,
    toolRow['x floor'] >= minRatio,
  );
  return { idle, peak, toolRow, productRow };
}

/**
 * The product page's HTML as first served, `/tool/{id}` (its head filled by the server: title,
 * description, JSON-LD), against the floor sending the same bytes, and judged against the
 * same product's JSON (`apiRow`, GET /api/tool/{id}, measured just before): a page is one
 * cached answer too, so it should be nearly as quick. The pages are small, so the latency
 * autocannon reports (to the last byte) is the first byte's but for one packet.
 */
async function benchProductPage(shop, database, apiRow) {
  const [product] = JSON.parse((await bodiesOf(shop.base, ['/api/tool']))['/api/tool']);
  const page = `/tool/${product._id}`;
  await startFloor(await bodiesOf(shop.base, [page]));
  const { row } = await compare('GET /tool/{id} (HTML)', database, shop, page);
  const limit = Math.max(2 * apiRow['p99 ms'], 5);
  target(
    `Product page HTML on ${database}: first byte p99 <= 2x GET /api/tool/{id}'s (${apiRow['p99 ms']} ms; 5 ms at least), 50 connections`,
    `${row['p99 ms']} ms`,
    row['p99 ms'] <= limit,
  );
  const ratio = row['req/s'] / apiRow['req/s'];
  target(
    `Product page HTML on ${database} >= 0.5x GET /api/tool/{id}'s req/s`,
    `${ratio.toFixed(2)}x (${row['req/s']}/s)`,
    ratio >= 0.5,
  );
}

/**
 * Catalog browsing on the big catalog: filtered and faceted searches (a page and its facets,
 * a different pair each time) and searches with a typo (answered by similar names), both
 * judged against the uncached word search measured just before in the same run.
 */
async function benchBrowsing(shop, database, wordSearch) {
  const slugs = JSON.parse((await bodiesOf(shop.base, ['/api/categories']))['/api/categories'])
    .map((c) => c.slug)
    .sort();
  const size = CATALOG_SIZE.toLocaleString('en');
  // The word search finds one product by index; a filtered page and its facets each read the
  // 1,000 to 2,000 products of a category or price band, a typo two queries' worth of names.
  const runs = [
    {
      name: 'filtered search + facets',
      ratio: 0.1,
      figure: `GET /api/tool?category&minPrice&maxPrice&inStock&sort + /api/tool/facets (${size} products, each different)`,
      paths: filteredSearches(slugs),
    },
    {
      name: 'similar-names search',
      // A typo runs the word search first (no match), then ranks names by trigram similarity:
      // a few times a word search's work. 0.20-0.27x measured with the trigram index's pending
      // list off (migration 0012).
      ratio: 0.15,
      figure: `GET /api/tool?q=<typo, each different>&page=1 (${size} products, similar names)`,
      paths: typoSearches(CATALOG_SIZE),
    },
  ];
  for (const { name, ratio, figure, paths } of runs) {
    const { result } = await load(
      { url: shop.base, requests: cycling(paths, (p) => ({ method: 'GET', path: p })) },
      shop.child.pid,
      { warmUp: true },
    );
    const row = { figure, database, ...figures(result) };
    row['x word search'] = Number((row['req/s'] / wordSearch['req/s']).toFixed(2));
    rows.push(row);
    log(JSON.stringify(row));
    target(
      `${name} on ${database} >= ${ratio}x the uncached word search's req/s, no errors`,
      `${row['x word search']}x (${row['req/s']}/s, p99 ${row['p99 ms']} ms)`,
      row['x word search'] >= ratio && row.errors === 0,
    );
  }
}

/** bench/catalog-generator.mjs's exports, loaded once the server is built. */
let generateCatalog, SEARCH_TERM, filteredSearches, typoSearches;

async function main() {
  if (process.argv.includes('--no-build')) log('using the existing build (--no-build)');
  else if (buildIsFresh()) log('the production build is newer than every source: reusing it');
  else await run('npm', ['run', 'build']);

  const { openDatabase } = await import(
    pathToFileURL(path.join(root, 'apps/server/dist/db/client.js')).href
  );
  ({ generateCatalog, SEARCH_TERM, filteredSearches, typoSearches } =
    await import('../bench/catalog-generator.mjs'));
  const firstPage = '/api/tool?page=1';
  const search = `/api/tool?q=${SEARCH_TERM}&page=1`;

  const started = Date.now();
  notes.push(
    `The server runs with the Node flags npm start gives it: ${START_FLAGS.join(' ') || 'none'}.`,
  );
  const pgUrl = process.env.BENCH_DATABASE_URL;
  let web;

  // PGlite: the embedded default.
  {
    const dataDir = path.join(tmp, 'data');
    let shop = await startShop({ DATA_DIR: dataDir });
    const { idle, peak, productRow } = await benchReads(shop, 'PGlite', 0.3);
    await benchProductPage(shop, 'PGlite', productRow);
    memory.push({ server: 'PGlite (demo catalog)', 'idle MB': idle, 'under load MB': peak });

    // The web app's figures (bench/web.mjs, owned by the web side), on the demo catalog.
    const webModule = path.join(root, 'bench/web.mjs');
    if (process.env.BENCH_WEB === '0') {
      notes.push('Web figures skipped: BENCH_WEB=0.');
    } else if (existsSync(webModule)) {
      const { benchWeb } = await import(pathToFileURL(webModule).href);
      web = await benchWeb({
        baseUrl: shop.base,
        // The bench runs as production, where no demo account exists: a buyer of its own.
        signIn: async () => {
          const [buyer] = await signUpBuyers(shop.base, 1);
          return signInCookie(shop.base, buyer.email, buyer.password);
        },
      });
    } else {
      notes.push('Web figures skipped: bench/web.mjs is absent.');
    }

    // 10,000 products: the server holds the data folder, so it stops while the generator runs.
    await stopProcess(shop.child);
    const database = await openDatabase({ kind: 'pglite', dataDir });
    await generateCatalog(database.db, CATALOG_SIZE);
    await database.close();
    shop = await startShop({ DATA_DIR: dataDir });
    const big = await benchBigCatalog(shop, 'PGlite', firstPage, search);
    if (!pgUrl) bigCatalogTargets(big);
    await stopProcess(shop.child);

    await benchEmbeddedOrders(openDatabase);
    await benchAgedInstance();
  }

  if (pgUrl) {
    await resetBenchDatabase(pgUrl);
    const shop = await startShop({ DATABASE_URL: pgUrl });
    const reads = await benchReads(shop, 'PostgreSQL', 0.6);
    await benchProductPage(shop, 'PostgreSQL', reads.productRow);
    const { idle, toolRow } = reads;
    let { peak } = reads;
    target(
      'GET /api/tool on PostgreSQL p99 < 10 ms (50 connections)',
      `${toolRow['p99 ms']} ms`,
      toolRow['p99 ms'] < 10,
    );

    log(`signing up ${BUYERS} buyers`);
    const buyers = await signUpBuyers(shop.base, BUYERS);
    const client = new pg.Client({ connectionString: pgUrl });
    await client.connect();
    try {
      // No guarded request has looked their sessions up yet: the next one reads this.
      await confirmBuyers(client);
      await benchOrders(shop, buyers, client);
      await benchCheckout(shop, buyers, client);
      peak = Math.max(peak, rssMb(shop.child.pid) ?? 0);
      await benchSignIn(shop, buyers, 'PostgreSQL');
      memory.push({ server: 'PostgreSQL (demo catalog)', 'idle MB': idle, 'under load MB': peak });

      const database = await openDatabase({ kind: 'postgres', url: pgUrl });
      await generateCatalog(database.db, CATALOG_SIZE);
      await database.close();
      await client.query(`notify toolyard_changes, 'bench|products'`);
    } finally {
      await client.end();
    }
    bigCatalogTargets(await benchBigCatalog(shop, 'PostgreSQL', firstPage, search));
    await stopProcess(shop.child);
  } else {
    notes.push('PostgreSQL rows, order placement and sign-in skipped: set BENCH_DATABASE_URL.');
  }

  // ---- the web app's figures: merged here ----
  // bench/web.mjs (the web side's) exports `async function benchWeb({ baseUrl, signIn })`:
  // baseUrl is the PGlite shop with the demo catalog, signIn() resolves to a Cookie header of
  // the demo buyer. It returns { rows, json }: rows ({ figure, value, target, met }) are printed
  // as the web part of the table, those with a target join the targets, and json is written
  // as "web" in latest.json.
  const webRows = web?.rows ?? [];
  for (const r of webRows) {
    if (r.target !== '' && r.target !== undefined) {
      targets.push({ target: `${r.figure} ${r.target}`, figure: String(r.value), met: r.met });
    }
  }

  console.log(
    `\n${CONNECTIONS} connections, no pipelining, ${SECONDS} s per run; floor = bare Fastify with the same bytes, measured just before each row\n`,
  );
  console.table(rows);
  if (webRows.length > 0) console.table(webRows);
  console.table(memory);
  console.table(targets);
  for (const note of notes) console.log(`- ${note}`);

  const out = path.join(root, 'bench/results/latest.json');
  mkdirSync(path.dirname(out), { recursive: true });
  writeFileSync(
    out,
    `${JSON.stringify(
      {
        date: new Date().toISOString(),
        node: process.version,
        cpus: (await import('node:os')).cpus().length,
        connections: CONNECTIONS,
        seconds: SECONDS,
        durationSeconds: Math.round((Date.now() - started) / 1000),
        rows,
        memory,
        targets,
        notes,
        web: web?.json ?? null,
      },
      null,
      2,
    )}\n`,
  );
  console.log(`\nwritten to ${path.relative(root, out)}`);
}

function bigCatalogTargets({ page, search, repeated, alone }) {
  notes.push(
    `${repeated.database}: a repeated search (served from the cache) has p99 ${repeated['p99 ms']} ms; the target is judged on searches that are all different.`,
    `${alone.database}: different searches one at a time have p99 ${alone['p99 ms']} ms (${alone['req/s']}/s); at 50 connections each also waits for the searches ahead of it.`,
  );
  target(
    `${CATALOG_SIZE.toLocaleString('en')} products: first page p99 < 20 ms (${page.database})`,
    `${page['p99 ms']} ms`,
    page['p99 ms'] < 20,
  );
  target(
    `${CATALOG_SIZE.toLocaleString('en')} products: search p99 < 20 ms (${search.database})`,
    `${search['p99 ms']} ms`,
    search['p99 ms'] < 20,
  );
}

async function signInCookie(base, email, password) {
  const res = await fetch(`${base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`sign-in as ${email}: ${res.status}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

try {
  await main();
} finally {
  await Promise.all([...children].map(stopProcess));
  rmSync(tmp, { recursive: true, force: true });
}
