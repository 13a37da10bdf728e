import { once } from 'node:events';
import { closeSync, fstatSync, openSync, readdirSync, readSync } from 'node:fs';
import path from 'node:path';
import { constants, createGzip } from 'node:zlib';
import type { PGlite } from '@electric-sql/pglite';
import { pack, type Pack } from 'tar-stream';
import { LOCK_FILE } from './data-dir-lock.js';
import { BackupError } from './embedded-backup.js';

/**
 * The slot that keeps, while a copy is made, every WAL segment the copy needs: PGlite runs no
 * checkpointer, but any CHECKPOINT (the shop's own at close, a later one on a timer) removes the
 * segments before its redo point. Persistent, because PGlite's one session drops temporary slots
 * at the first failed statement of any request.
 */
const SLOT = 'toolyard_backup';
/**
 * The copy reads files in turns of a few milliseconds and gives the event loop back between
 * them, so a request waits for one turn at most, not for the whole copy (ADR 024).
 */
const TURN_MS = 5;
const SLICE_BYTES = 256 * 1024;
/**
 * gzip takes the tar in batches: each write is a round trip to libuv's threads that waits for
 * an event-loop turn, which a busy shop's requests fill, so small writes (a tar header is
 * 512 bytes) would make the copy crawl. Reading waits while more than a few batches are queued.
 */
const BATCH_BYTES = 1024 * 1024;
const QUEUED_BYTES = 8 * BATCH_BYTES;

/** Folders whose contents a copy never holds, as PostgreSQL's base backup (basebackup.c). */
const EMPTY_IN_COPY = new Set([
  'pg_dynshmem',
  'pg_notify',
  'pg_replslot',
  'pg_serial',
  'pg_snapshots',
  'pg_stat_tmp',
  'pg_subtrans',
]);
/** Files a copy never holds: the running process's, and a backup's own label. */
const LEFT_OUT = new Set([
  LOCK_FILE,
  'postmaster.pid',
  'postmaster.opts',
  'backup_label',
  'tablespace_map',
  'backup_manifest',
  'pg_internal.init',
]);

/** Drops the slot of a copy that a crash or a kill interrupted, which would keep WAL forever. */
export async function dropLeftoverBackupSlot(client: PGlite): Promise<void> {
  await client.query(
    'select pg_drop_replication_slot(slot_name) from pg_replication_slots where slot_name = $1',
    [SLOT],
  );
}

/**
 * An online base backup of the data folder PGlite holds, as a gzipped tar that PGlite's
 * loadDataDir restores: PostgreSQL's pg_backup_start, the folder's files read while the shop
 * goes on answering, pg_backup_stop, the WAL from the backup's checkpoint to its end, and the
 * backup_label that makes the restored database replay that WAL before it opens.
 * One at a time per PGlite: its one session holds one backup.
 */
export async function copyWhileRunning(client: PGlite, dataDir: string): Promise<Uint8Array> {
  await dropLeftoverBackupSlot(client);
  await client.query('select pg_create_physical_replication_slot($1, true)', [SLOT]);
  try {
    const started = await client.query<{ lsn: string }>(
      `select pg_backup_start('toolyard', true)::text as lsn`,
    );
    const log = await client.query<{ timeline: number; segment: string }>(
      `select timeline_id as timeline,
              (select setting from pg_settings where name = 'wal_segment_size') as segment
         from pg_control_checkpoint()`,
    );
    const startLsn = (started.rows[0] as { lsn: string }).lsn;
    const { timeline, segment } = log.rows[0] as (typeof log.rows)[0];
    const copy = new FolderCopy(dataDir);
    let stop: { lsn: string; labelfile: string } | undefined;
    try {
      await copy.folder('');
      const stopped = await client.query<{ lsn: string; labelfile: string }>(
        'select lsn::text, labelfile from pg_backup_stop(false)',
      );
      stop = stopped.rows[0] as (typeof stopped.rows)[0];
    } finally {
      if (!stop) await client.query('select pg_backup_stop(false)').catch(() => {});
    }
    const segmentBytes = BigInt(segment);
    for (const segno of segmentsBetween(startLsn, stop.lsn, segmentBytes)) {
      await copy.walSegment(walFileName(timeline, segno, segmentBytes), segno * segmentBytes);
    }
    return await copy.finish(Buffer.from(stop.labelfile));
  } finally {
    await client.query('select pg_drop_replication_slot($1)', [SLOT]);
  }
}

/** WAL segments and their .partial and .backup files; timeline .history files stay. */
const isWal = (name: string) => name.startsWith('pg_wal/') && !name.endsWith('.history');

/** Segment numbers from the one holding `from` to the one holding the last byte before `to`. */
function* segmentsBetween(from: string, to: string, segmentBytes: bigint) {
  const last = (lsnValue(to) - 1n) / segmentBytes;
  for (let segno = lsnValue(from) / segmentBytes; segno <= last; segno++) yield segno;
}

function lsnValue(lsn: string): bigint {
  const [high, low] = lsn.split('/');
  return (BigInt(`0x${high}`) << 32n) | BigInt(`0x${low}`);
}

/** PostgreSQL's XLogFileName: timeline, then the segment number in 4 GB parts. */
function walFileName(timeline: number, segno: bigint, segmentBytes: bigint) {
  const perId = 0x1_0000_0000n / segmentBytes;
  const hex = (n: bigint | number) => n.toString(16).toUpperCase().padStart(8, '0');
  return `${hex(timeline)}${hex(segno / perId)}${hex(segno % perId)}`;
}

