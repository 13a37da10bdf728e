import { reviewInputSchema, reviewListSchema, reviewSchema } from '@toolyard/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ChangeFeed } from '../../db/change-feed.js';
import type { JsonCache } from '../../plugins/json-cache.js';
import type { SessionGuards } from '../auth/session.js';
import type { ReviewsRepository } from './reviews.repository.js';

/** Customer reviews: the spec's `/api/review`, served from `cache` until the next review. */
export const reviewsRoutes: FastifyPluginAsyncZod<{
  reviews: ReviewsRepository;
  guards: SessionGuards;
  cache: JsonCache;
  changes: ChangeFeed;
}> = async (app, { reviews, guards, cache, changes }) => {
  app.get(
    '/review',
    // The cache keeps the answer compressed; the compress plugin would only look and pass.
    { compress: false, schema: { response: { 200: reviewListSchema } } },
    async (request, reply) => {
      await cache.send(request, reply, 'reviews', async () => ({
        json: JSON.stringify(reviewListSchema.parse(await reviews.listReviews())),
      }));
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
      const review = await reviews.createReview(actor.id, request.body);
      changes.publish('reviews');
      return reply.code(201).send(review);
    },
  );
};
