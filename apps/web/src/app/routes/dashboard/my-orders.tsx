import { PlaceholderPage } from '@/components/ui/placeholder-page';

export default function MyOrdersPage() {
  return (
    <PlaceholderPage title="My Orders">
      <p>Your orders, their status and payment will show here.</p>
    </PlaceholderPage>
  );
}
