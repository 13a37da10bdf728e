/** Products as the API sends them, and what their stock means to a buyer. */
import * as z from 'zod/mini';
import { NAME_MAX_LENGTH } from './constants.js';

/** A product as the API sends it: the spec's field names, price in dollars. */
export const productSchema = z.object({
  _id: z.string(),
  name: z.string().check(z.maxLength(NAME_MAX_LENGTH)),
  price: z.number().check(z.positive()),
  description: z.string(),
  img: z.string(),
  AvailableQuantity: z.number().check(z.int(), z.nonnegative()),
  MinOrderQuantity: z.number().check(z.int(), z.minimum(1)),
  /** Stock-keeping unit: unique in any letter case, shown on cards and pages. */
  sku: z.string(),
  /** The product's category, or null when it has none yet. */
  categoryId: z.nullable(z.string()),
});
export type Product = z.infer<typeof productSchema>;

/**
 * In stock means a buyer can order at least the minimum: a product with fewer units than its
 * minimum order is out of stock.
 */
export function isInStock(product: Pick<Product, 'AvailableQuantity' | 'MinOrderQuantity'>) {
  return product.AvailableQuantity >= product.MinOrderQuantity;
}

/** Below this many units an in-stock product says how many are left. */
export const LOW_STOCK_THRESHOLD = 10;

/** "In stock", "Only 7 left" or "Out of stock", as cards and product pages say it. */
export function stockStatus(product: Pick<Product, 'AvailableQuantity' | 'MinOrderQuantity'>): {
  inStock: boolean;
  label: string;
} {
  if (!isInStock(product)) return { inStock: false, label: 'Out of stock' };
  if (product.AvailableQuantity < LOW_STOCK_THRESHOLD) {
    return { inStock: true, label: `Only ${product.AvailableQuantity} left` };
  }
  return { inStock: true, label: 'In stock' };
}

export const productListSchema = z.array(productSchema);

export const idParamsSchema = z.object({ id: z.uuid('Not a valid id') });

/** How a search may sort (GET /api/tool's `sort`). */
export const productSorts = ['relevance', 'price', '-price', 'name'] as const;
export type ProductSort = (typeof productSorts)[number];

/**
 * Answers to a search say how they matched: `words` (every word found) or `similar` (no word
 * matched, so these are the names most like the search: "hammr" finds hammers).
 */
export const SEARCH_MATCH_HEADER = 'x-search-match';
