import { errorMessage } from '@/lib/api-client';
import { useSendVerificationEmail } from '../api/send-verification-email';

/**
 * A button that mails the link to confirm `email` again, then says so, or why it could not
 * (asked too often: the server's wait).
 */
export function ResendLinkButton({
  email,
  label,
  sentText,
  className = '',
  buttonClassName = 'btn-outline',
}: {
  email: string;
  label: string;
  /** What shows once the link has gone. */
  sentText: string;
  className?: string;
  buttonClassName?: string;
}) {
  const send = useSendVerificationEmail();
  return (
    <div className={className}>
      <button
        type="button"
        className={`btn ${buttonClassName}`}
        disabled={send.isPending}
        aria-busy={send.isPending}
        onClick={() => send.mutate(email)}
      >
        {send.isPending && (
          <span className="loading loading-spinner loading-sm" aria-hidden="true" />
        )}
        {label}
      </button>
      <span role="status">{send.isSuccess ? sentText : null}</span>
      {send.isError && (
        <span role="alert" className="text-error">
          {errorMessage(send.error)}
        </span>
      )}
    </div>
  );
}
