import {
  centsToDollars,
  formatOrderNumber,
  type Order,
  type OrderDetail,
  type OrderEvent,
  type OrderLine,
  type OrderStatus,
} from '@toolyard/shared';
import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { violatedConstraint } from '../../db/constraint-error.js';
import { orderLines, orders, products } from '../../db/schema.js';
import { emptyCheckedOutSql, lockedCartSql } from '../cart/cart.repository.js';
import { fillEmptyProfileSql } from '../users/users.repository.js';
import { lockedProductsSql, takeLinesSql } from '../catalog/stock.repository.js';
import { orderMailInsert, singleLineJson } from '../mail/outbox.repository.js';
import type { OrderRefund } from './order-life.repository.js';
import { isSecondUnconfirmedUnpaid, unpaidTerms, type UnpaidTerms } from './unpaid-terms.js';

export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderLines.$inferSelect;

export interface OrderFilter {
  /** The account's own orders. */
  buyerId?: string;
  /** Orders placed under this address, lower case (admins' search). */
  buyerEmail?: string;
  /** The order with this number (admins' search). */
  number?: number;
  status?: OrderStatus;
  page: number;
  pageSize: number;
}

export interface OrdersRepositoryOptions {
  /**
   * Most unpaid orders one confirmed buyer may hold at once (UNPAID_ORDERS_PER_BUYER); an order
   * past it is refused. No limit when left out (an unconfirmed account's stays: unpaid-terms.ts).
   */
  unpaidPerBuyer?: number;
  /**
   * How long a confirmed buyer's unpaid order holds its stock (UNPAID_ORDER_HOLD); each order
   * keeps when its hold ends (expires_at). No end when left out.
   */
  holdMs?: number;
}

/**
 * The only code that writes orders and their lines. The single-product placing statements
 * below take their stock in their own SQL (ADR 005: one statement per order, or per batch, is
 * the whole cost of the spec's POST /api/order); every other stock move, checkout's included,
 * goes through the catalog's stock.repository.ts.
 */
