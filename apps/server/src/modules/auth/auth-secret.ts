import { randomBytes } from 'node:crypto';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { createAuthRepository } from './auth.repository.js';

const KEY = 'auth_secret';

/**
 * AUTH_SECRET when set (required in production); otherwise a random secret made on first
 * start and kept in the database, so sessions survive restarts of a demo or development shop.
 */
export async function resolveAuthSecret(config: Config, db: Db): Promise<string> {
  if (config.authSecret) return config.authSecret;
  const repo = createAuthRepository(db);
  await repo.claimMeta(KEY, randomBytes(32).toString('hex'));
  const value = await repo.readMeta(KEY);
  if (value === undefined) throw new Error('could not store the generated auth secret');
  return value;
}
