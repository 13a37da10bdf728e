import type { CancelReason } from '@toolyard/shared';
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.js';
import { orderLines, orders, refundLines, refunds } from '../../db/schema.js';
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
  /** Oldest first. */
  refunds: OrderRefund[];
}

/** One refund of an order, with the units of each line it gave back. */
export type OrderRefund = typeof refunds.$inferSelect & {
  lines: { itemId: string; name: string; quantity: number }[];
};

/**
 * An order's life after it is placed: the orders module's one writer of status changes (paid,
 * shipped, cancelled, refunded in part or whole), with the stock and the mail that go with each move. Every move
 * changes the row only from the status it expects, in one conditional UPDATE, so a repeated or
 * concurrent move finds nothing to change and returns undefined: it restocks and mails nothing.
 */
export function createOrderLifeRepository(db: Db) {
  return {
    transaction: <T>(fn: (tx: Tx) => Promise<T>) => db.transaction(fn),
    findOrder: (orderId: string, tx: Db | Tx = db) => findOrder(tx, orderId),
    findDetail: (orderId: string, tx: Db | Tx = db) => findDetail(tx, orderId),
    lockOrder,
    linesOfOrder,
    markPaid,
    markShipped,
    cancelAndRestock,
    recordRefund,
    refundExists,
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
  const row = await move(tx, orderId, unpaidOpen, {
    paymentStatus: 'paid',
    paidAt: sql`now()`,
    expiresAt: null,
  });
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
    expiresAt: null,
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

/** One refund as the order-life functions take it: which units of which lines, and whether
 * they go back on sale. */
export interface RefundRequest {
  /** Chosen before the first attempt (the Idempotency-Key's id): a retry is the same refund. */
  id: string;
  lines: readonly { itemId: string; quantity: number }[];
  restock: boolean;
  /** The admin who gave it. */
  createdBy: string;
}

/** A refund as it was recorded: the order after it, and what it gave back. */
export interface RecordedRefund {
  row: OrderRow;
  amountCents: number;
}

/**
 * Records a refund of a paid order (or of what is left of one) in the caller's transaction,
 * with the order locked, in one statement that writes all of it or nothing: only when every
 * asked line has that many units not yet refunded and the order is paid with the amount still
 * within its total does it raise each line's refunded units and the order's refunded total
 * (CHECKs on both keep them within the quantity and the total whatever the code), move the
 * payment state (`partially_refunded`, or `refunded` once every unit is), and write the refund,
 * its lines and its mail (with the amount). The units then go back on sale when asked
 * (catalog's returnStock). Undefined, having written nothing, when it does not fit.
 */
export async function recordRefund(
  tx: Tx,
  orderId: string,
  refund: RefundRequest,
): Promise<RecordedRefund | undefined> {
  await lockOrder(tx, orderId);
  const asked = JSON.stringify(
    refund.lines.map((l) => ({ item_id: l.itemId, quantity: l.quantity })),
  );
  const [done] = rowsOf<{ amount_cents: number | string }>(
    await tx.execute(sql`
      with asked as (
        select * from json_to_recordset(${asked}::json) as a(item_id uuid, quantity integer)
      ),
      fits as materialized (
        select l.item_id, l.item_name, l.line_no, a.quantity,
               l.unit_price_cents * a.quantity as amount_cents
        from order_lines l join asked a on a.item_id = l.item_id
        where l.order_id = ${orderId} and l.refunded_quantity + a.quantity <= l.quantity
      ),
      go as materialized (
        select sum(amount_cents)::bigint as amount from fits
        having count(*) > 0 and count(*) = (select count(*) from asked)
      ),
      moved as (
        update orders o set
          refunded_cents = o.refunded_cents + go.amount,
          payment_status = case when o.refunded_cents + go.amount = o.total_cents
                                then 'refunded' else 'partially_refunded' end,
          refunded_at = case when o.refunded_cents + go.amount = o.total_cents
                             then now() else o.refunded_at end,
          updated_at = now()
        from go
        where o."_id" = ${orderId} and o.payment_status in ('paid', 'partially_refunded')
          and o.refunded_cents + go.amount <= o.total_cents
        returning o.*, go.amount as refund_cents
      ),
      lined as (
        update order_lines l set refunded_quantity = l.refunded_quantity + f.quantity
        from fits f, moved m
        where l.order_id = m."_id" and l.item_id = f.item_id
      ),
      recorded as (
        insert into refunds ("_id", order_id, amount_cents, restocked, created_by)
        select ${refund.id}::uuid, m."_id", m.refund_cents, ${refund.restock}::boolean,
               ${refund.createdBy}::text
        from moved m
      ),
      recorded_lines as (
        insert into refund_lines (refund_id, order_id, item_id, quantity, amount_cents)
        select ${refund.id}::uuid, m."_id", f.item_id, f.quantity, f.amount_cents
        from fits f, moved m
      ),
      mailed as (${orderMailInsert(
        'order.refunded',
        sql`moved o`,
        sql`jsonb_build_object(
          'amountCents', o.refund_cents,
          'refundedTotalCents', o.refunded_cents,
          'restocked', ${refund.restock}::boolean,
          'refundedLines', (
            select jsonb_agg(jsonb_build_object('name', f.item_name, 'quantity', f.quantity,
                                                'totalCents', f.amount_cents) order by f.line_no)
            from fits f))`,
        undefined,
        // One mail per refund: an order may have several.
        sql`'order.refunded:' || ${refund.id}::text`,
      )})
      select refund_cents as amount_cents from moved`),
  );
  if (!done) return undefined;
  if (refund.restock) await returnStock(tx, refund.lines);
  const row = await findOrder(tx, orderId);
  if (!row) return undefined;
  return { row, amountCents: Number(done.amount_cents) };
}

/** Whether this refund is in already: a retry of it finds it and does nothing more. */
export async function refundExists(tx: Db | Tx, refundId: string): Promise<boolean> {
  const [row] = await tx.select({ id: refunds.id }).from(refunds).where(eq(refunds.id, refundId));
  return row !== undefined;
}

/** An order's refunds, oldest first, each with its lines (by line order) for the timeline. */
export async function refundsOf(db: Db | Tx, orderId: string): Promise<OrderRefund[]> {
  const rows = await db
    .select({
      refund: refunds,
      itemId: refundLines.itemId,
      name: orderLines.itemName,
      quantity: refundLines.quantity,
    })
    .from(refunds)
    .innerJoin(refundLines, eq(refundLines.refundId, refunds.id))
    .innerJoin(
      orderLines,
      and(eq(orderLines.orderId, refundLines.orderId), eq(orderLines.itemId, refundLines.itemId)),
    )
    .where(eq(refunds.orderId, orderId))
    .orderBy(asc(refunds.createdAt), asc(refunds.id), asc(orderLines.lineNo));
  const byId = new Map<string, OrderRefund>();
  for (const { refund, ...line } of rows) {
    const entry = byId.get(refund.id) ?? { ...refund, lines: [] };
    entry.lines.push(line);
    byId.set(refund.id, entry);
  }
  return [...byId.values()];
}

/** The order's lines, in the order they were placed, with how many units each has had refunded. */
export async function linesOfOrder(db: Db | Tx, orderId: string): Promise<OrderLineRow[]> {
  return db
    .select()
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLines.lineNo));
}

