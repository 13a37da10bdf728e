import type { OrderDetail, ReorderResult } from '@toolyard/shared';
import type { ChangeFeed } from '../../db/change-feed.js';
import type { Tx } from '../../db/client.js';
import { AppError, notFound } from '../../errors.js';
import type { CurrentUser } from '../auth/session.js';
import type { CartRepository } from '../cart/cart.repository.js';
import type { CartService } from '../cart/cart.service.js';
import { takeStock } from '../catalog/stock.repository.js';
import {
  isDuplicateOrder,
  type OrderLineRow,
  type OrderRow,
  type OrdersRepository,
} from './orders.repository.js';

export interface CheckoutServiceOptions {
  /** Told about stock moves, so cached product lists drop them. */
  changes?: Pick<ChangeFeed, 'publish'>;
  /** EMAIL_VERIFICATION=required: a buyer orders only once the address is confirmed. */
  requireVerifiedEmail?: boolean;
}

interface Placed {
  row: OrderRow;
  lines: readonly OrderLineRow[];
  /** False when an earlier attempt at the same order had placed it. */
  fresh: boolean;
}

/**
 * The cart becomes one order: every line priced from the database and its stock taken in one
 * transaction, all or nothing; and an old order's lines go back in the cart ("Order again").
 */
export function createCheckoutService(
  deps: {
    orders: OrdersRepository;
    cart: Pick<CartRepository, 'linesForCheckout' | 'clear'>;
    cartService: Pick<CartService, 'reorder'>;
  },
  options: CheckoutServiceOptions = {},
) {
  const { orders, cart, cartService } = deps;

  /** The order an earlier attempt under this id placed, if it is this buyer's. */
  async function placedBefore(
    actor: CurrentUser,
    id: string,
    tx?: Tx,
  ): Promise<Placed | undefined> {
    const row = await orders.findById(id, tx);
    if (!row || row.buyerId !== actor.id) return undefined;
    return { row, lines: await orders.linesOf(id, tx), fresh: false };
  }

  return {
    /**
     * Checks out the buyer's cart as one order under `id` (chosen before the first attempt,
     * ADR 013). In one transaction: the cart's lines are locked (a second checkout of it waits,
     * then finds it empty); the catalog locks their products in id order and takes every
     * line's stock or refuses the lines it cannot (409, by itemId, nothing taken); the order,
     * its lines and its received mail are written by one statement; the cart is emptied.
     * Trying again is safe: an attempt that finds the order answers it.
     */
    async checkout(
      actor: CurrentUser,
      input: { id: string; Contact: string; Address: string },
    ): Promise<OrderDetail> {
      if (options.requireVerifiedEmail && !actor.emailVerified) {
        throw new AppError(
          'email_not_verified',
          'Confirm your email address before you order: we sent you a link, and you can ask for it again from your profile.',
          403,
        );
      }
      let placed: Placed;
      try {
        placed = await orders.transaction(async (tx): Promise<Placed> => {
          const lines = await cart.linesForCheckout(tx, actor.id);
          if (lines.length === 0) {
            // An attempt at this order that went through emptied the cart: that is the answer.
            const before = await placedBefore(actor, input.id, tx);
            if (before) return before;
            throw new AppError('conflict', 'Your cart is empty.', 409);
          }
          const stock = await takeStock(tx, lines);
          if ('refused' in stock) {
            throw new AppError(
              'out_of_stock',
              'Some items in your cart cannot be ordered.',
              409,
              Object.fromEntries(stock.refused.map((r) => [r.itemId, r.reason])),
            );
          }
          const result = await orders.checkout(tx, {
            id: input.id,
            buyerId: actor.id,
            buyerName: actor.name,
            buyerEmail: actor.email,
            contact: input.Contact,
            address: input.Address,
            lines: stock.taken.map((line) => ({
              itemId: line.itemId,
              sku: line.sku,
              name: line.name,
              unitPriceCents: line.priceCents,
              quantity: line.quantity,
            })),
          });
          if ('unpaidOrders' in result) {
            const n = result.unpaidOrders;
            throw new AppError(
              'too_many_unpaid_orders',
              `You have ${n} unpaid ${n === 1 ? 'order' : 'orders'}. Pay for or cancel one before ordering more.`,
              409,
            );
          }
          await cart.clear(tx, actor.id);
          return { ...result, fresh: true };
        });
      } catch (err) {
        // A concurrent attempt at the same order committed first (its stock move rolled back
        // with this one): that order is the answer.
        const before = isDuplicateOrder(err) ? await placedBefore(actor, input.id) : undefined;
        if (!before) throw err;
        placed = before;
      }
      if (placed.fresh) options.changes?.publish('products');
      return orders.toOrderDetail(placed.row, placed.lines, null);
    },

    /**
     * "Order again": the buyer's own order's lines go back in the cart (see CartService's
     * reorder). Anyone else's order, an admin's look included, is not found.
     */
    async reorder(actor: CurrentUser, orderId: string): Promise<ReorderResult> {
      const row = await orders.findById(orderId);
      if (!row || row.buyerId !== actor.id) throw notFound('There is no such order.');
      const lines = await orders.linesOf(orderId);
      return cartService.reorder(
        actor.id,
        lines.length > 0
          ? lines.map((l) => ({ itemId: l.itemId, name: l.itemName, quantity: l.quantity }))
          : // Every order has its lines since migration 0013; this only guards a bare row.
            [{ itemId: row.itemId, name: row.itemName, quantity: row.orderQuantity }],
      );
    },
  };
}

export type CheckoutService = ReturnType<typeof createCheckoutService>;
