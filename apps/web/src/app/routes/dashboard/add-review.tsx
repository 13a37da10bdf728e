import { PlaceholderPage } from '@/components/ui/placeholder-page';

export default function AddReviewPage() {
  return (
    <PlaceholderPage title="Add a Review">
      <p>Tell other buyers how our tools work for you.</p>
    </PlaceholderPage>
  );
}
