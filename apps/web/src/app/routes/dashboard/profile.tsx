import { PlaceholderPage } from '@/components/ui/placeholder-page';

export default function ProfilePage() {
  return (
    <PlaceholderPage title="My Profile">
      <p>Your name, email, phone and address will show here.</p>
    </PlaceholderPage>
  );
}
