// `npm run cluster`: several instances of the shop on one PostgreSQL and one Redis, behind nginx
// (Debian's package) on one port, configured by deploy/nginx/. Ctrl-C stops everything.
//
//   PORT=3000              nginx's port; the instances listen on 127.0.0.1:PORT+1 .. PORT+N
//   DATABASE_URL=...       the database the instances share (default: toolyard_cluster on the
//                          PostgreSQL at 127.0.0.1:5432, created when missing)
//   REDIS_URL=...          shared rate-limit counters (default: redis://127.0.0.1:6379 when it
//                          answers; REDIS_URL= with no value: none, each instance counts alone)
//   AUTH_SECRET=...        the same for every instance (default: a new one for each run)
//   --instances N          how many instances (default 3)
//   --no-build             run the existing build as it is
//   --source               run the TypeScript sources instead of a build (the tests do)
//   --restart              restart the instances of the cluster running on PORT, one at a time
//
// Every other setting (NODE_ENV, LOG_LEVEL, STRIPE_*, ...) is passed on to every instance.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  accessSync,
  constants,
  existsSync,
  mkdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';

const root = path.resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const flag = (name) => args.includes(name);
const option = (name, fallback) => {
  const at = args.indexOf(name);
  return at >= 0 && args[at + 1] ? args[at + 1] : fallback;
};

const port = Number(process.env.PORT || 3000);
const count = Number(option('--instances', process.env.CLUSTER_INSTANCES || 3));
const host = process.env.HOST || '127.0.0.1';
// One folder per cluster port: nginx's prefix, and the pid that `--restart` signals.
const runDir = path.join(tmpdir(), `toolyard-cluster-${port}`);
const pidFile = path.join(runDir, 'cluster.pid');
// After an instance is back, nginx tries it again once its fail_timeout (deploy/nginx) is over;
// the next instance stops only then, so two are never out of nginx's rotation together.
const NGINX_FAIL_TIMEOUT_MS = 1000;
const STOP_TIMEOUT_MS = 15_000;

const say = (message) => console.log(`cluster: ${message}`);
function fail(message) {
  console.error(`cluster: ${message}`);
  process.exit(1);
}

if (!Number.isInteger(port) || port < 1 || port + count > 65535) fail(`bad PORT ${port}`);
if (!Number.isInteger(count) || count < 1 || count > 32) fail('--instances must be 1 to 32');

if (flag('--restart')) {
  const pid = runningClusterPid();
  if (!pid) fail(`no cluster is running on port ${port} (set PORT to its port)`);
  process.kill(pid, 'SIGHUP');
  say(`asked the cluster on port ${port} (pid ${pid}) to restart its instances one at a time`);
  process.exit(0);
}

const running = runningClusterPid();
if (running) fail(`a cluster is already running on port ${port} (pid ${running})`);
const nginx = findNginx();
const ports = Array.from({ length: count }, (_, i) => port + 1 + i);
for (const p of [port, ...ports]) {
  if (!(await isFree(p)))
    fail(`port ${p} is in use; set PORT to another (it uses ${port}..${port + count})`);
}
const databaseUrl = await sharedDatabase();
const redisUrl = await sharedRedis();
const publicOrigin = process.env.PUBLIC_ORIGIN || `http://localhost:${port}`;
const instanceEnv = {
  ...process.env,
  DATABASE_URL: databaseUrl,
  REDIS_URL: redisUrl ?? '',
  AUTH_SECRET: process.env.AUTH_SECRET || randomBytes(32).toString('hex'),
  HOST: '127.0.0.1',
  PUBLIC_ORIGIN: publicOrigin,
  TRUSTED_ORIGINS: [process.env.TRUSTED_ORIGINS, `http://127.0.0.1:${port}`]
    .filter(Boolean)
    .join(','),
  // nginx runs on this machine: the address it forwards in X-Forwarded-For is the client's.
  TRUST_PROXY: process.env.TRUST_PROXY || 'loopback',
  LOG_FORMAT: process.env.LOG_FORMAT || (process.stdout.isTTY ? 'pretty' : 'json'),
};

if (!flag('--source') && !flag('--no-build')) await run('npm', ['run', 'build']);
const command = flag('--source')
  ? ['--conditions=@toolyard/source', '--import', 'tsx', 'apps/server/src/main.ts']
  : [...startFlags(), 'apps/server/dist/main.js'];

