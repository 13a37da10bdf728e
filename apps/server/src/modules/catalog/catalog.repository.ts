import { centsToDollars, dollarsToCents, type Product, type ProductFields } from '@toolyard/shared';
import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { orders, products } from '../../db/schema.js';

const productColumns = {
  id: products.id,
  name: products.name,
  priceCents: products.priceCents,
  description: products.description,
  img: products.img,
  availableQuantity: products.availableQuantity,
  minOrderQuantity: products.minOrderQuantity,
};

type ProductRow = { [K in keyof typeof productColumns]: (typeof productColumns)[K]['_']['data'] };

export interface ProductQuery {
  q?: string;
  /** Omit both for every product (the spec's plain call). */
  page?: number;
  pageSize?: number;
}

const live = isNull(products.archivedAt);

/** The only code that reads and writes products. */
export function createCatalogRepository(db: Db) {
  /**
   * English words, stemmed, all of them in the name or description (ADR 007). The matches
   * are gathered first, by the search index, then ordered and counted in one pass: left to
   * choose, the planner may walk the whole list in order instead, testing every product, when
   * it misjudges how rare a word is (a common word: 4.8 ms instead of 1.4). A subquery with an
   * OFFSET is never merged into the query around it, so the matches are gathered apart; the
   * offset is a parameter (always 0) because Drizzle leaves a literal `OFFSET 0` out. Prepared
   * once, and named on PostgreSQL, so a search skips building, parsing and planning its SQL.
   */
  const found = db
    .select({ ...productColumns, seq: products.seq })
    .from(products)
    .where(
      and(live, sql`${products.search} @@ plainto_tsquery('english', ${sql.placeholder('q')})`),
    )
    .offset(sql.placeholder('gatherApart'))
    .as('found');
  const searchPage = db
    .select({
      id: found.id,
      name: found.name,
      priceCents: found.priceCents,
      description: found.description,
      img: found.img,
      availableQuantity: found.availableQuantity,
      minOrderQuantity: found.minOrderQuantity,
      total: sql<number>`(count(*) over ())::int`,
    })
    .from(found)
    .orderBy(asc(found.seq))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare('catalog_search');

  async function search(
    q: string,
    limit: number | undefined,
    offset: number,
  ): Promise<{ products: Product[]; total: number }> {
    const rows = await searchPage.execute({ q, limit: limit ?? null, offset, gatherApart: 0 });
    // A page past the last has no row to carry the total: count apart.
    const total = rows[0]?.total ?? (offset > 0 ? (await search(q, 1, 0)).total : 0);
    return { products: rows.map(toProduct), total };
  }

  return {
    /** Products in list order (insertion order: the first six are featured), archived ones left out. */
    async listProducts(query: ProductQuery = {}): Promise<{ products: Product[]; total: number }> {
      const pageSize = query.pageSize ?? (query.page ? 20 : undefined);
      const offset = pageSize ? ((query.page ?? 1) - 1) * pageSize : 0;
      if (query.q) return search(query.q, pageSize, offset);
      const rowsQuery = db
        .select(productColumns)
        .from(products)
        .where(live)
        .orderBy(asc(products.seq));
      const [rows, [totals]] = await Promise.all([
        pageSize ? rowsQuery.limit(pageSize).offset(offset) : rowsQuery,
        db.select({ n: count() }).from(products).where(live),
      ]);
      return { products: rows.map(toProduct), total: totals?.n ?? 0 };
    },

    async getProduct(id: string): Promise<Product | undefined> {
      const [row] = await db
        .select(productColumns)
        .from(products)
        .where(and(eq(products.id, id), live));
      return row && toProduct(row);
    },

    async createProduct(input: ProductFields): Promise<Product> {
      const [row] = await db.insert(products).values(toColumns(input)).returning(productColumns);
      if (!row) throw new Error('insert returned no row');
      return toProduct(row);
    },

    async updateProduct(id: string, input: ProductFields) {
      const [row] = await db
        .update(products)
        .set({ ...toColumns(input), updatedAt: new Date() })
        .where(and(eq(products.id, id), live))
        .returning(productColumns);
      return row && toProduct(row);
    },

    /** Deletes a product, or archives it when orders refer to it. False when there is none. */
    async removeProduct(id: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [ordered] = await tx.select({ n: count() }).from(orders).where(eq(orders.itemId, id));
        if ((ordered?.n ?? 0) > 0) {
          const archived = await tx
            .update(products)
            .set({ archivedAt: sql`now()`, updatedAt: new Date() })
            .where(and(eq(products.id, id), live))
            .returning({ id: products.id });
          return archived.length > 0;
        }
        const deleted = await tx
          .delete(products)
          .where(and(eq(products.id, id), live))
          .returning({ id: products.id });
        return deleted.length > 0;
      });
    },
  };
}

export type CatalogRepository = ReturnType<typeof createCatalogRepository>;

function toColumns(input: ProductFields) {
  return {
    name: input.name,
    description: input.description,
    priceCents: dollarsToCents(input.price),
    img: input.img,
    availableQuantity: input.AvailableQuantity,
    minOrderQuantity: input.MinOrderQuantity,
  };
}

function toProduct(row: ProductRow): Product {
  return {
    _id: row.id,
    name: row.name,
    price: centsToDollars(row.priceCents),
    description: row.description,
    img: row.img,
    AvailableQuantity: row.availableQuantity,
    MinOrderQuantity: row.minOrderQuantity,
  };
}
