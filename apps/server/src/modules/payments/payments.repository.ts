import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { orders, payments, stripeEvents } from '../../db/schema.js';
import { orderMailInsert } from '../mail/outbox.repository.js';

export type PaymentRow = typeof payments.$inferSelect;
type NewPayment = typeof payments.$inferInsert;
type PaymentStatus = PaymentRow['status'];

/** The only code that reads and writes payment records and handled Stripe events. */
export function createPaymentsRepository(db: Db) {
  return {
    transaction: <T>(fn: (tx: Tx) => Promise<T>) => db.transaction(fn),

    async findOrder(orderId: string, tx: Db | Tx = db) {
      const [order] = await tx.select().from(orders).where(eq(orders.id, orderId));
      return order;
    },

    /** The order, locked until the transaction ends: one payment decision at a time. */
    async lockOrder(tx: Tx, orderId: string) {
      const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
      return order;
    },

    async setOrderStatus(tx: Tx, orderId: string, status: 'paid' | 'cancelled') {
      const [order] = await tx
        .update(orders)
        // Only an admin refunds a paid order, which is what cancels it here.
        .set({
          status,
          updatedAt: new Date(),
          ...(status === 'cancelled' ? { cancelReason: 'admin' as const } : {}),
        })
        .where(eq(orders.id, orderId))
        .returning();
      if (order) await tx.execute(paymentMail(orderId, status));
      return order;
    },

    async insert(tx: Db | Tx, payment: NewPayment) {
      await tx.insert(payments).values(payment);
    },

    /** Records a provider payment once: a second sighting of the same reference is ignored. */
    async insertOnce(tx: Db | Tx, payment: NewPayment & { providerRef: string }) {
      await tx
        .insert(payments)
        .values(payment)
        .onConflictDoNothing({
          target: [payments.provider, payments.providerRef],
          where: sql`${payments.providerRef} is not null`,
        });
    },

    /** The payment behind a provider reference, locked until the transaction ends. */
    async lockByRef(tx: Tx, provider: PaymentRow['provider'], providerRef: string) {
      const [row] = await tx
        .select()
        .from(payments)
        .where(and(eq(payments.provider, provider), eq(payments.providerRef, providerRef)))
        .for('update');
      return row;
    },

    /** The order's newest Stripe intent and how many it has had (for the next idempotency key). */
    /**
     * The order's newest Stripe payment and how many it has, read in one statement: two reads
     * could see different moments, and a count that saw a concurrent insert the latest missed
     * would make a second intent under a new idempotency key.
     */
    async stripeIntents(orderId: string, tx: Db | Tx = db) {
      const [row] = await tx
        .select({ payment: payments, n: sql<number>`count(*) over ()`.mapWith(Number) })
        .from(payments)
        .where(and(eq(payments.orderId, orderId), eq(payments.provider, 'stripe')))
        .orderBy(desc(payments.createdAt))
        .limit(1);
      return { latest: row?.payment, count: row?.n ?? 0 };
    },

    async pendingIntents(tx: Db | Tx, orderId: string) {
      return tx
        .select()
        .from(payments)
        .where(
          and(
            eq(payments.orderId, orderId),
            eq(payments.provider, 'stripe'),
            eq(payments.status, 'pending'),
          ),
        );
    },

    async succeeded(tx: Tx, orderId: string) {
      return tx
        .select()
        .from(payments)
        .where(and(eq(payments.orderId, orderId), eq(payments.status, 'succeeded')));
    },

    async update(
      tx: Db | Tx,
      id: string,
      changes: { status?: PaymentStatus; failureMessage?: string | null },
    ) {
      await tx
        .update(payments)
        .set({ ...changes, updatedAt: new Date() })
        .where(eq(payments.id, id));
    },

    async setStatusWhere(tx: Tx, ids: string[], status: PaymentStatus) {
      if (ids.length === 0) return;
      await tx
        .update(payments)
        .set({ status, updatedAt: new Date() })
        .where(inArray(payments.id, ids));
    },

    /**
     * Claims a Stripe event for this transaction: true the first time, false when it was
     * handled before (or is being handled by a concurrent delivery, which then wins).
     */
    async claimEvent(tx: Tx, id: string, type: string): Promise<boolean> {
      const claimed = await tx
        .insert(stripeEvents)
        .values({ id, type })
        .onConflictDoNothing()
        .returning({ id: stripeEvents.id });
      return claimed.length > 0;
    },
  };
}

export type PaymentsRepository = ReturnType<typeof createPaymentsRepository>;

/**
 * The buyer's receipt (paid) or refund notice (a refund is what cancels a paid order here),
 * with the amount from the payments this transaction recorded (ADR 017).
 */
function paymentMail(orderId: string, status: 'paid' | 'cancelled') {
  const from = sql`orders o where o."_id" = ${orderId}`;
  return status === 'paid'
    ? orderMailInsert(
        'order.paid',
        from,
        sql`coalesce(
             (select jsonb_build_object('amountCents', p.amount_cents, 'cardLast4', p.card_last4)
              from payments p where p.order_id = o."_id" and p.status = 'succeeded'
              order by p.created_at desc limit 1),
             jsonb_build_object('amountCents', o.total_cents, 'cardLast4', null))`,
      )
    : orderMailInsert(
        'order.refunded',
        from,
        sql`jsonb_build_object('amountCents', (select coalesce(sum(p.amount_cents), 0)
             from payments p where p.order_id = o."_id" and p.status = 'refunded'))`,
      );
}
