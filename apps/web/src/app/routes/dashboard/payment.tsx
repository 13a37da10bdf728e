import { PlaceholderPage } from '@/components/ui/placeholder-page';

export default function PaymentPage() {
  return (
    <PlaceholderPage title="Payment">
      <p>Card payment for an order arrives with payments.</p>
    </PlaceholderPage>
  );
}
