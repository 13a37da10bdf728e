import { asc, count, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database, Db } from '../src/db/client.js';
import { categories, products, reviews } from '../src/db/schema.js';
import { seedProducts, seedReviews } from '../src/db/seed-data.js';
import { resetDemoData, seedDemoData } from '../src/db/seed.js';
import { createTestDatabase } from './helpers/test-database.js';

const demoCounts = { products: seedProducts.length, reviews: seedReviews.length };

async function counts(db: Db) {
  const [p] = await db.select({ n: count() }).from(products);
  const [r] = await db.select({ n: count() }).from(reviews);
  return { products: p?.n, reviews: r?.n };
}

const customProduct = {
  name: 'Shop Own Hammer',
  description: 'Added by the shop before any seeding.',
  priceCents: 1500,
  img: '/images/tools/claw-hammer.svg',
  availableQuantity: 7,
  minOrderQuantity: 1,
};

// These tests follow one database through its life, in order.
describe('seedDemoData on a new database', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it('seeds the demo catalog and reviews into the empty database', async () => {
    expect(await seedDemoData(database.db)).toEqual({ seeded: true, ...demoCounts });
    expect(await counts(database.db)).toEqual(demoCounts);
  });

  it('answers already_seeded the second time and changes nothing', async () => {
    expect(await seedDemoData(database.db)).toEqual({ seeded: false, reason: 'already_seeded' });
    expect(await counts(database.db)).toEqual(demoCounts);
  });

  it('does not bring the demo back after every product was deleted', async () => {
    await database.db.delete(products);

    expect(await seedDemoData(database.db)).toEqual({ seeded: false, reason: 'already_seeded' });
    expect(await counts(database.db)).toEqual({ products: 0, reviews: demoCounts.reviews });
  });
});

describe('seedDemoData on a database that already has data', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it('answers has_data and leaves the catalog as it was', async () => {
    const [own] = await database.db
      .insert(products)
      .values(customProduct)
      .returning({ id: products.id });

    expect(await seedDemoData(database.db)).toEqual({ seeded: false, reason: 'has_data' });

    expect(await counts(database.db)).toEqual({ products: 1, reviews: 0 });
    const rows = await database.db.select({ id: products.id, name: products.name }).from(products);
    expect(rows).toEqual([{ id: own?.id, name: customProduct.name }]);

    // A database that once held real data never gets demo data, even after it is emptied.
    await database.db.delete(products);
    expect(await seedDemoData(database.db)).toEqual({ seeded: false, reason: 'already_seeded' });
    expect(await counts(database.db)).toEqual({ products: 0, reviews: 0 });
  });
});

describe('resetDemoData', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
    await seedDemoData(database.db);
  });
  afterAll(async () => {
    await database.close();
  });

  it('puts back exactly the demo rows after edits', async () => {
    const { db } = database;
    await db.update(products).set({ priceCents: 1, availableQuantity: 0 });
    await db.delete(products).where(eq(products.name, seedProducts[0]?.name ?? ''));
    await db.insert(products).values(customProduct);
    await db.delete(reviews).where(eq(reviews.rating, 5));
    await db.insert(reviews).values({ name: 'Not A Demo Review', words: 'Edited in.', rating: 1 });

    expect(await resetDemoData(db)).toEqual({ seeded: true, ...demoCounts });

    const productRows = await db
      .select({
        name: products.name,
        description: products.description,
        priceCents: products.priceCents,
        img: products.img,
        availableQuantity: products.availableQuantity,
        minOrderQuantity: products.minOrderQuantity,
        sku: products.sku,
        category: categories.slug,
      })
      .from(products)
      .leftJoin(categories, eq(categories.id, products.categoryId))
      .orderBy(asc(products.seq));
    expect(productRows).toEqual(seedProducts);
    const reviewRows = await db
      .select({ name: reviews.name, words: reviews.words, rating: reviews.rating })
      .from(reviews)
      .orderBy(asc(reviews.seq));
    expect(reviewRows).toEqual(seedReviews);
  });

  it('leaves the database marked as seeded', async () => {
    expect(await seedDemoData(database.db)).toEqual({ seeded: false, reason: 'already_seeded' });
    expect(await counts(database.db)).toEqual(demoCounts);
  });
});

describe('seedDemoData called by two instances at once', () => {
  let database: Database;
  beforeEach(async () => {
    database = await createTestDatabase();
  });
  afterEach(async () => {
    await database.close();
  });

  it('seeds once', async () => {
    const results = await Promise.all([seedDemoData(database.db), seedDemoData(database.db)]);

    expect(results).toContainEqual({ seeded: true, ...demoCounts });
    expect(results).toContainEqual({ seeded: false, reason: 'already_seeded' });
    expect(await counts(database.db)).toEqual(demoCounts);
  });
});
