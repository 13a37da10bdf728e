import { reviewVisibilitySchema, type ReviewVisibility } from '@toolyard/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/mutation-config';
import { reviewsQueryKey } from './get-reviews';

/** An admin shows a hidden review on the shop again. */
export const showReview = (id: string) =>
  apiFetch(`/review/${encodeURIComponent(id)}/hidden`, {
    schema: reviewVisibilitySchema,
    method: 'PUT',
    body: { hidden: false },
  });

/** Shows a review again, then reads the shown and the hidden reviews again. */
export function useShowReview(config: MutationConfig<ReviewVisibility, string> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: showReview,
    onSettled: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: reviewsQueryKey });
      return config.onSettled?.(...args);
    },
  });
}
