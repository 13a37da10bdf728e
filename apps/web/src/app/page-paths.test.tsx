import { render, screen } from '@testing-library/react';
import { isPagePath, PAGE_PATHS } from '@toolyard/shared';
import { Children, isValidElement, type ReactElement, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { matchRoute, Router, useRouter, type Parser } from 'wouter';
import { mockApi, renderWithProviders } from '@/test/render';
import { adminPagePath } from './admin-paths';
import { AdminRoutes } from './admin-routes';
import { AppRoutes } from './router';

afterEach(() => vi.unstubAllGlobals());

/** The `path` of each route a `<Switch>` declares, in order (undefined for a catch-all). */
function pathsOf(routes: ReactElement<{ children: ReactNode }>): (string | RegExp | undefined)[] {
  return Children.toArray(routes.props.children)
    .filter(isValidElement)
    .map((route) => (route.props as { path?: string | RegExp }).path);
}

/** Every route's path, the admin pages' own (which load with them) where the app sends them. */
function declaredPaths(): (string | RegExp | undefined)[] {
  const adminPaths = pathsOf(AdminRoutes() as ReactElement<{ children: ReactNode }>);
  return pathsOf(AppRoutes() as ReactElement<{ children: ReactNode }>).flatMap((path) =>
    path === adminPagePath ? adminPaths : [path],
  );
}

/** The parser the router matches paths with. */
function routerParser(): Parser {
  let parser: Parser | undefined;
  function Capture() {
    parser = useRouter().parser;
    return null;
  }
  render(
    <Router>
      <Capture />
    </Router>,
  );
  if (!parser) throw new Error('no parser');
  return parser;
}

describe('the pages shared with the server', () => {
  it('are exactly the routes the router declares, then one catch-all for the rest', () => {
    const paths = declaredPaths();

    expect(paths.slice(0, -1)).toEqual(Object.values(PAGE_PATHS));
    expect(paths.at(-1)).toBeUndefined();
  });

  it('send the admin pages, and only them, to the admin routes', () => {
    const adminPaths = pathsOf(AdminRoutes() as ReactElement<{ children: ReactNode }>);
    for (const path of Object.values(PAGE_PATHS)) {
      const page = path.replace(':id', 'ord-123');
      for (const variant of [page, `${page}/`, page.toUpperCase()]) {
        expect(adminPagePath.test(variant), variant).toBe(adminPaths.includes(path));
      }
    }
  });

  it.each([
    ...Object.values(PAGE_PATHS).map((path) => path.replace(':id', 'ord-123')),
    '/ABOUT',
    '/about/',
    '/Dashboard/MyOrders/',
    '/dashboard/payment/0b0c2f8e-0000-4000-8000-000000000000',
    '/dashboard/payment/x/',
    '//',
    '',
    '/nope',
    '/about//',
    '/about/extra',
    '/aboutx',
    '/dashboard/nope',
    '/allItems/extra',
    '/dashboard/payment',
    '/dashboard/payment/',
    '/dashboard/payment/a/b',
    '/dashboard//payment/x',
    '/index.html',
    '/assets/index-abc.js',
    '/api/tool',
  ])('match %j exactly when the router does', (path) => {
    const parser = routerParser();
    const routerMatches = Object.values(PAGE_PATHS).some(
      (pattern) => matchRoute(parser, pattern, path)[0],
    );

    expect(isPagePath(path)).toBe(routerMatches);
  });

  it('are matched percent-decoded, as the router reads the location', async () => {
    mockApi({ 'GET /api/auth/get-session': () => ({ body: null }) });
    renderWithProviders(<AppRoutes />, { path: '/%61bout' });

    expect(await screen.findByRole('heading', { level: 1, name: 'About Toolyard' })).toBeTruthy();
    expect(isPagePath('/%61bout')).toBe(true);
    expect(isPagePath('/%E0%A4%A')).toBe(false);
  });
});
