/**
 * Every page of the web app, in one place: the web router declares exactly these paths (a test
 * holds it to that), and the server answers them with the app and 200, and any other page
 * request with the app and 404 (its not-found page). Adding a page is one line here and its
 * `<Route>` in the router.
 *
 * Patterns use the router's (wouter's) syntax, restricted to what both sides match alike:
 * literal segments and `:name` for one segment. Paths match in any letter case, with or without
 * a final slash.
 */
export const PAGE_PATHS = {
  home: '/',
  about: '/about',
  blogs: '/blogs',
  myPortfolio: '/myPortfolio',
  login: '/login',
  signup: '/signup',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  emailVerified: '/email-verified',
  allItems: '/allItems',
  purchase: '/purchase',
  search: '/search',
  product: '/tool/:id',
  category: '/category/:slug',
  dashboard: '/dashboard',
  profile: '/dashboard/profile',
  myOrders: '/dashboard/myOrders',
  order: '/dashboard/orders/:id',
  cart: '/cart',
  review: '/dashboard/review',
  payment: '/dashboard/payment/:id',
  users: '/dashboard/users',
  addItem: '/dashboard/addItem',
  manageOrder: '/dashboard/manageOrder',
  messages: '/dashboard/messages',
  hiddenReviews: '/dashboard/hidden-reviews',
  outbox: '/dashboard/outbox',
  categories: '/dashboard/categories',
} as const satisfies Record<string, `/${string}`>;

export type PageName = keyof typeof PAGE_PATHS;

const LITERAL = /^[A-Za-z0-9_-]+$/;
const PARAM = /^:[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * The regular expression the router builds for a pattern (regexparam's, as wouter uses it):
 * a `:name` segment is one non-empty segment, letter case is ignored, a final slash is optional.
 */
export function pagePattern(path: string): RegExp {
  if (path === '/') return /^\/?$/i;
  if (!path.startsWith('/')) throw new Error(`a page path starts with /: ${path}`);
  let source = '';
  for (const segment of path.slice(1).split('/')) {
    if (PARAM.test(segment)) source += '/([^/]+?)';
    else if (LITERAL.test(segment)) source += `/${segment}`;
    else throw new Error(`unsupported segment "${segment}" in the page path ${path}`);
  }
  return new RegExp(`^${source}/?$`, 'i');
}

const patterns = Object.values(PAGE_PATHS).map(pagePattern);

/**
 * Whether a URL path (no query) is one of the app's pages. Like the router, it reads the path
 * percent-decoded when it can (`/%61bout` is /about).
 */
export function isPagePath(pathname: string): boolean {
  let path = pathname;
  if (path.includes('%')) {
    try {
      path = decodeURI(path);
    } catch {
      // The router, too, matches the path as it is when it cannot be decoded.
    }
  }
  return patterns.some((pattern) => pattern.test(path));
}
