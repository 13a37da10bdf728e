import { inArray } from 'drizzle-orm';
import { products } from '../../src/db/schema.js';
import type { Database } from '../../src/db/client.js';

let counter = 0;

/** Inserts a product straight into the database; returns its id. */
export async function createProduct(
  database: Database,
  overrides: Partial<typeof products.$inferInsert> = {},
): Promise<string> {
  const [row] = await database.db
    .insert(products)
    .values({
      name: `Test Tool ${(counter++).toString(36)}`,
      description: 'A tool made for tests.',
      priceCents: 1250,
      img: '/images/tools/claw-hammer.svg',
      availableQuantity: 100,
      minOrderQuantity: 1,
      ...overrides,
    })
    .returning({ id: products.id });
  if (!row) throw new Error('no product inserted');
  return row.id;
}

/** Each product's stock now, in the order of `ids` (undefined for an id with no product). */
export async function stocksOf(database: Database, ids: string[]): Promise<(number | undefined)[]> {
  const rows = await database.db
    .select({ id: products.id, n: products.availableQuantity })
    .from(products)
    .where(inArray(products.id, ids));
  return ids.map((id) => rows.find((row) => row.id === id)?.n);
}

/** One product's stock now. */
export async function stockOf(database: Database, id: string): Promise<number | undefined> {
  return (await stocksOf(database, [id]))[0];
}
