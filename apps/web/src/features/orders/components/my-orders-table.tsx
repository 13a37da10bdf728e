import { ResponsiveList } from '@/components/ui/responsive-list';
import { formatDollars, type Order } from '@toolyard/shared';
import { Link } from 'wouter';
import { toast } from '@/lib/toast';
import { errorMessage } from '@/lib/api-client';
import { useDeleteOrder } from '../api/delete-order';
import { OrderCardSummary } from './order-card-summary';
import { OrderDate } from './order-date';
import { OrderExpiry } from './order-expiry';
import { OrderStatusBadge } from './order-status-badge';
import { paymentPagePath } from '../utils/order-links';
import { ViewOrderLink } from './view-order-link';

/**
 * The buyer's orders, every status: number, item, quantity, total and status, and View to open
 * the order's page. An unpaid order also has Pay and Delete (after the browser's 'Are you
 * sure?') and says when it expires, or that it expired.
 */
export function MyOrdersTable({ orders }: { orders: Order[] }) {
  const deleteOrder = useDeleteOrder({
    onSuccess: (_, order) => toast.success(`Deleted your order for ${order.ItemName}`),
    onError: (error) => toast.error(errorMessage(error)),
  });

  const onDelete = (order: Order) => {
    // The spec asks with the browser's own confirmation.
    if (window.confirm('Are you sure?')) deleteOrder.mutate(order);
  };

  const actions = (order: Order) => {
    const deleting = deleteOrder.isPending && deleteOrder.variables?._id === order._id;
    return (
      <>
        {order.status === 'pending' && (
          <>
            <Link to={paymentPagePath(order._id)} className="btn btn-sm btn-primary">
              Pay<span className="sr-only"> for {order.ItemName}</span>
            </Link>
            <button
              type="button"
              className="btn btn-sm btn-error btn-outline"
              disabled={deleting}
              aria-busy={deleting}
              onClick={() => onDelete(order)}
            >
              {deleting && (
                <span className="loading loading-spinner loading-xs" aria-hidden="true" />
              )}
              Delete<span className="sr-only"> order for {order.ItemName}</span>
            </button>
          </>
        )}
        <ViewOrderLink order={order} />
      </>
    );
  };

  return (
    <>
      <ResponsiveList
        items={orders}
        itemKey={(order) => order._id}
        columns={
          <>
            <th scope="col">Order</th>
            <th scope="col">Item</th>
            <th scope="col" className="text-right">
              Quantity
            </th>
            <th scope="col" className="text-right">
              Total
            </th>
            <th scope="col">Status</th>
            <th scope="col">Ordered</th>
            <th scope="col">
              <span className="sr-only">Payment and actions</span>
            </th>
          </>
        }
        card={(order) => (
          <>
            <OrderCardSummary order={order} />
            <p className="text-sm text-base-content/80">
              Ordered <OrderDate iso={order.createdAt} />
            </p>
            <div className="mt-2 flex flex-wrap items-center gap-2">{actions(order)}</div>
          </>
        )}
        row={(order) => (
          <>
            <td className="font-medium whitespace-nowrap">{order.number}</td>
            <td>{order.ItemName}</td>
            <td className="text-right">{order.OrderQuantity.toLocaleString('en-US')}</td>
            <td className="text-right whitespace-nowrap">{formatDollars(order.totalCost)}</td>
            <td>
              <OrderStatusBadge order={order} />
              <OrderExpiry order={order} className="mt-1 block" />
            </td>
            <td className="whitespace-nowrap">
              <OrderDate iso={order.createdAt} />
            </td>
            <td>
              <div className="flex items-center justify-end gap-2">{actions(order)}</div>
            </td>
          </>
        )}
      />
    </>
  );
}
