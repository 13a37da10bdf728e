import { Redirect, useSearchParams } from 'wouter';
import { CardPage } from '@/components/ui/card-page';
import { PageTitle } from '@/components/ui/page-title';
import { useSession } from '@/features/auth/api/get-session';
import { LoginForm } from '@/features/auth/components/login-form';
import { useReturnTo } from '@/features/auth/utils/return-to';

export default function LoginPage() {
  const session = useSession();
  const returnTo = useReturnTo();
  const [params] = useSearchParams();
  // Google's sign-in comes back here with ?error=<code> when it did not complete.
  const notice = params.get('error') ? 'Google sign-in did not complete. Please try again.' : null;

  // The form shows at once; a person found to be signed in already moves on when the
  // session arrives. Signed in already, or just now: go where the person was heading.
  if (session.data) return <Redirect to={returnTo} replace />;

  return (
    <CardPage>
      <PageTitle title="Login" description="Sign in to order tools and follow your orders." />
      <h1 className="text-3xl font-bold">Login</h1>
      <p className="mb-2 text-base-content/80">Sign in to order tools and follow your orders.</p>
      <LoginForm returnTo={returnTo} notice={notice} />
    </CardPage>
  );
}
