import { Link, useSearchParams } from 'wouter';
import { CardPage } from '@/components/ui/card-page';
import { PageTitle } from '@/components/ui/page-title';
import { useFreshSession } from '@/features/auth/api/get-session';
import { ResendVerificationForm } from '@/features/auth/components/resend-verification-form';

/**
 * Where a followed link to confirm an address lands: the server has confirmed it and signed the
 * person in, or sent `?error=` (used, expired or broken link). Open to everybody.
 */
export default function EmailVerifiedPage() {
  const [params] = useSearchParams();
  // The server has just signed the person in (or changed their email): read the session again.
  const session = useFreshSession();
  const user = session.data?.user;

  if (params.get('error')) {
    return (
      <CardPage>
        <PageTitle title="Link not valid" />
        <h1 className="text-3xl font-bold">This link is not valid any more</h1>
        <p className="mb-2 text-base-content/80">
          A link to confirm an email address works once, for 24 hours. Enter your address and we
          will send you a new one.
        </p>
        <ResendVerificationForm key={user?.email} defaultEmail={user?.email} />
      </CardPage>
    );
  }

  return (
    <CardPage>
      <PageTitle title="Email confirmed" />
      <h1 className="text-3xl font-bold">Your email is confirmed</h1>
      <p className="text-base-content/80">
        {user ? (
          <>
            Thank you: <strong className="break-all">{user.email}</strong> is confirmed and you are
            signed in.
          </>
        ) : (
          'Thank you: your address is confirmed.'
        )}
      </p>
      <div className="mt-4 flex flex-col gap-2">
        <Link to="/allItems" className="btn btn-primary">
          Continue shopping
        </Link>
        {user ? (
          <Link to="/dashboard" className="btn btn-outline">
            Go to your dashboard
          </Link>
        ) : (
          !session.isPending && (
            <Link to="/login" className="btn btn-outline">
              Login
            </Link>
          )
        )}
      </div>
    </CardPage>
  );
}
