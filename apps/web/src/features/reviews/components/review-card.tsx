import type { Review } from '@toolyard/shared';
import type { ReactNode } from 'react';

/** A review as the spec labels it: Enterprise, About Us, Ratings; `children` are its actions. */
export function ReviewCard({ review, children }: { review: Review; children?: ReactNode }) {
  return (
    <article className="card h-full border border-base-300 bg-base-100 shadow-sm">
      <div className="card-body gap-2">
        <p className="text-xs font-semibold tracking-wide text-base-content/70 uppercase">
          Enterprise
        </p>
        <h3 className="card-title text-lg break-words">{review.name}</h3>
        <p className="text-xs font-semibold tracking-wide text-base-content/70 uppercase">
          About Us
        </p>
        <p className="text-sm break-words">{review.words}</p>
        <p className="text-xs font-semibold tracking-wide text-base-content/70 uppercase">
          Ratings
        </p>
        <Stars rating={review.rating} />
        {children && <div className="card-actions mt-auto justify-end">{children}</div>}
      </div>
    </article>
  );
}

function Stars({ rating }: { rating: number }) {
  return (
    <p className="text-lg text-warning" role="img" aria-label={`${rating} out of 5 stars`}>
      <span aria-hidden="true">
        {'★'.repeat(rating)}
        <span className="text-base-300">{'★'.repeat(5 - rating)}</span>
      </span>
    </p>
  );
}
