import { CountedHeading } from '@/components/ui/counted-heading';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { PageTitle } from '@/components/ui/page-title';
import { Pagination } from '@/components/ui/pagination';
import { Spinner } from '@/components/ui/spinner';
import { usePageParam } from '@/hooks/use-page-param';
import { errorMessage } from '@/lib/api-client';
import { useHiddenReviews } from '@/features/reviews/api/get-hidden-reviews';
import { HiddenReviewsList } from '@/features/reviews/components/hidden-reviews-list';

export default function HiddenReviewsPage() {
  const [page, goTo] = usePageParam();
  const hidden = useHiddenReviews(page);

  return (
    <section className="py-2">
      <PageTitle
        title="Hidden Reviews"
        description="Reviews admins have hidden from the shop, to show again."
      />
      <CountedHeading
        title="Hidden Reviews"
        count={
          hidden.data &&
          `${hidden.data.total} ${hidden.data.total === 1 ? 'review' : 'reviews'}, most recently hidden first`
        }
      />
      {hidden.isPending ? (
        <Spinner label="Loading hidden reviews" />
      ) : hidden.isError ? (
        <ErrorState message={errorMessage(hidden.error)} onRetry={() => void hidden.refetch()} />
      ) : hidden.data.reviews.length === 0 ? (
        <EmptyState title={page > 1 ? 'No hidden reviews on this page' : 'No hidden reviews'}>
          {page > 1 ? (
            <button type="button" className="btn btn-sm" onClick={() => goTo(1)}>
              Go to the first page
            </button>
          ) : (
            'A review you hide from the home page shows up here, to show again.'
          )}
        </EmptyState>
      ) : (
        <div className={hidden.isPlaceholderData ? 'opacity-60' : undefined}>
          <HiddenReviewsList reviews={hidden.data.reviews} />
          <Pagination
            label="Hidden review pages"
            page={hidden.data.page}
            pageCount={Math.max(1, Math.ceil(hidden.data.total / hidden.data.pageSize))}
            onPageChange={goTo}
          />
        </div>
      )}
    </section>
  );
}
