import { ConfigError, loadConfig } from '../config.js';
import type { Database } from '../db/client.js';
import { openDatabaseFromConfig } from '../db/open-from-config.js';
import { StartupError } from '../startup-error.js';

/**
 * Runs a command-line task on the configured database and closes it afterwards. Expected
 * failures (a bad setting, an unreachable database) print one line; every failure exits 1.
 */
export function runCli(task: string, body: (database: Database) => Promise<void>): void {
  runCommand(task, async () => {
    const database = await openDatabaseFromConfig(loadConfig());
    try {
      await body(database);
    } finally {
      await database.close();
    }
  });
}

/** Runs a command-line task that opens what it needs itself; failures as in runCli. */
export function runCommand(task: string, body: () => Promise<void>): void {
  body().catch((err: unknown) => {
    if (err instanceof ConfigError || err instanceof StartupError) {
      console.error(`toolyard: ${err.message}`);
    } else {
      console.error(`toolyard: ${task} failed:`, err);
    }
    process.exit(1);
  });
}
