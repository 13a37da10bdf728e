import { PlaceholderPage } from '@/components/ui/placeholder-page';

export default function AddItemPage() {
  return (
    <PlaceholderPage title="Add Items">
      <p>Admins add new products to the catalog here.</p>
    </PlaceholderPage>
  );
}
