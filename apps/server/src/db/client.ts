import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { redactUrl } from '../config.js';
import { acquireDataDirLock } from './data-dir-lock.js';
import { DatabaseUnavailableError } from './database-error.js';
import { serveBackups } from './embedded-backup.js';
import { copyWhileRunning, dropLeftoverBackupSlot } from './embedded-copy.js';
import { embeddedStorage } from './embedded-durability.js';
import * as schema from './schema.js';
import { createLocalChangeFeed, openPostgresChangeFeed, type ChangeFeed } from './change-feed.js';

export type Schema = typeof schema;
/** The Drizzle handle every repository takes; the same type on PGlite and PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** The handle a transaction's callback gets: repositories take `Db | Tx` to run in either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  readonly db: Db;
  readonly kind: 'pglite' | 'postgres';
  /** Where the data lives, safe to print. */
  readonly location: string;
  /** Applies the committed migrations; safe to call on every start. */
  migrate(): Promise<void>;
  /** Opens the feed of changes between instances (LISTEN/NOTIFY); the caller closes it. */
  openChangeFeed(onError?: (err: unknown) => void): Promise<ChangeFeed>;
  /** True when the database answers a trivial query within the timeout. */
  ping(timeoutMs?: number): Promise<boolean>;
  /** What only the embedded database has; absent on PostgreSQL. */
  readonly embedded?: EmbeddedDatabase;
  close(): Promise<void>;
}

export interface EmbeddedDatabase {
  /** True when every commit is on disk before it is acknowledged (ADR 012). */
  readonly durable: boolean;
  /**
   * A consistent copy of the data folder (an online base backup, a gzipped tar), made while
   * the shop goes on answering; copies asked for together are made one after the other.
   */
  snapshot(): Promise<Uint8Array>;
}

const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));
// Any constant works; it keeps two instances from migrating one PostgreSQL at once.
const MIGRATION_LOCK_ID = 72_616_201;

/** How long PostgreSQL may take: every wait is bounded, so an outage fails fast instead of hanging. */
export interface PostgresLimits {
  poolSize: number;
  /** Longest a statement may run on the server (statement_timeout). */
  statementTimeoutMs: number;
  /** Longest wait for a connection: a new one, or a free one from a busy pool. */
  connectTimeoutMs: number;
}

export const defaultPostgresLimits: PostgresLimits = {
  poolSize: 10,
  statementTimeoutMs: 5000,
  connectTimeoutMs: 3000,
};

export type DatabaseOptions =
  | ({ kind: 'postgres'; url: string } & Partial<PostgresLimits>)
  | {
      kind: 'pglite';
      dataDir: string | undefined;
      /** Commits flushed to disk (fsync); true unless set false. */
      durable?: boolean;
      /** A copy to load into the empty dataDir (npm run db:restore). */
      load?: Blob;
    };

