import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { demoAccountsAllowed } from '../src/modules/auth/demo-accounts.js';
import {
  freePorts,
  killAll,
  startShopOn,
  stopWithSigterm,
  type Child,
} from './helpers/server-process.js';

describe('demoAccountsAllowed', () => {
  const allowed = (env: NodeJS.ProcessEnv) =>
    demoAccountsAllowed(loadConfig({ AUTH_SECRET: 'x'.repeat(32), ...env }));

  it('allows a development shop on the embedded database reached from this machine only', () => {
    expect(allowed({})).toBe(true);
    expect(allowed({ HOST: '127.0.0.1' })).toBe(true);
    expect(allowed({ HOST: '::1', PUBLIC_ORIGIN: 'http://[::1]:3000' })).toBe(true);
    expect(allowed({ HOST: 'LOCALHOST', PUBLIC_ORIGIN: 'http://127.0.0.1:3000' })).toBe(true);
  });

  it('refuses production and test', () => {
    expect(allowed({ NODE_ENV: 'production' })).toBe(false);
    expect(allowed({ NODE_ENV: 'test' })).toBe(false);
  });

  it('refuses a PostgreSQL server', () => {
    expect(allowed({ DATABASE_URL: 'postgres://shop@127.0.0.1:5432/toolyard' })).toBe(false);
  });

  it('refuses a shop other machines can reach', () => {
    expect(allowed({ HOST: '0.0.0.0' })).toBe(false);
    expect(allowed({ HOST: '::' })).toBe(false);
    expect(allowed({ HOST: '192.168.1.20' })).toBe(false);
    expect(allowed({ PUBLIC_ORIGIN: 'https://shop.example.com' })).toBe(false);
    expect(allowed({ PUBLIC_ORIGIN: 'http://localhost.example.com:3000' })).toBe(false);
  });
});

describe.skipIf(process.env.TEST_DB !== 'pglite')('demo accounts and a production start', () => {
  const children = new Set<Child>();
  const dirs: string[] = [];
  const production = { NODE_ENV: 'production', AUTH_SECRET: 'a'.repeat(64) };

  afterEach(async () => {
    await killAll(children);
    children.clear();
  });
  afterAll(async () => {
    await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
  });

  const shop = (port: number, dataDir: string, env: Record<string, string> = {}) =>
    startShopOn(children, { port, dataDir, env });
  const stop = async (server: Child) => expect(await stopWithSigterm(server)).toBe(0);
  const signIn = (port: number, email: string, password: string) =>
    fetch(`http://127.0.0.1:${port}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: `http://localhost:${port}` },
      body: JSON.stringify({ email, password }),
    }).then((res) => res.status);
  const warnings = (server: Child) =>
    server
      .stdout()
      .split('\n')
      .filter((line) => line.includes('"level":40') && line.includes('demo account'));

  it('creates no demo accounts on a fresh production shop', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'toolyard-demo-'));
    dirs.push(dataDir);
    const port = await freePorts();
    const server = await shop(port, dataDir, production);

    expect(await signIn(port, 'admin@toolyard.test', 'toolyard-admin')).toBe(401);
    expect(await signIn(port, 'buyer@toolyard.test', 'toolyard-buyer')).toBe(401);
    expect(server.stdout()).not.toContain('toolyard-admin');
    expect(server.stdout()).not.toContain('toolyard-buyer');
  }, 120_000);

  it('disables the demo accounts a development start made, and says so once', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'toolyard-demo-'));
    dirs.push(dataDir);
    const port = await freePorts();
    const development = await shop(port, dataDir);
    expect(await signIn(port, 'admin@toolyard.test', 'toolyard-admin')).toBe(200);
    await stop(development);

    const first = await shop(port, dataDir, production);
    expect(warnings(first)).toHaveLength(1);
    expect(first.stdout()).not.toContain('toolyard-admin');
    expect(await signIn(port, 'admin@toolyard.test', 'toolyard-admin')).toBe(401);
    expect(await signIn(port, 'buyer@toolyard.test', 'toolyard-buyer')).toBe(401);
    await stop(first);

    // Already disabled: the next production start has nothing to say about them.
    const second = await shop(port, dataDir, production);
    expect(warnings(second)).toHaveLength(0);
    expect(await signIn(port, 'admin@toolyard.test', 'toolyard-admin')).toBe(401);
  }, 180_000);
});
