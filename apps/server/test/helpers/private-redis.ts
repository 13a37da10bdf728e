import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { connect } from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from './ports.js';

/** Whether `redis-server` is on the PATH. */
export function redisServerInstalled(): boolean {
  const dirs = (process.env.PATH ?? '').split(path.delimiter).filter(Boolean);
  return dirs.some((dir) => existsSync(path.join(dir, 'redis-server')));
}

export interface PrivateRedis {
  url: string;
  port: number;
  /** SIGSTOP: connections stay open and nothing answers, as in a long pause or a hung host. */
  freeze(): void;
  /** SIGCONT after freeze(). */
  thaw(): void;
  /** Kills the server by its PID and waits for it to exit. */
  destroy(): Promise<void>;
}

/**
 * A Redis server of the test's own, in memory only, on a free port (or `port`): the test may
 * freeze and kill it, which it must never do to the machine's shared Redis.
 */
export async function startPrivateRedis(
  options: { port?: number; password?: string } = {},
): Promise<PrivateRedis> {
  const listenOn = options.port ?? (await freePort());
  const args = [
    '--port',
    String(listenOn),
    '--bind',
    '127.0.0.1',
    '--save',
    '',
    '--appendonly',
    'no',
  ];
  if (options.password) args.push('--requirepass', options.password);
  const child = spawn('redis-server', args, { stdio: 'ignore' });
  const pid = child.pid;
  if (pid === undefined) throw new Error('redis-server did not start');
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const destroy = async () => {
    if (child.exitCode === null && child.signalCode === null) process.kill(pid, 'SIGKILL');
    await exited;
  };
  try {
    await waitForPort(listenOn, () => child.exitCode !== null);
  } catch (err) {
    await destroy();
    throw err;
  }
  return {
    url: `redis://${options.password ? `:${options.password}@` : ''}127.0.0.1:${listenOn}`,
    port: listenOn,
    freeze: () => process.kill(pid, 'SIGSTOP'),
    thaw: () => process.kill(pid, 'SIGCONT'),
    destroy,
  };
}

async function waitForPort(port: number, exited: () => boolean, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (exited()) throw new Error(`redis-server exited before listening on ${port}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await sleep(50);
  }
  throw new Error(`redis-server did not listen on ${port} within ${timeoutMs} ms`);
}
