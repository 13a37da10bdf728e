import { PlaceholderPage } from '@/components/ui/placeholder-page';

export default function PurchasePage() {
  return (
    <PlaceholderPage title="Purchase">
      <p>
        Ordering opens here once accounts and orders are in place: pick a product, a quantity and
        where it should go.
      </p>
    </PlaceholderPage>
  );
}
