import type { CancelReason } from '@toolyard/shared';
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.js';
import { orderLines, orders } from '../../db/schema.js';
import { returnStock } from '../catalog/stock.repository.js';
import { orderMailInsert } from '../mail/outbox.repository.js';
import { paidCardLast4 } from '../payments/payments.repository.js';

type OrderRow = typeof orders.$inferSelect;
type OrderLineRow = typeof orderLines.$inferSelect;

/** What the buyer's receipt says was taken. */
export interface PaidReceipt {
  amountCents: number;
  cardLast4: string | null;
}

/** How a shipped order travels: carrier and tracking number, each empty when not given. */
export interface Shipment {
  carrier: string;
  trackingNumber: string;
}

/**
 * An order with everything its page shows (its timeline is in the row's times), before
 * orders.repository.ts's toOrderDetail puts it in the wire shape.
 */
export interface OrderLife {
  row: OrderRow;
  /** In the order they were placed. */
  lines: OrderLineRow[];
  cardLast4: string | null;
}

/**
 * An order's life after it is placed: the orders module's one writer of status changes (paid,
 * shipped, cancelled, refunded), with the stock and the mail that go with each move. Every move
 * changes the row only from the status it expects, in one conditional UPDATE, so a repeated or
 * concurrent move finds nothing to change and returns undefined: it restocks and mails nothing.
 */
export function createOrderLifeRepository(db: Db) {
  return {
    transaction: <T>(fn: (tx: Tx) => Promise<T>) => db.transaction(fn),
    findOrder: (orderId: string, tx: Db | Tx = db) => findOrder(tx, orderId),
    findDetail: (orderId: string, tx: Db | Tx = db) => findDetail(tx, orderId),
    lockOrder,
    markPaid,
    markShipped,
    cancelAndRestock,
    markRefunded,
  };
}

export type OrderLifeRepository = ReturnType<typeof createOrderLifeRepository>;

/** The order as it is now, unlocked. */
export async function findOrder(db: Db | Tx, orderId: string): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
  return row;
}

/** The order, locked until the transaction ends: one decision about it at a time. */
export async function lockOrder(tx: Tx, orderId: string): Promise<OrderRow | undefined> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  return row;
}

/** Pending to paid, with the buyer's receipt (ADR 017: mail in the transaction of the move). */
export async function markPaid(
  tx: Tx,
  orderId: string,
  receipt: PaidReceipt,
): Promise<OrderRow | undefined> {
  const row = await move(tx, orderId, unpaidOpen, { paymentStatus: 'paid', paidAt: sql`now()` });
  if (!row) return undefined;
  await tx.execute(
    orderMailInsert(
      'order.paid',
      theOrder(orderId),
      sql`jsonb_build_object('amountCents', ${receipt.amountCents}::bigint,
            'cardLast4', ${receipt.cardLast4}::text)`,
    ),
  );
  return row;
}

/** Paid to shipped, with the carrier and tracking number when the admin gave them. */
export async function markShipped(
  tx: Tx,
  orderId: string,
  { carrier, trackingNumber }: Shipment,
): Promise<OrderRow | undefined> {
  const row = await move(tx, orderId, shippable, {
    fulfilmentStatus: 'shipped',
    shippedAt: sql`now()`,
    carrier: carrier || null,
    trackingNumber: trackingNumber || null,
  });
  if (!row) return undefined;
  await tx.execute(
    orderMailInsert(
      'order.shipped',
      theOrder(orderId),
      sql`jsonb_build_object('carrier', o.carrier, 'trackingNumber', o.tracking_number)`,
    ),
  );
  return row;
}

/**
 * Pending to cancelled, and every line's stock back on the shelf in the same transaction: the
 * conditional UPDATE lets one cancel through, so the stock returns exactly once.
 */
export async function cancelAndRestock(
  tx: Tx,
  orderId: string,
  reason: CancelReason,
): Promise<OrderRow | undefined> {
  const row = await move(tx, orderId, unpaidOpen, {
    cancelReason: reason,
    cancelledAt: sql`now()`,
  });
  if (!row) return undefined;
  await returnStock(tx, await linesOf(tx, [orderId]));
  await tx.execute(
    reason === 'expired'
      ? orderMailInsert('order.expired', theOrder(orderId))
      : orderMailInsert(
          'order.cancelled',
          theOrder(orderId),
          sql`jsonb_build_object('by', ${reason}::text)`,
        ),
  );
  return row;
}

/**
 * Paid to refunded (the payments module has given the money back), every line's stock back
 * once, and the refund notice for the amount refunded.
 */
