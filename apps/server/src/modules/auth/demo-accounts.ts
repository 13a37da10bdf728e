import { and, count, eq, notInArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { appMeta, users } from '../../db/schema.js';
import type { Auth } from './auth.js';

/** Demo sign-ins for the embedded database only; never created on a PostgreSQL server. */
export const DEMO_ACCOUNTS = [
  { name: 'Demo Buyer', email: 'buyer@toolyard.test', password: 'toolyard-buyer', role: 'user' },
  { name: 'Demo Admin', email: 'admin@toolyard.test', password: 'toolyard-admin', role: 'admin' },
] as const;

const KEY = 'demo_accounts_seeded_at';

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
    await db.update(users).set({ role: account.role }).where(eq(users.id, user.id));
  }
  return true;
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
