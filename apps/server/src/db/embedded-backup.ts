import { createHash } from 'node:crypto';
import { constants } from 'node:fs';
import { chmod, lstat, mkdir, open, readFile, realpath, rename, rm } from 'node:fs/promises';
import { connect, createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import { StartupError } from '../startup-error.js';
import { LOCK_FILE } from './data-dir-lock.js';

/** A backup that cannot be made, read or restored, for a reason a person can fix: one line. */
export class BackupError extends StartupError {}

/** Files in a data folder that belong to the process holding it, never to a copy. */
const PROCESS_FILES = new Set([LOCK_FILE, 'postmaster.pid']);

/**
 * Reads a file written by `npm run db:backup` and returns the tar to give PGlite's
 * loadDataDir, without the files of the process that held the folder.
 */
export async function readBackup(file: string): Promise<Blob> {
  let bytes: Buffer;
  try {
    bytes = await readFile(file);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new BackupError(`There is no file ${file}`);
    if (code === 'EISDIR') throw new BackupError(`${file} is a folder, not a backup file`);
    throw new BackupError(`Cannot read ${file}: ${(err as Error).message}`);
  }
  const notABackup = new BackupError(
    `${file} is not a backup of the embedded database (a .tar.gz written by npm run db:backup)`,
  );
  if (bytes[0] === 0x1f && bytes[1] === 0x8b) {
    bytes = await promisify(gunzip)(bytes).catch(() => {
      throw notABackup;
    });
  }
  const kept = tarEntries(bytes, (name) => !PROCESS_FILES.has(name.replace(/^\/+/, '')));
  if (!kept) throw notABackup;
  const names = new Set(kept.names.map((name) => name.replace(/^\/+/, '')));
  if (!names.has('PG_VERSION') || !names.has('global/pg_control')) throw notABackup;
  return new Blob([kept.tar], { type: 'application/x-tar' });
}

/**
 * The entries of a ustar archive that `keep` accepts, as a new archive; undefined when `bytes`
 * is not a ustar archive.
 */
function tarEntries(bytes: Buffer, keep: (name: string) => boolean) {
  const BLOCK = 512;
  const parts: Buffer[] = [];
  const names: string[] = [];
  let offset = 0;
  for (;;) {
    if (offset + BLOCK > bytes.length) return undefined;
    const header = bytes.subarray(offset, offset + BLOCK);
    if (header.every((b) => b === 0)) break;
    if (header.toString('latin1', 257, 262) !== 'ustar') return undefined;
    const field = (from: number, to: number) => header.toString('utf8', from, to).split('\0')[0];
    const size = Number.parseInt(field(124, 136)?.trim() || '0', 8);
    if (!Number.isSafeInteger(size) || size < 0) return undefined;
    const prefix = field(345, 500) ?? '';
    const name = prefix ? `${prefix}/${field(0, 100)}` : (field(0, 100) ?? '');
    const end = offset + BLOCK + Math.ceil(size / BLOCK) * BLOCK;
    if (end > bytes.length) return undefined;
    if (keep(name)) {
      parts.push(bytes.subarray(offset, end));
      names.push(name);
    }
    offset = end;
  }
  parts.push(Buffer.alloc(2 * BLOCK));
  return { tar: Buffer.concat(parts), names };
}

/** Writes `bytes` to `file` so that `file` is either the old one or all of the new one. */
export async function writeFileAtomically(file: string, bytes: Uint8Array): Promise<void> {
  const dir = path.dirname(file);
  const temporary = path.join(dir, `.${path.basename(file)}.${process.pid}.tmp`);
  let handle;
  try {
    handle = await open(temporary, 'w', 0o600);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new BackupError(`Cannot write ${file}: there is no folder ${dir}`);
    throw new BackupError(`Cannot write ${file}: ${(err as Error).message}`);
  }
  try {
    await handle.writeFile(bytes);
    await handle.sync();
    await handle.close();
    await rename(temporary, file);
  } catch (err) {
    await handle.close().catch(() => {});
    await rm(temporary, { force: true });
    throw new BackupError(`Cannot write ${file}: ${(err as Error).message}`);
  }
  // The rename is on disk once the folder is synced; Windows cannot open a folder to sync it.
  if (process.platform === 'win32') return;
  const folder = await open(dir, constants.O_RDONLY);
  await folder.sync().finally(() => folder.close());
}

// ---------- the backup channel of the process that holds a data folder ----------

/**
 * The Unix socket where the process holding `dataDir` answers backup requests: in a folder of
 * this user's only (0700), so nobody else on the machine can ask for a copy. Not inside the
 * data folder: PGlite copies and walks every file there, and a socket is none it can read.
 * Undefined on Windows, which has no such sockets.
 */
async function backupSocketPath(dataDir: string, create: boolean): Promise<string | undefined> {
  if (process.platform === 'win32' || !process.getuid) return undefined;
  const uid = process.getuid();
  const dir = path.join(tmpdir(), `toolyard-${uid}`);
  if (create) await mkdir(dir, { mode: 0o700, recursive: true });
  const stats = await lstat(dir).catch(() => undefined);
  if (!stats) return undefined;
  if (!stats.isDirectory() || stats.uid !== uid || (stats.mode & 0o077) !== 0) {
    throw new BackupError(
      `${dir} must be a folder of this user's only (mode 0700) to take backup requests; remove it and start again`,
    );
  }
  const id = createHash('sha256')
    .update(await realpath(dataDir))
    .digest('hex')
    .slice(0, 24);
  return path.join(dir, `${id}.sock`);
}

const REQUEST = 'backup\n';

/** Answers backup requests for `dataDir` until the returned function is called. */
export async function serveBackups(
  dataDir: string,
  snapshot: () => Promise<Uint8Array>,
): Promise<() => Promise<void>> {
  const socketPath = await backupSocketPath(dataDir, true);
  if (!socketPath) return async () => {};
  // The caller holds the data folder's lock: a socket already there was left by a dead process.
  await rm(socketPath, { force: true });
  const server = createServer((socket) => answer(socket, snapshot));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => resolve());
  });
  await chmod(socketPath, 0o600);
  // Backups never keep a process alive that is otherwise done.
  server.unref();
  return async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await rm(socketPath, { force: true });
  };
}

