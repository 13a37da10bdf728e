import { Link } from 'wouter';
import { CountedHeading } from '@/components/ui/counted-heading';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { PageTitle } from '@/components/ui/page-title';
import { Pagination } from '@/components/ui/pagination';
import { Spinner } from '@/components/ui/spinner';
import { usePageParam } from '@/hooks/use-page-param';
import { errorMessage } from '@/lib/api-client';
import { useSession } from '@/features/auth/api/get-session';
import { useMyOrders } from '@/features/orders/api/get-my-orders';
import { MyOrdersTable } from '@/features/orders/components/my-orders-table';

export default function MyOrdersPage() {
  const [page, goTo] = usePageParam();
  const email = useSession().data?.user.email;
  const orders = useMyOrders(email, page);

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
      {orders.isPending ? (
        <Spinner label="Loading your orders" />
      ) : orders.isError ? (
        <ErrorState message={errorMessage(orders.error)} onRetry={() => void orders.refetch()} />
      ) : orders.data.orders.length === 0 ? (
        page > 1 ? (
          <EmptyState title="No orders on this page">
            <button type="button" className="btn btn-sm" onClick={() => goTo(1)}>
              Go to the first page
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
              onPageChange={goTo}
            />
          )}
        </div>
      )}
    </section>
  );
}
