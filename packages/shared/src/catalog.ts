import { z } from 'zod';
import { NAME_MAX_LENGTH } from './constants.js';

/** A product as the API sends it: the spec's field names, price in dollars. */
export const productSchema = z.object({
  _id: z.string(),
  name: z.string().max(NAME_MAX_LENGTH),
  price: z.number().positive(),
  description: z.string(),
  img: z.string(),
  AvailableQuantity: z.number().int().nonnegative(),
  MinOrderQuantity: z.number().int().min(1),
});
export type Product = z.infer<typeof productSchema>;

export const productListSchema = z.array(productSchema);

/** A customer review: name is shown as Enterprise, words as About Us, rating as Ratings. */
export const reviewSchema = z.object({
  _id: z.string(),
  name: z.string().max(NAME_MAX_LENGTH),
  words: z.string(),
  rating: z.number().int().min(1).max(5),
});
export type Review = z.infer<typeof reviewSchema>;

export const reviewListSchema = z.array(reviewSchema);

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

const wholeNumber = (field: string, min: number) =>
  z
    .number({ error: `${field} must be a number` })
    .int(`${field} must be a whole number`)
    .min(min, `${field} must be at least ${min}`)
    .max(1_000_000, `${field} must be at most 1,000,000`);

/** POST /api/tool and PUT /api/tool/{id}: what an admin may set on a product. */
export const productInputSchema = z.strictObject({
  name: z
    .string({ error: 'Name Is Required' })
    .trim()
    .min(1, 'Name Is Required')
    .max(NAME_MAX_LENGTH, `Name must be at most ${NAME_MAX_LENGTH} characters`),
  description: z
    .string()
    .trim()
    .max(1000, 'Description must be at most 1000 characters')
    .default(''),
  price: z
    .number({ error: 'Price must be a number' })
    .positive('Price must be more than 0')
    .max(1_000_000, 'Price must be at most 1,000,000')
    .refine(
      (v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6,
      'Price can have at most two decimals',
    ),
  img: z
    .string({ error: 'Image Is Required' })
    .trim()
    .min(1, 'Image Is Required')
    .max(2000, 'Image URL is too long')
    .refine(isImageLocation, 'Image must be an http(s) URL or an uploaded image'),
  AvailableQuantity: wholeNumber('Available quantity', 0),
  MinOrderQuantity: wholeNumber('Minimum order quantity', 1),
});
export type ProductInput = z.input<typeof productInputSchema>;

/** GET /api/tool: the plain call lists every product; page/pageSize/q page and search. */
export const productListQuerySchema = z.object({
  q: z.string().trim().max(100, 'Search at most 100 characters').optional(),
  page: z.coerce.number().int().min(1).optional(),
  pageSize: z.coerce.number().int().min(1).max(100).optional(),
});

export const idParamsSchema = z.object({ id: z.uuid('Not a valid id') });

/** POST /api/review: a signed-in customer's review. */
export const reviewInputSchema = z.strictObject({
  name: z
    .string({ error: 'Name Is Required' })
    .trim()
    .min(1, 'Name Is Required')
    .max(NAME_MAX_LENGTH, `Name must be at most ${NAME_MAX_LENGTH} characters`),
  words: z.string().trim().max(1000, 'Keep it under 1000 characters').default(''),
  rating: z
    .number({ error: 'Choose a rating' })
    .int('Choose a rating from 1 to 5')
    .min(1, 'Choose a rating from 1 to 5')
    .max(5, 'Choose a rating from 1 to 5'),
});
export type ReviewInput = z.input<typeof reviewInputSchema>;
