import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { appMeta } from '../../db/schema.js';

const KEY = 'auth_secret';

/**
 * AUTH_SECRET when set (required in production); otherwise a random secret made on first
 * start and kept in the database, so sessions survive restarts of a demo or development shop.
 */
export async function resolveAuthSecret(config: Config, db: Db): Promise<string> {
  if (config.authSecret) return config.authSecret;
  await db
    .insert(appMeta)
    .values({ key: KEY, value: randomBytes(32).toString('hex') })
    .onConflictDoNothing();
  const [row] = await db.select({ value: appMeta.value }).from(appMeta).where(eq(appMeta.key, KEY));
  if (!row) throw new Error('could not store the generated auth secret');
  return row.value;
}
