import { sql, type SQL } from 'drizzle-orm';

/**
 * The one home of "this buyer, this product, this quantity: the unit price, or why not" (ADR 028).
 * A line can be had when the product is still sold and the quantity is at least its minimum and
 * at most its stock; its unit price is the product's price. The SQL fragments and the functions
 * below say the same thing, for statements that decide under their locks and for code that
 * explains a refusal or shows a price; pricing.test.ts holds them to it. Quantity breaks and
 * price lists change this file only.
 */

/**
 * Who is buying: a signed-in buyer's id, or null for anyone (the public price). No price depends
 * on it yet; price lists will.
 */
export type Buyer = string | null;

/** The public price, the one every visitor is shown and the cached catalogue carries. */
export const anyone: Buyer = null;

/** A product as pricing reads it (its row, or a CTE's with `pricingColumns`). */
export interface PricedProduct {
  priceCents: number;
  available: number;
  min: number;
  archivedAt: Date | null;
}

/**
 * Why a line cannot be had: the product is unknown or no longer sold; or the quantity is below
 * the minimum or above the stock (both can hold), with the figures to say so.
 */
export type Refusal =
  | { reason: 'not_sold' }
  | {
      reason: 'quantity';
      belowMinimum: boolean;
      overStock: boolean;
      available: number;
      min: number;
    };

/** A line as pricing answers it: the buyer's unit price, and why it cannot be had, if it cannot. */
export type Quote =
  | { unitCents: number; refusal: Extract<Refusal, { reason: 'quantity' }> | undefined }
  | { unitCents: undefined; refusal: { reason: 'not_sold' } };

/** This buyer's unit price for `quantity` of `product`, in cents. */
export function unitCents(
  _buyer: Buyer,
  product: Pick<PricedProduct, 'priceCents'>,
  _quantity: number,
) {
  return product.priceCents;
}

/** The price a product is shown at to this buyer (cards, pages, the product API): one's. */
export const shownCents = (buyer: Buyer, product: Pick<PricedProduct, 'priceCents'>) =>
  unitCents(buyer, product, 1);

/** A product as a line's refusal reads it: whether it is sold, its stock and its minimum. */
export type StockState = Omit<PricedProduct, 'priceCents'>;

/** Why `quantity` of `product` (undefined: no such product) cannot be had now, if it cannot. */
export function refusalOf(product: StockState | undefined, quantity: number): Refusal | undefined {
  if (!product || product.archivedAt) return { reason: 'not_sold' };
  const belowMinimum = quantity < product.min;
  const overStock = quantity > product.available;
  if (!belowMinimum && !overStock) return undefined;
  return {
    reason: 'quantity',
    belowMinimum,
    overStock,
    available: product.available,
    min: product.min,
  };
}

/** This buyer, this product (undefined: no such product), this quantity: unit price or why not. */
export function quote(buyer: Buyer, product: PricedProduct | undefined, quantity: number): Quote {
  const refusal = refusalOf(product, quantity);
  if (!product || refusal?.reason === 'not_sold') {
    return { unitCents: undefined, refusal: { reason: 'not_sold' } };
  }
  return { unitCents: unitCents(buyer, product, quantity), refusal };
}

/**
 * A refusal as a line shows it: "No longer sold", "Out of stock" (no quantity can be had),
 * "Only 3 left", "Order at least 5".
 */
export function refusalText(refusal: Refusal): string {
  if (refusal.reason === 'not_sold') return 'No longer sold';
  if (refusal.available < Math.max(refusal.min, 1)) return 'Out of stock';
  if (refusal.overStock) return `Only ${refusal.available} left`;
  return `Order at least ${refusal.min}`;
}

/**
 * The products' columns the fragments below read, for a CTE or subquery that feeds them rows
 * of `products` (alias `p`) under their own names.
 */
export const pricingColumns = (p: string) =>
  sql.raw(`${p}."_id", ${p}.price_cents, ${p}."AvailableQuantity", ${p}."MinOrderQuantity",
  ${p}.archived_at`);

/**
 * SQL: the product row `p` (products, or a CTE with `pricingColumns`) can be had at `quantity`:
 * still sold, at least its minimum, at most its stock. Several lines of one product taken
 * together: each at least the minimum (`quantity`, the smallest) and `total` at most the stock.
 */
export const sellableSql = (p: string, quantity: SQL, total: SQL = quantity) => sql`(
  ${sql.raw(p)}.archived_at is null and ${sql.raw(p)}."MinOrderQuantity" <= ${quantity}
  and ${sql.raw(p)}."AvailableQuantity" >= ${total})`;

/** SQL: `buyer`'s (a text expression, null for anyone) unit price in cents for `quantity` of `p`. */
export const unitCentsSql = (_buyer: SQL, p: string, _quantity: SQL) =>
  sql`${sql.raw(p)}.price_cents`;

/** A buyer as `unitCentsSql` takes it. */
export const buyerSql = (buyer: Buyer) => sql`${buyer}::text`;
