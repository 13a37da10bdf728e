import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));

/** A child process with its output kept, and a promise of its exit. */
export interface Child {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Runs `node <args>` in the repository with only the given settings (no inherited DATABASE_URL). */
export function spawnNode(args: string[], env: Record<string, string>): Child {
  const child = spawn(process.execPath, args, {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      // tsx reads the server's settings (JSX for the mail templates), not the repository root's.
      TSX_TSCONFIG_PATH: 'apps/server/tsconfig.json',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return { child, stdout: () => stdout, stderr: () => stderr, exited };
}

/** The real entry point, run from source as `npm run dev` does. */
export function startServer(env: Record<string, string>): Child {
  return spawnNode(
    ['--conditions=@toolyard/source', '--import', 'tsx', 'apps/server/src/main.ts'],
    {
      LOG_FORMAT: 'json',
      // Load tests place many unpaid orders per buyer (test/unpaid-hold.test.ts tests the cap).
      UNPAID_ORDERS_PER_BUYER: '1000000',
      ...env,
    },
  );
}

/**
 * The shop on the embedded database in `dataDir`, on 127.0.0.1:`port`, once it says it is ready;
 * added to `children` so that afterEach can kill it whatever happens.
 */
export async function startShopOn(
  children: Set<Child>,
  {
    port,
    dataDir,
    env = {},
    timeoutMs,
  }: { port: number; dataDir: string; env?: Record<string, string>; timeoutMs?: number },
): Promise<Child> {
  const server = startServer({ PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, ...env });
  children.add(server);
  await waitForOutput(server, 'Toolyard is ready at', timeoutMs);
  return server;
}

/** SIGTERM, and the exit code it ended with (0 when it closed cleanly). */
export async function stopWithSigterm(server: Child): Promise<number | null> {
  server.child.kill('SIGTERM');
  return (await server.exited).code;
}

/** Resolves once the output contains `text`; rejects if the process exits first. */
export async function waitForOutput(process: Child, text: string, timeoutMs = 45_000) {
  const deadline = Date.now() + timeoutMs;
  while (!process.stdout().includes(text)) {
    if (process.child.exitCode !== null || process.child.signalCode !== null) {
      throw new Error(`exited before "${text}":\n${process.stdout()}\n${process.stderr()}`);
    }
    if (Date.now() > deadline) throw new Error(`no "${text}":\n${process.stderr()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Resolves once `url` answers 200 (e.g. /api/health); rejects if the process exits first. */
export async function waitForHealth(process: Child, url: string, timeoutMs = 45_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (process.child.exitCode !== null || process.child.signalCode !== null) {
      throw new Error(`exited before ${url} answered:\n${process.stderr()}`);
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer:\n${process.stderr()}`);
    const status = await fetch(url).then(
      (res) => res.status,
      () => 0,
    );
    if (status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Stops what a test left running. */
export async function killAll(children: Iterable<Child>) {
  await Promise.all(
    [...children].map(async ({ child, exited }) => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    }),
  );
}

export { freePorts } from './ports.js';
