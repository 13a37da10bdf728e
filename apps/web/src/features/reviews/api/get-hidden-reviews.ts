import {
  HIDDEN_REVIEW_PAGE_SIZE,
  hiddenReviewListSchema,
  type HiddenReview,
} from '@toolyard/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiPage } from '@/lib/api-client';
import { reviewsQueryKey } from './get-reviews';

/** Under the reviews' key: whatever changes the shown reviews reloads this list too. */
export const hiddenReviewsQueryKey = [...reviewsQueryKey, 'hidden'] as const;

export interface HiddenReviewPage {
  /** The most recently hidden first. */
  reviews: HiddenReview[];
  total: number;
  page: number;
  pageSize: number;
}

export async function getHiddenReviews(
  page: number,
  pageSize: number,
  signal?: AbortSignal,
): Promise<HiddenReviewPage> {
  const { items, ...paging } = await apiPage('/review/hidden', {
    page,
    pageSize,
    schema: hiddenReviewListSchema,
    signal,
  });
  return { reviews: items, ...paging };
}

export const hiddenReviewsQueryOptions = (page: number, pageSize = HIDDEN_REVIEW_PAGE_SIZE) =>
  queryOptions({
    queryKey: [...hiddenReviewsQueryKey, { page, pageSize }],
    queryFn: ({ signal }) => getHiddenReviews(page, pageSize, signal),
    // Keep showing the current page while the next one loads.
    placeholderData: keepPreviousData,
  });

/** One page of the reviews admins have hidden, for admins. */
export const useHiddenReviews = (page: number) => useQuery(hiddenReviewsQueryOptions(page));
