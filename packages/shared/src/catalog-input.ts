/** What an admin may set on a product: its fields, SKU and category. */
import * as z from 'zod/mini';
import { NAME_MAX_LENGTH, SKU_MAX_LENGTH } from './constants.js';
import { numberFromText } from './numbers.js';
import { requiredText } from './text.js';

/** SKUs: letters, digits, dot, dash and underscore, starting with a letter or digit. */
const SKU_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
export const skuSchema = z
  .string({ error: 'SKU must be text' })
  .check(
    z.trim(),
    z.minLength(1, 'SKU Is Required'),
    z.maxLength(SKU_MAX_LENGTH, `SKU must be at most ${SKU_MAX_LENGTH} characters`),
    z.regex(SKU_PATTERN, 'SKU may hold letters, digits, dots, dashes and underscores'),
  );

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
