import { reviewListSchema } from '@toolyard/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

export const getReviews = (signal?: AbortSignal) =>
  apiFetch('/review', { schema: reviewListSchema, signal });

export const reviewsQueryOptions = () =>
  queryOptions({ queryKey: ['reviews'], queryFn: ({ signal }) => getReviews(signal) });

/** Customer reviews, newest first. */
export const useReviews = () => useQuery(reviewsQueryOptions());
