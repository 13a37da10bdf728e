import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, type LoaderFunctionArgs } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { RequireAdmin } from '@/features/auth/components/require-admin';
import { RequireAuth } from '@/features/auth/components/require-auth';
import {
  CATALOG_PAGE_SIZE,
  HOME_PRODUCTS_QUERY,
  productsPageQueryOptions,
} from '@/features/catalog/api/get-products-page';
import { productPageFromParams } from '@/features/catalog/utils/product-page-params';
import { reviewsQueryOptions } from '@/features/reviews/api/get-reviews';
import { RootLayout } from './layouts/root-layout';
import { lazyPage } from './lazy-page';
import { RouteError } from './route-error';

/**
 * Every path of the spec; each page's code is downloaded on its first visit. The storefront's
 * pages ask for their data in their loaders, while their code downloads, not after.
 */
export const createAppRouter = (queryClient: QueryClient) =>
  createBrowserRouter([
    {
      element: <RootLayout />,
      errorElement: <RouteError />,
      HydrateFallback: () => <Spinner label="Loading Toolyard" />,
      children: [
        {
          errorElement: <RouteError />,
          children: [
            {
              index: true,
              loader: () => {
                void queryClient.prefetchQuery(productsPageQueryOptions(HOME_PRODUCTS_QUERY));
                void queryClient.prefetchQuery(reviewsQueryOptions());
                return null;
              },
              lazy: lazyPage(() => import('./routes/home')),
            },
            { path: 'about', lazy: lazyPage(() => import('./routes/about')) },
            { path: 'blogs', lazy: lazyPage(() => import('./routes/blogs')) },
            { path: 'myPortfolio', lazy: lazyPage(() => import('./routes/my-portfolio')) },
            { path: 'login', lazy: lazyPage(() => import('./routes/login')) },
            { path: 'signup', lazy: lazyPage(() => import('./routes/signup')) },
            {
              // Signed-in only; the guard is small, the pages behind it still load lazily.
              element: <RequireAuth />,
              children: [
                {
                  path: 'allItems',
                  loader: ({ request }: LoaderFunctionArgs) => {
                    const { searchParams } = new URL(request.url);
                    void queryClient.prefetchQuery(
                      productsPageQueryOptions({
                        ...productPageFromParams(searchParams),
                        pageSize: CATALOG_PAGE_SIZE,
                      }),
                    );
                    return null;
                  },
                  lazy: lazyPage(() => import('./routes/all-items')),
                },
                { path: 'purchase', lazy: lazyPage(() => import('./routes/purchase')) },
                {
                  path: 'dashboard',
                  lazy: lazyPage(() => import('./layouts/dashboard-layout')),
                  children: [
                    { index: true, lazy: lazyPage(() => import('./routes/dashboard/profile')) },
                    { path: 'profile', lazy: lazyPage(() => import('./routes/dashboard/profile')) },
                    {
                      path: 'myOrders',
                      lazy: lazyPage(() => import('./routes/dashboard/my-orders')),
                    },
                    {
                      path: 'review',
                      lazy: lazyPage(() => import('./routes/dashboard/add-review')),
                    },
                    {
                      path: 'payment/:id',
                      lazy: lazyPage(() => import('./routes/dashboard/payment')),
                    },
                    {
                      element: <RequireAdmin />,
                      children: [
                        { path: 'users', lazy: lazyPage(() => import('./routes/dashboard/users')) },
                        {
                          path: 'addItem',
                          lazy: lazyPage(() => import('./routes/dashboard/add-item')),
                        },
                        {
                          path: 'manageOrder',
                          lazy: lazyPage(() => import('./routes/dashboard/manage-orders')),
                        },
                        {
                          path: 'messages',
                          lazy: lazyPage(() => import('./routes/dashboard/messages')),
                        },
                      ],
                    },
                  ],
                },
              ],
            },
            { path: '*', lazy: lazyPage(() => import('./routes/not-found')) },
          ],
        },
      ],
    },
  ]);
