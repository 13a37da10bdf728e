import { Suspense, useId } from 'react';
import { Link } from 'wouter';
import { NavLink } from '@/components/ui/nav-link';
import { useSession } from '@/features/auth/api/get-session';
import { HeaderSearch } from '@/features/catalog/components/header-search';
import { useRouteToggle } from '@/hooks/use-route-toggle';
import { lazyNamed } from '@/lib/lazy-named';

// The first visit to / by a visitor carries no cart code: it downloads, and the cart is read,
// only once the session says someone is signed in.
const CartLink = lazyNamed(() => import('@/features/cart/components/cart-link'), 'CartLink');
// Nor the sign-out button's: only a signed-in person has it.
const SignOutItem = lazyNamed(() => import('./sign-out-item'), 'SignOutItem');

type MenuItem = { to: string; label: string; when?: 'signedIn' | 'signedOut' };

/** The spec's menu, in its order. */
const menu: readonly MenuItem[] = [
  { to: '/', label: 'Home' },
  { to: '/allItems', label: 'Order Now' },
  { to: '/dashboard', label: 'Dashboard', when: 'signedIn' },
  { to: '/blogs', label: 'Blogs' },
  { to: '/about', label: 'About' },
  { to: '/myPortfolio', label: 'My Portfolio' },
  { to: '/login', label: 'Login', when: 'signedOut' },
];

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-field px-3 py-2 font-medium hover:bg-base-200 ${isActive ? 'text-primary' : ''}`;

export function Navbar() {
  const { open, toggle } = useRouteToggle();
  const menuId = useId();
  const session = useSession();

  // While the session loads, show neither the signed-in nor the signed-out items.
  const state = session.isPending ? 'loading' : session.data ? 'signedIn' : 'signedOut';
  const visible = menu.filter((item) => !item.when || item.when === state);

  const items = (
    <>
      {visible.map((item) => (
        <li key={item.to}>
          <NavLink to={item.to} end={item.to === '/'} className={linkClass}>
            {item.label}
          </NavLink>
        </li>
      ))}
      {state === 'signedIn' && (
        <Suspense fallback={null}>
          <SignOutItem />
        </Suspense>
      )}
    </>
  );

  return (
    <header className="sticky top-0 z-30 border-b border-base-300 bg-base-100/95 backdrop-blur">
      <nav
        aria-label="Main"
        className="mx-auto flex max-w-7xl items-center justify-between gap-2 px-4 py-2"
      >
        <Link
          to="/"
          className="flex shrink-0 items-center gap-2 text-xl font-extrabold tracking-tight"
        >
          <img src="/favicon.svg" alt="" width={32} height={32} />
          Toolyard
        </Link>
        <HeaderSearch className="min-w-0 flex-1 lg:max-w-xs" />
        <ul className="hidden shrink-0 items-center gap-1 lg:flex">{items}</ul>
        {state === 'signedIn' && (
          <Suspense fallback={null}>
            <CartLink className="shrink-0" />
          </Suspense>
        )}
        <button
          type="button"
          className="btn btn-ghost shrink-0 lg:hidden"
          aria-expanded={open}
          aria-controls={menuId}
          onClick={toggle}
        >
          <span aria-hidden="true" className="text-xl">
            {open ? '✕' : '☰'}
          </span>
          {/* The word only where the header has room for it beside the search and the cart. */}
          <span className="sr-only sm:not-sr-only">Menu</span>
        </button>
      </nav>
      {/* Hidden, not removed, while closed: the menu closes as the page changes, and Sign Out
          in it must stay mounted until signing out has shown the home page. */}
      <ul
        id={menuId}
        hidden={!open}
        className="flex flex-col items-start gap-1 border-t border-base-300 px-4 py-2 lg:hidden"
      >
        {items}
      </ul>
    </header>
  );
}
