import type { HiddenReview } from '@toolyard/shared';
import { toast } from '@/lib/toast';
import { errorMessage } from '@/lib/api-client';
import { useShowReview } from '../api/show-review';

const hiddenFormat = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' });

/**
 * The reviews admins have hidden, the most recently hidden first, each with who hid it and when,
 * and Show again, which puts it back on the shop.
 */
export function HiddenReviewsList({ reviews }: { reviews: HiddenReview[] }) {
  const show = useShowReview();

  return (
    <ul className="space-y-3">
      {reviews.map((review) => {
        const busy = show.isPending && show.variables === review._id;
        return (
          <li key={review._id}>
            <article
              aria-labelledby={`hidden-review-${review._id}`}
              className="card border border-base-300 bg-base-100 shadow-sm"
            >
              <div className="card-body gap-2 p-4">
                <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
                  <h2
                    id={`hidden-review-${review._id}`}
                    className="text-lg font-semibold break-words"
                  >
                    {review.name}
                  </h2>
                  <p
                    className="text-warning"
                    role="img"
                    aria-label={`${review.rating} out of 5 stars`}
                  >
                    <span aria-hidden="true">
                      {'★'.repeat(review.rating)}
                      <span className="text-base-300">{'★'.repeat(5 - review.rating)}</span>
                    </span>
                  </p>
                </div>
                <p className="break-words whitespace-pre-wrap">{review.words}</p>
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <p className="text-sm text-base-content/80">
                    Hidden <When iso={review.hiddenAt} />
                    {review.hiddenBy && <span className="break-all"> by {review.hiddenBy}</span>}
                  </p>
                  <button
                    type="button"
                    className="btn btn-sm btn-primary"
                    disabled={show.isPending}
                    aria-busy={busy}
                    onClick={() =>
                      show.mutate(review._id, {
                        onSuccess: () =>
                          toast.success(`The review by ${review.name} is shown again`),
                        onError: (error) => toast.error(errorMessage(error)),
                      })
                    }
                  >
                    {busy && (
                      <span className="loading loading-spinner loading-xs" aria-hidden="true" />
                    )}
                    Show again
                  </button>
                </div>
              </div>
            </article>
          </li>
        );
      })}
    </ul>
  );
}

function When({ iso }: { iso: string }) {
  const date = new Date(iso);
  return (
    <time dateTime={iso}>{Number.isNaN(date.getTime()) ? iso : hiddenFormat.format(date)}</time>
  );
}
