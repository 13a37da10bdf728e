import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NavLink } from '@/components/ui/nav-link';
import { navigateTo, useLocationKey } from '@/lib/location';
import { mockApi, renderWithProviders } from '@/test/render';
import { RouteErrorBoundary } from './route-error';
import { AppRoutes } from './router';

afterEach(() => vi.unstubAllGlobals());

const signedOut = { 'GET /api/auth/get-session': () => ({ body: null }) };

describe('AppRoutes', () => {
  it('matches the spec paths in any letter case and with a final slash', async () => {
    mockApi(signedOut);
    renderWithProviders(<AppRoutes />, { path: '/ABOUT/' });
    expect(await screen.findByRole('heading', { level: 1, name: 'About Toolyard' })).toBeTruthy();
  });

  it('answers an unknown path with the not-found page', async () => {
    mockApi(signedOut);
    renderWithProviders(<AppRoutes />, { path: '/no-such-page' });
    expect(
      await screen.findByRole('heading', { name: 'The Page You Are Looking For Not Found' }),
    ).toBeTruthy();
  });

  it('sends a signed-out visitor of a dashboard page to /login, remembering the page', async () => {
    mockApi(signedOut);
    renderWithProviders(<AppRoutes />, { path: '/dashboard/myOrders?page=2' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeTruthy();
    expect(window.location.pathname).toBe('/login');
    expect((history.state as { from?: string }).from).toBe('/dashboard/myOrders?page=2');
  });
});

describe('location keys', () => {
  function Key() {
    return <output>{useLocationKey()}</output>;
  }

  it('change on every navigation, even to the same path', () => {
    renderWithProviders(<Key />, { path: '/allItems' });
    const first = screen.getByRole('status').textContent;
    act(() => navigateTo('/allItems'));
    const second = screen.getByRole('status').textContent;
    expect(second).not.toBe(first);
    act(() => history.back());
  });
});

describe('NavLink', () => {
  const linkClass = ({ isActive }: { isActive: boolean }) => (isActive ? 'active' : 'idle');

  it('marks the link of the page showing, and of the pages below it unless `end`', () => {
    renderWithProviders(
      <nav>
        <NavLink to="/" end className={linkClass}>
          Home
        </NavLink>
        <NavLink to="/dashboard" className={linkClass}>
          Dashboard
        </NavLink>
        <NavLink to="/dashboard/myOrders" className={linkClass}>
          My Orders
        </NavLink>
        <NavLink to="/dash" className={linkClass}>
          Dash
        </NavLink>
      </nav>,
      { path: '/dashboard/myorders/' },
    );
    const state = (name: string) => {
      const link = screen.getByRole('link', { name });
      return [link.className, link.getAttribute('aria-current')];
    };
    expect(state('Home')).toEqual(['idle', null]);
    expect(state('Dashboard')).toEqual(['active', 'page']);
    expect(state('My Orders')).toEqual(['active', 'page']);
    expect(state('Dash')).toEqual(['idle', null]);
  });
});

describe('RouteErrorBoundary', () => {
  function Broken(): never {
    throw new Error('render failed');
  }

  it('explains a page that fails, and lets the next page render', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    function Page() {
      const key = useLocationKey();
      return (
        <RouteErrorBoundary resetKey={key}>
          {window.location.pathname === '/broken' ? <Broken /> : <p>Fine page</p>}
        </RouteErrorBoundary>
      );
    }
    renderWithProviders(<Page />, { path: '/broken' });
    expect(screen.getByRole('alert').textContent).toContain(
      'Something went wrong while showing this page.',
    );

    act(() => navigateTo('/fine'));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText('Fine page')).toBeTruthy();
  });
});
