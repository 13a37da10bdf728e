import { useId } from 'react';
import { Link, NavLink } from 'react-router';
import { useRouteToggle } from '@/hooks/use-route-toggle';

/** The spec's menu, in its order. Dashboard and Sign Out join when accounts arrive. */
const menu = [
  { to: '/', label: 'Home' },
  { to: '/allItems', label: 'Order Now' },
  { to: '/blogs', label: 'Blogs' },
  { to: '/about', label: 'About' },
  { to: '/myPortfolio', label: 'My Portfolio' },
  { to: '/login', label: 'Login' },
] as const;

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-field px-3 py-2 font-medium hover:bg-base-200 ${isActive ? 'text-primary' : ''}`;

export function Navbar() {
  const { open, toggle } = useRouteToggle();
  const menuId = useId();

  const links = menu.map((item) => (
    <li key={item.to}>
      <NavLink to={item.to} end={item.to === '/'} className={linkClass}>
        {item.label}
      </NavLink>
    </li>
  ));

  return (
    <header className="sticky top-0 z-30 border-b border-base-300 bg-base-100/95 backdrop-blur">
      <nav
        aria-label="Main"
        className="mx-auto flex max-w-7xl items-center justify-between px-4 py-2"
      >
        <Link to="/" className="flex items-center gap-2 text-xl font-extrabold tracking-tight">
          <img src="/favicon.svg" alt="" width={32} height={32} />
          Toolyard
        </Link>
        <ul className="hidden items-center gap-1 lg:flex">{links}</ul>
        <button
          type="button"
          className="btn btn-ghost lg:hidden"
          aria-expanded={open}
          aria-controls={menuId}
          onClick={toggle}
        >
          <span aria-hidden="true" className="text-xl">
            {open ? '✕' : '☰'}
          </span>
          Menu
        </button>
      </nav>
      {open && (
        <ul
          id={menuId}
          className="flex flex-col gap-1 border-t border-base-300 px-4 py-2 lg:hidden"
        >
          {links}
        </ul>
      )}
    </header>
  );
}
