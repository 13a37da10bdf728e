import { randomBytes } from 'node:crypto';
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
