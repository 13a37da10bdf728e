import type { Review } from '@toolyard/shared';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useReviewPages } from '../api/get-reviews';
import { useHideReview } from '../api/hide-review';
import { ReviewCard } from './review-card';

/**
 * The shop's reviews, newest first, a page at a time: "More reviews" adds the next page.
 * With `canHide` (the page's viewer is an admin) each review can be hidden after confirming;
 * the server refuses anyone else anyway.
 */
export function ReviewsList({ canHide = false }: { canHide?: boolean }) {
  const { first, last, reviews, total, hasMore, loadMore } = useReviewPages();
  const [toHide, setToHide] = useState<Review | null>(null);
  const hide = useHideReview();

  if (first.isPending) return <Spinner label="Loading reviews" />;
  if (first.isError && reviews.length === 0) {
    return <ErrorState message={errorMessage(first.error)} onRetry={() => void first.refetch()} />;
  }
  if (reviews.length === 0) {
    return <EmptyState title="No reviews yet">Bought from us? Tell others how it went.</EmptyState>;
  }

  const confirmHide = () => {
    if (!toHide) return;
    hide.mutate(toHide._id, {
      onSuccess: () => toast.success('The review is hidden from the shop.'),
      onError: (error) => toast.error(errorMessage(error)),
      onSettled: () => setToHide(null),
    });
  };

  return (
    <>
      <ul className="mt-8 grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3">
        {reviews.map((review) => (
          <li key={review._id}>
            <ReviewCard review={review}>
              {canHide && (
                <button
                  type="button"
                  className="btn btn-sm btn-outline btn-error"
                  aria-label={`Hide the review by ${review.name}`}
                  onClick={() => setToHide(review)}
                >
                  Hide
                </button>
              )}
            </ReviewCard>
          </li>
        ))}
      </ul>
      <div className="mt-8 flex flex-col items-center gap-2">
        <p aria-live="polite" className="text-sm text-base-content/80">
          Showing {reviews.length} of {Math.max(total, reviews.length)} reviews
        </p>
        {last.isError ? (
          <ErrorState message={errorMessage(last.error)} onRetry={() => void last.refetch()} />
        ) : last.isPending ? (
          <button type="button" className="btn" disabled aria-busy="true">
            <span className="loading loading-spinner loading-sm" aria-hidden="true" />
            Loading reviews…
          </button>
        ) : (
          hasMore && (
            <button type="button" className="btn btn-outline" onClick={loadMore}>
              More reviews
            </button>
          )
        )}
      </div>
      <ConfirmDialog
        open={toHide !== null}
        title="Hide this review from the shop?"
        confirmLabel="Hide"
        busy={hide.isPending}
        onConfirm={confirmHide}
        onCancel={() => setToHide(null)}
      >
        <p>
          The review by <strong className="break-words">{toHide?.name}</strong> will no longer be
          shown to anyone. It is kept on record.
        </p>
      </ConfirmDialog>
    </>
  );
}
