import { usePrefetchQuery } from '@tanstack/react-query';
import { PAGE_PATHS } from '@toolyard/shared';
import type { ReactNode } from 'react';
import { Route, Router, Switch, useSearchParams } from 'wouter';
import { authOptionsQueryOptions } from '@/features/auth/api/get-auth-options';
import {
  CATALOG_PAGE_SIZE,
  HOME_PRODUCTS_QUERY,
  productsPageQueryOptions,
} from '@/features/catalog/api/get-products-page';
import { productPageFromParams } from '@/features/catalog/utils/product-page-params';
import { lazyNamed } from '@/lib/lazy-named';
import { useKeyedLocation, useLocationKey } from '@/lib/location';
import { adminPagePath } from './admin-paths';
import { RootLayout } from './layouts/root-layout';
import { lazyPage } from './lazy-page';
import { RouteErrorBoundary } from './route-error';

// Each page's code downloads on its first visit.
const Home = lazyPage(() => import('./routes/home'));
const About = lazyPage(() => import('./routes/about'));
const Blogs = lazyPage(() => import('./routes/blogs'));
const MyPortfolio = lazyPage(() => import('./routes/my-portfolio'));
const Login = lazyPage(() => import('./routes/login'));
const Signup = lazyPage(() => import('./routes/signup'));
const ForgotPassword = lazyPage(() => import('./routes/forgot-password'));
const ResetPassword = lazyPage(() => import('./routes/reset-password'));
const EmailVerified = lazyPage(() => import('./routes/email-verified'));
const AllItems = lazyPage(() => import('./routes/all-items'));
const Purchase = lazyPage(() => import('./routes/purchase'));
const Search = lazyPage(() => import('./routes/search'));
const ProductPage = lazyPage(() => import('./routes/product'));
const CategoryPage = lazyPage(() => import('./routes/category'));
const CartPage = lazyPage(() => import('./routes/cart'));
const DashboardLayout = lazyPage(() => import('./layouts/dashboard-layout'));
const Profile = lazyPage(() => import('./routes/dashboard/profile'));
const MyOrders = lazyPage(() => import('./routes/dashboard/my-orders'));
const OrderPage = lazyPage(() => import('./routes/dashboard/order'));
const AddReview = lazyPage(() => import('./routes/dashboard/add-review'));
const Payment = lazyPage(() => import('./routes/dashboard/payment'));
const NotFound = lazyPage(() => import('./routes/not-found'));
// The guards come with the first page that needs them, not in the first download of /.
const RequireAuth = lazyNamed(
  () => import('@/features/auth/components/require-auth'),
  'RequireAuth',
);
// The admin pages come with the first of them: their routes and code (admin-routes.tsx).
const AdminRoutes = lazyNamed(() => import('./admin-routes'), 'AdminRoutes');
const RequireAdmin = lazyNamed(
  () => import('@/features/auth/components/require-admin'),
  'RequireAdmin',
);

/**
 * The home page asks for its products while its code downloads, not after; its reviews, below
 * them, load with their code as they near the screen.
 */
function HomeData() {
  usePrefetchQuery(productsPageQueryOptions(HOME_PRODUCTS_QUERY));
  return null;
}

/** The login form offers Google only if the server does: ask while the page's code loads. */
function LoginData() {
  usePrefetchQuery(authOptionsQueryOptions());
  return null;
}

function AllItemsData() {
  const [params] = useSearchParams();
  usePrefetchQuery(
    productsPageQueryOptions({ ...productPageFromParams(params), pageSize: CATALOG_PAGE_SIZE }),
  );
  return null;
}

// Routes that share a guard or the dashboard render the same elements around their page, so
// moving between them keeps the guard and the sidebar and changes only the page.
const signedIn = (page: ReactNode) => <RequireAuth>{page}</RequireAuth>;
const dashboard = (page: ReactNode) => signedIn(<DashboardLayout>{page}</DashboardLayout>);
const adminOnly = (page: ReactNode) => dashboard(<RequireAdmin>{page}</RequireAdmin>);

/**
 * Every page of the spec, at the paths of `PAGE_PATHS` (shared with the server, which answers
 * any other page request with 404 and this app's not-found page). Paths match in any letter
 * case, with or without a final slash.
 */
export function AppRoutes() {
  return (
    <Switch>
      <Route path={PAGE_PATHS.home}>
        <HomeData />
        <Home />
      </Route>
      <Route path={PAGE_PATHS.about} component={About} />
      <Route path={PAGE_PATHS.blogs} component={Blogs} />
      <Route path={PAGE_PATHS.myPortfolio} component={MyPortfolio} />
      <Route path={PAGE_PATHS.login}>
        <LoginData />
        <Login />
      </Route>
      <Route path={PAGE_PATHS.signup} component={Signup} />
      <Route path={PAGE_PATHS.forgotPassword} component={ForgotPassword} />
      <Route path={PAGE_PATHS.resetPassword} component={ResetPassword} />
      <Route path={PAGE_PATHS.emailVerified} component={EmailVerified} />
      <Route path={PAGE_PATHS.allItems}>
        <AllItemsData />
        {signedIn(<AllItems />)}
      </Route>
      <Route path={PAGE_PATHS.purchase}>{signedIn(<Purchase />)}</Route>
      <Route path={PAGE_PATHS.search} component={Search} />
      <Route path={PAGE_PATHS.product} component={ProductPage} />
      <Route path={PAGE_PATHS.category} component={CategoryPage} />
      <Route path={PAGE_PATHS.dashboard}>{dashboard(<Profile />)}</Route>
      <Route path={PAGE_PATHS.profile}>{dashboard(<Profile />)}</Route>
      <Route path={PAGE_PATHS.myOrders}>{dashboard(<MyOrders />)}</Route>
      <Route path={PAGE_PATHS.order}>{dashboard(<OrderPage />)}</Route>
      <Route path={PAGE_PATHS.cart}>{signedIn(<CartPage />)}</Route>
      <Route path={PAGE_PATHS.review}>{dashboard(<AddReview />)}</Route>
      <Route path={PAGE_PATHS.payment}>{dashboard(<Payment />)}</Route>
      <Route path={adminPagePath}>{adminOnly(<AdminRoutes />)}</Route>
      <Route component={NotFound} />
    </Switch>
  );
}

/** The whole app inside the browser's location; a failure outside any page still explains itself. */
export function App() {
  return (
    <Router hook={useKeyedLocation}>
      <Shell />
    </Router>
  );
}

function Shell() {
  const locationKey = useLocationKey();
  return (
    <RouteErrorBoundary resetKey={locationKey}>
      <RootLayout>
        <AppRoutes />
      </RootLayout>
    </RouteErrorBoundary>
  );
}
