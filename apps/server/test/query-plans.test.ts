import type { PGlite } from '@electric-sql/pglite';
import { sql, TransactionRollbackError, type Logger } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.js';
import * as schema from '../src/db/schema.js';
import { createCatalogRepository } from '../src/modules/catalog/catalog.repository.js';
import { expireUnpaid, remindUnpaid } from '../src/modules/orders/order-life.repository.js';
import { createOrdersRepository } from '../src/modules/orders/orders.repository.js';
import { createReviewsRepository } from '../src/modules/reviews/reviews.repository.js';
import { createTestDatabase, type TestDatabase } from './helpers/test-database.js';

// Issue 7: an index for every query. On a catalog and an order book big enough that the planner
// prefers an index when one fits, each query the shop's lists run is explained with the
// parameters it ran with, and no plan may read the products or orders table from end to end.

const PRODUCTS = 10_000;
const ORDERS = 10_000;
const BUYERS = 400;
// Reviews, one in fifty hidden by an admin: the admins' list of hidden ones is a small share.
const REVIEWS = 10_000;
const HIDDEN_ONE_IN = 50;
// Twenty woods and metals, one per product in turn: a search for one finds 1 product in 20.
const MATERIALS = `array['oak','ash','walnut','maple','beech','birch','cherry','pine','cedar','teak',
  'steel','brass','copper','bronze','iron','titanium','aluminium','carbide','chrome','nickel']`;
// Twenty-five kinds of tool name the products in turn ("Chisel 00042"): a typo of one finds
// its kind by the names' trigrams, 1 product in 25.
const KINDS = `array['Hammer','Chisel','Wrench','Pliers','Handsaw','Drill','Level','Clamp','Rasp',
  'Mallet','Trowel','Sander','Router','Planer','Grinder','Spanner','Scraper','Punch','Awl',
  'Vise','Jigsaw','Stapler','Crowbar','Shears','Anvil']`;
// Issue 19: six top categories of five each; every product sits in one of the thirty below.
const ROOTS = 6;
const CHILDREN = 5;

