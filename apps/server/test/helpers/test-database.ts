import { afterAll, beforeAll } from 'vitest';
import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { openDatabase, type Database } from '../../src/db/client.js';

/**
 * A fresh, migrated database for one test file: in-memory PGlite, or a new database on the
 * PostgreSQL server at TEST_DATABASE_URL that close() drops again.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const kind = process.env.TEST_DB ?? 'pglite';
  if (kind === 'pglite')
    return migrated(await openDatabase({ kind: 'pglite', dataDir: undefined }));
  if (kind === 'postgres') return createPostgresDatabase();
  throw new Error(`TEST_DB must be pglite or postgres, got ${JSON.stringify(kind)}`);
}

/** On PostgreSQL, `url` lets a second app instance connect to the same database. */
export type TestDatabase = Database & { url?: string };

async function createPostgresDatabase(): Promise<TestDatabase> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    throw new Error(
      'TEST_DB=postgres needs TEST_DATABASE_URL, e.g. postgres://postgres@127.0.0.1:5432/test',
    );
  }
  const name = `toolyard_test_${randomBytes(6).toString('hex')}`;
  await asAdmin(adminUrl, `create database "${name}"`);

  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  let database: Database;
  try {
    database = await migrated(await openDatabase({ kind: 'postgres', url: url.toString() }));
  } catch (err) {
    await asAdmin(adminUrl, `drop database if exists "${name}" with (force)`);
    throw err;
  }

  let dropped = false;
  return {
    ...database,
    url: url.toString(),
    close: async () => {
      await database.close();
      if (dropped) return;
      dropped = true;
      await asAdmin(adminUrl, `drop database if exists "${name}" with (force)`);
    },
  };
}

async function migrated(database: Database): Promise<Database> {
  try {
    await database.migrate();
    return database;
  } catch (err) {
    await database.close();
    throw err;
  }
}

async function asAdmin(adminUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * A fresh database as a shop had it before the migration named `tag` (e.g.
 * `cart_and_order_lines`): migrated up to the one before it, for a test to fill with data as it
 * was then and call `migrate()` on, which runs the rest. close() drops it.
 */
export async function createDatabaseBefore(tag: string): Promise<TestDatabase> {
  const migrations = fileURLToPath(new URL('../../drizzle', import.meta.url));
  const before = await mkdtemp(join(tmpdir(), 'toolyard-migrations-'));
  try {
    await cp(migrations, before, { recursive: true });
    const journalPath = join(before, 'meta', '_journal.json');
    const journal = JSON.parse(await readFile(journalPath, 'utf8')) as {
      entries: { idx: number; tag: string }[];
    };
    const at = journal.entries.findIndex((e) => e.tag.replace(/^\d+_/, '') === tag);
    if (at < 0) throw new Error(`no migration named ${tag}`);
    journal.entries = journal.entries.slice(0, at);
    await writeFile(journalPath, JSON.stringify(journal));

    if ((process.env.TEST_DB ?? 'pglite') === 'pglite') {
      const database = await openDatabase({ kind: 'pglite', dataDir: undefined });
      await migratePglite(database.db as never, { migrationsFolder: before });
      return database;
    }
    const adminUrl = process.env.TEST_DATABASE_URL as string;
    const name = `toolyard_test_${randomBytes(6).toString('hex')}`;
    await asAdmin(adminUrl, `create database "${name}"`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const database = await openDatabase({ kind: 'postgres', url: url.toString() });
    await migratePg(database.db as never, { migrationsFolder: before });
    return {
      ...database,
      url: url.toString(),
      close: async () => {
        await database.close();
        await asAdmin(adminUrl, `drop database if exists "${name}" with (force)`);
      },
    };
  } finally {
    await rm(before, { recursive: true, force: true });
  }
}

/**
 * For a describe of migration tests: a database as a shop had it before the migration named
 * `tag` (createDatabaseBefore), made before the describe's tests and dropped after them.
 */
export function useDatabaseBefore(tag: string): { database: TestDatabase } {
  const state = {} as { database: TestDatabase };
  beforeAll(async () => {
    state.database = await createDatabaseBefore(tag);
  });
  afterAll(async () => {
    await state.database?.close();
  });
  return state;
}
