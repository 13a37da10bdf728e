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
