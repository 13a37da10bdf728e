import type { Order } from '@toolyard/shared';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { orders, payments } from '../../db/schema.js';
import { AppError, notFound } from '../../errors.js';
import type { CurrentUser } from '../auth/session.js';
import { returnStock } from '../catalog/stock.js';
import { toOrder } from '../orders/orders.repository.js';
import { chargeTestCard, type CardDetails } from './test-card-processor.js';

const noSuchOrder = () => notFound('There is no such order.');

/** Paying and refunding: the order's status and the payment record change together. */
export function createPaymentsService(db: Db) {
  return {
    /**
     * Charges the order's stored total to a test card. The order row is locked for the whole
     * attempt, so two clicks cannot both pay, and a paid order is refused.
     */
    async payWithTestCard(actor: CurrentUser, orderId: string, card: CardDetails): Promise<Order> {
      const outcome = await db.transaction(async (tx) => {
        const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
        if (!order || order.buyerId !== actor.id) throw noSuchOrder();
        if (order.status === 'paid' || order.status === 'shipped') {
          throw new AppError('conflict', 'This order is already paid.', 409);
        }
        if (order.status === 'cancelled') {
          throw new AppError(
            'conflict',
            'This order was cancelled and can no longer be paid.',
            409,
          );
        }
        const charge = chargeTestCard(card);
        await tx.insert(payments).values({
          orderId,
          provider: 'test',
          providerRef: charge.ok ? charge.reference : null,
          amountCents: order.totalCents,
          status: charge.ok ? 'succeeded' : 'failed',
          failureMessage: charge.ok ? null : charge.message,
          cardLast4: card.cardNumber.slice(-4),
        });
        if (!charge.ok) return { paid: null, declined: charge.message };
        const [paid] = await tx
          .update(orders)
          .set({ status: 'paid', updatedAt: new Date() })
          .where(eq(orders.id, orderId))
          .returning();
        if (!paid) throw noSuchOrder();
        return { paid: toOrder(paid), declined: null };
      });
      // The failed attempt is recorded (committed above); the buyer gets the card's reason.
      if (!outcome.paid) {
        const message = outcome.declined ?? 'Your card was declined.';
        throw new AppError('card_declined', message, 402, { card: message });
      }
      return outcome.paid;
    },

    /** Admin: gives the money back for a paid, unshipped order; cancels it and returns its stock. */
    async refund(orderId: string): Promise<Order> {
      return db.transaction(async (tx) => {
        const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
        if (!order) throw noSuchOrder();
        if (order.status !== 'paid') {
          throw new AppError(
            'conflict',
            order.status === 'shipped'
              ? 'Shipped orders cannot be refunded here.'
              : 'Only paid orders can be refunded.',
            409,
          );
        }
        await tx
          .update(payments)
          .set({ status: 'refunded', updatedAt: new Date() })
          .where(sql`${payments.orderId} = ${orderId} and ${payments.status} = 'succeeded'`);
        await returnStock(tx, order.itemId, order.orderQuantity);
        const [cancelled] = await tx
          .update(orders)
          .set({ status: 'cancelled', updatedAt: new Date() })
          .where(eq(orders.id, orderId))
          .returning();
        if (!cancelled) throw noSuchOrder();
        return toOrder(cancelled);
      });
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
