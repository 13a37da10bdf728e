import {
  CATEGORY_MAX_DEPTH,
  categoryAndDescendants,
  centsToDollars,
  dollarsToCents,
  searchFilters,
  type Category,
  type Product,
  type ProductFacets,
  type ProductFacetsQuery,
  type ProductFields,
  type ProductListQuery,
  type SearchFilter,
  type TotalsWithout,
} from '@toolyard/shared';
import {
  and,
  asc,
  count,
  desc,
  eq,
  isNotNull,
  isNull,
  sql,
  type AnyColumn,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import { violatedConstraint } from '../../db/constraint-error.js';
import type { Db, Tx } from '../../db/client.js';
import { cartLines, categories, orderLines, orders, products } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { anyone, shownCents } from './pricing.repository.js';

const productColumns = {
  id: products.id,
  name: products.name,
  priceCents: products.priceCents,
  description: products.description,
  img: products.img,
  availableQuantity: products.availableQuantity,
  minOrderQuantity: products.minOrderQuantity,
  sku: products.sku,
  categoryId: products.categoryId,
};

interface ProductRow {
  id: string;
  name: string;
  priceCents: number;
  description: string;
  img: string;
  availableQuantity: number;
  minOrderQuantity: number;
  sku: string;
  categoryId: string | null;
}

/** How a search matched: by its English words, or (none matching) by names like it. */
export type SearchMatch = ProductFacets['match'];

export interface ProductPage {
  products: Product[];
  total: number;
  /** Set when the answer is a search's. */
  match?: SearchMatch;
  /** Set when a filtered answer is empty: what the words alone, or all but one filter, match. */
  without?: TotalsWithout;
}

const live = isNull(products.archivedAt);
const inStock = sql`${products.availableQuantity} >= ${products.minOrderQuantity}`;
const lowerName = sql`lower(${products.name})`;
const wordsQuery = (q: string) => sql`plainto_tsquery('english', ${q})`;
const matches = (q: string, match: SearchMatch) =>
  match === 'words'
    ? sql`${products.search} @@ ${wordsQuery(q)}`
    : // word_similarity above pg_trgm's threshold (0.6), served by products_name_trgm_idx.
      sql`${q.toLowerCase()} <% ${lowerName}`;

/** The filters of a browse apart from the search words, as SQL conditions. */
interface Narrowing {
  categoryIds?: string[];
  minPrice?: number;
  maxPrice?: number;
  inStock?: boolean;
  sku?: string;
}

/** What a page is sorted by: columns of the products table or of a fenced subquery of it. */
interface SortKeys {
  priceCents: AnyColumn;
  seq: AnyColumn;
  lowerName: SQLWrapper;
  /** How well a search matched; absent when there is no search. */
  rank?: SQLWrapper;
}

/** Product and category SQL lives here alone; stock taken by orders lives in orders.repository. */
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
      sku: found.sku,
      categoryId: found.categoryId,
      total: sql<number>`(count(*) over ())::int`,
    })
    .from(found)
    .orderBy(asc(found.seq))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare('catalog_search');

  async function wordSearch(q: string, limit: number | undefined, offset: number) {
    const rows = await searchPage.execute({ q, limit: limit ?? null, offset, gatherApart: 0 });
    return rows;
  }

  /** The category ids a slug filters by (it and those below it); [] when there is none. */
  async function categoryIdsFor(slug: string): Promise<string[]> {
    const all = await db
      .select({ _id: categories.id, slug: categories.slug, parentId: categories.parentId })
      .from(categories);
    const chosen = all.find((c) => c.slug === slug);
    return chosen ? categoryAndDescendants(all, chosen._id) : [];
  }

  function narrowing(n: Narrowing): SQL[] {
    const conditions: SQL[] = [];
    if (n.categoryIds) {
      conditions.push(
        n.categoryIds.length === 0
          ? sql`false`
          : sql`${products.categoryId} = any(${sql.param(n.categoryIds)}::uuid[])`,
      );
    }
    if (n.minPrice !== undefined) {
      conditions.push(sql`${products.priceCents} >= ${Math.ceil(n.minPrice * 100 - 1e-6)}`);
    }
    if (n.maxPrice !== undefined) {
      conditions.push(sql`${products.priceCents} <= ${Math.floor(n.maxPrice * 100 + 1e-6)}`);
    }
    if (n.inStock) conditions.push(inStock);
    if (n.sku !== undefined) conditions.push(sql`upper(${products.sku}) = ${n.sku.toUpperCase()}`);
    return conditions;
  }

  function ordering(sort: ProductListQuery['sort'], keys: SortKeys): SQL[] {
    switch (sort) {
      case 'price':
        return [asc(keys.priceCents), asc(keys.seq)];
      case '-price':
        return [desc(keys.priceCents), asc(keys.seq)];
      case 'name':
        return [asc(keys.lowerName), asc(keys.seq)];
      case 'relevance':
        return keys.rank ? [desc(keys.rank), asc(keys.seq)] : [asc(keys.seq)];
      default:
        return [asc(keys.seq)];
    }
  }

  /**
   * One page of a narrowed, sorted or searched list, each row with the total. Searched, or in
   * a category, the matches are gathered apart (see gatheredPage); otherwise the page reads
   * the index of its sort order or of its price range.
   */
  async function browsePage(
    query: ProductListQuery,
    n: Narrowing,
    match: SearchMatch | undefined,
    limit: number | undefined,
    offset: number,
  ): Promise<(ProductRow & { total: number })[]> {
    const conditions = [live, ...narrowing(n)];
    if (query.q && match) {
      const rank =
        match === 'words'
          ? sql<number>`ts_rank(${products.search}, ${wordsQuery(query.q)})`
          : sql<number>`word_similarity(${query.q.toLowerCase()}, ${lowerName})`;
      // Names like the search come most alike first unless another sort is asked for.
      const sort = query.sort ?? (match === 'similar' ? 'relevance' : undefined);
      return gatheredPage([...conditions, matches(query.q, match)], rank, sort, limit, offset);
    }
    if (n.categoryIds) return gatheredPage(conditions, undefined, query.sort, limit, offset);
    return listPage(conditions, query.sort, limit, offset);
  }

  /**
   * The rows meeting `conditions`, gathered apart behind an OFFSET fence (as the prepared
   * search's are, above) by the index that finds them (search, trigram or category), then
   * ordered, counted and cut to a page. Left to choose, the planner may walk a sort order's
   * index instead, testing every product, as it reckons each way reads every match anyway.
   */
  async function gatheredPage(
    conditions: SQL[],
    rank: SQL<number> | undefined,
    sort: ProductListQuery['sort'],
    limit: number | undefined,
    offset: number,
  ): Promise<(ProductRow & { total: number })[]> {
    const found = db
      .select({
        ...productColumns,
        seq: products.seq,
        lowerName: sql<string>`${lowerName}`.as('lower_name'),
        rank: (rank ?? sql<number>`0`).as('rank'),
      })
      .from(products)
      .where(and(...conditions))
      .offset(sql.placeholder('gatherApart'))
      .as('found');
    const keys = {
      priceCents: found.priceCents,
      seq: found.seq,
      lowerName: found.lowerName,
      rank: rank && found.rank,
    };
    const page = db
      .select({
        id: found.id,
        name: found.name,
        priceCents: found.priceCents,
        description: found.description,
        img: found.img,
        availableQuantity: found.availableQuantity,
        minOrderQuantity: found.minOrderQuantity,
        sku: found.sku,
        categoryId: found.categoryId,
        total: sql<number>`(count(*) over ())::int`,
      })
      .from(found)
      .orderBy(...ordering(sort, keys))
      .offset(offset);
    return (limit === undefined ? page : page.limit(limit)).execute({ gatherApart: 0 });
  }

  /**
   * A page without a search or category. Narrowed, the page counts its rows as it reads them; not
   * narrowed, it walks the sort order's index for one page only and the live products are
   * counted apart (a count of every row would make the planner read them all, then sort).
   */
  async function listPage(
    conditions: SQL[],
    sort: ProductListQuery['sort'],
    limit: number | undefined,
    offset: number,
  ): Promise<(ProductRow & { total: number })[]> {
    const keys = { priceCents: products.priceCents, seq: products.seq, lowerName };
    if (conditions.length > 1) {
      const page = db
        .select({ ...productColumns, total: sql<number>`(count(*) over ())::int` })
        .from(products)
        .where(and(...conditions))
        .orderBy(...ordering(sort, keys))
        .offset(offset);
      return limit === undefined ? page : page.limit(limit);
    }
    const page = db
      .select(productColumns)
      .from(products)
      .where(live)
      .orderBy(...ordering(sort, keys))
      .offset(offset);
    const [rows, [totals]] = await Promise.all([
      limit === undefined ? page : page.limit(limit),
      db.select({ n: count() }).from(products).where(live),
    ]);
    return rows.map((row) => ({ ...row, total: totals?.n ?? 0 }));
  }

  /**
   * True when some live product has every word of `q`, whatever the filters. Counted, not
   * asked for one row: for one row the planner reads the table until it meets a match, and
   * for words no product has (the case that matters here) that is the whole table.
   */
  async function anyWordMatch(q: string): Promise<boolean> {
    const [row] = await db
      .select({ n: count() })
      .from(products)
      .where(and(live, matches(q, 'words')));
    return (row?.n ?? 0) > 0;
  }

  /**
   * For an empty, filtered answer: how many live products match `q` (or, without words, how
   * many there are) with no filter, and with each filter set taken off alone. One pass over the
   * matches, gathered by the search index; without words, over every live product, as an
   * in-stock list reads them. Only an empty answer asks, and the answer is cached with it.
   */
  async function totalsWithout(
    q: string | undefined,
    match: SearchMatch | undefined,
    n: Narrowing,
  ): Promise<TotalsWithout> {
    const each: Record<SearchFilter, SQL[]> = {
      category: narrowing({ categoryIds: n.categoryIds }),
      price: narrowing({ minPrice: n.minPrice, maxPrice: n.maxPrice }),
      inStock: narrowing({ inStock: n.inStock }),
    };
    const set = searchFilters.filter((filter) => each[filter].length > 0);
    const sku = narrowing({ sku: n.sku });
    const counts: Partial<Record<SearchFilter, SQL<number>>> = {};
    for (const filter of set) {
      const others = set.filter((other) => other !== filter).flatMap((other) => each[other]);
      counts[filter] =
        sql<number>`(count(*) filter (where ${and(sql`true`, ...others, ...sku)}))::int`;
    }
    const [row] = await db
      .select({ filters: sql<number>`count(*)::int`, ...counts })
      .from(products)
      .where(and(live, ...(q && match ? [matches(q, match)] : [])));
    return (row ?? { filters: 0 }) as TotalsWithout;
  }

  async function facetRows(q: string | undefined, match: SearchMatch | undefined, n: Narrowing) {
    const conditions = [live, ...narrowing({ ...n, categoryIds: undefined, inStock: false })];
    if (q && match) conditions.push(matches(q, match));
    const inStockOnly = (aggregate: SQL) => sql`${aggregate} filter (where ${inStock})`;
    return db
      .select({
        categoryId: products.categoryId,
        n: sql<number>`count(*)::int`,
        inStock: sql<number>`(${inStockOnly(sql`count(*)`)})::int`,
        min: sql<number | null>`min(${products.priceCents})`,
        max: sql<number | null>`max(${products.priceCents})`,
        minInStock: sql<number | null>`${inStockOnly(sql`min(${products.priceCents})`)}`,
        maxInStock: sql<number | null>`${inStockOnly(sql`max(${products.priceCents})`)}`,
      })
      .from(products)
      .where(and(...conditions))
      .groupBy(products.categoryId);
  }

  return {
    /**
     * Products in list order (insertion order: the first six are featured), archived ones
     * left out; searched, narrowed and sorted when the query says so. A search that matches
     * no word matches names like it instead (`match: 'similar'`).
     */
    async listProducts(query: ProductListQuery = {}): Promise<ProductPage> {
      const pageSize = query.pageSize ?? (query.page ? 20 : undefined);
      const offset = pageSize ? ((query.page ?? 1) - 1) * pageSize : 0;
      const filtered =
        query.category !== undefined ||
        query.minPrice !== undefined ||
        query.maxPrice !== undefined ||
        query.inStock !== undefined ||
        query.sku !== undefined ||
        query.sort !== undefined;

      if (!filtered && !query.q) {
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
      }

      const n: Narrowing = {
        categoryIds:
          query.category !== undefined ? await categoryIdsFor(query.category) : undefined,
        minPrice: query.minPrice,
        maxPrice: query.maxPrice,
        inStock: query.inStock,
        sku: query.sku,
      };
      const page = (match: SearchMatch | undefined, limit: number | undefined, from: number) =>
        // The plain word search, the hot one, keeps its prepared statement.
        filtered || match !== 'words'
          ? browsePage(query, n, match, limit, from)
          : wordSearch(query.q ?? '', limit, from);
      const counted = async (match: SearchMatch | undefined) => {
        const rows = await page(match, pageSize, offset);
        // A page past the last has no row to carry the total: count apart.
        const total =
          rows[0]?.total ?? (offset > 0 ? ((await page(match, 1, 0))[0]?.total ?? 0) : 0);
        return { rows, total };
      };

      // The filters a buyer sets on a search page (not the sort, nor an exact SKU).
      const narrowed =
        query.category !== undefined ||
        query.minPrice !== undefined ||
        query.maxPrice !== undefined ||
        query.inStock === true;

      if (!query.q) {
        const { rows, total } = await counted(undefined);
        const without =
          total === 0 && narrowed ? await totalsWithout(undefined, undefined, n) : undefined;
        return { products: rows.map(toProduct), total, ...(without && { without }) };
      }
      let match: SearchMatch = 'words';
      let result = await counted('words');
      let without: TotalsWithout | undefined;
      if (result.total === 0) {
        // Words found elsewhere than the filters allow: none here, not names like them.
        if (filtered) without = await totalsWithout(query.q, 'words', n);
        if (!without || without.filters === 0) {
          match = 'similar';
          result = await counted('similar');
          without =
            result.total === 0 && narrowed ? await totalsWithout(query.q, 'similar', n) : undefined;
        }
      }
      return {
        products: result.rows.map(toProduct),
        total: result.total,
        match,
        ...(result.total === 0 && narrowed && without && { without }),
      };
    },

    /** Counts per category (with the ones below it), in stock, and the price range of a search. */
    async facets(query: ProductFacetsQuery): Promise<ProductFacets> {
      const n: Narrowing = { minPrice: query.minPrice, maxPrice: query.maxPrice, sku: query.sku };
      let match: SearchMatch = 'words';
      let rows = await facetRows(query.q, query.q ? 'words' : undefined, n);
      // As the list decides it: similar names only when no live product has the words.
      if (query.q && rows.length === 0 && !(await anyWordMatch(query.q))) {
        match = 'similar';
        rows = await facetRows(query.q, 'similar', n);
      }
      const all = await db
        .select({ _id: categories.id, slug: categories.slug, parentId: categories.parentId })
        .from(categories);
      const counted = (r: (typeof rows)[number]) => (query.inStock ? r.inStock : r.n);
      const chosen =
        query.category === undefined
          ? undefined
          : new Set(
              (() => {
                const c = all.find((x) => x.slug === query.category);
                return c ? categoryAndDescendants(all, c._id) : [];
              })(),
            );
      const inChosen = rows.filter((r) => !chosen || (r.categoryId && chosen.has(r.categoryId)));
      const prices = inChosen
        .map((r) => (query.inStock ? { min: r.minInStock, max: r.maxInStock } : r))
        .filter((r) => r.min !== null && r.max !== null);
      const direct = new Map(rows.map((r) => [r.categoryId, counted(r)]));
      const categoryCounts = all
        .map((c) => ({
          _id: c._id,
          slug: c.slug,
          count: categoryAndDescendants(all, c._id).reduce(
            (sum, id) => sum + (direct.get(id) ?? 0),
            0,
          ),
        }))
        .filter((c) => c.count > 0)
        .sort((a, b) => b.count - a.count || a.slug.localeCompare(b.slug));
      return {
        total: inChosen.reduce((sum, r) => sum + counted(r), 0),
        categories: categoryCounts,
        inStock: inChosen.reduce((sum, r) => sum + r.inStock, 0),
        price:
          prices.length === 0
            ? null
            : {
                min: centsToDollars(Math.min(...prices.map((r) => Number(r.min)))),
                max: centsToDollars(Math.max(...prices.map((r) => Number(r.max)))),
              },
        match,
      };
    },

    async getProduct(id: string): Promise<Product | undefined> {
      const [row] = await db
        .select(productColumns)
        .from(products)
        .where(and(eq(products.id, id), live));
      return row && toProduct(row);
    },

    /** Every live product's id and last change, for the sitemap. */
    async productsForSitemap(): Promise<{ id: string; updatedAt: Date }[]> {
      return db
        .select({ id: products.id, updatedAt: products.updatedAt })
        .from(products)
        .where(live)
        .orderBy(asc(products.seq));
    },

    /**
     * Adds a product. Without a SKU it gets the column's next TY-00042, from the one counter
     * every insert shares; one an admin chose by hand may hold that number, so a clash takes
     * the next (a few times).
     */
    async createProduct(input: ProductFields): Promise<Product> {
      const insert = async () => {
        const [row] = await db
          .insert(products)
          .values({
            ...toColumns(input),
            ...(input.sku !== undefined && { sku: input.sku }),
            categoryId: await knownCategory(db, input.categoryId ?? null),
          })
          .returning(productColumns);
        if (!row) throw new Error('insert returned no row');
        return toProduct(row);
      };
      for (let attempt = 1; ; attempt++) {
        try {
          return await productWrite(input.sku, insert);
        } catch (err) {
          const madeSkuTaken =
            input.sku === undefined && err instanceof AppError && err.fields?.sku !== undefined;
          if (!madeSkuTaken || attempt === 3) throw err;
        }
      }
    },

    async updateProduct(id: string, input: ProductFields) {
      return productWrite(input.sku, async () => {
        const [row] = await db
          .update(products)
          .set({
            ...toColumns(input),
            ...(input.sku !== undefined && { sku: input.sku }),
            ...(input.categoryId !== undefined && {
              categoryId: await knownCategory(db, input.categoryId),
            }),
            updatedAt: new Date(),
          })
          .where(and(eq(products.id, id), live))
          .returning(productColumns);
        return row && toProduct(row);
      });
    },

    /**
     * Deletes a product, or archives it when an order or a cart refers to it. False when there
     * is none. A product in a cart is archived so that its line stays and reads "No longer
     * sold" rather than vanishing; and deleting it would cascade to the cart lines after
     * locking the product, the reverse of a checkout's order (cart, then products: ADR 019).
     */
    async removeProduct(id: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        // Any line of any order refers to it, not only an order's first (orders.item_id).
        const result = await tx.execute<{ kept: boolean }>(sql`
          select exists (select 1 from ${orders} where ${orders.itemId} = ${id})
            or exists (select 1 from ${orderLines} where ${orderLines.itemId} = ${id})
            or exists (select 1 from ${cartLines} where ${cartLines.itemId} = ${id}) as kept`);
        if ((result as unknown as { rows: { kept: boolean }[] }).rows[0]?.kept) {
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

    // Categories: a small tree, read whole.

    /** Every category, by name, with how many live products are filed directly in it. */
    async listCategories(): Promise<Category[]> {
      const [rows, filed] = await Promise.all([
        db
          .select({
            _id: categories.id,
            slug: categories.slug,
            name: categories.name,
            parentId: categories.parentId,
          })
          .from(categories)
          .orderBy(asc(categories.name)),
        db
          .select({ categoryId: products.categoryId, n: count() })
          .from(products)
          .where(live)
          .groupBy(products.categoryId),
      ]);
      const counts = new Map(filed.map((f) => [f.categoryId, f.n]));
      return rows.map((c) => ({ ...c, products: counts.get(c._id) ?? 0 }));
    },

    /** Every category's slug and last change, for the sitemap. */
    async categoriesForSitemap(): Promise<{ slug: string; updatedAt: Date }[]> {
      return db
        .select({ slug: categories.slug, updatedAt: categories.updatedAt })
        .from(categories)
        .orderBy(asc(categories.slug));
    },

    async createCategory(input: {
      name: string;
      slug: string;
      parentId: string | null;
    }): Promise<Category> {
      return uniqueSlug(input.slug, () =>
        db.transaction(async (tx) => {
          await checkParent(tx, undefined, input.parentId);
          const [row] = await tx.insert(categories).values(input).returning({
            _id: categories.id,
            slug: categories.slug,
            name: categories.name,
            parentId: categories.parentId,
          });
          if (!row) throw new Error('insert returned no row');
          return { ...row, products: 0 };
        }),
      );
    },

    /** Renames or moves a category; without a slug it keeps its address (links to it stay good). */
    async updateCategory(
      id: string,
      input: { name: string; slug?: string; parentId: string | null },
    ): Promise<Category | undefined> {
      return uniqueSlug(input.slug ?? '', () =>
        db.transaction(async (tx) => {
          // One tree change at a time, so two moves cannot make a loop between them.
          await tx.execute(sql`lock table ${categories} in share row exclusive mode`);
          const [exists] = await tx
            .select({ id: categories.id })
            .from(categories)
            .where(eq(categories.id, id));
          if (!exists) return undefined;
          await checkParent(tx, id, input.parentId);
          await tx
            .update(categories)
            .set({
              name: input.name,
              parentId: input.parentId,
              ...(input.slug !== undefined && { slug: input.slug }),
              updatedAt: new Date(),
            })
            .where(eq(categories.id, id));
          const [row] = await tx
            .select({
              _id: categories.id,
              slug: categories.slug,
              name: categories.name,
              parentId: categories.parentId,
            })
            .from(categories)
            .where(eq(categories.id, id));
          return row && { ...row, products: await filedIn(tx, id) };
        }),
      );
    },

    /**
     * Deletes an empty category: none below it and no live product in it (archived products
     * in it lose their category). False when there is none; 409 when it is not empty.
     */
    async removeCategory(id: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`lock table ${categories} in share row exclusive mode`);
        const [row] = await tx
          .select({ id: categories.id })
          .from(categories)
          .where(eq(categories.id, id))
          .for('update');
        if (!row) return false;
        const [below] = await tx
          .select({ n: count() })
          .from(categories)
          .where(eq(categories.parentId, id));
        const counts = { children: below?.n ?? 0, products: await filedIn(tx, id) };
        if (counts.children > 0 || counts.products > 0) {
          throw new AppError(
            'conflict',
            counts.children > 0
              ? 'This category has categories under it: move or delete them first.'
              : `This category holds ${counts.products} product${counts.products === 1 ? '' : 's'}: move ${counts.products === 1 ? 'it' : 'them'} to another category first.`,
            409,
          );
        }
        await tx
          .update(products)
          .set({ categoryId: null })
          .where(and(eq(products.categoryId, id), isNotNull(products.archivedAt)));
        await tx.delete(categories).where(eq(categories.id, id));
        return true;
      });
    },
  };
}

