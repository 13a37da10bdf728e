import type { ReactNode } from 'react';

/** A form's submit button that shows it is busy, and cannot be pressed twice, while sending. */
export function SubmitButton({
  busy,
  busyLabel,
  children,
  className = 'btn-primary',
}: {
  busy: boolean;
  /** What the button says while busy, e.g. 'Signing in…'. */
  busyLabel: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <button type="submit" className={`btn ${className}`} disabled={busy} aria-busy={busy}>
      {busy && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
      {busy ? busyLabel : children}
    </button>
  );
}
