import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from './helpers/ports.js';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const entryPoint = 'apps/server/src/main.ts';

interface Server {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const running = new Set<ChildProcess>();

/** Starts the real entry point (or a CLI) with only the given settings (no inherited DATABASE_URL etc.). */
function startServer(
  env: Record<string, string>,
  script = entryPoint,
  args: string[] = [],
): Server {
  const child = spawn(
    process.execPath,
    ['--conditions=@toolyard/source', '--import', 'tsx', script, ...args],
    {
      cwd: repoRoot,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        // tsx reads the server's settings (JSX for the mail templates), not the root's.
        TSX_TSCONFIG_PATH: 'apps/server/tsconfig.json',
        LOG_FORMAT: 'json',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  running.add(child);
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => {
      running.delete(child);
      resolve({ code, signal });
    });
  });
  return { child, stdout: () => stdout, stderr: () => stderr, exited };
}

/** Resolves once the server logs that it is ready; rejects if it exits first. */
async function ready(server: Server, timeoutMs = 45_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!server.stdout().includes('Toolyard is ready at')) {
    if (server.child.exitCode !== null || server.child.signalCode !== null) {
      throw new Error(`server exited early:\n${server.stderr()}`);
    }
    if (Date.now() > deadline) throw new Error(`server not ready:\n${server.stderr()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The first link containing `path` the server printed, waiting for it up to 20 s. */
async function printedLink(server: Server, path: string): Promise<string> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const link = server
      .stdout()
      .match(/https?:\/\/\S+/g)
      ?.find((l) => l.includes(path));
    if (link) return link;
    if (Date.now() > deadline) throw new Error(`no ${path} link printed:\n${server.stdout()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function productIds(port: number): Promise<string[]> {
  const res = await fetch(`http://127.0.0.1:${port}/api/tool`);
  expect(res.status).toBe(200);
  const body = (await res.json()) as { _id: string }[];
  return body.map((p) => p._id);
}

function stderrLines(server: Server): string[] {
  return server.stderr().trimEnd().split('\n');
}

describe.skipIf(process.env.TEST_DB !== 'pglite')('the server process', () => {
  const tempDirs: string[] = [];
  const tempDir = async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'toolyard-data-'));
    tempDirs.push(dir);
    return dir;
  };

  /** A server on a free port and a new DATA_DIR, once it says it is ready. */
  const startFresh = async () => {
    const port = await freePort();
    const server = startServer({
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: await tempDir(),
    });
    await ready(server);
    return { port, server };
  };

  let dataDir: string;
  beforeAll(async () => {
    dataDir = await tempDir();
  });
  afterEach(async () => {
    for (const child of running) child.kill('SIGKILL');
    await Promise.all(
      [...running].map((child) => new Promise((resolve) => child.once('exit', resolve))),
    );
  });
  afterAll(async () => {
    await Promise.all(tempDirs.map((dir) => rm(dir, { recursive: true, force: true })));
  });

  it('refuses a bad PORT with one readable line and exit code 1', async () => {
    const server = startServer({ PORT: 'abc', DATA_DIR: await tempDir() });

    expect(await server.exited).toEqual({ code: 1, signal: null });
    const lines = stderrLines(server);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^toolyard: Invalid configuration: PORT /);
    expect(server.stderr()).not.toMatch(/\bat .+:\d+:\d+/);
  }, 60_000);

  it('refuses an unreachable DATABASE_URL with one readable line and exit code 1', async () => {
    const server = startServer({
      PORT: String(await freePort()),
      DATABASE_URL: 'postgres://postgres@127.0.0.1:1/nope',
    });

    expect(await server.exited).toEqual({ code: 1, signal: null });
    const lines = stderrLines(server);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^toolyard: Cannot connect to the database/);
  }, 60_000);

  it('seeds a new DATA_DIR, shuts down cleanly on SIGTERM and keeps the data', async () => {
    const port = await freePort();
    const first = startServer({ PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir });
    await ready(first);

    const ids = await productIds(port);
    expect(ids).toHaveLength(14);
    expect(first.stdout()).toContain('seeded the demo catalog');
    expect(existsSync(path.join(dataDir, 'toolyard.pid'))).toBe(true);

    first.child.kill('SIGTERM');
    expect(await first.exited).toEqual({ code: 0, signal: null });
    expect(existsSync(path.join(dataDir, 'toolyard.pid'))).toBe(false);

    const second = startServer({ PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir });
    await ready(second);
    expect(await productIds(port)).toEqual(ids);
    expect(second.stdout()).not.toContain('seeded the demo catalog');
  }, 120_000);

  it('logs each request within a couple of seconds on a quiet server, without its query', async () => {
    const { port, server } = await startFresh();

    // Lines go out 4 KB at a time, or within a second when fewer come (main.ts).
    const res = await fetch(`http://127.0.0.1:${port}/api/tool?q=secret-word`);
    expect(res.status).toBe(200);
    const deadline = Date.now() + 5_000;
    const logged = () =>
      server
        .stdout()
        .split('\n')
        .find((line) => line.includes('"msg":"request completed"') && line.includes('/api/tool'));
    while (!logged() && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(JSON.parse(logged() ?? '{}')).toMatchObject({
      method: 'GET',
      url: '/api/tool',
      statusCode: 200,
    });
    expect(server.stdout()).not.toContain('secret-word');
  }, 60_000);

  it('refuses a second server on a DATA_DIR that is in use', async () => {
    const dir = await tempDir();
    const first = startServer({ PORT: String(await freePort()), HOST: '127.0.0.1', DATA_DIR: dir });
    await ready(first);

    const second = startServer({
      PORT: String(await freePort()),
      HOST: '127.0.0.1',
      DATA_DIR: dir,
    });

    expect(await second.exited).toEqual({ code: 1, signal: null });
    const lines = stderrLines(second);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^toolyard: .*is in use by another Toolyard process/);
    // The first server is unharmed.
    expect(first.child.exitCode).toBeNull();
  }, 120_000);

  it('starts with demo accounts on the embedded database, and says so', async () => {
    const { port, server } = await startFresh();
    expect(server.stdout()).toContain('buyer@toolyard.test / toolyard-buyer');
    expect(server.stdout()).toContain('admin@toolyard.test / toolyard-admin');
    // The demo admin is no owner: a fresh shop still says how to make a real admin.
    expect(server.stdout()).toContain('npm run user:admin -- you@example.com');
    const res = await fetch(`http://127.0.0.1:${port}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: `http://localhost:${port}` },
      body: JSON.stringify({ email: 'admin@toolyard.test', password: 'toolyard-admin' }),
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { user: { role: string } }).user.role).toBe('admin');
  }, 120_000);

  it('says how to make the first admin, and npm run user:admin makes one', async () => {
    const dir = await tempDir();
    const port = await freePort();
    const origin = `http://localhost:${port}`;
    const env = { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dir, SEED_DEMO_DATA: 'false' };
    const server = startServer(env);
    await ready(server);
    expect(server.stdout()).toContain('There is no admin of your own yet');
    expect(server.stdout()).toContain('npm run user:admin -- you@example.com');
    expect(server.stdout()).not.toContain('toolyard-admin');

    const signUp = await fetch(`http://127.0.0.1:${port}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin },
      body: JSON.stringify({
        name: 'Owner',
        email: 'owner@example.com',
        password: 'owner password',
      }),
    });
    expect(signUp.status).toBe(200);
    // Without SMTP_URL the confirmation link is printed on the console.
    const link = await printedLink(server, '/api/auth/verify-email');
    server.child.kill('SIGTERM');
    expect((await server.exited).code).toBe(0);

    const cli = 'apps/server/src/cli/make-admin.ts';
    const unknown = startServer({ DATA_DIR: dir }, cli, ['nobody@example.com']);
    expect((await unknown.exited).code).toBe(1);
    expect(unknown.stderr()).toContain('no user with the email nobody@example.com');

    // As on the All Users page: not before the owner has confirmed the address.
    const unconfirmed = startServer({ DATA_DIR: dir }, cli, ['owner@example.com']);
    expect((await unconfirmed.exited).code).toBe(1);
    expect(unconfirmed.stderr()).toContain(
      'owner@example.com has not confirmed their email address yet. They can be made an admin once they have followed the link we mailed them. Without SMTP_URL the shop prints that link on its console.',
    );

    const confirming = startServer(env);
    await ready(confirming);
    const confirmed = await fetch(link.replace(origin, `http://127.0.0.1:${port}`), {
      redirect: 'manual',
    });
    expect(confirmed.status).toBe(302);
    expect(confirmed.headers.get('location')).toContain('/email-verified');
    confirming.child.kill('SIGTERM');
    expect((await confirming.exited).code).toBe(0);

    const promote = startServer({ DATA_DIR: dir }, cli, ['Owner@Example.com']);
    expect((await promote.exited).code).toBe(0);
    expect(promote.stdout()).toContain('owner@example.com is now an admin.');

    const again = startServer(env);
    await ready(again);
    expect(again.stdout()).not.toContain('There is no admin of your own yet');
    const signIn = await fetch(`http://127.0.0.1:${port}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin },
      body: JSON.stringify({ email: 'owner@example.com', password: 'owner password' }),
    });
    expect(((await signIn.json()) as { user: { role: string } }).user.role).toBe('admin');
  }, 180_000);
});
