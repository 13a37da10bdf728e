import { and, count, eq, inArray, isNotNull, isNull, notInArray, or } from 'drizzle-orm';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { accounts, appMeta, outbox, sessions, users } from '../../db/schema.js';
import type { Auth } from './auth.js';

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
  const [claimed] = await db
    .insert(appMeta)
    .values({ key: KEY, value: new Date().toISOString() })
    .onConflictDoNothing()
    .returning({ key: appMeta.key });
  if (!claimed) return false;
  for (const account of DEMO_ACCOUNTS) {
    const { user } = await auth.api.signUpEmail({
      body: { name: account.name, email: account.email, password: account.password },
    });
    // Demo addresses receive no mail: they come confirmed, and their sign-up link is dropped.
    await db
      .update(users)
      .set({ role: account.role, emailVerified: true })
      .where(eq(users.id, user.id));
  }
  await db.delete(outbox).where(
    and(
      eq(outbox.topic, 'account.verify'),
      inArray(
        outbox.recipient,
        DEMO_ACCOUNTS.map((a) => a.email),
      ),
    ),
  );
  return true;
}

/**
 * Makes the demo accounts unusable: banned, signed out, and without a password (sign-in answers
 * 401 as for an unknown account). Returns the emails of those that could still sign in.
 */
export async function disableDemoAccounts(db: Db): Promise<string[]> {
  const emails = DEMO_ACCOUNTS.map((a) => a.email);
  return db.transaction(async (tx) => {
    const found = await tx
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(inArray(users.email, emails));
    if (found.length === 0) return [];
    const ids = found.map((u) => u.id);
    const now = new Date();
    const banned = await tx
      .update(users)
      .set({ banned: true, banReason: 'demo account: not for production', updatedAt: now })
      .where(and(inArray(users.id, ids), or(isNull(users.banned), eq(users.banned, false))))
      .returning({ id: users.id });
    const unset = await tx
      .update(accounts)
      .set({ password: null, updatedAt: now })
      .where(and(inArray(accounts.userId, ids), isNotNull(accounts.password)))
      .returning({ id: accounts.userId });
    await tx.delete(sessions).where(inArray(sessions.userId, ids));
    const changed = new Set([...banned, ...unset].map((row) => row.id));
    return found.filter((u) => changed.has(u.id)).map((u) => u.email);
  });
}

export async function hasDemoAccounts(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(appMeta).where(eq(appMeta.key, KEY));
  return (row?.n ?? 0) > 0;
}

/** Admins other than the demo admin: the shop's real owners. */
export async function countOwnAdmins(db: Db): Promise<number> {
  const demoEmails = DEMO_ACCOUNTS.map((a) => a.email);
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.role, 'admin'), notInArray(users.email, demoEmails)));
  return row?.n ?? 0;
}
