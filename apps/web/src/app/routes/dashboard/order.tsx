import { PAGE_PATHS } from '@toolyard/shared';
import { Link, useParams } from 'wouter';
import { ErrorState } from '@/components/ui/error-state';
import { PageTitle } from '@/components/ui/page-title';
import { Spinner } from '@/components/ui/spinner';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useAdminStatus } from '@/features/auth/api/get-admin-status';
import { useSession } from '@/features/auth/api/get-session';
import { useOrder } from '@/features/orders/api/get-order';
import { OrderDetails } from '@/features/orders/components/order-details';

/**
 * One order's page (/dashboard/orders/{id}): its buyer's, or any order for an admin. The
 * server decides who may see it and answers 404 to anyone else; the role only chooses what
 * the page offers.
 */
export default function OrderPage() {
  const { id } = useParams();
  const email = useSession().data?.user.email;
  const admin = useAdminStatus(email);
  const order = useOrder(id);

  // Someone else's order, or a link that is not an order's: the server says 404 (or 400).
  const notFound =
    order.error instanceof ApiError && (order.error.status === 404 || order.error.status === 400);
  // If the role cannot be read the page still shows the order, without the admin's actions.
  const isAdmin = admin.data?.admin === true;
  const isOwner = Boolean(email) && order.data?.BuyerEmail.toLowerCase() === email?.toLowerCase();

  return (
    <section className="max-w-4xl py-2">
      <PageTitle title={order.data ? `Order ${order.data.number}` : 'Order'} />
      <h1 className="text-3xl font-bold">{order.data ? `Order ${order.data.number}` : 'Order'}</h1>
      {order.isPending || (Boolean(email) && admin.isPending) ? (
        <Spinner label="Loading the order" />
      ) : notFound ? (
        <div className="py-6">
          <ErrorState message="We could not find this order." />
          <Link to={PAGE_PATHS.myOrders} className="btn btn-sm">
            Go to My Orders
          </Link>
        </div>
      ) : order.isError ? (
        <ErrorState message={errorMessage(order.error)} onRetry={() => void order.refetch()} />
      ) : (
        <div className="mt-4">
          <OrderDetails order={order.data} viewer={{ isAdmin, isOwner }} />
          <Link
            to={isAdmin && !isOwner ? PAGE_PATHS.manageOrder : PAGE_PATHS.myOrders}
            className="link mt-8 inline-block"
          >
            {isAdmin && !isOwner ? 'Back to Manage Orders' : 'Back to My Orders'}
          </Link>
        </div>
      )}
    </section>
  );
}
