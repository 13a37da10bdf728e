// `npm run bench`: API throughput against a bare-Fastify floor measured in the same run.
// Absolute figures on a shared machine drift; the ratio to the floor is the figure that matters.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;
const root = path.resolve(import.meta.dirname, '..');
const tmp = mkdtempSync(path.join(tmpdir(), 'toolyard-bench-'));
const children = [];

function run(command, args, env = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, ...env },
    });
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited ${code}`)),
    );
  });
}

function startServer(args, env, readyUrl) {
  const child = spawn(process.execPath, args, {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, LOG_LEVEL: 'warn', LOG_FORMAT: 'json', ...env },
  });
  children.push(child);
  return waitFor(readyUrl).then(() => child);
}

async function waitFor(url, tries = 100) {
  for (let i = 0; i < tries; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not come up`);
}

function load(url) {
  return new Promise((resolve, reject) => {
    autocannon(
      { url, connections: CONNECTIONS, pipelining: 1, duration: DURATION },
      (err, result) => (err ? reject(err) : resolve(result)),
    );
  });
}

async function stopAll() {
  for (const child of children) child.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 500));
  rmSync(tmp, { recursive: true, force: true });
}

try {
  if (!process.argv.includes('--no-build')) await run('npm', ['run', 'build']);

  const targets = [{ name: 'PGlite', env: { DATA_DIR: path.join(tmp, 'data') }, port: 4411 }];
  if (process.env.BENCH_DATABASE_URL) {
    targets.push({
      name: 'PostgreSQL',
      env: { DATABASE_URL: process.env.BENCH_DATABASE_URL },
      port: 4412,
    });
  }
  const paths = ['/api/tool', '/api/review'];
  const rows = [];
  let floorStarted = false;

  for (const target of targets) {
    const base = `http://127.0.0.1:${target.port}`;
    const server = await startServer(
      ['apps/server/dist/main.js'],
      { ...target.env, PORT: String(target.port), HOST: '127.0.0.1' },
      `${base}/api/health`,
    );
    const bodies = {};
    for (const p of paths) bodies[p] = await (await fetch(base + p)).text();

    if (!floorStarted) {
      writeFileSync(path.join(tmp, 'floor.json'), JSON.stringify(bodies));
      await startServer(
        ['bench/floor-server.mjs', '4410', path.join(tmp, 'floor.json')],
        {},
        'http://127.0.0.1:4410/api/tool',
      );
      floorStarted = true;
    }
    for (const p of paths) {
      const floor = await load(`http://127.0.0.1:4410${p}`);
      const shop = await load(base + p);
      rows.push({
        endpoint: `GET ${p}`,
        database: target.name,
        'req/s': Math.round(shop.requests.average),
        'p50 ms': shop.latency.p50,
        'p99 ms': shop.latency.p99,
        'floor req/s': Math.round(floor.requests.average),
        'x floor': Number((shop.requests.average / floor.requests.average).toFixed(2)),
        errors: shop.errors + shop.non2xx,
      });
    }
    server.kill('SIGTERM');
  }

  console.log(
    `\n${CONNECTIONS} connections, ${DURATION} s per run, floor = bare Fastify with the same bytes\n`,
  );
  console.table(rows);
  const out = path.join(root, 'bench/results/latest.json');
  writeFileSync(
    out,
    `${JSON.stringify({ date: new Date().toISOString(), connections: CONNECTIONS, seconds: DURATION, rows }, null, 2)}\n`,
  );
  console.log(`written to ${path.relative(root, out)}`);
} finally {
  await stopAll();
}