export function createOrdersRepository(db: Db, options: OrdersRepositoryOptions = {}) {
  const { unpaidPerBuyer, holdMs } = options;
  /** How long this buyer's unpaid order is held, and how many the buyer may hold. */
  const termsFor = (buyerConfirmed: boolean) =>
    unpaidTerms({ holdMs, perBuyer: unpaidPerBuyer }, buyerConfirmed);
  // "We have received your order", written by the statement that places it (ADR 017).
  const received = receivedMail();
  const checkoutReceived = receivedMail(checkoutMailLines);
  return {
    /** The wire shape of an order, with when its unpaid hold ends. */
    toOrder,

    /** An order with its lines and timeline, as its page shows it. */
    toOrderDetail: (
      row: OrderRow,
      lines: readonly OrderLineRow[],
      cardLast4: string | null,
      refunds: readonly OrderRefund[] = [],
    ) => toOrderDetail(row, lines, cardLast4, refunds),

    /** An order's lines, in the order they were placed. */
    linesOf: (orderId: string, tx: Db | Tx = db) =>
      tx
        .select()
        .from(orderLines)
        .where(eq(orderLines.orderId, orderId))
        .orderBy(asc(orderLines.lineNo)),

    /**
     * Checks out the buyer's cart as one order, in one statement (atomic without a transaction
     * around it; the locks last only while it runs, as ADR 005's single order does): the cart's
     * lines are locked (cart module's SQL), then their products in ascending id order
     * (catalog's), each line is judged under the locks (sold, at least the minimum, at most the
     * stock) and, only when every one passes, the catalog's UPDATE takes them all; the order,
     * its lines (priced from the locked rows), its received mail (listing every line) and the
     * emptied cart are written by the same statement. The order summarises its lines in the
     * spec's fields: the first line's product and unit price, "<name> and N more", the sum of
     * the quantities and of the line totals. Answers the order, or undefined when nothing was
     * written (a line refused, the cart empty, the buyer at the unpaid limit, or this order id
     * already in): the caller reads why. Throws the primary key's error (isDuplicateOrder)
     * when a concurrent attempt at the same id committed first, and the unconfirmed buyer's
     * one-unpaid-order index's (isSecondUnconfirmedUnpaid) when a concurrent order of theirs did.
     */
    async checkoutCart(
      order: NewCheckout,
    ): Promise<{ row: OrderRow; lines: OrderLineRow[] } | undefined> {
      const terms = termsFor(order.buyerConfirmed);
      const go = sql`exists (select 1 from go)`;
      const result = await db.execute<RawOrderRow>(sql`
        with cart as materialized (${lockedCartSql(order.buyerId)}),
        locked as materialized (${lockedProductsSql(sql`cart`)}),
        lines as materialized (
          select (row_number() over (order by c.created_at, c.item_id))::smallint as line_no,
                 c.item_id, k.sku, k.name as item_name, k.price_cents as unit_price_cents,
                 c.quantity,
                 coalesce(k.archived_at is null and c.quantity >= k.min
                          and c.quantity <= k.available, false) as ok
          from cart c left join locked k on k."_id" = c.item_id
        ),
        go as materialized (
          select 1 from lines
          having count(*) > 0 and bool_and(ok)
            and not exists (select 1 from orders where "_id" = ${order.id})
            ${withinCap(order.buyerId, terms.cap)}
        ),
        taken as (${takeLinesSql(sql`lines`, sql`locked`, go)}),
        placed as (
          select ${order.id}::uuid as "_id", ${nextNumber}, f.item_id,
                 (f.item_name || case when n.lines > 1 then ' and ' || (n.lines - 1) || ' more'
                                 else '' end)::varchar(60) as item_name,
                 n.quantity as order_quantity, f.unit_price_cents as price_cents,
                 n.total as total_cents,
                 ${order.buyerId}::text as buyer_id, ${order.buyerName}::text as buyer_name,
                 ${order.buyerEmail}::text as buyer_email, ${order.contact}::text as contact,
                 ${order.address}::text as address, ${holdColumns(terms)}, now() as created_at
          from lines f,
               (select count(*)::integer as lines, sum(quantity)::integer as quantity,
                       sum(unit_price_cents * quantity)::bigint as total from lines) n
          where f.line_no = 1 and ${go}
        ),
        lined as (
          insert into order_lines (order_id, line_no, item_id, sku, item_name, unit_price_cents,
                                   quantity, line_total_cents)
          select p."_id", l.line_no, l.item_id, l.sku, l.item_name, l.unit_price_cents,
                 l.quantity, l.unit_price_cents * l.quantity
          from placed p cross join lines l
          returning line_no
        ),
        emptied as (${emptyCheckedOutSql(order.buyerId, sql`cart`, go)}),
        mailed as (${checkoutReceived}),
        profiled as (${fillEmptyProfileSql(sql`placed`)})
        ${insertPlaced},
          (select json_agg(json_build_array(line_no, item_id, sku, item_name, unit_price_cents,
                                            quantity) order by line_no)
           from lines) as checked_out`);
      const [row] = (result as unknown as { rows: (RawOrderRow & { checked_out: unknown })[] })
        .rows;
      if (!row) return undefined;
      // The lines as the statement wrote them (it cannot read order_lines back).
      const lines = (row.checked_out as [number, string, string, string, number, number][]).map(
        ([lineNo, itemId, sku, itemName, unitPriceCents, quantity]): OrderLineRow => ({
          orderId: order.id,
          lineNo,
          itemId,
          sku,
          itemName,
          unitPriceCents: Number(unitPriceCents),
          quantity,
          lineTotalCents: Number(unitPriceCents) * quantity,
          refundedQuantity: 0,
        }),
      );
      return { row: fromRaw(row), lines };
    },

    async list(filter: OrderFilter): Promise<{ orders: Order[]; total: number }> {
      const conditions: SQL[] = [];
      if (filter.buyerId) conditions.push(eq(orders.buyerId, filter.buyerId));
      if (filter.buyerEmail)
        conditions.push(eq(sql`lower(${orders.buyerEmail})`, filter.buyerEmail));
      if (filter.number !== undefined) conditions.push(eq(orders.number, filter.number));
      if (filter.status) conditions.push(showsStatus(filter.status));
      const where = conditions.length > 0 ? and(...conditions) : undefined;
      const [rows, [totals]] = await Promise.all([
        db
          .select()
          .from(orders)
          .where(where)
          .orderBy(desc(orders.createdAt), desc(orders.id))
          .limit(filter.pageSize)
          .offset((filter.page - 1) * filter.pageSize),
        db.select({ n: count() }).from(orders).where(where),
      ]);
      return { orders: rows.map(toOrder), total: totals?.n ?? 0 };
    },

    findById: (id: string, tx: Db | Tx = db, forUpdate = false) => findById(tx, id, forUpdate),

    /**
     * Takes the stock and records the order in one statement (ADR 005's conditional UPDATE
     * feeding the INSERT): atomic without a transaction around it, and the product row is
     * locked only while the statement runs. Undefined when the UPDATE matched nothing, or when
     * a concurrent order of the same unconfirmed buyer took their one unpaid order.
     */
    placeOrder: async (order: NewOrder): Promise<Placement> => {
      try {
        const row =
          (await placeOne(db, order, termsFor(order.buyerConfirmed), received)) ??
          (await findById(db, order.id));
        return row && { row };
      } catch (err) {
        if (isSecondUnconfirmedUnpaid(err)) return undefined;
        // Another attempt at the same order committed first: that one is the order.
        const row = isDuplicateOrder(err) ? await findById(db, order.id) : undefined;
        if (row) return { row };
        throw err;
      }
    },

    /**
     * Places several orders in one transaction, so one commit (one disk flush) for all. Each
     * product whose orders fit together (every one at least its minimum, their sum at most
     * the stock) is taken by one conditional UPDATE for the lot and its orders are inserted
     * together (`placeTogether`): one statement for the whole batch. A product that cannot
     * take even the smallest of its orders refuses them all, with its state read under the
     * lock. Orders of any other product go one by one, in product order, by ADR 005's
     * statement, so each is taken or refused on its own. Throws if a statement fails;
     * nothing is kept then.
     */
    placeOrders(batch: readonly NewOrder[]): Promise<Placement[]> {
      return db.transaction(async (tx) => {
        const ids = batch.map((o) => o.id);
        const together = await placeTogether(tx, batch, ids, termsFor, received);
        const placed: Placement[] = ids.map((id) => {
          const row = together.get(id);
          return row && { row };
        });
        const left = batch.map((o, i) => ({ o, i })).filter(({ i }) => !placed[i]);
        if (left.length === 0) return placed;
        // placeTogether locked these rows; they stay locked until this transaction ends.
        const states = await productStates(
          tx,
          left.map(({ o }) => o.itemId),
        );
        const smallest = new Map<string, number>();
        for (const { o } of left) {
          smallest.set(o.itemId, Math.min(o.orderQuantity, smallest.get(o.itemId) ?? Infinity));
        }
        const alone: typeof left = [];
        for (const entry of left) {
          const product = states.get(entry.o.itemId) ?? null;
          const fitsOne =
            product &&
            !product.archivedAt &&
            product.available >= (smallest.get(entry.o.itemId) ?? 0);
          if (fitsOne) alone.push(entry);
          else placed[entry.i] = { refused: product };
        }
        alone.sort((a, b) => a.o.itemId.localeCompare(b.o.itemId));
        for (const { o, i } of alone) {
          const row = await placeOne(tx, o, termsFor(o.buyerConfirmed), received);
          placed[i] = row && { row };
        }
        return placed;
      });
    },

    /**
     * Why an order was taken nothing: the product's state as it is now, and how many unpaid
     * orders its buyer holds when that is at the buyer's limit.
     */
    async whyRefused(
      itemId: string,
      buyerId: string,
      buyerConfirmed: boolean,
    ): Promise<{ product: ProductState | undefined; unpaidOrders?: number }> {
      const [states, unpaidOrders] = await Promise.all([
        productStates(db, [itemId]),
        unpaidAtLimit(db, buyerId, termsFor(buyerConfirmed).cap),
      ]);
      const product = states.get(itemId);
      return unpaidOrders === undefined ? { product } : { product, unpaidOrders };
    },

    /** How many unpaid orders the buyer holds when that is at the buyer's limit; else undefined. */
    unpaidAtLimit: (buyerId: string, buyerConfirmed: boolean) =>
      unpaidAtLimit(db, buyerId, termsFor(buyerConfirmed).cap),

    transaction: <T>(fn: (tx: Tx) => Promise<T>) => db.transaction(fn),
  };
}

