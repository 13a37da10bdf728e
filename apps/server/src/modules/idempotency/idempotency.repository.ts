import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { idempotencyKeys } from '../../db/schema.js';

export type IdempotencyRow = typeof idempotencyKeys.$inferSelect;
export type KeyOf = Pick<IdempotencyRow, 'userId' | 'scope' | 'key'>;

/** The only code that reads and writes idempotency_keys. */
export function createIdempotencyRepository(db: Db) {
  const where = (k: KeyOf) =>
    and(
      eq(idempotencyKeys.userId, k.userId),
      eq(idempotencyKeys.scope, k.scope),
      eq(idempotencyKeys.key, k.key),
    );
  return {
    /** The key's row: this request's, when it is the first with the key, else the first's. */
    async claim(
      row: KeyOf & Pick<IdempotencyRow, 'requestHash' | 'resourceId'>,
    ): Promise<{ row: IdempotencyRow; first: boolean }> {
      const [inserted] = await db
        .insert(idempotencyKeys)
        .values(row)
        .onConflictDoNothing()
        .returning();
      if (inserted) return { row: inserted, first: true };
      const [existing] = await db.select().from(idempotencyKeys).where(where(row));
      if (!existing) throw new Error('an idempotency key vanished while it was claimed');
      return { row: existing, first: false };
    },

    /** Keeps the outcome to answer again; the first outcome stays if two race. */
    async complete(k: KeyOf, statusCode: number, response: string): Promise<void> {
      await db
        .update(idempotencyKeys)
        .set({ statusCode, response })
        .where(and(where(k), sql`${idempotencyKeys.statusCode} is null`));
    },

    /** Forgets a key whose request failed before acting, so the next try starts afresh. */
    async release(k: KeyOf): Promise<void> {
      await db
        .delete(idempotencyKeys)
        .where(and(where(k), sql`${idempotencyKeys.statusCode} is null`));
    },

    /** Deletes keys older than the given date; returns how many. */
    async deleteOlderThan(date: Date): Promise<number> {
      const rows = await db
        .delete(idempotencyKeys)
        .where(lt(idempotencyKeys.createdAt, date))
        .returning({ key: idempotencyKeys.key });
      return rows.length;
    },
  };
}

export type IdempotencyRepository = ReturnType<typeof createIdempotencyRepository>;
