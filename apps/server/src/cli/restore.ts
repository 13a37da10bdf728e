import { mkdir, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { acquireDataDirLock, LOCK_FILE } from '../db/data-dir-lock.js';
import { BackupError, readBackup } from '../db/embedded-backup.js';
import { runCommand } from './run-cli.js';

/**
 * `npm run db:restore -- <file> [--force]`: loads a backup from `npm run db:backup` into
 * DATA_DIR, which must be empty (or is emptied with --force) and held by no process.
 */
runCommand('the restore', async () => {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { force: { type: 'boolean', default: false } },
  });
  const config = loadConfig();
  if (config.databaseUrl) {
    throw new BackupError(
      'DATABASE_URL is set: restore PostgreSQL with pg_restore, e.g. pg_restore --clean --if-exists -d "$DATABASE_URL" toolyard.dump (README, Backups)',
    );
  }
  if (!positionals[0]) {
    throw new BackupError(
      'Usage: npm run db:restore -- <backup file> [--force]   (into DATA_DIR, default ./data)',
    );
  }
  const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), positionals[0]);
  const tar = await readBackup(file);
  const { dataDir } = config;
  await emptyDataDir(dataDir, values.force);
  try {
    const database = await openDatabase({
      kind: 'pglite',
      dataDir,
      durable: config.embeddedDbDurable,
      load: tar,
    });
    await database.close();
  } catch (err) {
    // Nothing but what this restore wrote is in the folder: leave it empty, not half loaded.
    await emptyDataDir(dataDir, true).catch(() => {});
    throw err;
  }
  console.log(`Restored ${file} into ${dataDir}. Start the shop on it with DATA_DIR=${dataDir}.`);
});

/** Refuses a folder a process holds, and one with data unless `force`; empties it then. */
async function emptyDataDir(dataDir: string, force: boolean) {
  await mkdir(dataDir, { recursive: true });
  const release = await acquireDataDirLock(dataDir);
  try {
    const entries = (await readdir(dataDir)).filter((name) => name !== LOCK_FILE);
    if (entries.length > 0 && !force) {
      throw new BackupError(
        `${dataDir} is not empty: restore into a new folder (DATA_DIR=<new folder>), or add --force to replace what it holds`,
      );
    }
    for (const name of entries)
      await rm(path.join(dataDir, name), { recursive: true, force: true });
  } finally {
    await release();
  }
}