/**
 * ADR 005's conditional UPDATE once per product for all of its orders in `batch`, feeding one
 * INSERT. Product rows are locked in id order first, so two batches never wait on each
 * other crosswise. Returns the orders placed, by the ids given; a product whose orders did
 * not fit together is left untouched and its orders are missing.
 */
async function placeTogether(
  tx: Tx,
  batch: readonly NewOrder[],
  ids: readonly string[],
  termsFor: (buyerConfirmed: boolean) => UnpaidTerms,
  received: SQL,
) {
  const terms = batch.map((o) => termsFor(o.buyerConfirmed));
  // Each buyer's unpaid orders are counted as far as the largest limit in the batch.
  const countUpTo = Math.max(0, ...terms.map((t) => t.cap ?? 0));
  const wanted = JSON.stringify(
    batch.map((o, i) => ({
      i,
      order_id: ids[i],
      item_id: o.itemId,
      qty: o.orderQuantity,
      buyer_id: o.buyerId,
      buyer_name: o.buyerName,
      buyer_email: o.buyerEmail,
      contact: o.contact,
      address: o.address,
      hold_ms: terms[i]?.holdMs ?? null,
      cap: terms[i]?.cap ?? null,
      unconfirmed: terms[i]?.unconfirmed ?? false,
    })),
  );
  const result = await tx.execute<RawOrderRow>(sql`
    with asked as (
      select * from json_to_recordset(${wanted}::json) as w(
        i integer, order_id uuid, item_id uuid, qty integer, buyer_id text, buyer_name text,
        buyer_email text, contact text, address text, hold_ms double precision, cap integer,
        unconfirmed boolean)
    ),
    ${countUpTo === 0 ? sql`wanted as (select * from asked),` : withinUnpaidLimit(countUpTo)}
    demand as (
      select item_id, sum(qty)::integer as total, min(qty) as smallest
      from wanted group by item_id
    ),
    locked as (
      select "_id" from products where "_id" in (select item_id from demand)
      order by "_id" for update
    ),
    taken as (
      update products p set "AvailableQuantity" = p."AvailableQuantity" - d.total
      from demand d join locked l on l."_id" = d.item_id
      where p."_id" = d.item_id and p.archived_at is null
        and p."MinOrderQuantity" <= d.smallest and p."AvailableQuantity" >= d.total
      returning p."_id", p.sku, p.name, p.price_cents
    ),
    placed as (
      select w.order_id as "_id", ${nextNumber}, t."_id" as item_id, t.sku, t.name as item_name,
             w.qty as order_quantity, t.price_cents, t.price_cents * w.qty as total_cents,
             w.buyer_id, w.buyer_name, w.buyer_email, w.contact, w.address,
             now() + w.hold_ms * interval '1 millisecond' as expires_at,
             w.unconfirmed as placed_unconfirmed, now() as created_at
      from wanted w join taken t on t."_id" = w.item_id
    ),
    lined as (${insertOneLine}),
    mailed as (${received}),
    profiled as (${fillEmptyProfileSql(sql`placed`)})
    ${insertPlaced}`);
  const { rows } = result as unknown as { rows: RawOrderRow[] };
  return new Map(rows.map((row) => [row._id, fromRaw(row)]));
}

