import { ResponsiveList } from '@/components/ui/responsive-list';
import { formatDollars, type Order } from '@toolyard/shared';
import { useState } from 'react';
import { toast } from '@/lib/toast';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { errorMessage } from '@/lib/api-client';
import { useCancelOrder } from '../api/cancel-order';
import { useRefundOrder } from '../api/refund-order';
import { useShipOrder } from '../api/ship-order';
import { OrderCardSummary } from './order-card-summary';
import { OrderDate } from './order-date';
import { OrderStatusBadge } from './order-status-badge';

/**
 * Every buyer's orders for admins: who, what, how many, the total, the status and when.
 * A paid order can be marked shipped or refunded (after confirming); an unpaid one cancelled
 * after confirming.
 */
export function ManageOrdersTable({ orders }: { orders: Order[] }) {
  const [toCancel, setToCancel] = useState<Order | null>(null);
  const shipOrder = useShipOrder({
    onSuccess: (order) => toast.success(`Marked ${order.BuyerName}'s order shipped`),
    onError: (error) => toast.error(errorMessage(error)),
  });
  const cancelOrder = useCancelOrder({
    onSuccess: (order) => toast.success(`Cancelled ${order.BuyerName}'s order`),
    onError: (error) => toast.error(errorMessage(error)),
    onSettled: () => setToCancel(null),
  });
  const [toRefund, setToRefund] = useState<Order | null>(null);
  const refundOrder = useRefundOrder({
    onSuccess: () => toast.success('Order refunded'),
    onError: (error) => toast.error(errorMessage(error)),
    onSettled: () => setToRefund(null),
  });

  const confirmCancel = () => {
    if (toCancel) cancelOrder.mutate(toCancel);
  };

  const confirmRefund = () => {
    if (toRefund) refundOrder.mutate(toRefund);
  };

  const actions = (order: Order) => {
    if (order.status === 'paid') {
      const busy = shipOrder.isPending && shipOrder.variables?._id === order._id;
      return (
        <>
          <button
            type="button"
            className="btn btn-sm btn-primary"
            disabled={busy}
            aria-busy={busy}
            onClick={() => shipOrder.mutate(order)}
          >
            {busy && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
            Mark shipped
          </button>
          <button
            type="button"
            className="btn btn-sm btn-error btn-outline"
            onClick={() => setToRefund(order)}
          >
            Refund<span className="sr-only"> {order.BuyerName}&apos;s order</span>
          </button>
        </>
      );
    }
    if (order.status === 'pending') {
      return (
        <button
          type="button"
          className="btn btn-sm btn-error btn-outline"
          onClick={() => setToCancel(order)}
        >
          Cancel<span className="sr-only"> {order.BuyerName}&apos;s order</span>
        </button>
      );
    }
    return null;
  };

  return (
    <>
      <ResponsiveList
        items={orders}
        itemKey={(order) => order._id}
        breakpoint="lg"
        columns={
          <>
            <th scope="col">Ordered</th>
            <th scope="col">Buyer</th>
            <th scope="col">Item</th>
            <th scope="col" className="text-right">
              Qty
            </th>
            <th scope="col" className="text-right">
              Total
            </th>
            <th scope="col">Status</th>
            <th scope="col">
              <span className="sr-only">Actions</span>
            </th>
          </>
        }
        card={(order) => (
          <>
            <OrderCardSummary order={order} />
            <p className="text-sm break-all">
              {order.BuyerName} · {order.BuyerEmail}
            </p>
            <p className="text-sm text-base-content/80">
              <OrderDate iso={order.createdAt} withTime />
            </p>
            <div className="mt-2 flex flex-wrap gap-2">{actions(order)}</div>
          </>
        )}
        row={(order) => (
          <>
            <td className="whitespace-nowrap">
              <OrderDate iso={order.createdAt} withTime />
            </td>
            <td>
              <p className="font-medium">{order.BuyerName}</p>
              <p className="text-sm break-all text-base-content/80">{order.BuyerEmail}</p>
            </td>
            <td>{order.ItemName}</td>
            <td className="text-right">{order.OrderQuantity.toLocaleString('en-US')}</td>
            <td className="text-right whitespace-nowrap">{formatDollars(order.totalCost)}</td>
            <td>
              <OrderStatusBadge status={order.status} />
            </td>
            <td>
              <div className="flex justify-end gap-2">{actions(order)}</div>
            </td>
          </>
        )}
      />
      <ConfirmDialog
        open={toCancel !== null}
        title="Cancel this order?"
        confirmLabel="Cancel order"
        cancelLabel="Keep order"
        busy={cancelOrder.isPending}
        onConfirm={confirmCancel}
        onCancel={() => setToCancel(null)}
      >
        <p>
          {toCancel?.BuyerName}&apos;s order for{' '}
          <strong>
            {toCancel?.OrderQuantity.toLocaleString('en-US')} × {toCancel?.ItemName}
          </strong>{' '}
          will be cancelled and its stock put back on sale.
        </p>
      </ConfirmDialog>
      <ConfirmDialog
        open={toRefund !== null}
        title="Refund this order?"
        confirmLabel="Refund"
        cancelLabel="Keep order"
        busy={refundOrder.isPending}
        onConfirm={confirmRefund}
        onCancel={() => setToRefund(null)}
      >
        <p>
          {toRefund && formatDollars(toRefund.totalCost)} goes back to {toRefund?.BuyerName}
          &apos;s card; the order for{' '}
          <strong>
            {toRefund?.OrderQuantity.toLocaleString('en-US')} × {toRefund?.ItemName}
          </strong>{' '}
          is cancelled and its stock put back on sale.
        </p>
      </ConfirmDialog>
    </>
  );
}
