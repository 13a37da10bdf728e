import type { OrderDetail, ReorderResult } from '@toolyard/shared';
import type { ChangeFeed } from '../../db/change-feed.js';
import { AppError, notFound } from '../../errors.js';
import type { CurrentUser } from '../auth/session.js';
import type { CartRepository } from '../cart/cart.repository.js';
import type { CartService } from '../cart/cart.service.js';
import { stockRefusal } from '../catalog/stock.repository.js';
import {
  isDuplicateOrder,
  type OrderLineRow,
  type OrderRow,
  type OrdersRepository,
} from './orders.repository.js';
import { isSecondUnconfirmedUnpaid, tooManyUnpaid } from './unpaid-terms.js';
import { requireVerifiedBuyer } from './verified-buyer.js';

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
    cart: Pick<CartRepository, 'list'>;
    cartService: Pick<CartService, 'reorder'>;
  },
  options: CheckoutServiceOptions = {},
) {
  const { orders, cart, cartService } = deps;

  /** The order an earlier attempt under this id placed, if it is this buyer's. */
  async function placedBefore(actor: CurrentUser, id: string): Promise<Placed | undefined> {
    const row = await orders.findById(id);
    if (!row || row.buyerId !== actor.id) return undefined;
    return { row, lines: await orders.linesOf(id), fresh: false };
  }

  /**
   * Why a checkout wrote nothing, read after the statement (its locks are gone; the reasons are
   * as things stand now): the cart is empty, a line cannot be had (by itemId), or the buyer is
   * at the unpaid limit. Undefined when everything now looks possible (the stock moved between
   * the statement and this read): the caller tries once more.
   */
  async function whyNot(actor: CurrentUser): Promise<AppError | undefined> {
    const lines = await cart.list(actor.id);
    if (lines.length === 0) return new AppError('conflict', 'Your cart is empty.', 409);
    const refused = lines.flatMap((line) => {
      const reason = stockRefusal(line, line.quantity);
      return reason ? [[line.itemId, reason] as const] : [];
    });
    if (refused.length > 0) {
      return new AppError(
        'out_of_stock',
        'Some items in your cart cannot be ordered.',
        409,
        Object.fromEntries(refused),
      );
    }
    const unpaidOrders = await orders.unpaidAtLimit(actor.id, actor.emailVerified);
    if (unpaidOrders !== undefined) return tooManyUnpaid(unpaidOrders, actor.emailVerified);
    return undefined;
  }

  return {
    /**
     * Checks out the buyer's cart as one order under `id` (chosen before the first attempt,
     * ADR 013): one statement locks the cart and its products (in id order, ADR 019), takes
     * every line's stock or none, and writes the order, its lines, its mail and the emptied
     * cart. When it writes nothing, an earlier attempt at the same order is the answer if
     * there is one; otherwise the reason is read (409, by itemId for refused lines).
     */
    async checkout(
      actor: CurrentUser,
      input: { id: string; Contact: string; Address: string },
    ): Promise<OrderDetail> {
      requireVerifiedBuyer(actor, options.requireVerifiedEmail);
      const order = {
        id: input.id,
        buyerId: actor.id,
        buyerName: actor.name,
        buyerEmail: actor.email,
        contact: input.Contact,
        address: input.Address,
        buyerConfirmed: actor.emailVerified,
      };
      for (let attempt = 0; ; attempt++) {
        let placed: Placed | undefined;
        try {
          const result = await orders.checkoutCart(order);
          placed = result && { ...result, fresh: true };
        } catch (err) {
          // A concurrent attempt at the same order committed first: that order is the answer.
          // Or a concurrent order took an unconfirmed buyer's one unpaid order: whyNot says so.
          if (!isDuplicateOrder(err) && !isSecondUnconfirmedUnpaid(err)) throw err;
        }
        placed ??= await placedBefore(actor, input.id);
        if (placed) {
          if (placed.fresh) options.changes?.publish('products');
          return orders.toOrderDetail(placed.row, placed.lines, null);
        }
        const refusal = await whyNot(actor);
        if (refusal) throw refusal;
        if (attempt > 0) {
          throw new AppError('conflict', 'The stock changed while you ordered: try again.', 409);
        }
      }
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
