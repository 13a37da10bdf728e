import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../src/db/schema.js';
import { seedProducts } from '../src/db/seed-data.js';
import { buildTestApp, type TestApp } from './helpers/build-test-app.js';

const productFields = [
  '_id',
  'name',
  'price',
  'description',
  'img',
  'AvailableQuantity',
  'MinOrderQuantity',
  'sku',
  'categoryId',
];

describe('GET /api/tool on the demo catalog', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ seed: true });
  });
  afterAll(async () => {
    await t.close();
  });

  it('lists the 14 demo products in seed order', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/tool' });

    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const body = res.json<Record<string, unknown>[]>();
    expect(body).toHaveLength(14);
    expect(body.map((p) => p.name)).toEqual(seedProducts.map((p) => p.name));
  });

  it("sends the spec's fields (and the SKU and category), numbers as JSON numbers and price in dollars", async () => {
    const body = (await t.app.inject({ method: 'GET', url: '/api/tool' })).json<
      Record<string, unknown>[]
    >();

    body.forEach((product, i) => {
      const seed = seedProducts[i];
      expect(Object.keys(product).sort()).toEqual([...productFields].sort());
      expect(product).toEqual({
        _id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        name: seed?.name,
        price: (seed?.priceCents ?? 0) / 100,
        description: seed?.description,
        img: seed?.img,
        AvailableQuantity: seed?.availableQuantity,
        MinOrderQuantity: seed?.minOrderQuantity,
        sku: seed?.sku,
        categoryId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      });
      expect(typeof product.price).toBe('number');
      expect(typeof product.AvailableQuantity).toBe('number');
      expect(typeof product.MinOrderQuantity).toBe('number');
    });
    expect(new Set(body.map((p) => p._id)).size).toBe(14);
  });
});

describe('an empty catalog', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('GET /api/tool answers an empty list', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/tool' });

    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  describe('database constraints on products', () => {
    const valid = {
      name: 'Test Hammer',
      description: 'A hammer for tests.',
      priceCents: 1000,
      img: '/images/tools/claw-hammer.svg',
      availableQuantity: 10,
      minOrderQuantity: 1,
    };

    const productCount = async () => {
      const [row] = await t.database.db.select({ n: count() }).from(products);
      return row?.n ?? 0;
    };

    it('accept a product with valid figures, down to zero stock', async () => {
      const [row] = await t.database.db
        .insert(products)
        .values({ ...valid, availableQuantity: 0 })
        .returning({ id: products.id });

      expect(row?.id).toBeDefined();
      expect(await productCount()).toBe(1);
      // Leave the catalog empty for the other tests.
      await t.database.db.delete(products);
    });

    it.each([
      ['negative AvailableQuantity', { availableQuantity: -1 }, 'products_available_nonnegative'],
      ['MinOrderQuantity 0', { minOrderQuantity: 0 }, 'products_min_order_at_least_one'],
      ['price 0', { priceCents: 0 }, 'products_price_positive'],
    ])('refuse a product with %s', async (_label, override, constraint) => {
      const insert = t.database.db.insert(products).values({ ...valid, ...override });

      await expect(insert).rejects.toSatisfy((err) => errorChainMentions(err, constraint));
      expect(await productCount()).toBe(0);
    });
  });
});

/** Drizzle wraps the driver's error; the constraint name sits somewhere in the cause chain. */
function errorChainMentions(err: unknown, text: string): boolean {
  for (let e = err; e instanceof Error; e = e.cause) {
    const constraint = (e as { constraint?: unknown }).constraint;
    if (constraint === text || e.message.includes(text)) return true;
  }
  return false;
}
