import type { HiddenReview, Review } from '@toolyard/shared';
import { and, count, desc, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { readPage } from '../../db/paging.js';
import { reviews, users } from '../../db/schema.js';

const columns = {
  id: reviews.id,
  name: reviews.name,
  words: reviews.words,
  rating: reviews.rating,
};

const toReview = ({ id, ...rest }: { id: string; name: string; words: string; rating: number }) =>
  ({ _id: id, ...rest }) satisfies Review;

// The first key of the per-buyer lock (pg_advisory_xact_lock(int, int)): any constant works, as
// long as nothing else locks with it.
const REVIEW_LOCK_SPACE = 72_616_301;

/** Counted over a rolling window of this length. */
const WINDOW = sql`interval '1 hour'`;

/** What createReview did: posted, or refused because the buyer is at their hourly limit. */
export type CreateReviewOutcome =
  { posted: true; review: Review } | { posted: false; recent: number; retryAfterSeconds: number };

/** The only code that reads and writes reviews. */
export function createReviewsRepository(db: Db) {
  const visible = isNull(reviews.hiddenAt);

  return {
    /**
     * One page of the reviews the shop shows (not hidden), newest first, and how many there are
     * in all. Served by reviews_visible_seq_idx.
     */
    async listReviews(
      page: number,
      pageSize: number,
    ): Promise<{ reviews: Review[]; total: number }> {
      const { rows, total } = await readPage(
        db.select(columns).from(reviews).where(visible).orderBy(desc(reviews.seq)),
        db.select({ n: count() }).from(reviews).where(visible),
        page,
        pageSize,
      );
      return { reviews: rows.map(toReview), total };
    },

    /**
     * One page of the hidden reviews, the most recently hidden first, with the email of the
     * admin who hid each, and how many there are in all. Served by reviews_hidden_idx.
     */
    async listHidden(
      page: number,
      pageSize: number,
    ): Promise<{ reviews: HiddenReview[]; total: number }> {
      const { rows, total } = await readPage(
        db
          .select({ ...columns, hiddenAt: reviews.hiddenAt, hiddenBy: users.email })
          .from(reviews)
          .leftJoin(users, eq(users.id, reviews.hiddenBy))
          .where(isNotNull(reviews.hiddenAt))
          .orderBy(desc(reviews.hiddenAt), desc(reviews.seq)),
        db.select({ n: count() }).from(reviews).where(isNotNull(reviews.hiddenAt)),
        page,
        pageSize,
      );
      return {
        reviews: rows.map(({ hiddenAt, hiddenBy, ...review }) => ({
          ...toReview(review),
          hiddenAt: (hiddenAt ?? new Date(0)).toISOString(),
          hiddenBy,
        })),
        total,
      };
    },

    /**
     * Adds a review unless its author has posted `limitPerHour` or more in the last hour.
     * Counted in the database (reviews_user_created_idx), under a lock per buyer held to the
     * end of the transaction, so the limit holds across instances, restarts and simultaneous
     * posts.
     */
    async createReview(
      userId: string,
      input: { name: string; words: string; rating: number },
      limitPerHour: number,
    ): Promise<CreateReviewOutcome> {
      return db.transaction(async (tx) => {
        await tx.execute(
          sql`select pg_advisory_xact_lock(${REVIEW_LOCK_SPACE}::int, hashtext(${userId}))`,
        );
        const inWindow = and(
          eq(reviews.userId, userId),
          gt(reviews.createdAt, sql`now() - ${WINDOW}`),
        );
        const [recent] = await tx.select({ n: count() }).from(reviews).where(inWindow);
        const n = recent?.n ?? 0;
        if (n >= limitPerHour) {
          // The buyer may post again when their limitPerHour-th newest review leaves the window.
          const [edge] = await tx
            .select({
              seconds: sql<number>`ceil(extract(epoch from (${reviews.createdAt} + ${WINDOW} - now())))::int`,
            })
            .from(reviews)
            .where(inWindow)
            .orderBy(desc(reviews.createdAt))
            .offset(limitPerHour - 1)
            .limit(1);
          return {
            posted: false,
            recent: n,
            retryAfterSeconds: Math.max(1, Number(edge?.seconds ?? 3600)),
          };
        }
        const [row] = await tx
          .insert(reviews)
          .values({ ...input, userId })
          .returning(columns);
        if (!row) throw new Error('insert returned no review');
        return { posted: true, review: toReview(row) };
      });
    },

    /**
     * Hides a review from the shop (recording when and by whom) or shows it again. The row
     * stays either way. False when there is no such review.
     */
    async setHidden(id: string, hidden: boolean, adminId: string): Promise<boolean> {
      const rows = await db
        .update(reviews)
        .set(
          hidden
            ? // Hiding twice keeps the first record of who hid it.
              {
                hiddenAt: sql`coalesce(${reviews.hiddenAt}, now())`,
                hiddenBy: sql`case when ${reviews.hiddenAt} is null then ${adminId} else ${reviews.hiddenBy} end`,
              }
            : { hiddenAt: null, hiddenBy: null },
        )
        .where(eq(reviews.id, id))
        .returning({ id: reviews.id });
      return rows.length > 0;
    },
  };
}

export type ReviewsRepository = ReturnType<typeof createReviewsRepository>;
