import { useState } from 'react';
import { Redirect } from 'wouter';
import { CardPage } from '@/components/ui/card-page';
import { PageTitle } from '@/components/ui/page-title';
import { useSession } from '@/features/auth/api/get-session';
import { CheckEmailPanel } from '@/features/auth/components/check-email-panel';
import { SignupForm } from '@/features/auth/components/signup-form';
import { useReturnTo } from '@/features/auth/utils/return-to';

export default function SignupPage() {
  const session = useSession();
  const returnTo = useReturnTo();
  // Where the link to confirm the address went, once the form is sent.
  const [sentTo, setSentTo] = useState<string | null>(null);

  // The form shows at once; a person found to be signed in already moves on when the session
  // arrives. Signing up does not sign in: the link in the mail does.
  if (session.data) return <Redirect to={returnTo} replace />;

  return (
    <CardPage>
      <PageTitle
        title="Sign up"
        description="Create a Toolyard account to order tools and parts."
      />
      {sentTo ? (
        <CheckEmailPanel email={sentTo} />
      ) : (
        <>
          <h1 className="text-3xl font-bold">Create an account</h1>
          <p className="mb-2 text-base-content/80">
            Order tools and parts, pay by card, and review.
          </p>
          <SignupForm returnTo={returnTo} onSignedUp={setSentTo} />
        </>
      )}
    </CardPage>
  );
}