/**
 * The files of a data folder into a tar, gzipped as it is written (in libuv's threads) and
 * kept in memory compressed. Reads are synchronous, a few milliseconds' worth per turn.
 */
class FolderCopy {
  readonly #dataDir: string;
  readonly #tar: Pack = pack({ highWaterMark: QUEUED_BYTES });
  readonly #gzip = createGzip({ level: constants.Z_BEST_SPEED, chunkSize: BATCH_BYTES });
  readonly #done: Promise<Buffer>;
  #batch: Buffer[] = [];
  #batchBytes = 0;
  #turnStarted = performance.now();

  constructor(dataDir: string) {
    this.#dataDir = dataDir;
    const chunks: Buffer[] = [];
    this.#gzip.on('data', (chunk: Buffer) => chunks.push(chunk));
    this.#tar.on('data', (data) => {
      const chunk = data as Buffer;
      this.#batch.push(chunk);
      this.#batchBytes += chunk.length;
      if (this.#batchBytes >= BATCH_BYTES) this.#sendBatch();
    });
    this.#tar.once('end', () => {
      this.#sendBatch();
      this.#gzip.end();
    });
    this.#done = new Promise((resolve, reject) => {
      this.#gzip.once('end', () => resolve(Buffer.concat(chunks)));
      this.#gzip.once('error', reject);
      this.#tar.once('error', reject);
    });
    // A failure surfaces through finish(); a copy given up must not also crash the process.
    this.#done.catch(() => {});
  }

  /** Everything in `relative` (the data folder itself when empty) but the WAL. */
  async folder(relative: string): Promise<void> {
    let entries;
    try {
      entries = readdirSync(path.join(this.#dataDir, relative), { withFileTypes: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw err;
    }
    for (const entry of entries) {
      const name = relative ? `${relative}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        await this.#entry({ name, type: 'directory', mode: 0o700 });
        if (!EMPTY_IN_COPY.has(name)) await this.folder(name);
      } else if (entry.isFile() && !LEFT_OUT.has(entry.name) && !isWal(name)) {
        await this.#file(name);
      }
    }
  }

  /**
   * One WAL segment the backup needs, refusing one that is missing or that PostgreSQL has
   * recycled (its first page then names another position in the log).
   */
  async walSegment(file: string, pageAddress: bigint): Promise<void> {
    const removed = new BackupError(
      'the database removed a part of its log that the copy needs while the copy was made; try again',
    );
    const found = await this.#file(`pg_wal/${file}`, (first) => {
      // XLogLongPageHeaderData: magic (2), info (2), timeline (4), then this page's address
      // (8), in the byte order of the machine that wrote it (WebAssembly: little-endian).
      if (first.length < 16 || first.readBigUInt64LE(8) !== pageAddress) throw removed;
    });
    if (!found) throw removed;
  }

  /** Adds the backup label and returns the gzipped archive. */
  async finish(backupLabel: Buffer): Promise<Buffer> {
    await this.#entry({ name: 'backup_label', mode: 0o600 }, backupLabel);
    this.#tar.finalize();
    return this.#done;
  }

  /**
   * A file as it is while PostgreSQL writes to it: the size it had when opened, torn pages
   * and all (the WAL replayed at restore rewrites every page changed since the backup began).
   * A file removed meanwhile (a dropped table) is left out; one cut short is padded with zeros.
   */
  async #file(name: string, checkFirstSlice?: (slice: Buffer) => void): Promise<boolean> {
    let fd: number;
    try {
      fd = openSync(path.join(this.#dataDir, name), 'r');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return false;
      throw err;
    }
    try {
      const { size, mtime } = fstatSync(fd);
      let sink!: ReturnType<Pack['entry']>;
      const written = new Promise<void>((resolve, reject) => {
        sink = this.#tar.entry({ name, size, mode: 0o600, mtime }, (err) =>
          err ? reject(err) : resolve(),
        );
      });
      for (let offset = 0; offset < size; offset += SLICE_BYTES) {
        const slice = Buffer.alloc(Math.min(SLICE_BYTES, size - offset));
        readSync(fd, slice, 0, slice.length, offset);
        if (offset === 0) checkFirstSlice?.(slice);
        if (!sink.write(slice))
          await new Promise<void>((resolve) => sink.once('drain', () => resolve()));
        await this.#turn();
      }
      sink.end(null);
      await written;
      await this.#turn();
      return true;
    } finally {
      closeSync(fd);
    }
  }

  #entry(header: Parameters<Pack['entry']>[0], content?: Buffer): Promise<void> {
    return new Promise((resolve, reject) => {
      const callback = (err?: Error | null) => (err ? reject(err) : resolve());
      if (content) this.#tar.entry(header, content, callback);
      else this.#tar.entry(header, callback);
    });
  }

  #sendBatch() {
    if (this.#batchBytes === 0) return;
    this.#gzip.write(Buffer.concat(this.#batch));
    this.#batch = [];
    this.#batchBytes = 0;
  }

  /**
   * Gives the event loop back once this turn has used its few milliseconds, and waits while
   * gzip is behind.
   */
  async #turn() {
    while (this.#gzip.writableLength > QUEUED_BYTES) await once(this.#gzip, 'drain');
    if (performance.now() - this.#turnStarted < TURN_MS) return;
    await new Promise((resolve) => setImmediate(resolve));
    this.#turnStarted = performance.now();
  }
}
