import { asc, inArray, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { products } from '../../db/schema.js';
import { anyone, quote, refusalText, type PricedProduct } from './pricing.repository.js';

/** A quantity of one product, as an order line holds it. */
export interface StockLine {
  itemId: string;
  quantity: number;
}

/**
 * Locks the products' rows in ascending id order. Every stock move takes its locks this way,
 * so two transactions over overlapping products wait for each other instead of deadlocking.
 */
async function lockProducts(tx: Tx, ids: readonly string[]): Promise<void> {
  await tx
    .select({ id: products.id })
    .from(products)
    .where(inArray(products.id, [...ids]))
    .orderBy(asc(products.id))
    .for('update');
}

/**
 * Puts an order's lines back on the shelf (archived products too: the units exist). The catalog
 * module alone moves stock; the caller's transaction makes it happen once, with the order's change.
 */
export async function returnStock(tx: Tx, lines: readonly StockLine[]): Promise<void> {
  const back = new Map<string, number>();
  for (const line of lines) back.set(line.itemId, (back.get(line.itemId) ?? 0) + line.quantity);
  if (back.size === 0) return;
  const ids = [...back.keys()];
  await lockProducts(tx, ids);
  const added = sql.join(
    ids.map((id) => sql`when ${id}::uuid then ${back.get(id)}::integer`),
    sql` `,
  );
  await tx
    .update(products)
    .set({
      availableQuantity: sql`${products.availableQuantity} + case ${products.id} ${added} end`,
    })
    .where(inArray(products.id, ids));
}

/**
 * For the checkout's one statement (orders.repository's `checkoutCart`): the products of the
 * CTE `cte` (which has item_id), locked in ascending id order, the one lock order of every
 * stock move (ADR 019). FOR UPDATE, not the weaker NO KEY UPDATE: with a cart line's key-share
 * lock on the same row (its foreign key), updating a row locked in the weaker mode can
 * deadlock on PostgreSQL's tuple lock (seen under load); FOR UPDATE makes the cart line wait
 * for the statement instead. Columns: _id, sku, name,
 * price_cents, available, min, archived_at.
 */
export const lockedProductsSql = (cte: SQL) => sql`
  select "_id", sku, name, price_cents, "AvailableQuantity" as available,
         "MinOrderQuantity" as min, archived_at
  from products where "_id" in (select item_id from ${cte})
  order by "_id" for update`;

/**
 * For the checkout's one statement: takes each line of the CTE `lines` (item_id, quantity)
 * from the products the CTE `locked` holds, when `go` holds (every line judged possible
 * under the locks).
 */
export const takeLinesSql = (lines: SQL, locked: SQL, go: SQL) => sql`
  update products p set "AvailableQuantity" = p."AvailableQuantity" - l.quantity
  from ${lines} l join ${locked} k on k."_id" = l.item_id
  where p."_id" = l.item_id and ${go}
  returning p."_id"`;

/**
 * Why `quantity` of a product cannot be had now, or undefined when it can (catalog's pricing
 * decides): "No longer sold", "Out of stock", "Only 3 left", "Order at least 5".
 */
export function stockRefusal(
  product: PricedProduct | undefined,
  quantity: number,
): string | undefined {
  const { refusal } = quote(anyone, product, quantity);
  return refusal && refusalText(refusal);
}
