import { useAuthOptions } from '../api/get-auth-options';
import { useSession } from '../api/get-session';
import { ResendLinkButton } from './resend-link-button';

/**
 * Under the header of every page, for a signed-in person who has not confirmed their address
 * yet; it goes once the session says the address is confirmed.
 */
export function VerifyEmailBanner() {
  const user = useSession().data?.user;
  const unconfirmed = Boolean(user && !user.emailVerified);
  const options = useAuthOptions({ enabled: unconfirmed });
  if (!user || !unconfirmed) return null;

  return (
    <section
      aria-label="Confirm your email"
      className="alert alert-info alert-soft flex flex-wrap items-center justify-center gap-x-3 gap-y-1 rounded-none py-2 text-sm"
    >
      <p>
        Please confirm your email address: we sent a link to{' '}
        <strong className="break-all">{user.email}</strong>.
        {options.data?.emailVerification === 'required' &&
          ' You need to confirm it before you can order.'}
      </p>
      <ResendLinkButton
        email={user.email}
        label="Send it again"
        sentText="Sent"
        className="flex flex-wrap items-center gap-2"
        buttonClassName="btn-outline btn-xs"
      />
    </section>
  );
}
