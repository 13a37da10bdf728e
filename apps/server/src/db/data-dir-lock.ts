import { open, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { DatabaseUnavailableError } from './database-error.js';

/** The lock's file in the data folder: the holder's pid. */
export const LOCK_FILE = 'toolyard.pid';

/**
 * PGlite does not lock its folder, and two processes writing one folder corrupt it.
 * A pid file keeps a second server (or `db:seed` while the shop runs) out.
 */
export async function acquireDataDirLock(dataDir: string): Promise<() => Promise<void>> {
  const lockFile = path.join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const handle = await open(lockFile, 'wx');
      await handle.writeFile(String(process.pid));
      await handle.close();
      return () => rm(lockFile, { force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const holder = Number.parseInt(await readFile(lockFile, 'utf8').catch(() => ''), 10);
      if (Number.isInteger(holder) && holder !== process.pid && isAlive(holder)) {
        throw new DatabaseUnavailableError(
          `The embedded database in ${dataDir} is in use by another Toolyard process (pid ${holder}); stop it first`,
        );
      }
      // Left behind by a process that died: take it over.
      await rm(lockFile, { force: true });
    }
  }
  throw new DatabaseUnavailableError(`Could not lock the embedded database in ${dataDir}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
