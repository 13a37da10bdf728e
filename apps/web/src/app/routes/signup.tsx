import { PlaceholderPage } from '@/components/ui/placeholder-page';

export default function SignupPage() {
  return (
    <PlaceholderPage title="Sign up">
      <p>Creating an account arrives with accounts.</p>
    </PlaceholderPage>
  );
}
