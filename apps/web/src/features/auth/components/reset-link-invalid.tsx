import { useEffect, useRef } from 'react';
import { Link } from 'wouter';

/**
 * A link to set a new password that was used, has expired or is incomplete, and the way to a
 * new one. `focus` takes the focus to it when it replaces a form the person was in.
 */
export function ResetLinkInvalid({ focus = false }: { focus?: boolean }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focus) headingRef.current?.focus();
  }, [focus]);

  return (
    <div className="space-y-4">
      <h1 ref={headingRef} tabIndex={-1} className="text-3xl font-bold outline-none">
        This link is not valid any more
      </h1>
      <p className="text-base-content/80">
        A link to set a new password works once, for 1 hour. Ask for a new one and use the newest
        link we send.
      </p>
      <Link to="/forgot-password" className="btn btn-primary btn-block">
        Ask for a new link
      </Link>
    </div>
  );
}
