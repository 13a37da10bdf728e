import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { BackupError, requestBackup, writeFileAtomically } from '../db/embedded-backup.js';
import { runCommand } from './run-cli.js';

/**
 * `npm run db:backup [-- <file>]`: a consistent copy of the embedded database, also while the
 * shop runs (the process holding the folder makes it); PostgreSQL is backed up with pg_dump.
 */
runCommand('the backup', async () => {
  const { positionals } = parseArgs({ allowPositionals: true });
  const config = loadConfig();
  if (config.databaseUrl) {
    throw new BackupError(
      'DATABASE_URL is set: back up PostgreSQL with pg_dump, e.g. pg_dump -Fc -f toolyard.dump "$DATABASE_URL" (README, Backups)',
    );
  }
  const { dataDir } = config;
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) {
    throw new BackupError(`There is no embedded database in ${dataDir} (set DATA_DIR)`);
  }
  // npm runs scripts from the repository root; a relative path means the caller's folder.
  const cwd = process.env.INIT_CWD ?? process.cwd();
  const file = path.resolve(cwd, positionals[0] ?? defaultName());
  if (!existsSync(path.dirname(file))) {
    throw new BackupError(`Cannot write ${file}: there is no folder ${path.dirname(file)}`);
  }

  const copy =
    (await requestBackup(dataDir)) ?? (await backupUnopened(dataDir, config.embeddedDbDurable));
  await writeFileAtomically(file, copy);
  const mb = (copy.byteLength / 1024 / 1024).toFixed(1);
  console.log(`Backed up the embedded database in ${dataDir} to ${file} (${mb} MB).`);
});

/** No process holds the folder: open it here (refused if one took it meanwhile). */
async function backupUnopened(dataDir: string, durable: boolean) {
  const database = await openDatabase({ kind: 'pglite', dataDir, durable });
  try {
    if (!database.embedded) throw new BackupError('not an embedded database');
    return await database.embedded.snapshot();
  } finally {
    await database.close();
  }
}

function defaultName() {
  const stamp = new Date().toISOString().slice(0, 19).replace(/[T:]/g, '-');
  return `toolyard-backup-${stamp}.tar.gz`;
}
