import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { returnStock } from '../src/modules/catalog/stock.repository.js';
import { createProduct, stocksOf } from './helpers/catalog.js';
import { createTestDatabase, type TestDatabase } from './helpers/test-database.js';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database?.close();
});

const stockOf = async (ids: string[]) => {
  const stocks = await stocksOf(database, ids);
  return Object.fromEntries(ids.map((id, i) => [id, stocks[i]]));
};

describe('returnStock', () => {
  it("puts every line's quantity back once, archived products and repeated items too", async () => {
    const drill = await createProduct(database, { availableQuantity: 10 });
    const screws = await createProduct(database, { availableQuantity: 0 });
    const blade = await createProduct(database, { availableQuantity: 5, archivedAt: new Date() });
    const other = await createProduct(database, { availableQuantity: 7 });
    await database.db.transaction((tx) =>
      returnStock(tx, [
        { itemId: screws, quantity: 200 },
        { itemId: drill, quantity: 2 },
        { itemId: blade, quantity: 1 },
        { itemId: drill, quantity: 3 },
      ]),
    );
    expect(await stockOf([drill, screws, blade, other])).toEqual({
      [drill]: 15,
      [screws]: 200,
      [blade]: 6,
      [other]: 7,
    });
  });

  it('does nothing for no lines', async () => {
    await database.db.transaction((tx) => returnStock(tx, []));
  });

  it('returns nothing when the transaction rolls back', async () => {
    const drill = await createProduct(database, { availableQuantity: 4 });
    await expect(
      database.db.transaction(async (tx) => {
        await returnStock(tx, [{ itemId: drill, quantity: 4 }]);
        throw new Error('the order change failed');
      }),
    ).rejects.toThrow('the order change failed');
    expect(await stockOf([drill])).toEqual({ [drill]: 4 });
  });
});