export type CatalogRepository = ReturnType<typeof createCatalogRepository>;

/** How many live products are filed directly in category `id`. */
async function filedIn(db: Db | Tx, id: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(products)
    .where(and(eq(products.categoryId, id), live));
  return row?.n ?? 0;
}

/** The category id if it exists; a 400 naming the field otherwise. */
async function knownCategory(db: Db | Tx, id: string | null): Promise<string | null> {
  if (id === null) return null;
  const [row] = await db
    .select({ id: categories.id })
    .from(categories)
    .where(eq(categories.id, id));
  if (!row) throw noSuchCategory();
  return id;
}

const noSuchCategory = () =>
  new AppError('invalid_input', 'That category does not exist.', 400, {
    categoryId: 'That category does not exist.',
  });

/** A parent must exist, must not be the category or below it, and the tree stays shallow. */
async function checkParent(tx: Tx, id: string | undefined, parentId: string | null) {
  if (parentId === null) return;
  const all = await tx
    .select({ _id: categories.id, parentId: categories.parentId })
    .from(categories);
  const refuse = (message: string) =>
    new AppError('invalid_input', message, 400, { parentId: message });
  if (!all.some((c) => c._id === parentId)) throw refuse('That parent category does not exist.');
  if (id && categoryAndDescendants(all, id).includes(parentId)) {
    throw refuse('A category cannot move under itself or a category below it.');
  }
  let depth = 1;
  for (let c = all.find((x) => x._id === parentId); c; c = all.find((x) => x._id === c?.parentId)) {
    depth++;
    if (depth > all.length + 1) break;
  }
  const below = id ? subtreeHeight(all, id) : 0;
  if (depth + below > CATEGORY_MAX_DEPTH) {
    throw refuse(`Categories go at most ${CATEGORY_MAX_DEPTH} levels deep.`);
  }
}

