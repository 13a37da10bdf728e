import {
  centsToDollars,
  ORDER_LINES_MAX,
  PURCHASE_QUANTITY_MESSAGE,
  type Cart,
  type ReorderResult,
} from '@toolyard/shared';
import { AppError, notFound } from '../../errors.js';
import { refusalOf, refusalText } from '../catalog/pricing.repository.js';
import type { CartLineRow, CartRepository } from './cart.repository.js';

/**
 * The cart as the API sends it: every line priced from its product as it is now. The total is
 * of the lines still sold, what a checkout would charge once the others are removed.
 */
export function toCart(rows: readonly CartLineRow[]): Cart {
  let totalCents = 0;
  let count = 0;
  const lines = rows.map((row) => {
    const lineCents = row.priceCents * row.quantity;
    if (row.archivedAt === null) totalCents += lineCents;
    count += row.quantity;
    return {
      itemId: row.itemId,
      sku: row.sku,
      name: row.name,
      img: row.img,
      unitPrice: centsToDollars(row.priceCents),
      quantity: row.quantity,
      lineTotal: centsToDollars(lineCents),
      AvailableQuantity: row.available,
      MinOrderQuantity: row.min,
      sold: row.archivedAt === null,
    };
  });
  return { lines, total: centsToDollars(totalCents), count };
}

/** A line of an old order, to put in the cart again. */
export interface ReorderLine {
  itemId: string;
  name: string;
  quantity: number;
}

/** Each signed-in buyer's cart: lines checked against the product as a purchase would be. */
export function createCartService(repo: CartRepository) {
  const cartOf = async (userId: string) => toCart(await repo.list(userId));

  return {
    get: cartOf,

    /**
     * Adds the line or sets its quantity. Refused, like an order: an unknown or archived
     * product (404), a quantity below the minimum or above the stock (400, the spec's
     * message), or a new line in a cart already holding ORDER_LINES_MAX (409).
     */
    async setLine(userId: string, itemId: string, quantity: number): Promise<Cart> {
      const outcome = await repo.setLine(userId, itemId, quantity);
      if (!outcome.written) {
        const { product, full } = outcome;
        const refusal = refusalOf(product, quantity);
        if (refusal?.reason === 'not_sold') {
          throw notFound('That product does not exist or is no longer sold.');
        }
        if (refusal) {
          throw new AppError('invalid_input', PURCHASE_QUANTITY_MESSAGE, 400, {
            quantity: PURCHASE_QUANTITY_MESSAGE,
          });
        }
        if (full) {
          throw new AppError(
            'conflict',
            `Your cart holds at most ${ORDER_LINES_MAX} products. Check out or remove some first.`,
            409,
          );
        }
        // Changed between the write and the read (stock, or a line removed): say it plainly.
        throw new AppError('conflict', 'That line could not be saved. Please try again.', 409);
      }
      return toCart(outcome.lines);
    },

    async removeLine(userId: string, itemId: string): Promise<Cart> {
      await repo.removeLine(userId, itemId);
      return cartOf(userId);
    },

    /**
     * Puts an old order's lines in the cart ("Order again"): each quantity raised to the
     * product's minimum and capped at its stock, added to a line already there (the sum capped
     * at the stock too). Skips, saying why, what is no longer sold, out of stock, all in the
     * cart already, or past the cart's ORDER_LINES_MAX lines.
     */
    async reorder(userId: string, lines: readonly ReorderLine[]): Promise<ReorderResult> {
      const [products, inCart] = await Promise.all([
        repo.products(lines.map((l) => l.itemId)),
        repo.list(userId),
      ]);
      const byId = new Map(products.map((p) => [p.id, p]));
      const held = new Map(inCart.map((l) => [l.itemId, l.quantity]));
      let room = ORDER_LINES_MAX - inCart.length;
      const result: ReorderResult = { added: [], skipped: [] };
      const adds: { itemId: string; quantity: number }[] = [];
      for (const line of lines) {
        const product = byId.get(line.itemId);
        const skip = (reason: string) =>
          result.skipped.push({ itemId: line.itemId, name: line.name, reason });
        // Whether any quantity can be had: the smallest one, the minimum.
        const refusal = refusalOf(product, product?.min ?? 1);
        if (refusal || !product) {
          skip(refusalText(refusal ?? { reason: 'not_sold' }));
          continue;
        }
        const already = held.get(line.itemId);
        if (already === undefined && room <= 0) {
          skip(`Your cart holds at most ${ORDER_LINES_MAX} products`);
          continue;
        }
        const wanted = Math.min(Math.max(line.quantity, product.min), product.available);
        const quantity = Math.min(wanted, product.available - (already ?? 0));
        if (quantity <= 0) {
          skip(`All ${product.available} left are in your cart already`);
          continue;
        }
        if (already === undefined) room--;
        adds.push({ itemId: line.itemId, quantity });
        result.added.push({ itemId: line.itemId, name: line.name, quantity });
      }
      await repo.addLines(userId, adds);
      return result;
    },
  };
}

export type CartService = ReturnType<typeof createCartService>;
