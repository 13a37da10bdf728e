import { centsToDollars, type Order, type OrderStatus } from '@toolyard/shared';
import { and, count, desc, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { orders } from '../../db/schema.js';

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

    transaction: <T>(fn: (tx: Tx) => Promise<T>) => db.transaction(fn),
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
