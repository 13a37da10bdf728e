import { Redirect } from 'wouter';
import { CardPage } from '@/components/ui/card-page';
import { PageTitle } from '@/components/ui/page-title';
import { useSession } from '@/features/auth/api/get-session';
import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form';
import { useReturnTo } from '@/features/auth/utils/return-to';

export default function ForgotPasswordPage() {
  const session = useSession();
  const returnTo = useReturnTo();

  // A guest page, as login is: a signed-in person changes the password from the profile.
  if (session.data) return <Redirect to={returnTo} replace />;

  return (
    <CardPage>
      <PageTitle
        title="Forgot your password?"
        description="Get a link to set a new password for your Toolyard account."
      />
      <h1 className="text-3xl font-bold">Forgot your password?</h1>
      <p className="mb-2 text-base-content/80">
        Enter the email address of your account and we will send you a link to set a new password.
      </p>
      <ForgotPasswordForm />
    </CardPage>
  );
}
