import { Link } from 'wouter';
import { CountedHeading } from '@/components/ui/counted-heading';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { PageTitle } from '@/components/ui/page-title';
import { Pagination } from '@/components/ui/pagination';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { useSession } from '@/features/auth/api/get-session';
import { useMyOrders } from '@/features/orders/api/get-my-orders';
import { MyOrdersTable } from '@/features/orders/components/my-orders-table';
import { OrderStatusFilter } from '@/features/orders/components/order-status-filter';
import { useOrderListParams } from '@/features/orders/hooks/use-order-list-params';

/** The buyer's whole order history, cancelled and refunded orders too, filterable by status. */
export default function MyOrdersPage() {
  const { page, status, update } = useOrderListParams();
  const email = useSession().data?.user.email;
  const orders = useMyOrders(email, { page, status });

  const pageCount = orders.data
    ? Math.max(1, Math.ceil(orders.data.total / orders.data.pageSize))
    : 1;

  return (
    <section className="py-2">
      <PageTitle title="My Orders" />
      <CountedHeading
        title="My Orders"
        count={
          orders.data &&
          orders.data.total > 0 &&
          `${orders.data.total} ${orders.data.total === 1 ? 'order' : 'orders'}`
        }
      />
      <div className="my-4">
        <OrderStatusFilter value={status} onChange={(next) => update({ status: next ?? null })} />
      </div>
      {orders.isPending ? (
        <Spinner label="Loading your orders" />
      ) : orders.isError ? (
        <ErrorState message={errorMessage(orders.error)} onRetry={() => void orders.refetch()} />
      ) : orders.data.orders.length === 0 ? (
        page > 1 ? (
          <EmptyState title="No orders on this page">
            <button type="button" className="btn btn-sm" onClick={() => update({ page: 1 })}>
              Go to the first page
            </button>
          </EmptyState>
        ) : status ? (
          <EmptyState title={`No ${status} orders`}>
            <button type="button" className="btn btn-sm" onClick={() => update({ status: null })}>
              Show all orders
            </button>
          </EmptyState>
        ) : (
          <EmptyState title="You have no orders yet">
            <Link to="/allItems" className="btn btn-sm btn-primary">
              Browse all items
            </Link>
          </EmptyState>
        )
      ) : (
        <div className={orders.isPlaceholderData ? 'opacity-60' : undefined}>
          <MyOrdersTable orders={orders.data.orders} />
          {pageCount > 1 && (
            <Pagination
              label="Order pages"
              page={orders.data.page}
              pageCount={pageCount}
              onPageChange={(next) => update({ page: next })}
            />
          )}
        </div>
      )}
    </section>
  );
}
