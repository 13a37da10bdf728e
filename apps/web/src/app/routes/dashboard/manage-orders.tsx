import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { PageTitle } from '@/components/ui/page-title';
import { Pagination } from '@/components/ui/pagination';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { useAllOrders } from '@/features/orders/api/get-all-orders';
import { ManageOrdersTable } from '@/features/orders/components/manage-orders-table';
import { OrderSearch } from '@/features/orders/components/order-search';
import { OrderStatusFilter } from '@/features/orders/components/order-status-filter';
import { useOrderListParams } from '@/features/orders/hooks/use-order-list-params';

export default function ManageOrdersPage() {
  const { page, status, q, update } = useOrderListParams();
  const orders = useAllOrders({ page, status, ...(q ? { q } : {}) });

  return (
    <section className="py-2">
      <PageTitle title="Manage Orders" />
      <h1 className="text-3xl font-bold">Manage Orders</h1>
      <div className="my-4 flex flex-wrap items-center justify-between gap-x-6 gap-y-3">
        <OrderSearch value={q} onSearch={(next) => update({ q: next })} />
        <OrderStatusFilter value={status} onChange={(next) => update({ status: next ?? null })} />
        {orders.data && (
          <p className="text-sm text-base-content/80">
            {orders.data.total} {orders.data.total === 1 ? 'order' : 'orders'}, newest first
          </p>
        )}
      </div>
      {orders.isPending ? (
        <Spinner label="Loading orders" />
      ) : orders.isError ? (
        <ErrorState message={errorMessage(orders.error)} onRetry={() => void orders.refetch()} />
      ) : orders.data.orders.length === 0 ? (
        <EmptyState
          title={
            page > 1
              ? 'No orders on this page'
              : q
                ? `No ${status ? `${status} ` : ''}order matches “${q}”`
                : status
                  ? `No ${status} orders`
                  : 'No orders yet'
          }
        >
          {page > 1 ? (
            <button type="button" className="btn btn-sm" onClick={() => update({ page: 1 })}>
              Go to the first page
            </button>
          ) : (
            q && (
              <p className="text-sm">
                Search by a whole order number (TY-100234 or 100234) or a buyer&apos;s whole email.
              </p>
            )
          )}
        </EmptyState>
      ) : (
        <div className={orders.isPlaceholderData ? 'opacity-60' : undefined}>
          <ManageOrdersTable orders={orders.data.orders} />
          <Pagination
            label="Order pages"
            page={orders.data.page}
            pageCount={Math.max(1, Math.ceil(orders.data.total / orders.data.pageSize))}
            onPageChange={(next) => update({ page: next })}
          />
        </div>
      )}
    </section>
  );
}
