import {
  parseOrderNumber,
  PURCHASE_QUANTITY_MESSAGE,
  type Order,
  type OrderDetail,
  type OrderStatus,
  type PlaceOrderInput,
  type ShipOrderInput,
} from '@toolyard/shared';
import type { ChangeFeed } from '../../db/change-feed.js';
import type { Tx } from '../../db/client.js';
import { AppError, notFound } from '../../errors.js';
import type { CurrentUser } from '../auth/session.js';
import { createOrderBatcher, type OrderBatcherOptions } from './order-batcher.js';
import type { OrderLifeRepository } from './order-life.repository.js';
import type { OrderRow, OrdersRepository } from './orders.repository.js';
import { tooManyUnpaid } from './unpaid-terms.js';
import { requireVerifiedBuyer } from './verified-buyer.js';

const noSuchOrder = () => notFound('There is no such order.');
const isAdmin = (user: CurrentUser) => user.role === 'admin';
const sameEmail = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

export interface OrdersServiceOptions {
  /** The order's moves after it is placed (paid, shipped, cancelled, refunded). */
  life: OrderLifeRepository;
  /** After an order is cancelled and committed: payments release what they held for it. */
  onCancelled?: (orderId: string) => Promise<void>;
  /** Told about stock moves, so cached product lists drop them. */
  changes?: Pick<ChangeFeed, 'publish'>;
  batcher?: OrderBatcherOptions;
  /** EMAIL_VERIFICATION=required: a buyer orders only once the address is confirmed. */
  requireVerifiedEmail?: boolean;
}

/** The order rules: prices from the database, stock that never oversells, who may see what. */
export function createOrdersService(repo: OrdersRepository, options: OrdersServiceOptions) {
  const { life } = options;

  /**
   * One move of an order's life, with the order locked: "not found" for an order the actor may
   * not see, the refusal when the move's conditional UPDATE (order-life.repository.ts, the one
   * home of which states each move starts from) finds the order in none of them.
   */
  async function transition(
    id: string,
    refusal: string,
    canSee: (order: OrderRow) => boolean,
    act: (tx: Tx, order: OrderRow) => Promise<OrderRow | undefined>,
  ): Promise<Order> {
    return life.transaction(async (tx) => {
      const order = await life.lockOrder(tx, id);
      if (!order || !canSee(order)) throw noSuchOrder();
      const moved = await act(tx, order);
      if (!moved) throw new AppError('conflict', refusal, 409);
      return repo.toOrder(moved);
    });
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
      requireVerifiedBuyer(actor, options.requireVerifiedEmail);
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
        buyerConfirmed: actor.emailVerified,
      });
      if (placement && 'row' in placement) {
        options.changes?.publish('products');
        return repo.toOrder(placement.row);
      }

      // Refused: read why only now, off the path of the orders that are placed.
      const { product, unpaidOrders } = placement
        ? { product: placement.refused, unpaidOrders: undefined }
        : await repo.whyRefused(input.itemId, actor.id, actor.emailVerified);
      if (!product || product.archivedAt) {
        throw notFound('That product does not exist or is no longer sold.');
      }
      if (quantity < product.min) {
        throw new AppError('invalid_input', PURCHASE_QUANTITY_MESSAGE, 400, {
          OrderQuantity: PURCHASE_QUANTITY_MESSAGE,
        });
      }
      if (unpaidOrders !== undefined) throw tooManyUnpaid(unpaidOrders, actor.emailVerified);
      throw new AppError(
        'out_of_stock',
        product.available === 0
          ? 'This product is out of stock.'
          : `Only ${product.available} left in stock.`,
        409,
        { OrderQuantity: PURCHASE_QUANTITY_MESSAGE },
      );
    },

    /**
     * A buyer's own orders (or anyone's, for an admin); everything for an admin without an
     * email. Admins search with `q`: an order number, with or without its prefix, or a buyer's
     * email, each matched exactly (the schema has lowered it).
     */
    async list(
      actor: CurrentUser,
      query: {
        BuyerEmail?: string;
        q?: string;
        status?: OrderStatus;
        page: number;
        pageSize: number;
      },
    ) {
      const { q, ...rest } = query;
      if (q) {
        if (!isAdmin(actor)) throw new AppError('forbidden', 'Only admins can search orders.', 403);
        const number = parseOrderNumber(q);
        if (number !== null) return repo.list({ ...rest, buyerEmail: rest.BuyerEmail, number });
        // Not a number: a buyer's email (both given, both must match).
        if (rest.BuyerEmail && rest.BuyerEmail !== q) return { orders: [], total: 0 };
        return repo.list({ ...rest, buyerEmail: q });
      }
      if (query.BuyerEmail) {
        if (isAdmin(actor)) return repo.list({ ...query, buyerEmail: query.BuyerEmail });
        if (!sameEmail(query.BuyerEmail, actor.email)) {
          throw new AppError('forbidden', 'You can only see your own orders.', 403);
        }
        // The spec asks by email; the answer is the account's own orders.
        return repo.list({ ...query, buyerId: actor.id });
      }
      if (!isAdmin(actor)) throw new AppError('forbidden', 'Only admins can see every order.', 403);
      return repo.list(query);
    },

    /**
     * Your own order, or any for an admin, with its lines, timeline and card; anyone else's is
     * "not found", not "forbidden".
     */
    async detail(actor: CurrentUser, id: string): Promise<OrderDetail> {
      const found = await life.findDetail(id);
      if (!found || !(isAdmin(actor) || owns(actor)(found.row))) throw noSuchOrder();
      return repo.toOrderDetail(found.row, found.lines, found.cardLast4, found.refunds);
    },

    /** Cancels an unpaid order and returns its stock: the buyer's Delete, or an admin's Cancel. */
    async cancel(actor: CurrentUser, id: string): Promise<Order> {
      const cancelled = await transition(
        id,
        'Only unpaid orders can be cancelled; paid orders cannot be deleted.',
        (order) => isAdmin(actor) || owns(actor)(order),
        (tx, order) => life.cancelAndRestock(tx, id, owns(actor)(order) ? 'buyer' : 'admin'),
      );
      options.changes?.publish('products');
      await options.onCancelled?.(id);
      return cancelled;
    },

    /** Resolves when every order handed in so far has been placed or refused (shutdown). */
    settled: () => batcher.settled(),

    /**
     * Admin: a paid order (partly refunded too, not wholly) leaves the warehouse, with its
     * carrier and tracking number if given.
     */
    ship: (id: string, shipment: ShipOrderInput = {}) =>
      transition(
        id,
        'Only paid orders not yet shipped can be shipped.',
        () => true,
        (tx) =>
          life.markShipped(tx, id, {
            carrier: shipment.carrier ?? '',
            trackingNumber: shipment.trackingNumber ?? '',
          }),
      ),
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
