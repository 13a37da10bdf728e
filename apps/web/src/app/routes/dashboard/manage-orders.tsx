import { PlaceholderPage } from '@/components/ui/placeholder-page';

export default function ManageOrdersPage() {
  return (
    <PlaceholderPage title="Manage Orders">
      <p>Admins see and manage every order here.</p>
    </PlaceholderPage>
  );
}
