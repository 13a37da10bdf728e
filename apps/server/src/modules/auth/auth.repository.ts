import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import {
  and,
  count,
  eq,
  inArray,
  isNotNull,
  isNull,
  like,
  lte,
  ne,
  notInArray,
  or,
  sql,
} from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { accounts, appMeta, sessions, users, verifications } from '../../db/schema.js';

/**
 * Better Auth's tables (users, sessions, accounts, verifications) as its Drizzle adapter
 * writes them: the accounts' life from sign-up to sign-out.
 */
export const authDatabaseAdapter = (db: Db) =>
  drizzleAdapter(db, {
    provider: 'pg',
    schema: { user: users, session: sessions, account: accounts, verification: verifications },
  });

/**
 * The auth module's own queries beside Better Auth's: admin promotion, reset tokens, the
 * generated secret and the demo accounts (users.repository.ts manages users for admins).
 */
export function createAuthRepository(db: Db) {
  return {
    async findEmail(userId: string) {
      const [user] = await db
        .select({ email: users.email, emailVerified: users.emailVerified })
        .from(users)
        .where(eq(users.id, userId));
      return user;
    },

    async promoteToAdmin(userId: string) {
      await db
        .update(users)
        .set({ role: 'admin', updatedAt: new Date() })
        .where(and(eq(users.id, userId), ne(users.role, 'admin')));
    },

    /** The account a password-reset token belongs to: its address and name. */
    async ownerOfResetToken(token: string): Promise<{ email: string; name: string } | undefined> {
      const [row] = await db
        .select({ email: users.email, name: users.name })
        .from(verifications)
        .innerJoin(users, eq(users.id, verifications.value))
        .where(eq(verifications.identifier, `reset-password:${token}`));
      return row;
    },

    /**
     * Ends the account's reset links issued before `token` (Better Auth keeps each as a
     * verification row), so that only the newest mailed link sets a password.
     */
    async endEarlierResetTokens(userId: string, token: string) {
      const mine = `reset-password:${token}`;
      await db
        .delete(verifications)
        .where(
          and(
            eq(verifications.value, userId),
            like(verifications.identifier, 'reset-password:%'),
            ne(verifications.identifier, mine),
            lte(
              verifications.createdAt,
              sql`(select created_at from verifications where identifier = ${mine})`,
            ),
          ),
        );
    },

    /** Writes `key` unless it exists. Returns whether this call wrote it. */
    async claimMeta(key: string, value: string): Promise<boolean> {
      const [claimed] = await db
        .insert(appMeta)
        .values({ key, value })
        .onConflictDoNothing()
        .returning({ key: appMeta.key });
      return claimed !== undefined;
    },

    async readMeta(key: string): Promise<string | undefined> {
      const [row] = await db
        .select({ value: appMeta.value })
        .from(appMeta)
        .where(eq(appMeta.key, key));
      return row?.value;
    },

    async hasMeta(key: string): Promise<boolean> {
      const [row] = await db.select({ n: count() }).from(appMeta).where(eq(appMeta.key, key));
      return (row?.n ?? 0) > 0;
    },

    /** A demo account comes with its role and an address that needs no confirming. */
    async setDemoRole(userId: string, role: string) {
      await db.update(users).set({ role, emailVerified: true }).where(eq(users.id, userId));
    },

    /**
     * Bans these demo accounts, drops their passwords and ends their sessions, in one transaction.
     * Returns the emails of those that could still sign in before.
     */
    async disableDemoAccounts(emails: readonly string[]): Promise<string[]> {
      return db.transaction(async (tx) => {
        const found = await tx
          .select({ id: users.id, email: users.email })
          .from(users)
          .where(inArray(users.email, [...emails]));
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
    },

    /** Admins whose address is not one of `emails`. */
    async countAdminsExcept(emails: readonly string[]): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(users)
        .where(and(eq(users.role, 'admin'), notInArray(users.email, [...emails])));
      return row?.n ?? 0;
    },
  };
}

export type AuthRepository = ReturnType<typeof createAuthRepository>;
