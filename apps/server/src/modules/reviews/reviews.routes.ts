import {
  hiddenReviewListQuerySchema,
  hiddenReviewListSchema,
  idParamsSchema,
  REVIEW_PAGE_SIZE,
  reviewHiddenInputSchema,
  reviewInputSchema,
  reviewListQuerySchema,
  reviewListSchema,
  reviewSchema,
  reviewVisibilitySchema,
  TOTAL_COUNT_HEADER,
} from '@toolyard/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ChangeFeed } from '../../db/change-feed.js';
import { AppError, notFound } from '../../errors.js';
import type { JsonCache } from '../../plugins/json-cache.js';
import type { SessionGuards } from '../auth/session.js';
import type { ReviewsRepository } from './reviews.repository.js';

/**
 * Reviews of the shop: the spec's `/api/review`; for admins, hiding one, the list of hidden
 * ones, and showing one again. Public pages are served from `cache` until the next review, or
 * the next one hidden or shown.
 */
export const reviewsRoutes: FastifyPluginAsyncZod<{
  reviews: ReviewsRepository;
  guards: SessionGuards;
  cache: JsonCache;
  changes: ChangeFeed;
  /** Reviews one buyer may post in any hour. */
  limitPerHour: number;
}> = async (app, { reviews, guards, cache, changes, limitPerHour }) => {
  app.get(
    '/review',
    {
      // The cache keeps the answer compressed; the compress plugin would only look and pass.
      compress: false,
      schema: { querystring: reviewListQuerySchema, response: { 200: reviewListSchema } },
    },
    async (request, reply) => {
      // The plain call (the home page's, and the spec clients') is page 1: the newest reviews.
      const { page = 1, pageSize = REVIEW_PAGE_SIZE } = request.query;
      await cache.send(request, reply, `${page}:${pageSize}`, async () => {
        const { reviews: rows, total } = await reviews.listReviews(page, pageSize);
        return {
          json: JSON.stringify(reviewListSchema.parse(rows)),
          headers: { [TOTAL_COUNT_HEADER]: total },
        };
      });
      return reply;
    },
  );

  app.post(
    '/review',
    {
      onRequest: guards.signedIn,
      schema: { body: reviewInputSchema, response: { 201: reviewSchema } },
    },
    async (request, reply) => {
      const actor = await guards.requireUser(request);
      // Admins too: a review is a buyer's voice, and the limit only stops a flood.
      const outcome = await reviews.createReview(actor.id, request.body, limitPerHour);
      if (!outcome.posted) {
        reply.header('retry-after', String(outcome.retryAfterSeconds));
        throw new AppError(
          'rate_limited',
          `You have posted ${outcome.recent} reviews in the last hour. Try again later.`,
          429,
        );
      }
      changes.publish('reviews');
      return reply.code(201).send(outcome.review);
    },
  );

  // Admins find what they hid here, to show it again (PUT below, hidden: false).
  app.get(
    '/review/hidden',
    {
      onRequest: guards.adminOnly,
      schema: {
        querystring: hiddenReviewListQuerySchema,
        response: { 200: hiddenReviewListSchema },
      },
    },
    async (request, reply) => {
      const { page, pageSize } = request.query;
      const { reviews: rows, total } = await reviews.listHidden(page, pageSize);
      reply.header(TOTAL_COUNT_HEADER, total);
      reply.header('cache-control', 'no-store');
      return rows;
    },
  );

  app.put(
    '/review/:id/hidden',
    {
      onRequest: guards.adminOnly,
      schema: {
        params: idParamsSchema,
        body: reviewHiddenInputSchema,
        response: { 200: reviewVisibilitySchema },
      },
    },
    async (request) => {
      const admin = await guards.requireAdmin(request);
      const { id } = request.params;
      const { hidden } = request.body;
      if (!(await reviews.setHidden(id, hidden, admin.id))) {
        throw notFound('There is no such review.');
      }
      changes.publish('reviews');
      return { _id: id, hidden };
    },
  );
};
