import { reviewInputSchema, reviewListSchema, reviewSchema } from '@toolyard/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SessionGuards } from '../auth/session.js';
import type { ReviewsRepository } from './reviews.repository.js';

/** Customer reviews: the spec's `/api/review`. */
export const reviewsRoutes: FastifyPluginAsyncZod<{
  reviews: ReviewsRepository;
  guards: SessionGuards;
}> = async (app, { reviews, guards }) => {
  app.get('/review', { schema: { response: { 200: reviewListSchema } } }, async () =>
    reviews.listReviews(),
  );

  app.post(
    '/review',
    {
      onRequest: guards.signedIn,
      schema: { body: reviewInputSchema, response: { 201: reviewSchema } },
    },
    async (request, reply) => {
      const actor = await guards.requireUser(request);
      return reply.code(201).send(await reviews.createReview(actor.id, request.body));
    },
  );
};