/**
 * The orders a status filter lists: those that show the status (`shownStatuses`), so a shipped
 * order refunded in part or whole is listed under `shipped` as well as under its refund.
 */
const showsStatus = (status: OrderStatus): SQL =>
  status === 'shipped' ? eq(orders.fulfilmentStatus, 'shipped') : eq(orders.status, status);

/**
 * The batch's orders that keep each buyer within its limit (`cap` of `asked`, null for none)
 * of unpaid orders, counting the ones the buyer holds already (by orders_buyer_pending_idx, at
 * most `countUpTo` of them) and the batch's earlier ones. An order left out goes on alone
 * (placeOne checks again, exactly then). Materialized: each buyer's orders are counted once,
 * not once per order joined to them.
 */
const withinUnpaidLimit = (countUpTo: number) => sql`
    held as materialized (
      select b.buyer_id, (
        select count(*) from (
          select 1 from orders o where o.buyer_id = b.buyer_id and o.status = 'pending'
          limit ${countUpTo}
        ) h
      ) as n
      from (select distinct buyer_id from asked) b
    ),
    wanted as (
      select a.* from (
        select asked.*, row_number() over (partition by buyer_id order by i) as nth from asked
      ) a join held on held.buyer_id = a.buyer_id
      where a.cap is null or held.n + a.nth <= a.cap
    ),`;

