import { reviewVisibilitySchema, type ReviewVisibility } from '@toolyard/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/mutation-config';
import { reviewsQueryKey } from './get-reviews';

/** An admin hides a review from the shop; it stays stored. */
export const hideReview = (id: string) =>
  apiFetch(`/review/${encodeURIComponent(id)}/hidden`, {
    schema: reviewVisibilitySchema,
    method: 'PUT',
    body: { hidden: true },
  });

/** Hides a review, then reads the reviews shown again (also when it had already gone). */
export function useHideReview(config: MutationConfig<ReviewVisibility, string> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: hideReview,
    onSettled: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: reviewsQueryKey });
      return config.onSettled?.(...args);
    },
  });
}