export async function markRefunded(
  tx: Tx,
  orderId: string,
  refund: { amountCents: number },
): Promise<OrderRow | undefined> {
  const row = await move(tx, orderId, sql`${orders.status} = 'paid'`, {
    paymentStatus: 'refunded',
    refundedAt: sql`now()`,
  });
  if (!row) return undefined;
  await returnStock(tx, await linesOf(tx, [orderId]));
  await tx.execute(
    orderMailInsert(
      'order.refunded',
      theOrder(orderId),
      sql`jsonb_build_object('amountCents', ${refund.amountCents}::bigint)`,
    ),
  );
  return row;
}

/** The order with its lines and the card that paid it; undefined when there is no such order. */
export async function findDetail(db: Db | Tx, orderId: string): Promise<OrderLife | undefined> {
  const row = await findOrder(db, orderId);
  if (!row) return undefined;
  const lines = await db
    .select()
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLines.lineNo));
  // The payments module owns payments: it says which card paid.
  return { row, lines, cardLast4: await paidCardLast4(db, orderId) };
}

/** The job's lock, held by the caller's transaction: false when another instance has it. */
export async function tryUnpaidHoldLock(tx: Tx): Promise<boolean> {
  const result = await tx.execute(
    sql`select pg_try_advisory_xact_lock(hashtext('toolyard.unpaid-order-hold')) as locked`,
  );
  return rowsOf<{ locked: boolean }>(result)[0]?.locked === true;
}

/** Writes the reminder for each unpaid order in the last `leadMs` of its hold, once per order. */
export async function remindUnpaid(tx: Tx, holdMs: number, leadMs: number): Promise<void> {
  await tx.execute(
    orderMailInsert(
      'order.expiring',
      sql`orders o
        where o.status = 'pending'
          and o.created_at < now() - ${holdMs - leadMs}::double precision * interval '1 millisecond'
          and o.created_at >= now() - ${holdMs}::double precision * interval '1 millisecond'
          and not exists (
            select 1 from outbox m where m.dedupe_key = 'order.expiring:' || o."_id")`,
      sql`jsonb_build_object('holdEndsAt',
        o.created_at + ${holdMs}::double precision * interval '1 millisecond')`,
    ),
  );
}

/**
 * Cancels ('expired') up to `limit` orders still unpaid `holdMs` after they were placed, the
 * oldest first, in one UPDATE that skips rows a buyer's cancel or a payment has locked (they
 * decide those) and changes only rows still pending, so an order is cancelled, mailed and
 * restocked once. Their lines' stock goes back in the same transaction. Returns their ids.
 */
export async function expireUnpaid(tx: Tx, holdMs: number, limit: number): Promise<string[]> {
  const result = await tx.execute(sql`
    with expired as (
      select "_id" from orders
      where status = 'pending'
        and created_at < now() - ${holdMs}::double precision * interval '1 millisecond'
      order by created_at
      limit ${limit}
      for update skip locked
    ),
    cancelled as (
      update orders o
      set cancel_reason = 'expired', cancelled_at = now(), updated_at = now()
      from expired e
      where o."_id" = e."_id" and o.status = 'pending'
      returning o.*
    ),
    mailed as (${orderMailInsert('order.expired', sql`cancelled o`)})
    select "_id" as id from cancelled`);
  const ids = rowsOf<{ id: string }>(result).map((row) => row.id);
  if (ids.length > 0) await returnStock(tx, await linesOf(tx, ids));
  return ids;
}

/** Placed, neither paid nor cancelled: it may be paid or cancelled. */
const unpaidOpen = sql`${orders.status} = 'pending'`;
/** Paid (perhaps partly refunded, never wholly) and still in the warehouse: it may ship. */
const shippable = sql`${orders.paymentStatus} in ('paid', 'partially_refunded')
  and ${orders.fulfilmentStatus} = 'unfulfilled' and ${orders.cancelledAt} is null`;

/**
 * The one UPDATE every move is: only from the states `from` allows, so of two moves at once the
 * second waits for the first's row lock, then finds the order moved and matches nothing. It
 * sets the payment and fulfilment states (and times); `status` follows from them in the row.
 */
async function move(
  tx: Tx,
  orderId: string,
  from: SQL,
  changes: PgUpdateSetSource<typeof orders>,
): Promise<OrderRow | undefined> {
  const [row] = await tx
    .update(orders)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(and(eq(orders.id, orderId), from))
    .returning();
  return row;
}

async function linesOf(tx: Tx, orderIds: readonly string[]) {
  return tx
    .select({ itemId: orderLines.itemId, quantity: orderLines.quantity })
    .from(orderLines)
    .where(inArray(orderLines.orderId, [...orderIds]));
}

/** The order as orderMailInsert's FROM item. */
const theOrder = (orderId: string): SQL => sql`orders o where o."_id" = ${orderId}`;

// Both drivers answer with { rows }.
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
