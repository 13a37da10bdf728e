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
import * as schema from './schema.js';
import { createLocalChangeFeed, openPostgresChangeFeed, type ChangeFeed } from './change-feed.js';

export type Schema = typeof schema;
/** The Drizzle handle every repository takes; the same type on PGlite and PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

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
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));
// Any constant works; it keeps two instances from migrating one PostgreSQL at once.
const MIGRATION_LOCK_ID = 72_616_201;

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; poolSize?: number }
  | { kind: 'pglite'; dataDir: string | undefined };

/** Opens PGlite in dataDir (in memory when undefined) or a node-postgres pool. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.kind === 'postgres'
    ? openPostgres(options.url, options.poolSize ?? 10)
    : openPglite(options.dataDir);
}

async function openPglite(dataDir: string | undefined): Promise<Database> {
  let releaseLock: (() => Promise<void>) | undefined;
  if (dataDir) {
    await mkdir(dataDir, { recursive: true });
    releaseLock = await acquireDataDirLock(dataDir);
  }
  let client: PGlite;
  try {
    // pg_trgm backs the catalog search's trigram indexes, as on PostgreSQL.
    client = await PGlite.create({ ...(dataDir ? { dataDir } : {}), extensions: { pg_trgm } });
  } catch (err) {
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
    close: async () => {
      if (!client.closed) await client.close();
      await releaseLock?.();
    },
  };
}

async function openPostgres(url: string, poolSize: number): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: 5000,
    idleTimeoutMillis: 30_000,
  });
  // An idle client losing its connection must not crash the process; the next query reconnects.
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
      const conn = await pool.connect();
      try {
        await conn.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
        await migratePg(drizzlePg({ client: conn, schema }), { migrationsFolder });
      } finally {
        await conn.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
        conn.release();
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