function answer(socket: Socket, snapshot: () => Promise<Uint8Array>) {
  socket.on('error', () => {});
  socket.setTimeout(10_000, () => socket.destroy());
  let request = '';
  const onData = (chunk: Buffer) => {
    request += chunk.toString('latin1');
    if (!request.includes('\n') && request.length <= REQUEST.length) return;
    socket.off('data', onData);
    socket.setTimeout(0);
    void sendBackup(socket, request === REQUEST ? snapshot : undefined);
  };
  socket.on('data', onData);
}

async function sendBackup(socket: Socket, snapshot: (() => Promise<Uint8Array>) | undefined) {
  const line = (header: object) => `${JSON.stringify(header)}\n`;
  if (!snapshot) {
    socket.end(line({ ok: false, message: 'unknown request' }));
    return;
  }
  try {
    const copy = await snapshot();
    socket.write(line({ ok: true, bytes: copy.byteLength }));
    socket.end(copy);
  } catch (err) {
    socket.end(line({ ok: false, message: (err as Error).message }));
  }
}

/**
 * A backup from the process that holds `dataDir`, or undefined when no process serves one
 * (nothing holds the folder, or its holder is older than the backup channel). The shop sends
 * nothing while it copies, and a copy yields to its requests (ADR 024): on a busy shop with a
 * large folder that takes minutes.
 */
export async function requestBackup(dataDir: string, timeoutMs = 30 * 60_000) {
  const socketPath = await backupSocketPath(dataDir, false);
  if (!socketPath) return undefined;
  const reply = await new Promise<Buffer | undefined>((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = connect(socketPath, () => socket.write(REQUEST));
    socket.setTimeout(timeoutMs, () =>
      socket.destroy(new BackupError('The shop did not answer the backup request in time')),
    );
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('end', () => resolve(Buffer.concat(chunks)));
    socket.on('error', (err: NodeJS.ErrnoException) =>
      err.code === 'ENOENT' || err.code === 'ECONNREFUSED' ? resolve(undefined) : reject(err),
    );
  });
  if (!reply) return undefined;
  const newline = reply.indexOf('\n');
  let header: { ok: true; bytes: number } | { ok: false; message: string };
  try {
    header = JSON.parse(reply.toString('utf8', 0, Math.max(newline, 0))) as typeof header;
  } catch {
    throw new BackupError('The backup was cut short on its way from the shop; try again');
  }
  if (!header.ok) throw new BackupError(`The shop could not make a backup: ${header.message}`);
  const copy = reply.subarray(newline + 1);
  if (copy.length !== header.bytes) {
    throw new BackupError('The backup was cut short on its way from the shop; try again');
  }
  return copy;
}
