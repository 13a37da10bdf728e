import { Suspense, useId, type ReactNode } from 'react';
import { NavLink } from '@/components/ui/nav-link';
import { PageLoading } from '@/components/ui/page-loading';
import { useAdminStatus } from '@/features/auth/api/get-admin-status';
import { useAuthOptions } from '@/features/auth/api/get-auth-options';
import { useSession } from '@/features/auth/api/get-session';
import { useRouteToggle } from '@/hooks/use-route-toggle';

type SidebarItem = { to: string; label: string };

/** The spec's sidebar: My Profile for everybody, then the links of the person's role. */
const profile: SidebarItem = { to: '/dashboard/profile', label: 'My Profile' };
const buyerLinks: SidebarItem[] = [
  { to: '/dashboard/myOrders', label: 'My Orders' },
  { to: '/dashboard/review', label: 'Add Reviews' },
];
const adminLinks: SidebarItem[] = [
  { to: '/dashboard/users', label: 'All Users' },
  { to: '/dashboard/addItem', label: 'Add Items' },
  { to: '/dashboard/categories', label: 'Categories' },
  { to: '/dashboard/manageOrder', label: 'Manage Orders' },
  { to: '/dashboard/messages', label: 'Messages' },
  { to: '/dashboard/hidden-reviews', label: 'Hidden Reviews' },
];
/** Only where the server offers it (development, or MAIL_OUTBOX_PAGE=true). */
const outboxLink: SidebarItem = { to: '/dashboard/outbox', label: 'Outbox' };

export default function DashboardLayout({ children }: { children: ReactNode }) {
  const { open, toggle } = useRouteToggle();
  const sidebarId = useId();
  const session = useSession();
  const admin = useAdminStatus(session.data?.user.email);

  const isAdmin = admin.data?.admin === true;
  const options = useAuthOptions({ enabled: isAdmin });

  // Role links wait for the server's answer rather than guessing and then changing.
  const roleLinks = admin.data
    ? isAdmin
      ? [...adminLinks, ...(options.data?.outbox ? [outboxLink] : [])]
      : buyerLinks
    : [];
  const sidebar = [profile, ...roleLinks];

  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-4 px-4 py-6 lg:flex-row">
      <button
        type="button"
        className="btn btn-outline btn-sm self-start lg:hidden"
        aria-expanded={open}
        aria-controls={sidebarId}
        onClick={toggle}
      >
        {open ? 'Hide dashboard menu' : 'Dashboard menu'}
      </button>
      <nav
        id={sidebarId}
        aria-label="Dashboard"
        className={`${open ? 'block' : 'hidden'} w-full shrink-0 lg:block lg:w-60`}
      >
        <ul className="menu w-full rounded-box bg-base-200">
          {sidebar.map((item) => (
            <li key={item.to}>
              <NavLink
                to={item.to}
                // The dashboard's index page is My Profile.
                alsoActiveOn={item === profile ? '/dashboard' : undefined}
                className={({ isActive }) => (isActive ? 'menu-active' : '')}
              >
                {item.label}
              </NavLink>
            </li>
          ))}
          {admin.isPending && (
            <li className="px-3 py-2" aria-hidden="true">
              <span className="loading loading-dots loading-sm" />
            </li>
          )}
        </ul>
      </nav>
      <div className="min-w-0 flex-1">
        <Suspense fallback={<PageLoading />}>{children}</Suspense>
      </div>
    </div>
  );
}