/** Opens PGlite in dataDir (in memory when undefined) or a node-postgres pool. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.kind === 'pglite') return openPglite(options);
  const { url, kind: _kind, ...limits } = options;
  return openPostgres(url, { ...defaultPostgresLimits, ...limits });
}

async function openPglite({
  dataDir,
  durable = true,
  load,
}: Extract<DatabaseOptions, { kind: 'pglite' }>): Promise<Database> {
  let releaseLock: (() => Promise<void>) | undefined;
  if (dataDir) {
    await mkdir(dataDir, { recursive: true });
    releaseLock = await acquireDataDirLock(dataDir);
  }
  const storage = dataDir ? embeddedStorage(dataDir, durable) : undefined;
  let client: PGlite | undefined;
  let embedded: EmbeddedDatabase;
  let stopServingBackups = async () => {};
  try {
    // pg_trgm backs the catalog search's trigram indexes, as on PostgreSQL.
    const opened = await PGlite.create({
      ...storage?.options,
      ...(load ? { loadDataDir: load } : {}),
      extensions: { pg_trgm },
    });
    client = opened;
    let copies: Promise<unknown> = Promise.resolve();
    embedded = {
      durable: (await storage?.confirmDurable(opened)) ?? false,
      snapshot: () => {
        if (!dataDir)
          return Promise.reject(new Error('an in-memory database has no folder to copy'));
        const copy = copies.then(() => copyWhileRunning(opened, dataDir));
        copies = copy.catch(() => {});
        return copy;
      },
    };
    if (dataDir) {
      await dropLeftoverBackupSlot(opened);
      stopServingBackups = await serveBackups(dataDir, embedded.snapshot);
    }
  } catch (err) {
    await client?.close().catch(() => {});
    await releaseLock?.();
    throw new DatabaseUnavailableError(
      `Cannot open the embedded database in ${dataDir ?? 'memory'}: ${messageOf(err)}`,
    );
  }
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    location: dataDir ?? 'memory',
    migrate: async () => {
      await migratePglite(drizzlePglite({ client, schema }), { migrationsFolder });
    },
    openChangeFeed: async () => createLocalChangeFeed(),
    ping: (timeoutMs) => ping(db, timeoutMs),
    embedded,
    close: async () => {
      await stopServingBackups();
      if (!client.closed) await client.close();
      await releaseLock?.();
    },
  };
}

async function openPostgres(url: string, limits: PostgresLimits): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: limits.poolSize,
    connectionTimeoutMillis: limits.connectTimeoutMs,
    idleTimeoutMillis: 30_000,
    keepAlive: true,
    statement_timeout: limits.statementTimeoutMs,
    // A frozen server enforces no statement_timeout: the client stops waiting a little later.
    query_timeout: limits.statementTimeoutMs + 1000,
    // A transaction left open by a stalled client must not hold its row locks for long.
    idle_in_transaction_session_timeout: limits.statementTimeoutMs * 2,
  });
  // A connection that drops must fail only the queries on it, never the process. pg-pool
  // listens for errors on idle clients only ('error' below); a client checked out for a
  // transaction emits its 'error' with nobody listening, which Node turns into an uncaught
  // exception. Every client gets a listener of its own; its queries reject with the error,
  // and pg-pool drops the broken client when it is released.
  pool.on('connect', (client) => {
    client.on('error', () => {});
    releaseWhenBeginFails(client);
  });
  pool.on('error', () => {});
  try {
    await pool.query('select 1');
  } catch (err) {
    await pool.end();
    throw new DatabaseUnavailableError(
      `Cannot connect to the database at ${redactUrl(url)}: ${messageOf(err)}`,
    );
  }
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  let closed = false;
  return {
    db,
    kind: 'postgres',
    location: redactUrl(url),
    migrate: async () => {
      // A connection of its own, without the pool's timeouts: building an index on a large
      // table may take minutes, and waiting for another instance's lock is expected.
      const conn = new pg.Client({
        connectionString: url,
        connectionTimeoutMillis: limits.connectTimeoutMs,
      });
      conn.on('error', () => {});
      await conn.connect();
      try {
        await conn.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
        await migratePg(drizzlePg({ client: conn, schema }), { migrationsFolder });
      } finally {
        await conn.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
        await conn.end().catch(() => {});
      }
    },
    openChangeFeed: (onError) => openPostgresChangeFeed(url, onError),
    ping: (timeoutMs) => ping(db, timeoutMs),
    close: async () => {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}

/**
 * Drizzle's node-postgres transaction sends BEGIN before its try/finally, so a connection
 * that drops during BEGIN is never given back, and enough of them exhaust the pool for good.
 * The client is released (as broken) here instead; drizzle rethrows the error as usual.
 */
function releaseWhenBeginFails(client: pg.PoolClient) {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const patched = (...args: unknown[]) => {
    const result = query(...args);
    const [first] = args;
    const text = typeof first === 'string' ? first : (first as { text?: unknown } | null)?.text;
    if (!(result instanceof Promise) || typeof text !== 'string' || !/^\s*begin\b/i.test(text)) {
      return result;
    }
    return result.catch((err: unknown) => {
      client.release(err instanceof Error ? err : new Error(String(err)));
      throw err;
    });
  };
  client.query = patched as typeof client.query;
}

async function ping(db: Db, timeoutMs = 2000): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    return await Promise.race([db.execute(sql`select 1`).then(() => true), timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

function messageOf(err: unknown): string {
  if (err instanceof AggregateError && err.errors.length > 0) return messageOf(err.errors[0]);
  if (err instanceof Error) return err.message || err.name;
  return String(err);
}
