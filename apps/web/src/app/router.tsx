import { usePrefetchQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Route, Router, Switch, useSearchParams } from 'wouter';
import { RequireAdmin } from '@/features/auth/components/require-admin';
import { RequireAuth } from '@/features/auth/components/require-auth';
import { authOptionsQueryOptions } from '@/features/auth/api/get-auth-options';
import {
  CATALOG_PAGE_SIZE,
  HOME_PRODUCTS_QUERY,
  productsPageQueryOptions,
} from '@/features/catalog/api/get-products-page';
import { productPageFromParams } from '@/features/catalog/utils/product-page-params';
import { reviewsQueryOptions } from '@/features/reviews/api/get-reviews';
import { useKeyedLocation, useLocationKey } from '@/lib/location';
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
const AllItems = lazyPage(() => import('./routes/all-items'));
const Purchase = lazyPage(() => import('./routes/purchase'));
const DashboardLayout = lazyPage(() => import('./layouts/dashboard-layout'));
const Profile = lazyPage(() => import('./routes/dashboard/profile'));
const MyOrders = lazyPage(() => import('./routes/dashboard/my-orders'));
const AddReview = lazyPage(() => import('./routes/dashboard/add-review'));
const Payment = lazyPage(() => import('./routes/dashboard/payment'));
const Users = lazyPage(() => import('./routes/dashboard/users'));
const AddItem = lazyPage(() => import('./routes/dashboard/add-item'));
const ManageOrders = lazyPage(() => import('./routes/dashboard/manage-orders'));
const Messages = lazyPage(() => import('./routes/dashboard/messages'));
const NotFound = lazyPage(() => import('./routes/not-found'));

/** The storefront's pages ask for their data while their code downloads, not after. */
function HomeData() {
  usePrefetchQuery(productsPageQueryOptions(HOME_PRODUCTS_QUERY));
  usePrefetchQuery(reviewsQueryOptions());
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

/** Every path of the spec (paths match in any letter case, with or without a final slash). */
export function AppRoutes() {
  return (
    <Switch>
      <Route path="/">
        <HomeData />
        <Home />
      </Route>
      <Route path="/about" component={About} />
      <Route path="/blogs" component={Blogs} />
      <Route path="/myPortfolio" component={MyPortfolio} />
      <Route path="/login">
        <LoginData />
        <Login />
      </Route>
      <Route path="/signup" component={Signup} />
      <Route path="/allItems">
        <AllItemsData />
        {signedIn(<AllItems />)}
      </Route>
      <Route path="/purchase">{signedIn(<Purchase />)}</Route>
      <Route path="/dashboard">{dashboard(<Profile />)}</Route>
      <Route path="/dashboard/profile">{dashboard(<Profile />)}</Route>
      <Route path="/dashboard/myOrders">{dashboard(<MyOrders />)}</Route>
      <Route path="/dashboard/review">{dashboard(<AddReview />)}</Route>
      <Route path="/dashboard/payment/:id">{dashboard(<Payment />)}</Route>
      <Route path="/dashboard/users">{adminOnly(<Users />)}</Route>
      <Route path="/dashboard/addItem">{adminOnly(<AddItem />)}</Route>
      <Route path="/dashboard/manageOrder">{adminOnly(<ManageOrders />)}</Route>
      <Route path="/dashboard/messages">{adminOnly(<Messages />)}</Route>
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
