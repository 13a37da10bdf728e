import { reviewListSchema } from '@toolyard/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ReviewsRepository } from './reviews.repository.js';

/** Customer reviews: the spec's `/api/review`. */
export const reviewsRoutes: FastifyPluginAsyncZod<{ reviews: ReviewsRepository }> = async (
  app,
  { reviews },
) => {
  app.get('/review', { schema: { response: { 200: reviewListSchema } } }, async () =>
    reviews.listReviews(),
  );
};
