import { useId } from 'react';
import { NavLink, Outlet } from 'react-router';
import { useRouteToggle } from '@/hooks/use-route-toggle';

/** My Profile for everybody; the role-specific links arrive with accounts. */
const sidebar = [
  { to: '/dashboard/profile', label: 'My Profile' },
  { to: '/dashboard/myOrders', label: 'My Orders' },
  { to: '/dashboard/review', label: 'Add Reviews' },
] as const;

export default function DashboardLayout() {
  const { open, toggle } = useRouteToggle();
  const sidebarId = useId();

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
              <NavLink to={item.to} className={({ isActive }) => (isActive ? 'menu-active' : '')}>
                {item.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="min-w-0 flex-1">
        <Outlet />
      </div>
    </div>
  );
}
