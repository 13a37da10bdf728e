import { PageTitle } from '@/components/ui/page-title';
import { ReviewForm } from '@/features/reviews/components/review-form';

export default function AddReviewPage() {
  return (
    <section className="py-2">
      <PageTitle title="Add a Review" />
      <h1 className="text-3xl font-bold">Add a Review</h1>
      <p className="mt-2 mb-4 max-w-prose text-base-content/80">
        Tell other buyers how our tools work for you. Your review shows on the home page.
      </p>
      <ReviewForm />
    </section>
  );
}
