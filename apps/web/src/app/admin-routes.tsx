import { PAGE_PATHS } from '@toolyard/shared';
import { Route, Switch } from 'wouter';
import { lazyPage } from './lazy-page';

const Users = lazyPage(() => import('./routes/dashboard/users'));
const AddItem = lazyPage(() => import('./routes/dashboard/add-item'));
const ManageOrders = lazyPage(() => import('./routes/dashboard/manage-orders'));
const Messages = lazyPage(() => import('./routes/dashboard/messages'));
const HiddenReviews = lazyPage(() => import('./routes/dashboard/hidden-reviews'));
const Outbox = lazyPage(() => import('./routes/dashboard/outbox'));
const Categories = lazyPage(() => import('./routes/dashboard/categories'));

/**
 * The admin pages' own routes, inside the admin guard and the dashboard. This table and each
 * page's code download with the first admin page a person opens, not on a first visit (ADR 009).
 */
export function AdminRoutes() {
  return (
    <Switch>
      <Route path={PAGE_PATHS.users} component={Users} />
      <Route path={PAGE_PATHS.addItem} component={AddItem} />
      <Route path={PAGE_PATHS.manageOrder} component={ManageOrders} />
      <Route path={PAGE_PATHS.messages} component={Messages} />
      <Route path={PAGE_PATHS.hiddenReviews} component={HiddenReviews} />
      <Route path={PAGE_PATHS.outbox} component={Outbox} />
      <Route path={PAGE_PATHS.categories} component={Categories} />
    </Switch>
  );
}
