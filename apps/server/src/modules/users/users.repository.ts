import type { Role, UserSummary } from '@toolyard/shared';
import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { readPage } from '../../db/paging.js';
import { users } from '../../db/schema.js';

const byEmail = (email: string) => eq(sql`lower(${users.email})`, email.toLowerCase());

/**
 * A data-modifying statement (for a CTE) that saves an order's phone and delivery address to
 * its buyer's profile where the profile has none: `orders` is a FROM item of placed orders with
 * `buyer_id`, `contact` and `address`. The placing statements run it, so the first order fills
 * an empty profile in the order's own transaction ("We fill these in for you when you order");
 * a profile with a phone and an address is not touched (nor locked).
 */
export const fillEmptyProfileSql = (orders: SQL) => sql`
  update users u
  set phone = coalesce(nullif(u.phone, ''), p.contact),
      address = coalesce(nullif(u.address, ''), p.address),
      updated_at = now()
  from (select distinct on (buyer_id) buyer_id, contact, address from ${orders}
        order by buyer_id) p
  where u.id = p.buyer_id and (coalesce(u.phone, '') = '' or coalesce(u.address, '') = '')`;

/** The only code that reads and writes users (Better Auth writes them through its adapter). */
export function createUsersRepository(db: Db) {
  return {
    async listUsers(
      page: number,
      pageSize: number,
    ): Promise<{ users: UserSummary[]; total: number }> {
      const { rows, total } = await readPage(
        db
          .select({
            id: users.id,
            email: users.email,
            name: users.name,
            role: users.role,
            createdAt: users.createdAt,
          })
          .from(users)
          .orderBy(desc(users.createdAt), users.id),
        db.select({ n: count() }).from(users),
        page,
        pageSize,
      );
      return {
        users: rows.map((r) => ({
          _id: r.id,
          email: r.email,
          name: r.name,
          role: r.role === 'admin' ? 'admin' : 'user',
          joined: r.createdAt.toISOString(),
        })),
        total,
      };
    },

    async findByEmail(email: string, tx: Db | Tx = db) {
      const [row] = await tx
        .select({
          id: users.id,
          email: users.email,
          name: users.name,
          role: users.role,
          emailVerified: users.emailVerified,
          phone: users.phone,
          address: users.address,
        })
        .from(users)
        .where(byEmail(email));
      return row;
    },

    /**
     * Locks every active admin's row and answers their ids, so two concurrent demotions cannot
     * both see "another admin left". A banned admin (a disabled demo account) cannot sign in,
     * so it does not count.
     */
    async lockAdmins(tx: Tx): Promise<string[]> {
      const rows = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.role, 'admin'), sql`coalesce(${users.banned}, false) = false`))
        .for('update');
      return rows.map((r) => r.id);
    },

    async setRole(id: string, role: Role, tx: Db | Tx = db) {
      await tx.update(users).set({ role, updatedAt: new Date() }).where(eq(users.id, id));
    },

    /** Deletes the user; their sessions and sign-in accounts go with them (ON DELETE CASCADE). */
    async deleteUser(id: string, tx: Db | Tx = db) {
      await tx.delete(users).where(eq(users.id, id));
    },

    async getProfile(id: string) {
      const [row] = await db
        .select({
          email: users.email,
          name: users.name,
          phone: users.phone,
          address: users.address,
        })
        .from(users)
        .where(eq(users.id, id));
      return row;
    },

    async updateProfile(id: string, profile: { phone: string; address: string }) {
      const [row] = await db
        .update(users)
        .set({
          phone: profile.phone || null,
          address: profile.address || null,
          updatedAt: new Date(),
        })
        .where(eq(users.id, id))
        .returning({
          email: users.email,
          name: users.name,
          phone: users.phone,
          address: users.address,
        });
      return row;
    },

    transaction: <T>(fn: (tx: Tx) => Promise<T>) => db.transaction(fn),
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
