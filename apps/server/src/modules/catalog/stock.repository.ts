import { asc, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { products } from '../../db/schema.js';

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

/** A product as a checkout took it: name, SKU and price read under its lock, so charged as such. */
export interface TakenLine extends StockLine {
  sku: string;
  name: string;
  priceCents: number;
}

/** Why one line cannot be had: "Only 3 left", "No longer sold", "Order at least 5". */
export interface StockRefusal {
  itemId: string;
  reason: string;
}

/**
 * Takes the stock of every line, or of none (a checkout). Locks the lines' products in
 * ascending id order, the one lock order of every stock move, so concurrent checkouts over
 * overlapping products wait for each other and never deadlock; judges each line against the
 * product as it is under the lock (still sold, stock enough for it and for its minimum, at
 * least the minimum); then, only when every line passes, takes them all in one UPDATE. One
 * line per product. Answers the lines as taken, in the order given, or every refusal: then
 * nothing was taken, and the caller's rollback only releases the locks.
 */
export async function takeStock(
  tx: Tx,
  lines: readonly StockLine[],
): Promise<{ taken: TakenLine[] } | { refused: StockRefusal[] }> {
  if (lines.length === 0) return { taken: [] };
  const rows = await tx
    .select({
      id: products.id,
      sku: products.sku,
      name: products.name,
      priceCents: products.priceCents,
      available: products.availableQuantity,
      min: products.minOrderQuantity,
      archivedAt: products.archivedAt,
    })
    .from(products)
    .where(
      inArray(
        products.id,
        lines.map((l) => l.itemId),
      ),
    )
    .orderBy(asc(products.id))
    .for('update');
  const byId = new Map(rows.map((row) => [row.id, row]));
  const taken: TakenLine[] = [];
  const refused: StockRefusal[] = [];
  for (const line of lines) {
    const product = byId.get(line.itemId);
    const reason = whyNot(product, line.quantity);
    if (reason) refused.push({ itemId: line.itemId, reason });
    else if (product)
      taken.push({ ...line, sku: product.sku, name: product.name, priceCents: product.priceCents });
  }
  if (refused.length > 0) return { refused };
  const less = sql.join(
    taken.map((l) => sql`when ${l.itemId}::uuid then ${l.quantity}::integer`),
    sql` `,
  );
  await tx
    .update(products)
    .set({
      availableQuantity: sql`${products.availableQuantity} - case ${products.id} ${less} end`,
    })
    .where(
      inArray(
        products.id,
        taken.map((l) => l.itemId),
      ),
    );
  return { taken };
}

/** Why `quantity` of a product cannot be had now, or undefined when it can. */
function whyNot(
  product: { available: number; min: number; archivedAt: Date | null } | undefined,
  quantity: number,
): string | undefined {
  if (!product || product.archivedAt) return 'No longer sold';
  if (product.available === 0 || product.available < product.min) return 'Out of stock';
  if (quantity > product.available) return `Only ${product.available} left`;
  if (quantity < product.min) return `Order at least ${product.min}`;
  return undefined;
}
