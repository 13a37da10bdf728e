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
});
export type Product = z.infer<typeof productSchema>;

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

/**
 * POST /api/tool (and the web app's product form): what an admin may set on a product. The
 * spec's Add Items form sends only name, description, price and img; such a product starts
 * with no stock and a minimum order of 1, out of stock until an admin stocks it.
 */
export const productInputSchema = z.strictObject({
  ...productFields,
  AvailableQuantity: z._default(wholeNumber('Available quantity', 0), 0),
  MinOrderQuantity: z._default(wholeNumber('Minimum order quantity', 1), 1),
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
});
/** A product's fields after parsing, as the server stores them. */
export type ProductFields = z.output<typeof productUpdateSchema>;

/** GET /api/tool: the plain call lists every product; page/pageSize/q page and search. */
export const productListQuerySchema = z.object({
  q: z.optional(z.string().check(z.trim(), z.maxLength(100, 'Search at most 100 characters'))),
  page: z.optional(z.coerce.number().check(z.int(), z.minimum(1))),
  pageSize: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100))),
});

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
