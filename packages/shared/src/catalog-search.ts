/** A catalog search: its filters, sort, facets and how it matched. */
import * as z from 'zod/mini';
import { productSorts } from './catalog.js';
import { CATEGORY_SLUG_MAX_LENGTH, SKU_MAX_LENGTH } from './constants.js';

const priceBound = (field: string) =>
  z.optional(
    z.coerce
      .number({ error: `${field} must be a number` })
      .check(
        z.minimum(0, `${field} must be at least 0`),
        z.maximum(1_000_000, `${field} must be at most 1,000,000`),
      ),
  );

/** The filters of a catalog search, shared by GET /api/tool and GET /api/tool/facets. */
const productFilterFields = {
  q: z.optional(z.string().check(z.trim(), z.maxLength(100, 'Search at most 100 characters'))),
  /** A category's slug: the products in it and in the categories below it. */
  category: z.optional(
    z.string().check(z.trim(), z.maxLength(CATEGORY_SLUG_MAX_LENGTH, 'Not a category')),
  ),
  minPrice: priceBound('Lowest price'),
  maxPrice: priceBound('Highest price'),
  inStock: z.optional(
    z.pipe(
      z.enum(['true', 'false'], 'inStock must be true or false'),
      z.transform((v) => v === 'true'),
    ),
  ),
  /** Exactly one product by its SKU, in any letter case. */
  sku: z.optional(z.string().check(z.trim(), z.maxLength(SKU_MAX_LENGTH, 'Not a SKU'))),
};

/**
 * GET /api/tool: the plain call lists every product (the spec's array); page/pageSize page,
 * q searches (by English words, then by similar names when no word matches), and the filters
 * narrow. The total is in X-Total-Count.
 */
export const productListQuerySchema = z.object({
  ...productFilterFields,
  sort: z.optional(z.enum(productSorts, 'sort must be relevance, price, -price or name')),
  page: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100_000))),
  pageSize: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100))),
});
export type ProductListQuery = z.output<typeof productListQuerySchema>;

/** GET /api/tool/facets: the same filters, without paging. */
export const productFacetsQuerySchema = z.object(productFilterFields);
export type ProductFacetsQuery = z.output<typeof productFacetsQuerySchema>;

/**
 * Facet counts for a search: per category, the matches in it and below it when every other
 * filter applies (so another category can be chosen); how many matches are in stock; and
 * the price range of the matches.
 */
export const productFacetsSchema = z.object({
  total: z.number(),
  categories: z.array(z.object({ _id: z.string(), slug: z.string(), count: z.number() })),
  inStock: z.number(),
  price: z.nullable(z.object({ min: z.number(), max: z.number() })),
  match: z.enum(['words', 'similar']),
});
export type ProductFacets = z.infer<typeof productFacetsSchema>;
