import type { AnchorHTMLAttributes } from 'react';
import { Link, useLocation } from 'wouter';

type NavLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'className' | 'href'> & {
  to: string;
  /** Active on this exact path only; otherwise also on the paths below it. */
  end?: boolean;
  /** Another path that shows the same page (an index route), where the link is active too. */
  alsoActiveOn?: string;
  className: (state: { isActive: boolean }) => string;
};

/** A menu link that knows when its page is showing: it is styled and marked as the current page. */
export function NavLink({ to, end = false, alsoActiveOn, className, ...props }: NavLinkProps) {
  const [path] = useLocation();
  const here = path.toLowerCase().replace(/(.)\/$/, '$1');
  const target = to.toLowerCase();
  const isActive =
    here === target ||
    (!end && here.startsWith(`${target}/`)) ||
    here === alsoActiveOn?.toLowerCase();
  return (
    <Link
      {...props}
      to={to}
      aria-current={isActive ? 'page' : undefined}
      className={className({ isActive })}
    />
  );
}