/** How many unpaid orders the buyer holds when that is `cap` or more; else undefined. */
async function unpaidAtLimit(
  db: Db | Tx,
  buyerId: string,
  cap: number | undefined,
): Promise<number | undefined> {
  if (cap === undefined) return undefined;
  const result = await db.execute<{ n: number | string }>(
    sql`select count(*)::integer as n from (${heldQuery(buyerId, cap)}) h`,
  );
  const held = Number((result as unknown as { rows: { n: number | string }[] }).rows[0]?.n ?? 0);
  return held >= cap ? held : undefined;
}

/** The buyer's unpaid orders, counted up to `cap` (orders_buyer_pending_idx). */
const heldQuery = (buyerId: string, cap: number) =>
  sql`select 1 from orders where buyer_id = ${buyerId} and status = 'pending' limit ${cap}`;

/** A placing statement's WHERE clause for one buyer's order: below `cap` unpaid orders. */
const withinCap = (buyerId: string, cap: number | undefined) =>
  cap === undefined
    ? sql``
    : sql`and (select count(*) from (${heldQuery(buyerId, cap)}) h) < ${cap}`;

/**
 * The hold of an order a single-buyer placing statement inserts (columns of its CTE
 * `placed`): when it ends, and whether it was placed unconfirmed.
 */
const holdColumns = (terms: UnpaidTerms) =>
  sql`${
    terms.holdMs === undefined
      ? sql`null::timestamptz`
      : sql`now() + ${terms.holdMs}::double precision * interval '1 millisecond'`
  } as expires_at, ${terms.unconfirmed}::boolean as placed_unconfirmed`;

/**
 * The INSERT that ends a placing statement: the orders of its CTE `placed`, as they are, so the
 * statement is an INSERT (its reply says how many rows) and its received mails (CTE `mailed`)
 * are written from the very same rows.
 */
const insertPlaced = sql`
  insert into orders ("_id", number, item_id, item_name, order_quantity, price_cents,
                      total_cents, buyer_id, buyer_name, buyer_email, contact, address,
                      expires_at, placed_unconfirmed, created_at)
  select "_id", number, item_id, item_name, order_quantity, price_cents,
         total_cents, buyer_id, buyer_name, buyer_email, contact, address,
         expires_at, placed_unconfirmed, created_at
  from placed
  returning *`;

/**
 * The order's number, drawn in its CTE `placed` (before the INSERT) so that its received mail,
 * written from the same rows, carries it. The sequence never hands a value out twice, rollbacks
 * included, so two orders never share a number (ADR 021).
 */
const nextNumber = sql`nextval('orders_number_seq') as number`;

/**
 * The one line of each order a single-product placing statement inserts (its CTE `placed`,
 * which carries the product's SKU): written by the same statement as the order, so an order
 * never exists without its line, and a retry that places nothing writes no line either. The
 * orders' foreign key is checked at the end of the statement, after the INSERT below.
 */
const insertOneLine = sql`
  insert into order_lines (order_id, line_no, item_id, sku, item_name, unit_price_cents,
                           quantity, line_total_cents)
  select "_id", 1, item_id, sku, item_name, price_cents, order_quantity, total_cents
  from placed`;

/**
 * The received mail for each order a placing statement inserts (its CTE `placed`), with when
 * its unpaid hold ends: written in the same statement, so it exists exactly when the order does.
 */
const receivedMail = (lines: SQL = singleLineJson) =>
  orderMailInsert(
    'order.received',
    sql`placed o`,
    sql`jsonb_build_object('holdEndsAt', o.expires_at)`,
    lines,
  );

/**
 * A checkout's lines (its CTE `lines`) as its received mail lists them: the statement that
 * writes them cannot read them back from order_lines.
 */
const checkoutMailLines = sql`(
  select jsonb_agg(jsonb_build_object(
    'name', l.item_name, 'quantity', l.quantity, 'priceCents', l.unit_price_cents,
    'totalCents', l.unit_price_cents * l.quantity) order by l.line_no)
  from lines l)`;

/** What decides whether an order can be taken: stock, minimum and whether it is still sold. */
async function productStates(db: Db | Tx, ids: readonly string[]) {
  const rows = await db
    .select({
      id: products.id,
      available: products.availableQuantity,
      min: products.minOrderQuantity,
      archivedAt: products.archivedAt,
    })
    .from(products)
    .where(inArray(products.id, [...new Set(ids)]));
  return new Map<string, ProductState>(rows.map(({ id, ...state }) => [id, state]));
}

/**
 * ADR 005's conditional UPDATE feeding the INSERT, as one statement, under the order's own id:
 * an attempt at an order that already exists takes nothing (and the primary key refuses a
 * concurrent twin), so an order can be tried again after an unknown outcome (ADR 013).
 */
