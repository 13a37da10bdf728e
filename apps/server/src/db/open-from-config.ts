import type { Config } from '../config.js';
import { openDatabase, type Database } from './client.js';

/** PostgreSQL when DATABASE_URL is set, otherwise the embedded PGlite in DATA_DIR; migrated. */
export async function openDatabaseFromConfig(config: Config): Promise<Database> {
  const database = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl, ...config.database }
      : { kind: 'pglite', dataDir: config.dataDir, durable: config.embeddedDbDurable },
  );
  try {
    await database.migrate();
  } catch (err) {
    await database.close();
    throw err;
  }
  return database;
}
