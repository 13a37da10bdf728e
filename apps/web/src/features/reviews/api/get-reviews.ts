import {
  REVIEW_PAGE_SIZE,
  reviewListSchema,
  TOTAL_COUNT_HEADER,
  type Review,
} from '@toolyard/shared';
import { queryOptions, useQueries } from '@tanstack/react-query';
import { useState } from 'react';
import { apiRequest } from '@/lib/api-client';

/** Every review query starts with this: invalidating it reloads every page shown. */
export const reviewsQueryKey = ['reviews'] as const;

export interface ReviewPage {
  /** Newest first. */
  reviews: Review[];
  /** How many reviews the shop shows in all. */
  total: number;
}

/**
 * One page of the shop's reviews. Page 1 is the plain GET /api/review (the answer the server
 * keeps cached for the home page); later pages ask for REVIEW_PAGE_SIZE at a time.
 */
export async function getReviewsPage(page: number, signal?: AbortSignal): Promise<ReviewPage> {
  const path = page === 1 ? '/review' : `/review?page=${page}&pageSize=${REVIEW_PAGE_SIZE}`;
  const { data, headers } = await apiRequest(path, { schema: reviewListSchema, signal });
  const total = Number(headers.get(TOTAL_COUNT_HEADER));
  return { reviews: data, total: Number.isFinite(total) && total > 0 ? total : data.length };
}

export const reviewsPageQueryOptions = (page: number) =>
  queryOptions({
    queryKey: [...reviewsQueryKey, 'page', page],
    queryFn: ({ signal }) => getReviewsPage(page, signal),
  });

/** The newest reviews, as the home page first shows them. */
export const reviewsQueryOptions = () => reviewsPageQueryOptions(1);

/**
 * The home page's reviews: the newest page, and one more page each time `loadMore` is called.
 * Reviews are listed once each, even when a new review shifted the pages between loads.
 */
export function useReviewPages() {
  const [pageCount, setPageCount] = useState(1);
  const pages = useQueries({
    queries: Array.from({ length: pageCount }, (_, i) => reviewsPageQueryOptions(i + 1)),
  });
  const first = pages[0];
  const last = pages[pages.length - 1];
  if (!first || !last) throw new Error('at least one page is always asked for');

  const seen = new Set<string>();
  const reviews: Review[] = [];
  for (const review of pages.flatMap((p) => p.data?.reviews ?? [])) {
    if (seen.has(review._id)) continue;
    seen.add(review._id);
    reviews.push(review);
  }
  const total = pages.findLast((p) => p.data)?.data?.total ?? 0;

  return {
    /** The first page's query: the list's loading and error state. */
    first,
    /** The page asked for last: "More reviews" shows its loading and error state. */
    last,
    reviews,
    total,
    hasMore: Boolean(last.data) && pageCount * REVIEW_PAGE_SIZE < total,
    loadMore: () => setPageCount((n) => n + 1),
  };
}
