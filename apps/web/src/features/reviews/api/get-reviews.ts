import { reviewListSchema } from '@toolyard/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

export const reviewsQueryKey = ['reviews'] as const;

export const getReviews = (signal?: AbortSignal) =>
  apiFetch('/review', { schema: reviewListSchema, signal });

export const reviewsQueryOptions = () =>
  queryOptions({ queryKey: reviewsQueryKey, queryFn: ({ signal }) => getReviews(signal) });

/** Customer reviews, newest first. */
export const useReviews = () => useQuery(reviewsQueryOptions());