rmSync(runDir, { recursive: true, force: true });
mkdirSync(path.join(runDir, 'temp'), { recursive: true, mode: 0o755 });
writeFileSync(pidFile, String(process.pid));
writeFileSync(
  path.join(runDir, 'nginx.conf'),
  readFileSync(path.join(root, 'deploy/nginx/nginx.conf')),
);
writeFileSync(path.join(runDir, 'toolyard.conf'), siteConfig());

let stopping = false;
let restarting = false;
const instances = ports.map((p, i) => ({
  n: i + 1,
  port: p,
  child: undefined,
  exited: undefined,
  restarting: false,
}));
let nginxChild;

process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
process.on('SIGHUP', () => void rollingRestart());
process.on('exit', () => {
  for (const child of [nginxChild, ...instances.map((i) => i.child)]) {
    if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
});

try {
  await Promise.all(instances.map(startInstance));
  nginxChild = spawn(nginx, ['-p', `${runDir}/`, '-c', 'nginx.conf', '-g', 'daemon off;'], {
    cwd: runDir,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  prefixOutput(nginxChild, 'nginx');
  nginxChild.once('exit', (code) => {
    if (!stopping) void stop(`nginx exited (${code}); stopping`);
  });
  await healthy(`http://127.0.0.1:${port}/api/health`, nginxChild);
} catch (err) {
  await stop(err instanceof Error ? err.message : String(err));
}
say(
  `Toolyard is ready at ${publicOrigin}: nginx on ${host}:${port} in front of ${count} instances ` +
    `(127.0.0.1:${ports[0]}..${ports.at(-1)}), database ${redact(databaseUrl)}, ` +
    `${redisUrl ? `Redis ${redisUrl}` : 'no Redis'}`,
);
say(
  `Ctrl-C stops everything; \`PORT=${port} npm run cluster -- --restart\` restarts the instances one at a time`,
);
say(
  `nginx writes each request it passes to a second instance in ${path.join(runDir, 'retries.log')}`,
);

// ---------- instances ----------

async function startInstance(instance) {
  const child = spawn(process.execPath, command, {
    cwd: root,
    env: { ...instanceEnv, PORT: String(instance.port) },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group: Ctrl-C reaches this script, which stops nginx first.
    detached: true,
  });
  instance.child = child;
  instance.exited = new Promise((resolve) => child.once('exit', resolve));
  prefixOutput(child, String(instance.n));
  child.once('exit', (code, signal) => {
    if (stopping || instance.child !== child || instance.restarting) return;
    say(`instance ${instance.n} exited (${signal ?? code}); starting it again`);
    setTimeout(() => void startInstance(instance).catch((err) => say(err.message)), 1000);
  });
  await healthy(`http://127.0.0.1:${instance.port}/api/health`, child);
  say(`instance ${instance.n} is up on 127.0.0.1:${instance.port} (pid ${child.pid})`);
}

async function stopInstance(instance) {
  const { child } = instance;
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
  await instance.exited;
  clearTimeout(timer);
}

async function rollingRestart() {
  if (restarting || stopping) return;
  restarting = true;
  const started = Date.now();
  try {
    for (const instance of instances) {
      const old = instance.child?.pid;
      instance.restarting = true;
      await stopInstance(instance);
      say(`instance ${instance.n} (pid ${old}) stopped; starting it again`);
      instance.restarting = false;
      await startInstance(instance);
      if (instance !== instances.at(-1)) {
        await new Promise((resolve) => setTimeout(resolve, NGINX_FAIL_TIMEOUT_MS + 500));
      }
    }
    say(`restarted all ${count} instances in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } catch (err) {
    say(`the restart failed: ${err instanceof Error ? err.message : err}`);
  } finally {
    restarting = false;
  }
}

async function stop(reason) {
  if (stopping) return;
  stopping = true;
  if (reason) console.error(`cluster: ${reason}`);
  say('stopping nginx, then the instances');
  // nginx first (QUIT: it finishes the requests it is passing on), then the instances drain.
  if (nginxChild && nginxChild.exitCode === null && nginxChild.signalCode === null) {
    const exited = new Promise((resolve) => nginxChild.once('exit', resolve));
    nginxChild.kill('SIGQUIT');
    await exited;
  }
  await Promise.all(instances.map(stopInstance));
  say(retriesSummary());
  rmSync(runDir, { recursive: true, force: true });
  say('stopped');
  process.exit(reason ? 1 : 0);
}

/**
 * What nginx's retries.log (deploy/nginx/nginx.conf) says: requests passed to a second
 * instance because the first refused the connection (nothing sent: always safe), and those
 * sent to an instance that then failed them (a reset, a 502 or a 503).
 */
function retriesSummary() {
  const file = path.join(runDir, 'retries.log');
  const lines = existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter(Boolean) : [];
  const unanswered = lines.filter((line) => {
    const sent = (/sent="([^"]*)"/.exec(line)?.[1] ?? '').split(/[,:]\s*/).map(Number);
    return sent.slice(0, -1).some((bytes) => bytes > 0);
  });
  return [
    `nginx passed ${lines.length} requests to a second instance; ` +
      `${unanswered.length} of them had been sent to an instance that failed them`,
    ...unanswered.slice(0, 10),
  ].join('\n');
}

// ---------- set-up ----------

function siteConfig() {
  const site = readFileSync(path.join(root, 'deploy/nginx/toolyard.conf'), 'utf8');
  const servers = ports.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=1s;`);
  const rendered = site
    .replace(/(# instances: begin\n)[\s\S]*?(\n\s*# instances: end)/, `$1${servers.join('\n')}$2`)
    .replace(/listen \S+;/, `listen ${host}:${port};`);
  if (!rendered.includes(servers[0]) || !rendered.includes(`listen ${host}:${port};`)) {
    fail('deploy/nginx/toolyard.conf lost its "instances" markers or its listen line');
  }
  return rendered;
}

function findNginx() {
  for (const dir of [...(process.env.PATH ?? '').split(':'), '/usr/sbin', '/usr/local/sbin']) {
    const candidate = path.join(dir, 'nginx');
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return fail('nginx is not installed: sudo apt-get install -y nginx');
}

async function sharedDatabase() {
  if (process.env.DATABASE_URL) return process.env.DATABASE_URL;
  const server = 'postgres://postgres@127.0.0.1:5432';
  const client = new pg.Client({
    connectionString: `${server}/postgres`,
    connectionTimeoutMillis: 3000,
  });
  try {
    await client.connect();
    const { rowCount } = await client.query(
      "select 1 from pg_database where datname = 'toolyard_cluster'",
    );
    if (!rowCount) {
      await client.query('create database toolyard_cluster');
      say('created the database toolyard_cluster on 127.0.0.1:5432');
    }
  } catch (err) {
    fail(
      `no PostgreSQL to share at 127.0.0.1:5432 (${err.message}); set DATABASE_URL, ` +
        'e.g. DATABASE_URL=postgres://user:password@db.example.com:5432/toolyard npm run cluster',
    );
  } finally {
    await client.end().catch(() => {});
  }
  return `${server}/toolyard_cluster`;
}

async function sharedRedis() {
  if (process.env.REDIS_URL !== undefined) return process.env.REDIS_URL || undefined;
  const url = 'redis://127.0.0.1:6379';
  if (await redisAnswers('127.0.0.1', 6379)) return url;
  say(`no Redis at ${url}: each instance counts rate limits alone (set REDIS_URL to share them)`);
  return undefined;
}

function redisAnswers(redisHost, redisPort) {
  return new Promise((resolve) => {
    const socket = connect(redisPort, redisHost);
    const done = (answer) => {
      socket.destroy();
      resolve(answer);
    };
    socket.setTimeout(1000, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => done(data.toString().startsWith('+PONG')));
  });
}

function runningClusterPid() {
  if (!existsSync(pidFile)) return undefined;
  const pid = Number(readFileSync(pidFile, 'utf8'));
  try {
    process.kill(pid, 0);
    return pid;
  } catch {
    return undefined;
  }
}

function isFree(p) {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(p, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/** The Node flags `npm start` gives the server (package.json), as the bench does. */
function startFlags() {
  const { start } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).scripts;
  const match = /\bnode((?:\s+--\S+)*)\s+apps\/server\/dist\/main\.js/.exec(start);
  return match ? match[1].split(/\s+/).filter(Boolean) : [];
}

function run(cmd, cmdArgs) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, cmdArgs, { cwd: root, stdio: 'inherit' });
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${cmd} ${cmdArgs.join(' ')} exited ${code}`)),
    );
  });
}

async function healthy(url, child) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`${url}: the process exited (${child.signalCode ?? child.exitCode})`);
    }
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not answer within 60 s`);
}

function prefixOutput(child, name) {
  for (const [stream, out] of [
    [child.stdout, process.stdout],
    [child.stderr, process.stderr],
  ]) {
    let rest = '';
    stream.on('data', (chunk) => {
      const lines = (rest + chunk.toString()).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) out.write(`[${name}] ${line}\n`);
    });
  }
}

function redact(url) {
  const u = new URL(url);
  if (u.password) u.password = '***';
  return u.toString();
}