async function placeOne(
  db: Db | Tx,
  order: NewOrder,
  terms: UnpaidTerms,
  received: SQL,
): Promise<OrderRow | undefined> {
  const q = order.orderQuantity;
  // Counted in the same statement: no round trip more per order. Two statements running at
  // once for the same buyer (another instance's) can each see one below the limit; for an
  // unconfirmed buyer's one order, orders_one_unpaid_unconfirmed_idx refuses the second.
  const result = await db.execute<RawOrderRow>(sql`
        with taken as (
          update products set "AvailableQuantity" = "AvailableQuantity" - ${q}
          where "_id" = ${order.itemId} and archived_at is null
            and "MinOrderQuantity" <= ${q} and "AvailableQuantity" >= ${q}
            and not exists (select 1 from orders where "_id" = ${order.id})
            ${withinCap(order.buyerId, terms.cap)}
          returning "_id", sku, name, price_cents
        ),
        placed as (
          select ${order.id}::uuid as "_id", ${nextNumber}, "_id" as item_id, sku, name as item_name,
                 ${q}::integer as order_quantity, price_cents, price_cents * ${q} as total_cents,
                 ${order.buyerId}::text as buyer_id, ${order.buyerName}::text as buyer_name,
                 ${order.buyerEmail}::text as buyer_email, ${order.contact}::text as contact,
                 ${order.address}::text as address, ${holdColumns(terms)}, now() as created_at
          from taken
        ),
        lined as (${insertOneLine}),
        mailed as (${received}),
        profiled as (${fillEmptyProfileSql(sql`placed`)})
        ${insertPlaced}`);
  // Both drivers answer with { rows }.
  const [row] = (result as unknown as { rows: RawOrderRow[] }).rows;
  return row && fromRaw(row);
}

