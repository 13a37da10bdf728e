import * as z from 'zod/mini';
import { NAME_MAX_LENGTH } from './constants.js';
import { numberFromText } from './numbers.js';
import { requiredText } from './text.js';

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

/** SKUs: letters, digits, dot, dash and underscore, starting with a letter or digit. */
export const SKU_MAX_LENGTH = 32;
const SKU_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
export const skuSchema = z
  .string({ error: 'SKU must be text' })
  .check(
    z.trim(),
    z.minLength(1, 'SKU Is Required'),
    z.maxLength(SKU_MAX_LENGTH, `SKU must be at most ${SKU_MAX_LENGTH} characters`),
    z.regex(SKU_PATTERN, 'SKU may hold letters, digits, dots, dashes and underscores'),
  );

/** A category of the catalog's tree; `products` counts the live products filed directly in it. */
export const categorySchema = z.object({
  _id: z.string(),
  slug: z.string(),
  name: z.string(),
  parentId: z.nullable(z.string()),
  products: z.number(),
});
export type Category = z.infer<typeof categorySchema>;
export const categoryListSchema = z.array(categorySchema);

export const CATEGORY_NAME_MAX_LENGTH = 40;
export const CATEGORY_SLUG_MAX_LENGTH = 60;
/** A category tree is at most this deep (Power tools > Drills > Hammer drills). */
export const CATEGORY_MAX_DEPTH = 3;
const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Lower-case words joined by dashes: "Power tools" → "power-tools". */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, CATEGORY_SLUG_MAX_LENGTH)
    .replace(/-+$/, '');
}

/** POST /api/categories and PUT /api/categories/{id}: name, optional slug (from the name) and parent. */
export const categoryInputSchema = z.strictObject({
  name: requiredText('Name', CATEGORY_NAME_MAX_LENGTH),
  slug: z.optional(
    z
      .string({ error: 'Slug must be text' })
      .check(
        z.trim(),
        z.maxLength(
          CATEGORY_SLUG_MAX_LENGTH,
          `Slug must be at most ${CATEGORY_SLUG_MAX_LENGTH} characters`,
        ),
        z.regex(
          /^$|^[a-z0-9]+(?:-[a-z0-9]+)*$/,
          'Slug may hold lower-case letters, digits and single dashes',
        ),
      ),
  ),
  parentId: z._default(z.nullable(z.uuid('Parent must be a category id')), null),
});
export type CategoryInput = z.input<typeof categoryInputSchema>;

export const categorySlugParamsSchema = z.object({
  slug: z
    .string()
    .check(z.maxLength(CATEGORY_SLUG_MAX_LENGTH), z.regex(SLUG_PATTERN, 'Not a category')),
});

/** Every category from the root down to `id` (empty when there is none). */
export function categoryPath<C extends Pick<Category, '_id' | 'parentId'>>(
  categories: readonly C[],
  id: string | null,
): C[] {
  const byId = new Map(categories.map((c) => [c._id, c]));
  const path: C[] = [];
  for (let c = id ? byId.get(id) : undefined; c && path.length <= categories.length;) {
    path.unshift(c);
    c = c.parentId ? byId.get(c.parentId) : undefined;
  }
  return path;
}

/** `id` and every category below it. */
export function categoryAndDescendants(
  categories: readonly Pick<Category, '_id' | 'parentId'>[],
  id: string,
): string[] {
  const ids = [id];
  for (let i = 0; i < ids.length; i++) {
    for (const c of categories) if (c.parentId === ids[i] && !ids.includes(c._id)) ids.push(c._id);
  }
  return ids;
}

export const productListSchema = z.array(productSchema);

/** A customer review: name is shown as Enterprise, words as About Us, rating as Ratings. */
export const reviewSchema = z.object({
  _id: z.string(),
  name: z.string().check(z.maxLength(NAME_MAX_LENGTH)),
  words: z.string(),
  rating: z.number().check(z.int(), z.minimum(1), z.maximum(5)),
});
export type Review = z.infer<typeof reviewSchema>;

export const reviewListSchema = z.array(reviewSchema);

/** GET /api/review without page or pageSize answers the newest this many (the home page's). */
export const REVIEW_PAGE_SIZE = 12;
/** The most reviews one page of GET /api/review may hold. */
export const REVIEW_PAGE_SIZE_MAX = 50;

/** Uploaded product images are at most this large. */
export const IMAGE_MAX_BYTES = 2 * 1024 * 1024;

