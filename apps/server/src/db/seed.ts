import { count, sql } from 'drizzle-orm';
import type { Db } from './client.js';
import { appMeta, categories, products, reviews } from './schema.js';
import { seedCategories, seedProducts, seedReviews } from './seed-data.js';

const SEEDED_KEY = 'demo_data_seeded_at';

export type SeedResult =
  | { seeded: true; products: number; reviews: number }
  | { seeded: false; reason: 'already_seeded' | 'has_data' };

/**
 * Seeds the demo catalog into an empty database, once in its life: a marker row
 * records the seeding, so deleting every product later does not bring the demo back.
 * The marker is claimed inside the transaction, so two instances starting together seed once.
 */
export async function seedDemoData(db: Db): Promise<SeedResult> {
  return db.transaction(async (tx) => {
    const [marker] = await tx
      .insert(appMeta)
      .values({ key: SEEDED_KEY, value: new Date().toISOString() })
      .onConflictDoNothing()
      .returning({ key: appMeta.key });
    if (!marker) return { seeded: false, reason: 'already_seeded' };

    const [productRows] = await tx.select({ n: count() }).from(products);
    const [reviewRows] = await tx.select({ n: count() }).from(reviews);
    if ((productRows?.n ?? 0) > 0 || (reviewRows?.n ?? 0) > 0) {
      return { seeded: false, reason: 'has_data' };
    }
    return insertDemoData(tx);
  });
}

/** Throws away the catalog and reviews and puts the demo data back (`npm run db:seed -- --reset`). */
export async function resetDemoData(db: Db): Promise<SeedResult> {
  return db.transaction(async (tx) => {
    // CASCADE reaches whatever references the catalog (orders, later): a reset is a reset.
    await tx.execute(
      sql`truncate table ${products}, ${categories}, ${reviews} restart identity cascade`,
    );
    await tx
      .insert(appMeta)
      .values({ key: SEEDED_KEY, value: new Date().toISOString() })
      .onConflictDoUpdate({
        target: appMeta.key,
        set: { value: new Date().toISOString(), updatedAt: new Date() },
      });
    return insertDemoData(tx);
  });
}

async function insertDemoData(tx: Pick<Db, 'insert'>): Promise<SeedResult> {
  const ids = new Map<string, string>();
  for (const c of seedCategories) {
    const [row] = await tx
      .insert(categories)
      .values({ slug: c.slug, name: c.name, parentId: c.parent ? ids.get(c.parent) : null })
      .returning({ id: categories.id });
    if (row) ids.set(c.slug, row.id);
  }
  await tx.insert(products).values(
    seedProducts.map((p) => ({
      sku: p.sku,
      categoryId: ids.get(p.category) ?? null,
      name: p.name,
      description: p.description,
      priceCents: p.priceCents,
      img: p.img,
      availableQuantity: p.availableQuantity,
      minOrderQuantity: p.minOrderQuantity,
    })),
  );
  await tx.insert(reviews).values(seedReviews.map((r) => ({ ...r })));
  return { seeded: true, products: seedProducts.length, reviews: seedReviews.length };
}
