import { and, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { payments, stripeEvents } from '../../db/schema.js';

export type PaymentRow = typeof payments.$inferSelect;
type NewPayment = typeof payments.$inferInsert;
type PaymentStatus = PaymentRow['status'];

/**
 * The only code that reads and writes payment records and handled Stripe events. Orders are
 * the orders module's: payments move them through its order-life functions.
 */
export function createPaymentsRepository(db: Db) {
  return {
    transaction: <T>(fn: (tx: Tx) => Promise<T>) => db.transaction(fn),

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
      changes: { status?: PaymentStatus; refundedCents?: number; failureMessage?: string | null },
    ) {
      await tx
        .update(payments)
        .set({ ...changes, updatedAt: new Date() })
        .where(eq(payments.id, id));
    },

    /**
     * Adds a refund of `cents` to a succeeded payment, only while the payment's refunds stay
     * within its amount (a CHECK too); it reads `refunded` once they are all of it.
     */
    async addRefunded(tx: Tx, id: string, cents: number) {
      const moved = await tx
        .update(payments)
        .set({
          refundedCents: sql`${payments.refundedCents} + ${cents}`,
          status: sql`case when ${payments.refundedCents} + ${cents} = ${payments.amountCents}
            then 'refunded' else ${payments.status} end`,
          updatedAt: new Date(),
        })
        .where(
          and(
            eq(payments.id, id),
            eq(payments.status, 'succeeded'),
            sql`${payments.refundedCents} + ${cents} <= ${payments.amountCents}`,
          ),
        )
        .returning({ id: payments.id });
      if (moved.length === 0) throw new Error(`payment ${id} cannot take a refund of ${cents}`);
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
 * The last four digits of the card that paid the order (its page shows them), or null while
 * unpaid or paid without a card number (Stripe). A refunded payment was still paid by it.
 */
export async function paidCardLast4(db: Db | Tx, orderId: string): Promise<string | null> {
  const [row] = await db
    .select({ last4: payments.cardLast4 })
    .from(payments)
    .where(
      and(
        eq(payments.orderId, orderId),
        inArray(payments.status, ['succeeded', 'refunded']),
        isNotNull(payments.cardLast4),
      ),
    )
    .orderBy(sql`${payments.status} = 'succeeded' desc`, desc(payments.createdAt))
    .limit(1);
  return row?.last4 ?? null;
}
