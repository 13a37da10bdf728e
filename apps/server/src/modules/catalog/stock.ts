import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { products } from '../../db/schema.js';

/** Puts an order's quantity back on the shelf (archived products too: the units exist). */
export const returnStock = (tx: Tx, itemId: string, quantity: number) =>
  tx
    .update(products)
    .set({ availableQuantity: sql`${products.availableQuantity} + ${quantity}` })
    .where(eq(products.id, itemId));
