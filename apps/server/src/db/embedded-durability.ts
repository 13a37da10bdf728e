import { closeSync, fsyncSync, openSync } from 'node:fs';
import { opendir, open } from 'node:fs/promises';
import path from 'node:path';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';

/**
 * PGlite 0.5 starts PostgreSQL with fsync off (`-F`), and Emscripten's NODEFS has no fsync,
 * so a commit reached the OS but not the disk: an OS crash or a power loss could lose it or
 * corrupt the folder. Durable, PostgreSQL runs with fsync on and flushes the WAL with fsync()
 * at every commit, and NODEFS's fsync is the host's (fs.fsyncSync). fdatasync() stays a no-op
 * in this PGlite, hence wal_sync_method=fsync (ADR 012).
 */
const DURABLE_START_PARAMS = [
  ...PGlite.defaultStartParams.filter((param) => param !== '-F'),
  ...['-c', 'fsync=on', '-c', 'synchronous_commit=on', '-c', 'wal_sync_method=fsync'],
  ...['-c', 'full_page_writes=on'],
];

/** The part of Emscripten's NODEFS this module relies on (not in PGlite's types). */
interface Nodefs {
  stream_ops?: { fsync?: (stream: NodefsStream) => number };
  realPath?: (node: unknown) => string;
  tryFSOperation?: <T>(operation: () => T) => T;
}
interface NodefsStream {
  nfd?: number;
  node: unknown;
}

/** NodeFS whose fsync reaches the disk; `fsyncInstalled` says whether that worked. */
class DurableNodeFS extends NodeFS {
  fsyncInstalled = false;

  override async init(...args: Parameters<NodeFS['init']>) {
    const result = await super.init(...args);
    const { emscriptenOpts } = result;
    emscriptenOpts.preRun = [
      ...(emscriptenOpts.preRun ?? []),
      (mod) => {
        this.fsyncInstalled = installFsync((mod as unknown as { NODEFS?: Nodefs }).NODEFS);
      },
    ];
    return result;
  }
}

function installFsync(nodefs: Nodefs | undefined): boolean {
  const ops = nodefs?.stream_ops;
  const { realPath, tryFSOperation } = nodefs ?? {};
  if (!ops || !realPath || !tryFSOperation) return false;
  // A later PGlite that syncs by itself keeps its own.
  if (ops.fsync) return true;
  ops.fsync = (stream) =>
    tryFSOperation(() => {
      if (stream.nfd !== undefined) fsyncSync(stream.nfd);
      else fsyncDirectory(realPath(stream.node));
      return 0;
    });
  return true;
}

function fsyncDirectory(dir: string) {
  let fd: number | undefined;
  try {
    fd = openSync(dir, 'r');
    fsyncSync(fd);
  } catch (err) {
    // As PostgreSQL does: some systems (Windows) cannot open or sync a directory.
    if (!DIRECTORY_SYNC_UNSUPPORTED.has((err as NodeJS.ErrnoException).code ?? '')) throw err;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}
const DIRECTORY_SYNC_UNSUPPORTED = new Set(['EACCES', 'EISDIR', 'EPERM', 'EINVAL', 'EBADF']);

/** How PGlite is to keep `dataDir`, and how to tell afterwards whether commits are durable. */
export function embeddedStorage(dataDir: string, durable: boolean) {
  if (!durable) {
    return {
      options: { dataDir } satisfies PGliteOptions,
      confirmDurable: async () => false,
    };
  }
  const fs = new DurableNodeFS(dataDir);
  return {
    options: { fs, startParams: DURABLE_START_PARAMS } satisfies PGliteOptions,
    /**
     * True when PostgreSQL runs with fsync on and NODEFS syncs for real. Then flushes what
     * reached the folder without a sync (a new folder from initdb, a restore, or writes made
     * while fsync was off), so the folder's state at open is on disk as well.
     */
    confirmDurable: async (client: PGlite) => {
      const { rows } = await client.query<{ fsync: string }>('show fsync');
      if (rows[0]?.fsync !== 'on' || !fs.fsyncInstalled) return false;
      await syncFolder(dataDir);
      return true;
    },
  };
}

async function syncFolder(dir: string): Promise<void> {
  for await (const entry of await opendir(dir)) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) await syncFolder(full);
    else if (entry.isFile()) await syncFile(full);
  }
  await syncFile(dir).catch((err: NodeJS.ErrnoException) => {
    if (!DIRECTORY_SYNC_UNSUPPORTED.has(err.code ?? '')) throw err;
  });
}

async function syncFile(file: string) {
  const handle = await open(file, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
