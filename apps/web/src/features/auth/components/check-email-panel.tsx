import { useEffect, useRef } from 'react';
import { Link } from 'wouter';
import { ResendLinkButton } from './resend-link-button';

/**
 * What a sign-up ends with: the link to confirm the address is in the mail (the server says the
 * same for an address that already has an account), with a way to have it sent again.
 */
export function CheckEmailPanel({ email }: { email: string }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The form the person was in has gone: take the focus to what replaced it.
  useEffect(() => headingRef.current?.focus(), []);

  return (
    <div className="space-y-4">
      <h1 ref={headingRef} tabIndex={-1} className="text-3xl font-bold outline-none">
        Check your email
      </h1>
      <p>
        We sent a link to <strong className="break-all">{email}</strong>. Follow it to confirm your
        address and sign in.
      </p>
      <p className="text-sm text-base-content/80">
        The link expires in 24 hours. Nothing there? Look in your spam folder, or have it sent
        again.
      </p>
      <ResendLinkButton
        email={email}
        label="Send the link again"
        sentText={`We sent a new link to ${email}.`}
        className="flex flex-col items-start gap-2"
      />
      <p className="border-t border-base-300 pt-4 text-center">
        Confirmed on another device?{' '}
        <Link to="/login" className="link link-primary">
          Login
        </Link>
      </p>
    </div>
  );
}
