import { centsToDollars, type Product } from '@toolyard/shared';
import { asc } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { products } from '../../db/schema.js';

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

/** The only code that reads and writes products. */
export function createCatalogRepository(db: Db) {
  return {
    /** Every product in list order (insertion order: the first six are featured). */
    async listProducts(): Promise<Product[]> {
      const rows = await db.select(productColumns).from(products).orderBy(asc(products.seq));
      return rows.map(toProduct);
    },
  };
}

export type CatalogRepository = ReturnType<typeof createCatalogRepository>;

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
