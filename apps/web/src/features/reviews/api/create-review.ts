import { reviewSchema, type Review, type reviewInputSchema } from '@toolyard/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type * as z from 'zod/mini';
import { apiFetch } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/mutation-config';
import { reviewsQueryKey } from './get-reviews';

export type ReviewValues = z.output<typeof reviewInputSchema>;

export const createReview = (review: ReviewValues) =>
  apiFetch('/review', { schema: reviewSchema, method: 'POST', body: review });

/** Adds the signed-in person's review; the home page's reviews are read again. */
export function useCreateReview({
  onSuccess,
  ...config
}: MutationConfig<Review, ReviewValues> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: createReview,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: reviewsQueryKey });
      return onSuccess?.(...args);
    },
  });
}
