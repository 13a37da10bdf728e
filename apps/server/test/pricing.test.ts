import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  anyone,
  buyerSql,
  pricingColumns,
  quote,
  refusalText,
  sellableSql,
  unitCentsSql,
  type PricedProduct,
} from '../src/modules/catalog/pricing.repository.js';
import { createProduct } from './helpers/catalog.js';
import { createTestDatabase, type TestDatabase } from './helpers/test-database.js';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database?.close();
});

/** Products at every edge the rule has: sold or not, stock above, at, below the minimum, none. */
const shapes: PricedProduct[] = [
  { priceCents: 1250, available: 100, min: 1, archivedAt: null },
  { priceCents: 2249, available: 10, min: 5, archivedAt: null },
  { priceCents: 999, available: 5, min: 5, archivedAt: null },
  { priceCents: 999, available: 3, min: 5, archivedAt: null },
  { priceCents: 4999, available: 0, min: 1, archivedAt: null },
  { priceCents: 1899, available: 50, min: 2, archivedAt: new Date('2026-11-01T00:00:00Z') },
];
const quantities = [1, 2, 3, 4, 5, 6, 9, 10, 11, 50, 100, 101];

describe('pricing', () => {
  it('says the same in SQL as in TypeScript, for every product shape and quantity', async () => {
    for (const shape of shapes) {
      const id = await createProduct(database, {
        priceCents: shape.priceCents,
        availableQuantity: shape.available,
        minOrderQuantity: shape.min,
        archivedAt: shape.archivedAt,
      });
      for (const buyer of [anyone, 'a-buyer']) {
        for (const q of quantities) {
          const result = await database.db.execute<{ sellable: boolean; unit: number | string }>(
            sql`select ${sellableSql('p', sql`${q}::integer`)} as sellable,
                       ${unitCentsSql(buyerSql(buyer), 'p', sql`${q}::integer`)} as unit
                from (select ${pricingColumns('products')} from products) p
                where p."_id" = ${id}`,
          );
          const [row] = (result as unknown as { rows: { sellable: boolean; unit: unknown }[] })
            .rows;
          const answer = quote(buyer, shape, q);
          expect({ sellable: row?.sellable, unit: Number(row?.unit) }, `${id} at ${q}`).toEqual({
            sellable: answer.refusal === undefined,
            unit: answer.unitCents ?? shape.priceCents,
          });
        }
      }
    }
  });

  it('takes several lines of one product together only when each meets the minimum and all fit', async () => {
    const id = await createProduct(database, { availableQuantity: 10, minOrderQuantity: 3 });
    const fits = async (smallest: number, total: number) => {
      const result = await database.db.execute<{ ok: boolean }>(
        sql`select ${sellableSql('products', sql`${smallest}::integer`, sql`${total}::integer`)} as ok
            from products where "_id" = ${id}`,
      );
      return (result as unknown as { rows: { ok: boolean }[] }).rows[0]?.ok;
    };
    expect(await fits(3, 10)).toBe(true);
    expect(await fits(2, 10)).toBe(false);
    expect(await fits(3, 11)).toBe(false);
  });

  it('names why a line cannot be had', () => {
    const product = { priceCents: 100, available: 10, min: 5, archivedAt: null };
    const why = (p: PricedProduct | undefined, q: number) => {
      const { refusal } = quote(anyone, p, q);
      return refusal && refusalText(refusal);
    };
    expect(why(product, 5)).toBeUndefined();
    expect(why(product, 10)).toBeUndefined();
    expect(why(product, 4)).toBe('Order at least 5');
    expect(why(product, 11)).toBe('Only 10 left');
    expect(why({ ...product, available: 3 }, 5)).toBe('Out of stock');
    expect(why({ ...product, available: 0, min: 1 }, 1)).toBe('Out of stock');
    expect(why({ ...product, archivedAt: new Date() }, 5)).toBe('No longer sold');
    expect(why(undefined, 5)).toBe('No longer sold');
  });
});