interface Ran {
  text: string;
  params: unknown[];
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

type Explain = (ran: Ran, generic?: boolean) => Promise<PlanNode[]>;

describe('query plans on 10,000 products and 10,000 orders', () => {
  let database: TestDatabase;
  let ran: Ran[];
  let db: Db;
  let explain: Explain;

  beforeAll(async () => {
    database = await createTestDatabase();
    await database.db.execute(
      sql.raw(`
      insert into categories (slug, name)
      select 'root-' || r, 'Root ' || r from generate_series(1, ${ROOTS}) as r`),
    );
    await database.db.execute(
      sql.raw(`
      insert into categories (slug, name, parent_id)
      select 'leaf-' || r || '-' || c, 'Leaf ' || r || '-' || c,
             (select _id from categories where slug = 'root-' || r)
      from generate_series(1, ${ROOTS}) as r, generate_series(1, ${CHILDREN}) as c`),
    );
    // Prices spread from $5 to $1,004.99 in no order; stock from 0 to 199 against minimums
    // of 1 to 12, so some products are out of stock.
    await database.db.execute(
      sql.raw(`
      insert into products (name, description, price_cents, img, "AvailableQuantity",
                            "MinOrderQuantity", category_id)
      select (${KINDS})[1 + i % 25] || ' ' || lpad(i::text, 5, '0'),
             'A ' || (${MATERIALS})[1 + i % 20] || '-handled tool, balanced for a full day.',
             500 + (i * 7919) % 100000, '/images/tools/claw-hammer.svg', (i * 31) % 200,
             1 + i % 12,
             (select _id from categories
              where slug = 'leaf-' || (1 + i % ${ROOTS}) || '-' || (1 + (i / ${ROOTS}) % ${CHILDREN}))
      from generate_series(0, ${PRODUCTS - 1}) as i`),
    );
    await database.db.execute(
      sql.raw(`
      insert into orders (item_id, item_name, order_quantity, price_cents, total_cents,
                          buyer_name, buyer_email, payment_status, fulfilment_status,
                          cancelled_at, created_at, expires_at)
      select (select _id from products order by seq limit 1), 'Hammer 00000', 1, 500, 500,
             'Buyer ' || i % ${BUYERS}, 'Buyer' || i % ${BUYERS} || '@example.com',
             -- pending, paid, shipped and cancelled in turn
             (array['unpaid','paid','paid','unpaid'])[1 + i % 4],
             (array['unfulfilled','unfulfilled','shipped','unfulfilled'])[1 + i % 4],
             case when i % 4 = 3 then now() end,
             now() - i * interval '1 minute',
             -- an unpaid order is held for half an hour
             case when i % 4 = 0 then now() - i * interval '1 minute' + interval '30 minutes' end
      from generate_series(1, ${ORDERS}) as i`),
    );
    await database.db.execute(
      sql.raw(`
      insert into reviews (name, words, rating, created_at, hidden_at)
      select 'Buyer ' || i, 'Solid tool.', 1 + i % 5, now() - i * interval '1 hour',
             case when i % ${HIDDEN_ONE_IN} = 0 then now() - i * interval '1 minute' end
      from generate_series(1, ${REVIEWS}) as i`),
    );
    await database.db.execute(sql`analyze products`);
    await database.db.execute(sql`analyze orders`);
    await database.db.execute(sql`analyze categories`);
    await database.db.execute(sql`analyze reviews`);

    ran = [];
    const logger: Logger = { logQuery: (text, params) => void ran.push({ text, params }) };
    // The repositories run on a handle that records each query; explaining uses the same client.
    const client = (database.db as unknown as { $client: PGlite | pg.Pool }).$client;
    if (database.kind === 'pglite') {
      const lite = client as PGlite;
      db = drizzlePglite({ client: lite, schema, logger }) as unknown as Db;
      explain = (query, generic) =>
        explainOn((text, params) => lite.query(text, params), query, generic);
    } else {
      const pool = client as pg.Pool;
      db = drizzlePg({ client: pool, schema, logger }) as unknown as Db;
      explain = async (query, generic) => {
        const conn = await pool.connect();
        try {
          return await explainOn((text, params) => conn.query(text, params), query, generic);
        } finally {
          conn.release();
        }
      };
    }
  }, 120_000);
  afterAll(async () => database?.close());

  /** The queries `call` runs, each with the plan nodes of its plan. */
  async function plansOf(call: () => Promise<unknown>, generic = false) {
    ran.length = 0;
    await call();
    // A transaction's own statements (begin, rollback) have no plan.
    const queries = ran.filter((q) => !/^(begin|commit|rollback)\b/i.test(q.text));
    return Promise.all(
      queries.map(async (q) => ({ text: q.text, nodes: await explain(q, generic) })),
    );
  }

  // Counting every live product or every order reads them all, whichever way, and so does
  // counting the orders of one status, which hold a large share of all (here a quarter): those
  // counts are the only queries allowed to read a whole table.
  const countsALargeShare =
    /^select count\(\*\) from "(orders"( where "orders"\."(status|fulfilment_status)" = \$1)?|products" where "products"\."archived_at" is null)$/;

  function expectNoFullScan(plans: { text: string; nodes: PlanNode[] }[]) {
    expect(plans.length).toBeGreaterThan(0);
    for (const { text, nodes } of plans) {
      if (countsALargeShare.test(text)) continue;
      const fullScans = nodes.filter(
        (n) =>
          n['Node Type'] === 'Seq Scan' &&
          ['products', 'orders'].includes(n['Relation Name'] ?? ''),
      );
      expect(fullScans, text).toEqual([]);
    }
  }

  it('lists a page of the catalog and one product by index', async () => {
    const catalog = createCatalogRepository(db);
    expectNoFullScan(await plansOf(() => catalog.listProducts({ page: 3 })));
    const [first] = (await catalog.listProducts({ page: 1 })).products;
    if (!first) throw new Error('the catalog is empty');
    expectNoFullScan(await plansOf(() => catalog.getProduct(first._id)));
  });

  it.each([
    ['a word in 1 product in 20', 'walnut'],
    ['a word in one product', '00042'],
  ])(
    'gathers the matches of a search through the search index: %s, in the plan made for its value and in the generic one',
    async (_name, q) => {
      const catalog = createCatalogRepository(db);
      for (const generic of [false, true]) {
        const plans = await plansOf(() => catalog.listProducts({ q, page: 1 }), generic);
        expectNoFullScan(plans);
        const indexes = plans.flatMap((p) => p.nodes.map((n) => n['Index Name']));
        // Walking the list in order instead, testing every product, is the plan to avoid.
        expect(indexes).toContain('products_search_idx');
        expect(indexes).not.toContain('products_live_seq_idx');
      }
    },
  );

  /** The names of the indexes the plans read. */
  const indexesOf = (plans: { nodes: PlanNode[] }[]) =>
    plans.flatMap((p) => p.nodes.map((n) => n['Index Name']).filter(Boolean));

  it.each([
    ['a category without sub-categories', 'leaf-2-3'],
    ['a category with five below it', 'root-4'],
  ])('lists a page of %s by its index', async (_name, category) => {
    const catalog = createCatalogRepository(db);
    const plans = await plansOf(() => catalog.listProducts({ category, page: 2 }));
    expectNoFullScan(plans);
    expect(indexesOf(plans)).toContain('products_category_seq_idx');
  });

  it('lists a price range sorted by price by the price index', async () => {
    const catalog = createCatalogRepository(db);
    for (const sort of ['price', '-price'] as const) {
      const plans = await plansOf(() =>
        catalog.listProducts({ minPrice: 100, maxPrice: 120, sort, page: 1 }),
      );
      expectNoFullScan(plans);
      expect(indexesOf(plans)).toContain('products_live_price_idx');
    }
  });

  it('lists a page sorted by name by the name index', async () => {
    const catalog = createCatalogRepository(db);
    const plans = await plansOf(() => catalog.listProducts({ sort: 'name', page: 3 }));
    expectNoFullScan(plans);
    expect(indexesOf(plans)).toContain('products_live_name_idx');
  });

  // Needs products_name_trgm_idx WITH (fastupdate = false), as products_search_idx has: the
  // products added after the index was built otherwise wait in its pending list, which the
  // planner prices above reading the whole table (and a scan must read besides the index).
  it('finds names like a typo by the trigram index, after the word search found none', async () => {
    const catalog = createCatalogRepository(db);
    let match: string | undefined;
    const plans = await plansOf(async () => {
      const page = await catalog.listProducts({ q: 'chisl', page: 1 });
      match = page.match;
      expect(page.total).toBe(PRODUCTS / 25);
    });
    expect(match).toBe('similar');
    expectNoFullScan(plans);
    expect(indexesOf(plans)).toContain('products_search_idx');
    expect(indexesOf(plans)).toContain('products_name_trgm_idx');
    // And narrowed and sorted, still by the trigram index.
    const narrowed = await plansOf(() =>
      catalog.listProducts({ q: 'chisl', maxPrice: 500, inStock: true, sort: 'name', page: 1 }),
    );
    expectNoFullScan(narrowed);
    expect(indexesOf(narrowed)).toContain('products_name_trgm_idx');
  });

  it.each([
    ['in a category with five below it', { category: 'root-3' }],
    ['in a price range, sorted by price', { minPrice: 5, maxPrice: 800, sort: 'price' as const }],
    ['in stock, sorted by name', { inStock: true, sort: 'name' as const }],
    [
      'by relevance, everything narrowed',
      { category: 'leaf-1-3', maxPrice: 900, sort: 'relevance' as const },
    ],
  ])(
    'gathers the matches of a narrowed search through the search index: %s',
    async (_n, narrow) => {
      const catalog = createCatalogRepository(db);
      const plans = await plansOf(() => catalog.listProducts({ q: 'walnut', page: 1, ...narrow }));
      expectNoFullScan(plans);
      const indexes = indexesOf(plans);
      expect(indexes).toContain('products_search_idx');
      // Walking a sort order's or a category's index, testing every product, is the plan to avoid.
      for (const walked of ['products_live_seq_idx', 'products_live_name_idx']) {
        expect(indexes).not.toContain(walked);
      }
    },
  );

  it('counts the facets of a search by the search or trigram index, and of a price range by the price index', async () => {
    const catalog = createCatalogRepository(db);
    for (const [query, index] of [
      [{ q: 'walnut' }, 'products_search_idx'],
      [{ q: 'walnut', category: 'root-1', maxPrice: 300, inStock: true }, 'products_search_idx'],
      [{ q: 'chisl' }, 'products_name_trgm_idx'],
      [{ minPrice: 100, maxPrice: 120 }, 'products_live_price_idx'],
    ] as const) {
      const plans = await plansOf(() => catalog.facets(query));
      expectNoFullScan(plans);
      expect(indexesOf(plans), JSON.stringify(query)).toContain(index);
    }
  });

  it('reads the whole catalog only for facets no filter narrows', async () => {
    // Counts for every category, the in-stock count and the price range of every live
    // product: each needs every live row, so reading the table is the cheapest plan. The
    // category and in-stock choices do not narrow that read: the counts of the other
    // categories and of all stock are facets too. The answer is cached until a product changes.
    const catalog = createCatalogRepository(db);
    for (const query of [{}, { category: 'root-3' }, { inStock: true }]) {
      const plans = await plansOf(() => catalog.facets(query));
      const [facetQuery] = plans.filter((p) => /group by/.test(p.text));
      expect(facetQuery?.nodes.some((n) => n['Node Type'] === 'Seq Scan')).toBe(true);
      const where = facetQuery?.text.split(' where ')[1]?.split(' group by ')[0];
      expect(where).toBe('"products"."archived_at" is null');
    }
  });

  it('lists a page of the hidden reviews, most recently hidden first, and counts them by the hidden index', async () => {
    const reviews = createReviewsRepository(db);
    for (const page of [1, 3]) {
      const plans = await plansOf(() => reviews.listHidden(page, 20));
      expect(plans).toHaveLength(2);
      for (const { text, nodes } of plans) {
        expect(
          nodes.some((n) => n['Index Name'] === 'reviews_hidden_idx'),
          text,
        ).toBe(true);
        expect(
          nodes.filter((n) => n['Node Type'] === 'Seq Scan' && n['Relation Name'] === 'reviews'),
          text,
        ).toEqual([]);
        // The index gives the rows in the list's order: nothing is sorted after reading them.
        expect(
          nodes.filter((n) => n['Node Type'] === 'Sort'),
          text,
        ).toEqual([]);
      }
    }
  });

  it("lists a buyer's orders, orders by status and a page of all orders by index", async () => {
    const orders = createOrdersRepository(db);
    expectNoFullScan(
      await plansOf(() =>
        orders.list({
          buyerEmail: 'buyer7@example.com',
          page: 1,
          pageSize: 10,
        }),
      ),
    );
    expectNoFullScan(await plansOf(() => orders.list({ status: 'paid', page: 1, pageSize: 10 })));
    expectNoFullScan(
      await plansOf(() => orders.list({ status: 'shipped', page: 1, pageSize: 10 })),
    );
    expectNoFullScan(await plansOf(() => orders.list({ page: 2, pageSize: 10 })));
  });

  it('finds the unpaid orders to remind and those whose hold has ended by index', async () => {
    const plans = await plansOf(() =>
      db
        .transaction(async (tx) => {
          await remindUnpaid(tx);
          expect((await expireUnpaid(tx, 500)).length).toBe(500);
          // Only the plans are wanted: the orders stay as they were.
          tx.rollback();
        })
        .catch((err: unknown) => {
          if (!(err instanceof TransactionRollbackError)) throw err;
        }),
    );
    const job = plans.filter(({ text }) => /expires_at (>|<=) now\(\)/.test(text));
    expect(job).toHaveLength(2);
    expectNoFullScan(job);
    for (const { nodes } of job) {
      expect(nodes.map((n) => n['Index Name'])).toContain('orders_pending_expires_idx');
    }
  });
});

type Run = (text: string, params?: unknown[]) => Promise<{ rows: unknown[] }>;

/**
 * The plan of `query` with its parameters: the one made for those values or, with `generic`,
 * the one PostgreSQL keeps for a named statement whatever the values (as the search runs).
 */
async function explainOn(run: Run, query: Ran, generic = false): Promise<PlanNode[]> {
  if (!generic)
    return planOf((await run(`explain (format json) ${query.text}`, query.params)).rows);
  await run('set plan_cache_mode = force_generic_plan');
  await run(`prepare plan_check as ${query.text}`);
  try {
    const values = query.params.map(literal).join(', ');
    return planOf((await run(`explain (format json) execute plan_check(${values})`)).rows);
  } finally {
    await run('deallocate plan_check');
    await run('reset plan_cache_mode');
  }
}

function literal(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'number') return String(value);
  return `'${String(value).replaceAll("'", "''")}'`;
}

function planOf(rows: unknown[]): PlanNode[] {
  const cell = Object.values(rows[0] as Record<string, unknown>)[0];
  const [top] = (typeof cell === 'string' ? JSON.parse(cell) : cell) as [{ Plan: PlanNode }];
  const nodes: PlanNode[] = [];
  const walk = (node: PlanNode) => {
    nodes.push(node);
    node.Plans?.forEach(walk);
  };
  walk(top.Plan);
  return nodes;
}