/** The order with its lines and the card that paid it; undefined when there is no such order. */
export async function findDetail(db: Db | Tx, orderId: string): Promise<OrderLife | undefined> {
  const row = await findOrder(db, orderId);
  if (!row) return undefined;
  const lines = await linesOfOrder(db, orderId);
  // The payments module owns payments: it says which card paid.
  return {
    row,
    lines,
    cardLast4: await paidCardLast4(db, orderId),
    refunds: await refundsOf(db, orderId),
  };
}

/** The job's lock, held by the caller's transaction: false when another instance has it. */
export async function tryUnpaidHoldLock(tx: Tx): Promise<boolean> {
  const result = await tx.execute(
    sql`select pg_try_advisory_xact_lock(hashtext('toolyard.unpaid-order-hold')) as locked`,
  );
  return rowsOf<{ locked: boolean }>(result)[0]?.locked === true;
}

/** The longest an unpaid order's buyer is reminded before its hold ends. */
const LONGEST_REMINDER_LEAD = sql`interval '2 hours'`;

/**
 * Writes the reminder for each unpaid order in the last stretch of its hold (a quarter of it,
 * at most LONGEST_REMINDER_LEAD), once per order. The orders ending within the longest lead
 * are found by orders_pending_expires_idx; each one's own lead is then checked.
 */
export async function remindUnpaid(tx: Tx): Promise<void> {
  await tx.execute(
    orderMailInsert(
      'order.expiring',
      sql`orders o
        where o.status = 'pending'
          and o.expires_at > now() and o.expires_at <= now() + ${LONGEST_REMINDER_LEAD}
          and o.expires_at - least((o.expires_at - o.created_at) / 4, ${LONGEST_REMINDER_LEAD})
              <= now()
          and not exists (
            select 1 from outbox m where m.dedupe_key = 'order.expiring:' || o."_id")`,
      sql`jsonb_build_object('holdEndsAt', o.expires_at)`,
    ),
  );
}

/**
 * Cancels ('expired') up to `limit` unpaid orders whose hold has ended (expires_at, by
 * orders_pending_expires_idx), the earliest first, in one UPDATE that skips rows a buyer's
 * cancel or a payment has locked (they decide those) and changes only rows still pending, so
 * an order is cancelled, mailed and restocked once. Their lines' stock goes back in the same
 * transaction. Returns their ids.
 */
export async function expireUnpaid(tx: Tx, limit: number): Promise<string[]> {
  const result = await tx.execute(sql`
    with expired as (
      select "_id" from orders
      where status = 'pending' and expires_at <= now()
      order by expires_at
      limit ${limit}
      for update skip locked
    ),
    cancelled as (
      update orders o
      set cancel_reason = 'expired', cancelled_at = now(), expires_at = null, updated_at = now()
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
