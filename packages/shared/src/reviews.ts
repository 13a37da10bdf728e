/** Customer reviews: as the API sends them, as a buyer writes one, and paging. */
import * as z from 'zod/mini';
import { NAME_MAX_LENGTH } from './constants.js';
import { numberFromText } from './numbers.js';
import { requiredText } from './text.js';

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

/** A review an admin has hidden: when, and by whom (their email; null once that account is gone). */
export const hiddenReviewSchema = z.extend(reviewSchema, {
  hiddenAt: z.string(),
  hiddenBy: z.nullable(z.string()),
});
export type HiddenReview = z.infer<typeof hiddenReviewSchema>;

export const hiddenReviewListSchema = z.array(hiddenReviewSchema);

/** How many hidden reviews one page of the admins' list holds by default. */
export const HIDDEN_REVIEW_PAGE_SIZE = 20;

/** GET /api/review/hidden (admins): the most recently hidden first, the total in X-Total-Count. */
export const hiddenReviewListQuerySchema = z.object({
  page: z._default(pageNumber('Page', 100_000), 1),
  pageSize: z._default(pageNumber('Page size', REVIEW_PAGE_SIZE_MAX), HIDDEN_REVIEW_PAGE_SIZE),
});
