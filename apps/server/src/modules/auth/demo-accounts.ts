import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { discardMail } from '../mail/outbox.repository.js';
import type { Auth } from './auth.js';
import { createAuthRepository } from './auth.repository.js';

/** Demo sign-ins with known passwords: only where demoAccountsAllowed says so. */
export const DEMO_ACCOUNTS = [
  { name: 'Demo Buyer', email: 'buyer@toolyard.test', password: 'toolyard-buyer', role: 'user' },
  { name: 'Demo Admin', email: 'admin@toolyard.test', password: 'toolyard-admin', role: 'admin' },
] as const;

const KEY = 'demo_accounts_seeded_at';

const LOOPBACK = ['localhost', '127.0.0.1', '::1'];

/**
 * Known passwords are safe only in development on the embedded database, and only when no other
 * machine can reach the shop: it listens on a loopback address and is addressed as this machine.
 */
export function demoAccountsAllowed(
  config: Pick<Config, 'nodeEnv' | 'databaseUrl' | 'host' | 'publicOrigin'>,
): boolean {
  const originHost = new URL(config.publicOrigin).hostname.replace(/^\[(.*)\]$/, '$1');
  return (
    config.nodeEnv === 'development' &&
    config.databaseUrl === undefined &&
    LOOPBACK.includes(config.host.toLowerCase()) &&
    LOOPBACK.includes(originHost)
  );
}

/** Creates the demo accounts once in the database's life. Returns whether it did. */
export async function seedDemoAccounts(auth: Auth, db: Db): Promise<boolean> {
  const repo = createAuthRepository(db);
  if (!(await repo.claimMeta(KEY, new Date().toISOString()))) return false;
  for (const account of DEMO_ACCOUNTS) {
    const { user } = await auth.api.signUpEmail({
      body: { name: account.name, email: account.email, password: account.password },
    });
    // Demo addresses receive no mail: they come confirmed, and their sign-up link is dropped.
    await repo.setDemoRole(user.id, account.role);
  }
  await discardMail(
    db,
    'account.verify',
    DEMO_ACCOUNTS.map((a) => a.email),
  );
  return true;
}

/**
 * Makes the demo accounts unusable: banned, signed out, and without a password (sign-in answers
 * 401 as for an unknown account). Returns the emails of those that could still sign in.
 */
export async function disableDemoAccounts(db: Db): Promise<string[]> {
  return createAuthRepository(db).disableDemoAccounts(DEMO_ACCOUNTS.map((a) => a.email));
}

export async function hasDemoAccounts(db: Db): Promise<boolean> {
  return createAuthRepository(db).hasMeta(KEY);
}

/** Admins other than the demo admin: the shop's real owners. */
export async function countOwnAdmins(db: Db): Promise<number> {
  return createAuthRepository(db).countAdminsExcept(DEMO_ACCOUNTS.map((a) => a.email));
}
