import { centsToDollars, type Order, type OrderStatus } from '@toolyard/shared';
import { and, count, desc, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { orders, products } from '../../db/schema.js';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type OrderRow = typeof orders.$inferSelect;

export interface OrderFilter {
  buyerEmail?: string;
  status?: OrderStatus;
  /** Buyers' own lists leave cancelled orders out. */
  hideCancelled?: boolean;
  page: number;
  pageSize: number;
}

/** The only code that reads and writes orders (stock moves live in the catalog's SQL here too). */
export function createOrdersRepository(db: Db) {
  return {
    async list(filter: OrderFilter): Promise<{ orders: Order[]; total: number }> {
      const conditions: SQL[] = [];
      if (filter.buyerEmail)
        conditions.push(eq(sql`lower(${orders.buyerEmail})`, filter.buyerEmail));
      if (filter.status) conditions.push(eq(orders.status, filter.status));
      if (filter.hideCancelled) conditions.push(ne(orders.status, 'cancelled'));
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

    async findById(id: string, tx: Db | Tx = db, forUpdate = false): Promise<OrderRow | undefined> {
      const query = tx.select().from(orders).where(eq(orders.id, id));
      const [row] = forUpdate ? await query.for('update') : await query;
      return row;
    },

    /**
     * Takes the stock and records the order in one statement (ADR 005's conditional UPDATE
     * feeding the INSERT): atomic without a transaction around it, and the product row is
     * locked only while the statement runs. Undefined when the UPDATE matched nothing.
     */
    placeOrder: (order: NewOrder) => placeOne(db, order),

    /**
     * Places several orders in one transaction, each by the same conditional statement, in
     * product order (two batches never wait on each other's rows crosswise): one commit, so
     * one disk flush, for all of them. Throws if any statement fails; nothing is kept then.
     */
    placeOrders(batch: readonly NewOrder[]): Promise<(OrderRow | undefined)[]> {
      const order = batch
        .map((o, i) => ({ o, i }))
        .sort((a, b) => a.o.itemId.localeCompare(b.o.itemId));
      return db.transaction(async (tx) => {
        const placed: (OrderRow | undefined)[] = new Array(batch.length);
        for (const { o, i } of order) placed[i] = await placeOne(tx, o);
        return placed;
      });
    },
    /** Why placeOrder took nothing: the product's state as it is now. */
    async productForOrder(itemId: string) {
      const [product] = await db
        .select({
          available: products.availableQuantity,
          min: products.minOrderQuantity,
          archivedAt: products.archivedAt,
        })
        .from(products)
        .where(eq(products.id, itemId));
      return product;
    },

    transaction: <T>(fn: (tx: Tx) => Promise<T>) => db.transaction(fn),
  };
}

/** ADR 005's conditional UPDATE feeding the INSERT, as one statement. */
async function placeOne(db: Db | Tx, order: NewOrder): Promise<OrderRow | undefined> {
  const q = order.orderQuantity;
  const result = await db.execute<RawOrderRow>(sql`
        with taken as (
          update products set "AvailableQuantity" = "AvailableQuantity" - ${q}
          where "_id" = ${order.itemId} and archived_at is null
            and "MinOrderQuantity" <= ${q} and "AvailableQuantity" >= ${q}
          returning "_id", name, price_cents
        )
        insert into orders (item_id, item_name, order_quantity, price_cents, total_cents,
                            buyer_id, buyer_name, buyer_email, contact, address)
        select "_id", name, ${q}, price_cents, price_cents * ${q},
               ${order.buyerId}, ${order.buyerName}, ${order.buyerEmail},
               ${order.contact}, ${order.address}
        from taken
        returning *`);
  // Both drivers answer with { rows }.
  const [row] = (result as unknown as { rows: RawOrderRow[] }).rows;
  return row && fromRaw(row);
}

export interface NewOrder {
  itemId: string;
  orderQuantity: number;
  buyerId: string;
  buyerName: string;
  buyerEmail: string;
  contact: string;
  address: string;
}

interface RawOrderRow extends Record<string, unknown> {
  _id: string;
  item_id: string;
  item_name: string;
  order_quantity: number;
  price_cents: number;
  total_cents: number;
  buyer_id: string | null;
  buyer_name: string;
  buyer_email: string;
  contact: string;
  address: string;
  status: OrderRow['status'];
  created_at: Date | string;
  updated_at: Date | string;
}

function fromRaw(row: RawOrderRow): OrderRow {
  return {
    id: row._id,
    itemId: row.item_id,
    itemName: row.item_name,
    orderQuantity: row.order_quantity,
    priceCents: row.price_cents,
    totalCents: row.total_cents,
    buyerId: row.buyer_id,
    buyerName: row.buyer_name,
    buyerEmail: row.buyer_email,
    contact: row.contact,
    address: row.address,
    status: row.status,
    // Drivers hand timestamps back as Date or as text, depending on their type parsers.
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
  };
}

export type OrdersRepository = ReturnType<typeof createOrdersRepository>;

/** The spec's wire shape: dollars, and `paid` kept for its pages. */
export function toOrder(row: OrderRow): Order {
  return {
    _id: row.id,
    itemId: row.itemId,
    ItemName: row.itemName,
    OrderQuantity: row.orderQuantity,
    price: centsToDollars(row.priceCents),
    BuyerName: row.buyerName,
    BuyerEmail: row.buyerEmail,
    Contact: row.contact,
    Address: row.address,
    totalCost: centsToDollars(row.totalCents),
    paid: row.status === 'paid' || row.status === 'shipped',
    status: row.status,
    createdAt: row.createdAt.toISOString(),
  };
}
