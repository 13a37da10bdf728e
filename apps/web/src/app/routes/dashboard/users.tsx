import { PlaceholderPage } from '@/components/ui/placeholder-page';

export default function UsersPage() {
  return (
    <PlaceholderPage title="All Users">
      <p>Admins manage users and roles here.</p>
    </PlaceholderPage>
  );
}