async function findById(db: Db | Tx, id: string, forUpdate = false): Promise<OrderRow | undefined> {
  const query = db.select().from(orders).where(eq(orders.id, id));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

/** A primary key refused an order or its lines: an earlier attempt at it is already in. */
export function isDuplicateOrder(err: unknown): boolean {
  const constraint = violatedConstraint(err);
  return constraint === 'orders_pkey' || constraint === 'order_lines_order_id_item_id_pk';
}

/** A product as an order found it. */
export interface ProductState {
  available: number;
  min: number;
  archivedAt: Date | null;
}

/**
 * What became of one order: placed, refused with the product as it was then (null: no such
 * product), or undefined when it was refused and why must be read again.
 */
export type Placement = { row: OrderRow } | { refused: ProductState | null } | undefined;

/** A checkout's order: its id (chosen before the first attempt) and buyer; the cart gives the lines. */
export type NewCheckout = Omit<NewOrder, 'itemId' | 'orderQuantity'>;

export interface NewOrder {
  /** Chosen before the first attempt: every retry of this order is the same order. */
  id: string;
  itemId: string;
  orderQuantity: number;
  buyerId: string;
  buyerName: string;
  buyerEmail: string;
  contact: string;
  address: string;
  /** The buyer's email is confirmed: it decides the order's hold (unpaid-terms.ts). */
  buyerConfirmed: boolean;
}

interface RawOrderRow extends Record<string, unknown> {
  _id: string;
  /** int8, as price_cents. */
  number: number | string | bigint;
  item_id: string;
  item_name: string;
  order_quantity: number;
  /** int8: text from node-postgres, a number or bigint from PGlite. */
  price_cents: number | string | bigint;
  total_cents: number | string | bigint;
  buyer_id: string | null;
  buyer_name: string;
  buyer_email: string;
  contact: string;
  address: string;
  status: OrderRow['status'];
  payment_status: OrderRow['paymentStatus'];
  fulfilment_status: OrderRow['fulfilmentStatus'];
  cancel_reason: OrderRow['cancelReason'];
  paid_at: Date | string | null;
  shipped_at: Date | string | null;
  carrier: string | null;
  tracking_number: string | null;
  cancelled_at: Date | string | null;
  refunded_at: Date | string | null;
  refunded_cents: number | string | bigint;
  expires_at: Date | string | null;
  placed_unconfirmed: boolean;
  created_at: Date | string;
  updated_at: Date | string;
}

// Drivers hand timestamps back as Date or as text, depending on their type parsers.
const toDate = (value: Date | string | null) => (value === null ? null : new Date(value));

function fromRaw(row: RawOrderRow): OrderRow {
  return {
    id: row._id,
    number: Number(row.number),
    itemId: row.item_id,
    itemName: row.item_name,
    orderQuantity: row.order_quantity,
    priceCents: Number(row.price_cents),
    totalCents: Number(row.total_cents),
    buyerId: row.buyer_id,
    buyerName: row.buyer_name,
    buyerEmail: row.buyer_email,
    contact: row.contact,
    address: row.address,
    status: row.status,
    paymentStatus: row.payment_status,
    fulfilmentStatus: row.fulfilment_status,
    cancelReason: row.cancel_reason,
    paidAt: toDate(row.paid_at),
    shippedAt: toDate(row.shipped_at),
    carrier: row.carrier,
    trackingNumber: row.tracking_number,
    cancelledAt: toDate(row.cancelled_at),
    refundedAt: toDate(row.refunded_at),
    refundedCents: Number(row.refunded_cents),
    expiresAt: toDate(row.expires_at),
    placedUnconfirmed: row.placed_unconfirmed,
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
  };
}

export type OrdersRepository = ReturnType<typeof createOrdersRepository>;

/**
 * The spec's wire shape: dollars, and `paid` kept for its pages (the money is in: paid, or only
 * partly refunded). An unpaid order says when its hold ends and it is cancelled (null for every
 * other order, and when orders are held without end).
 */
export function toOrder(row: OrderRow): Order {
  return {
    _id: row.id,
    number: formatOrderNumber(row.number),
    itemId: row.itemId,
    ItemName: row.itemName,
    OrderQuantity: row.orderQuantity,
    price: centsToDollars(row.priceCents),
    BuyerName: row.buyerName,
    BuyerEmail: row.buyerEmail,
    Contact: row.contact,
    Address: row.address,
    totalCost: centsToDollars(row.totalCents),
    paid: row.paymentStatus === 'paid' || row.paymentStatus === 'partially_refunded',
    status: row.status,
    paymentStatus: row.paymentStatus,
    fulfilmentStatus: row.fulfilmentStatus,
    refundedTotal: centsToDollars(row.refundedCents),
    createdAt: row.createdAt.toISOString(),
    cancelReason: row.cancelReason,
    expiresAt: row.expiresAt?.toISOString() ?? null,
  };
}

/** One line of an order on the wire: dollars, as the spec's prices are. */
export function toOrderLine(line: OrderLineRow): OrderLine {
  return {
    itemId: line.itemId,
    sku: line.sku,
    name: line.itemName,
    unitPrice: centsToDollars(line.unitPriceCents),
    quantity: line.quantity,
    lineTotal: centsToDollars(line.lineTotalCents),
    refundedQuantity: line.refundedQuantity,
  };
}

/**
 * The steps an order has been through, oldest first, from the times it keeps of each and its
 * refunds (each with its amount and lines).
 */
export function orderEvents(row: OrderRow, refunds: readonly OrderRefund[] = []): OrderEvent[] {
  const events: OrderEvent[] = [{ type: 'placed', at: row.createdAt.toISOString() }];
  if (row.paidAt) events.push({ type: 'paid', at: row.paidAt.toISOString() });
  if (row.shippedAt) {
    events.push({
      type: 'shipped',
      at: row.shippedAt.toISOString(),
      carrier: row.carrier,
      trackingNumber: row.trackingNumber,
    });
  }
  if (row.cancelledAt) {
    events.push({
      type: 'cancelled',
      at: row.cancelledAt.toISOString(),
      cancelReason: row.cancelReason,
    });
  }
  for (const refund of refunds) {
    events.push({
      type: 'refunded',
      at: refund.createdAt.toISOString(),
      amount: centsToDollars(refund.amountCents),
      lines: refund.lines,
      restocked: refund.restocked,
    });
  }
  // ISO times in UTC sort as text; the sort is stable, so equal times keep the life's order.
  return events.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
}

/** An order with its lines and timeline (GET /api/order/{id}, POST /api/checkout). */
export function toOrderDetail(
  row: OrderRow,
  lines: readonly OrderLineRow[],
  cardLast4: string | null,
  refunds: readonly OrderRefund[] = [],
): OrderDetail {
  return {
    ...toOrder(row),
    lines: lines.map(toOrderLine),
    events: orderEvents(row, refunds),
    cardLast4,
  };
}