/** True for the images we ship (/images/...), uploaded ones (/api/images/{id}) and http(s) URLs. */
export function isImageLocation(value: string): boolean {
  return (
    /^\/api\/images\/[0-9a-f-]{36}$/.test(value) ||
    /^\/images\/(?!.*\.\.)[\w./-]+$/.test(value) ||
    /^https?:\/\/[^\s/?#]+\.[^\s]*$/i.test(value)
  );
}

// Numbers also come as decimal text ("24.99"), as the spec's original client sends them.
const wholeNumber = (field: string, min: number) =>
  numberFromText(
    z
      .number({ error: `${field} must be a number` })
      .check(
        z.int(`${field} must be a whole number`),
        z.minimum(min, `${field} must be at least ${min}`),
        z.maximum(1_000_000, `${field} must be at most 1,000,000`),
      ),
  );

const productFields = {
  name: requiredText('Name', NAME_MAX_LENGTH),
  description: z._default(
    z.string().check(z.trim(), z.maxLength(1000, 'Description must be at most 1000 characters')),
    '',
  ),
  price: numberFromText(
    z.number({ error: 'Price must be a number' }).check(
      z.positive('Price must be more than 0'),
      // Anything smaller would be stored as 0 cents.
      z.minimum(0.01, 'Price must be at least 0.01'),
      z.maximum(1_000_000, 'Price must be at most 1,000,000'),
      z.refine(
        (v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6,
        'Price can have at most two decimals',
      ),
    ),
  ),
  img: z
    .string({ error: 'Image Is Required' })
    .check(
      z.trim(),
      z.minLength(1, 'Image Is Required'),
      z.maxLength(2000, 'Image URL is too long'),
      z.refine(isImageLocation, 'Image must be an http(s) URL or an uploaded image'),
    ),
};

const categoryIdField = z.nullable(z.uuid('Category must be a category id'));

/**
 * POST /api/tool (and the web app's product form): what an admin may set on a product. The
 * spec's Add Items form sends only name, description, price and img; such a product starts
 * with no stock and a minimum order of 1, out of stock until an admin stocks it, with a SKU
 * made from its number (TY-00042) and no category.
 */
export const productInputSchema = z.strictObject({
  ...productFields,
  AvailableQuantity: z._default(wholeNumber('Available quantity', 0), 0),
  MinOrderQuantity: z._default(wholeNumber('Minimum order quantity', 1), 1),
  sku: z.optional(skuSchema),
  categoryId: z.optional(categoryIdField),
});
export type ProductInput = z.input<typeof productInputSchema>;

/**
 * PUT /api/tool/{id} replaces the product, stock and minimum order included: a default here
 * would silently empty the stock of a product edited without them.
 */
export const productUpdateSchema = z.strictObject({
  ...productFields,
  AvailableQuantity: wholeNumber('Available quantity', 0),
  MinOrderQuantity: wholeNumber('Minimum order quantity', 1),
  /** Left out: the product keeps its SKU and category (clients of the spec know neither). */
  sku: z.optional(skuSchema),
  categoryId: z.optional(categoryIdField),
});
/** A product's fields after parsing, as the server stores them. */
export type ProductFields = z.output<typeof productUpdateSchema>;

export const productSorts = ['relevance', 'price', '-price', 'name'] as const;
export type ProductSort = (typeof productSorts)[number];

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

/**
 * Answers to a search say how they matched: `words` (every word found) or `similar` (no word
 * matched, so these are the names most like the search: "hammr" finds hammers).
 */
export const SEARCH_MATCH_HEADER = 'x-search-match';

export const idParamsSchema = z.object({ id: z.uuid('Not a valid id') });

/** POST /api/review: a signed-in customer's review. */
export const reviewInputSchema = z.strictObject({
  name: requiredText('Name', NAME_MAX_LENGTH),
  words: z._default(
    z.string().check(z.trim(), z.maxLength(1000, 'Keep it under 1000 characters')),
    '',
  ),
  rating: numberFromText(
    z
      .number({ error: 'Choose a rating' })
      .check(
        z.int('Choose a rating from 1 to 5'),
        z.minimum(1, 'Choose a rating from 1 to 5'),
        z.maximum(5, 'Choose a rating from 1 to 5'),
      ),
  ),
});
export type ReviewInput = z.input<typeof reviewInputSchema>;

const pageNumber = (field: string, max: number) =>
  z.optional(
    z.coerce
      .number({ error: `${field} must be a number` })
      .check(
        z.int(`${field} must be a whole number`),
        z.minimum(1, `${field} must be at least 1`),
        z.maximum(max, `${field} must be at most ${max}`),
      ),
  );

/**
 * GET /api/review: newest first, visible reviews only, the total in X-Total-Count. Without
 * either parameter the answer is page 1 of REVIEW_PAGE_SIZE.
 */
export const reviewListQuerySchema = z.object({
  page: pageNumber('Page', 100_000),
  pageSize: pageNumber('Page size', REVIEW_PAGE_SIZE_MAX),
});
export type ReviewListQuery = z.infer<typeof reviewListQuerySchema>;

/** PUT /api/review/{id}/hidden: an admin hides a review from the shop, or shows it again. */
export const reviewHiddenInputSchema = z.strictObject({
  hidden: z.boolean({ error: 'Hidden must be true or false' }),
});
export type ReviewHiddenInput = z.infer<typeof reviewHiddenInputSchema>;

/** The answer to PUT /api/review/{id}/hidden. */
export const reviewVisibilitySchema = z.object({ _id: z.string(), hidden: z.boolean() });
export type ReviewVisibility = z.infer<typeof reviewVisibilitySchema>;