/** How many levels sit below `id` (0 for a leaf). */
function subtreeHeight(all: { _id: string; parentId: string | null }[], id: string): number {
  const children = all.filter((c) => c.parentId === id);
  return children.length === 0
    ? 0
    : 1 + Math.max(...children.map((c) => subtreeHeight(all, c._id)));
}

/**
 * A product write, its clashes named: a SKU taken (409), or a category deleted between the
 * check and the write (400, as when it never existed).
 */
async function productWrite<T>(sku: string | undefined, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    const constraint = violatedConstraint(err);
    if (constraint === 'products_sku_idx') {
      const message = sku
        ? `Another product already has the SKU ${sku}.`
        : 'The SKU made for this product is taken: give it one.';
      throw new AppError('conflict', message, 409, { sku: message });
    }
    if (constraint === 'products_category_id_categories__id_fk') throw noSuchCategory();
    throw err;
  }
}

async function uniqueSlug<T>(slug: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (violatedConstraint(err) === 'categories_slug_unique') {
      const message = `Another category already has the address ${slug}.`;
      throw new AppError('conflict', message, 409, { slug: message });
    }
    throw err;
  }
}

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
    price: centsToDollars(shownCents(anyone, row)),
    description: row.description,
    img: row.img,
    AvailableQuantity: row.availableQuantity,
    MinOrderQuantity: row.minOrderQuantity,
    sku: row.sku,
    categoryId: row.categoryId,
  };
}
