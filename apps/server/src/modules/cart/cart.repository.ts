import { ORDER_LINES_MAX } from '@toolyard/shared';
import { and, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { cartLines, products } from '../../db/schema.js';
import { buyerSql, sellableSql, unitCentsSql } from '../catalog/pricing.repository.js';

/** A cart line with its product as it is now: the cart is priced live, never from the line. */
export interface CartLineRow {
  itemId: string;
  quantity: number;
  sku: string;
  name: string;
  img: string;
  /** The buyer's unit price at the line's quantity (catalog's pricing). */
  priceCents: number;
  available: number;
  min: number;
  archivedAt: Date | null;
}

/** A product as a cart judges it: whether it is sold, its stock and its minimum. */
export interface CartProduct {
  id: string;
  name: string;
  available: number;
  min: number;
  archivedAt: Date | null;
}

/**
 * What became of a PUT: written, with the whole cart as it now is; or why not (the product as
 * it is, or the cart full).
 */
export type SetLineOutcome =
  | { written: true; lines: CartLineRow[] }
  | { written: false; product: CartProduct | undefined; full: boolean };

/**
 * A cart line (`l`) of `userId` with its product (`p`) as CartLineSqlRow, priced for the buyer at
 * the line's quantity, in the order the buyer put things in, which is also a checkout's order of
 * lines (lockedCartSql).
 */
const lineColumns = (userId: string) => sql`l.item_id, l.quantity, p.sku, p.name, p.img,
  (${unitCentsSql(buyerSql(userId), 'p', sql`l.quantity`)})::float8 as price_cents,
  p."AvailableQuantity" as available, p."MinOrderQuantity" as min, p.archived_at`;
const lineOrder = sql.raw('order by l.created_at, l.item_id');

/** The only code that writes the carts (`cart_lines`); checkout reads and empties one through it. */
export function createCartRepository(db: Db) {
  return {
    /** The buyer's lines with their products, oldest first. */
    async list(userId: string): Promise<CartLineRow[]> {
      const result = await db.execute<CartLineSqlRow>(sql`
        select ${lineColumns(userId)}
        from cart_lines l join products p on p."_id" = l.item_id
        where l.user_id = ${userId}
        ${lineOrder}`);
      return (result as unknown as { rows: CartLineSqlRow[] }).rows.map(fromSqlRow);
    },

    /**
     * Adds the line or sets its quantity, in one statement that also checks the product can be
     * had at that quantity (catalog's pricing) and that a new line still fits in the cart
     * (ORDER_LINES_MAX), and answers the whole cart as it is after the write: the other lines
     * as they were and the one written, as the statement's own snapshot cannot see it. When
     * nothing was written, one read says why.
     */
    async setLine(userId: string, itemId: string, quantity: number): Promise<SetLineOutcome> {
      const result = await db.execute<CartLineSqlRow>(sql`
        with put as (
          insert into cart_lines (user_id, item_id, quantity)
          select ${userId}::text, p."_id", ${quantity}::integer
          from products p
          where p."_id" = ${itemId} and ${sellableSql('p', sql`${quantity}::integer`)}
            and (exists (select 1 from cart_lines where user_id = ${userId} and item_id = ${itemId})
                 or (select count(*) from cart_lines where user_id = ${userId}) < ${ORDER_LINES_MAX})
          on conflict (user_id, item_id)
            do update set quantity = excluded.quantity, updated_at = now()
          returning item_id, quantity, created_at
        )
        select ${lineColumns(userId)}
        from (
          select item_id, quantity, created_at from cart_lines
          where user_id = ${userId} and item_id <> ${itemId}
            and exists (select 1 from put)
          union all
          select item_id, quantity, created_at from put
        ) l
        join products p on p."_id" = l.item_id
        ${lineOrder}`);
      const rows = (result as unknown as { rows: CartLineSqlRow[] }).rows;
      if (rows.length > 0) return { written: true, lines: rows.map(fromSqlRow) };
      const [[product], [lines]] = await Promise.all([
        productsOf(db, [itemId]),
        db.select({ n: count() }).from(cartLines).where(eq(cartLines.userId, userId)),
      ]);
      return { written: false, product, full: (lines?.n ?? 0) >= ORDER_LINES_MAX };
    },

    /** Removes a line; a line that is not there is removed already. */
    async removeLine(userId: string, itemId: string): Promise<void> {
      await db
        .delete(cartLines)
        .where(and(eq(cartLines.userId, userId), eq(cartLines.itemId, itemId)));
    },

    /**
     * Adds quantities to the buyer's lines (a new line for a product not in the cart), as
     * "Order again" does. The caller has checked the products and the room in the cart.
     */
    async addLines(
      userId: string,
      lines: readonly { itemId: string; quantity: number }[],
    ): Promise<void> {
      if (lines.length === 0) return;
      await db
        .insert(cartLines)
        .values(
          lines.map((l, i) => ({
            userId,
            itemId: l.itemId,
            quantity: l.quantity,
            // One statement's now() is one instant: a microsecond apart keeps the lines' order.
            createdAt: sql`now() + ${i}::integer * interval '1 microsecond'`,
          })),
        )
        .onConflictDoUpdate({
          target: [cartLines.userId, cartLines.itemId],
          set: {
            quantity: sql`${cartLines.quantity} + excluded.quantity`,
            updatedAt: sql`now()`,
          },
        });
    },

    /** The products as a cart judges them, by id (missing ids: no such product). */
    products: (ids: readonly string[]) => productsOf(db, ids),
  };
}

/**
 * For the checkout's one statement (orders.repository's `checkoutCart`): the buyer's lines,
 * oldest first, locked until the statement's transaction ends, so a second checkout of the same
 * cart waits and then finds it emptied. Columns: item_id, quantity, created_at.
 */
export const lockedCartSql = (userId: string) => sql`
  select item_id, quantity, created_at from cart_lines
  where user_id = ${userId}
  order by created_at, item_id
  for update`;

/**
 * For the checkout's one statement: empties the lines it checked out (those of its CTE `cte`,
 * which has item_id), when `go` holds. A line added meanwhile stays for the next order.
 */
export const emptyCheckedOutSql = (userId: string, cte: SQL, go: SQL) => sql`
  delete from cart_lines
  where user_id = ${userId} and item_id in (select item_id from ${cte}) and ${go}`;

/** A cart line as `lineColumns` answers it. */
type CartLineSqlRow = {
  item_id: string;
  quantity: number;
  sku: string;
  name: string;
  img: string;
  price_cents: number;
  available: number;
  min: number;
  archived_at: Date | string | null;
};

const fromSqlRow = (row: CartLineSqlRow): CartLineRow => ({
  itemId: row.item_id,
  quantity: row.quantity,
  sku: row.sku,
  name: row.name,
  img: row.img,
  priceCents: row.price_cents,
  available: row.available,
  min: row.min,
  archivedAt: row.archived_at === null ? null : new Date(row.archived_at),
});

function productsOf(db: Db | Tx, ids: readonly string[]): Promise<CartProduct[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: products.id,
      name: products.name,
      available: products.availableQuantity,
      min: products.minOrderQuantity,
      archivedAt: products.archivedAt,
    })
    .from(products)
    .where(inArray(products.id, [...ids]));
}

export type CartRepository = ReturnType<typeof createCartRepository>;
