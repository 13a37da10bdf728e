import type { Review } from '@toolyard/shared';
import { desc } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { reviews } from '../../db/schema.js';

/** The only code that reads and writes reviews. */
export function createReviewsRepository(db: Db) {
  return {
    /** Newest first. */
    async listReviews(): Promise<Review[]> {
      const rows = await db
        .select({
          id: reviews.id,
          name: reviews.name,
          words: reviews.words,
          rating: reviews.rating,
        })
        .from(reviews)
        .orderBy(desc(reviews.seq));
      return rows.map(({ id, ...rest }) => ({ _id: id, ...rest }));
    },

    async createReview(
      userId: string,
      input: { name: string; words: string; rating: number },
    ): Promise<Review> {
      const [row] = await db
        .insert(reviews)
        .values({ ...input, userId })
        .returning({
          id: reviews.id,
          name: reviews.name,
          words: reviews.words,
          rating: reviews.rating,
        });
      if (!row) throw new Error('insert returned no review');
      const { id, ...rest } = row;
      return { _id: id, ...rest };
    },
  };
}

export type ReviewsRepository = ReturnType<typeof createReviewsRepository>;
