import {
  PURCHASE_QUANTITY_MESSAGE,
  type CancelReason,
  type Order,
  type OrderStatus,
  type PlaceOrderInput,
} from '@toolyard/shared';
import { eq, sql } from 'drizzle-orm';
import type { ChangeFeed } from '../../db/change-feed.js';
import { orders } from '../../db/schema.js';
import { AppError, notFound } from '../../errors.js';
import type { CurrentUser } from '../auth/session.js';
import { returnStock } from '../catalog/stock.js';
import { orderMailInsert } from '../mail/outbox.repository.js';
import { createOrderBatcher, type OrderBatcherOptions } from './order-batcher.js';
import type { OrdersRepository } from './orders.repository.js';

const noSuchOrder = () => notFound('There is no such order.');
const isAdmin = (user: CurrentUser) => user.role === 'admin';
const sameEmail = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

export interface OrdersServiceOptions {
  /** After an order is cancelled and committed: payments release what they held for it. */
  onCancelled?: (orderId: string) => Promise<void>;
  /** Told about stock moves, so cached product lists drop them. */
  changes?: Pick<ChangeFeed, 'publish'>;
  batcher?: OrderBatcherOptions;
  /** EMAIL_VERIFICATION=required: a buyer orders only once the address is confirmed. */
  requireVerifiedEmail?: boolean;
}

/** The order rules: prices from the database, stock that never oversells, who may see what. */
export function createOrdersService(repo: OrdersRepository, options: OrdersServiceOptions = {}) {
  /** Moves an order from one status to another inside a transaction, or explains why not. */
  async function transition(
    id: string,
    from: OrderStatus,
    to: OrderStatus,
    refusal: string,
    canSee: (order: { buyerId: string | null }) => boolean,
    cancelReason?: (order: { buyerId: string | null }) => CancelReason,
  ): Promise<Order> {
    const updated = await repo.transaction(async (tx) => {
      const order = await repo.findById(id, tx, true);
      if (!order || !canSee(order)) throw noSuchOrder();
      if (order.status !== from) throw new AppError('conflict', refusal, 409);
      if (to === 'cancelled') await returnStock(tx, order.itemId, order.orderQuantity);
      const [row] = await tx
        .update(orders)
        .set({
          status: to,
          updatedAt: new Date(),
          ...(cancelReason ? { cancelReason: cancelReason(order) } : {}),
        })
        .where(eq(orders.id, id))
        .returning();
      if (!row) throw noSuchOrder();
      // The buyer's mail, in the transaction that moves the order (ADR 017).
      const theOrder = sql`orders o where o."_id" = ${id}`;
      if (to === 'shipped') await tx.execute(orderMailInsert('order.shipped', theOrder));
      if (to === 'cancelled') {
        const by = row.cancelReason === 'buyer' ? 'buyer' : 'admin';
        await tx.execute(
          orderMailInsert('order.cancelled', theOrder, sql`jsonb_build_object('by', ${by}::text)`),
        );
      }
      return repo.toOrder(row);
    });
    if (to === 'cancelled') {
      options.changes?.publish('products');
      await options.onCancelled?.(id);
    }
    return updated;
  }

  const batcher = createOrderBatcher(repo, options.batcher);

  // An order belongs to the account that placed it, never to an address: a new account with a
  // removed account's address sees and touches none of its orders.
  const owns = (actor: CurrentUser) => (order: { buyerId: string | null }) =>
    order.buyerId === actor.id;

  return {
    /**
     * Places an order in one transaction: the stock is taken by a single conditional UPDATE,
     * so concurrent buyers can never take more than there is; only itemId, quantity, contact
     * and address come from the buyer.
     */
    async placeOrder(
      actor: CurrentUser,
      input: Required<Pick<PlaceOrderInput, 'itemId' | 'OrderQuantity'>> & {
        Contact: string;
        Address: string;
        /** The order's id, chosen before its first attempt (ADR 013). */
        id: string;
      },
    ): Promise<Order> {
      if (options.requireVerifiedEmail && !actor.emailVerified) {
        throw new AppError(
          'email_not_verified',
          'Confirm your email address before you order: we sent you a link, and you can ask for it again from your profile.',
          403,
        );
      }
      const quantity = input.OrderQuantity;
      const placement = await batcher.place({
        id: input.id,
        itemId: input.itemId,
        orderQuantity: quantity,
        buyerId: actor.id,
        buyerName: actor.name,
        buyerEmail: actor.email,
        contact: input.Contact,
        address: input.Address,
      });
      if (placement && 'row' in placement) {
        options.changes?.publish('products');
        return repo.toOrder(placement.row);
      }

      // Refused: read why only now, off the path of the orders that are placed.
      const { product, unpaidOrders } = placement
        ? { product: placement.refused, unpaidOrders: undefined }
        : await repo.whyRefused(input.itemId, actor.id);
      if (!product || product.archivedAt) {
        throw notFound('That product does not exist or is no longer sold.');
      }
      if (quantity < product.min) {
        throw new AppError('invalid_input', PURCHASE_QUANTITY_MESSAGE, 400, {
          OrderQuantity: PURCHASE_QUANTITY_MESSAGE,
        });
      }
      if (unpaidOrders !== undefined) {
        throw new AppError(
          'too_many_unpaid_orders',
          `You have ${unpaidOrders} unpaid ${unpaidOrders === 1 ? 'order' : 'orders'}. Pay for or cancel one before ordering more.`,
          409,
        );
      }
      throw new AppError(
        'out_of_stock',
        product.available === 0
          ? 'This product is out of stock.'
          : `Only ${product.available} left in stock.`,
        409,
        { OrderQuantity: PURCHASE_QUANTITY_MESSAGE },
      );
    },

    /** A buyer's own orders (or anyone's, for an admin); everything for an admin without an email. */
    async list(
      actor: CurrentUser,
      query: { BuyerEmail?: string; status?: OrderStatus; page: number; pageSize: number },
    ) {
      if (query.BuyerEmail) {
        const hideCancelled = !query.status;
        if (isAdmin(actor)) {
          return repo.list({ ...query, buyerEmail: query.BuyerEmail, hideCancelled });
        }
        if (!sameEmail(query.BuyerEmail, actor.email)) {
          throw new AppError('forbidden', 'You can only see your own orders.', 403);
        }
        // The spec asks by email; the answer is the account's own orders.
        return repo.list({ ...query, buyerId: actor.id, hideCancelled });
      }
      if (!isAdmin(actor)) throw new AppError('forbidden', 'Only admins can see every order.', 403);
      return repo.list(query);
    },

    /** Your own order, or any for an admin; anyone else's is "not found", not "forbidden". */
    async get(actor: CurrentUser, id: string): Promise<Order> {
      const order = await repo.findById(id);
      if (!order || !(isAdmin(actor) || owns(actor)(order))) throw noSuchOrder();
      return repo.toOrder(order);
    },

    /** Cancels an unpaid order and returns its stock: the buyer's Delete, or an admin's Cancel. */
    cancel: (actor: CurrentUser, id: string) =>
      transition(
        id,
        'pending',
        'cancelled',
        'Only unpaid orders can be cancelled; paid orders cannot be deleted.',
        (order) => isAdmin(actor) || owns(actor)(order),
        (order) => (owns(actor)(order) ? 'buyer' : 'admin'),
      ),

    /** Resolves when every order handed in so far has been placed or refused (shutdown). */
    settled: () => batcher.settled(),

    /** Admin: a paid order leaves the warehouse. */
    ship: (id: string) =>
      transition(id, 'paid', 'shipped', 'Only paid orders can be shipped.', () => true),
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
