import { formatDollars, type Order } from '@toolyard/shared';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useCancelOrder } from '../api/cancel-order';
import { useRefundOrder } from '../api/refund-order';
import { useShipOrder } from '../api/ship-order';
import { RefundOrderDialog } from './refund-order-dialog';
import { ShipOrderDialog } from './ship-order-dialog';
import { orderSummary } from '../utils/order-summary';

/**
 * What an admin can do to an order, for Manage Orders and the order's page alike: a paid
 * order can be marked shipped (until it is) or refunded in part or whole (chosen units, and
 * whether they go back on sale), an unpaid one cancelled; each asks first. Render
 * `buttons(order)` where the actions go and `dialogs` once.
 */
export function useAdminOrderActions() {
  const [toShip, setToShip] = useState<Order | null>(null);
  const shipOrder = useShipOrder({
    onSuccess: (order) => toast.success(`Marked ${order.BuyerName}'s order shipped`),
    onError: (error) => toast.error(errorMessage(error)),
    onSettled: () => setToShip(null),
  });
  const [toCancel, setToCancel] = useState<Order | null>(null);
  const cancelOrder = useCancelOrder({
    onSuccess: (order) => toast.success(`Cancelled ${order.BuyerName}'s order`),
    onError: (error) => toast.error(errorMessage(error)),
    onSettled: () => setToCancel(null),
  });
  const [toRefund, setToRefund] = useState<Order | null>(null);
  const refundOrder = useRefundOrder({
    onSuccess: (order) =>
      toast.success(
        `Refunded: ${formatDollars(order.refundedTotal)} of ${formatDollars(order.totalCost)} in all`,
      ),
    onError: (error) => toast.error(errorMessage(error)),
    onSettled: () => setToRefund(null),
  });

  const buttons = (order: Order) => {
    const paid = order.paymentStatus === 'paid' || order.paymentStatus === 'partially_refunded';
    if (paid) {
      return (
        <>
          {order.fulfilmentStatus === 'unfulfilled' && (
            <button
              type="button"
              className="btn btn-sm btn-primary"
              onClick={() => setToShip(order)}
            >
              Mark shipped<span className="sr-only"> {order.BuyerName}&apos;s order</span>
            </button>
          )}
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

  const dialogs = (
    <>
      <ShipOrderDialog
        order={toShip}
        busy={shipOrder.isPending}
        onConfirm={(order, shipment) => shipOrder.mutate({ order, shipment })}
        onClose={() => setToShip(null)}
      />
      <ConfirmDialog
        open={toCancel !== null}
        title="Cancel this order?"
        confirmLabel="Cancel order"
        cancelLabel="Keep order"
        busy={cancelOrder.isPending}
        onConfirm={() => {
          if (toCancel) cancelOrder.mutate(toCancel);
        }}
        onCancel={() => setToCancel(null)}
      >
        <p>
          {toCancel?.BuyerName}&apos;s order for{' '}
          <strong>{toCancel && orderSummary(toCancel)}</strong> will be cancelled and its stock put
          back on sale.
        </p>
      </ConfirmDialog>
      <RefundOrderDialog
        order={toRefund}
        busy={refundOrder.isPending}
        onConfirm={(order, refund) => refundOrder.mutate({ order, refund })}
        onClose={() => setToRefund(null)}
      />
    </>
  );

  return { buttons, dialogs };
}
