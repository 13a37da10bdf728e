import { PlaceholderPage } from '@/components/ui/placeholder-page';

export default function LoginPage() {
  return (
    <PlaceholderPage title="Login">
      <p>Signing in with email or Google arrives with accounts.</p>
    </PlaceholderPage>
  );
}
