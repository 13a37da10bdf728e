import { formatDollars, type Order, type OrderDetail } from '@toolyard/shared';
import { useId, useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useDeleteOrder } from '../api/delete-order';
import { paymentPagePath } from '../utils/order-links';
import { useAdminOrderActions } from './admin-order-actions';
import { OrderDate } from './order-date';
import { OrderExpiry } from './order-expiry';
import { OrderLines } from './order-lines';
import { OrderStatusBadge } from './order-status-badge';
import { OrderTimeline } from './order-timeline';
import { useReorderAction } from './reorder-action';
import { orderSummary } from '../utils/order-summary';

/** Who is looking at an order: its buyer, an admin, or both. */
export interface OrderViewer {
  isOwner: boolean;
  isAdmin: boolean;
}

const paymentText: Record<Order['status'], string> = {
  pending: 'Not paid yet',
  paid: 'Paid',
  shipped: 'Paid',
  partially_refunded: 'Partially refunded',
  refunded: 'Refunded',
  cancelled: 'Not paid',
};

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="space-y-2">
      <h2 id={id} className="text-xl font-bold">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-sm text-base-content/70">{term}</dt>
      <dd className="font-medium break-words whitespace-pre-line">{children}</dd>
    </div>
  );
}

/**
 * One order's page: its lines and total, where it goes, how it was paid and its timeline,
 * with what the viewer may do next. Its buyer may pay or cancel an unpaid order and order it
 * again; an admin also sees who bought it and can ship, refund or cancel it.
 */
export function OrderDetails({ order, viewer }: { order: OrderDetail; viewer: OrderViewer }) {
  const timelineId = useId();
  const admin = useAdminOrderActions();
  const [cancelling, setCancelling] = useState(false);
  const cancelOrder = useDeleteOrder({
    onSuccess: () => toast.success(`Cancelled your order for ${order.ItemName}`),
    onError: (error) => toast.error(errorMessage(error)),
    onSettled: () => setCancelling(false),
  });

  const reorder = useReorderAction(order);

  const unpaid = order.status === 'pending';
  // An admin's own order is cancelled the admin's way, with one Cancel button.
  const buyerCancels = viewer.isOwner && !viewer.isAdmin && unpaid;
  const adminButtons = viewer.isAdmin ? admin.buttons(order) : null;
  // The buyer can always order again; an admin has nothing to do on a refunded order.
  const hasActions = viewer.isOwner || adminButtons !== null;

  return (
    <div className="space-y-8">
      <div>
        {/* Status and actions share one row; the actions wrap below it on a narrow screen. */}
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <OrderStatusBadge order={order} />
            <p className="text-sm text-base-content/80">
              Placed <OrderDate iso={order.createdAt} withTime />
            </p>
            <OrderExpiry order={order} deadline />
          </div>
          {hasActions && (
            <div
              role="group"
              aria-label="Order actions"
              className="flex flex-wrap items-center gap-2"
            >
              {viewer.isOwner && unpaid && (
                <Link to={paymentPagePath(order._id)} className="btn btn-sm btn-primary">
                  Pay {formatDollars(order.totalCost)}
                </Link>
              )}
              {buyerCancels && (
                <button
                  type="button"
                  className="btn btn-sm btn-error btn-outline"
                  onClick={() => setCancelling(true)}
                >
                  Cancel order
                </button>
              )}
              {adminButtons}
              {viewer.isOwner && reorder.button}
            </div>
          )}
        </div>
        {viewer.isOwner && reorder.outcome}
      </div>

      <Section title="Items">
        <OrderLines lines={order.lines} total={order.totalCost} />
      </Section>

      <div className="grid gap-8 md:grid-cols-2">
        {/* Payment first: under the items and their total, beside the sidebar. */}
        <Section title="Payment">
          <dl className="space-y-2">
            <Detail term="Status">{paymentText[order.status]}</Detail>
            <Detail term="Card">
              {order.cardLast4 ? `Card ending ${order.cardLast4}` : 'No card on record'}
            </Detail>
            <Detail term="Total">{formatDollars(order.totalCost)}</Detail>
            {order.refundedTotal > 0 && (
              <Detail term="Refunded">
                {formatDollars(order.refundedTotal)} of {formatDollars(order.totalCost)}
              </Detail>
            )}
          </dl>
        </Section>
        <Section title="Delivery">
          <dl className="space-y-2">
            {viewer.isAdmin && (
              <Detail term="Buyer">
                {order.BuyerName}
                <br />
                <a href={`mailto:${order.BuyerEmail}`} className="link break-all">
                  {order.BuyerEmail}
                </a>
              </Detail>
            )}
            <Detail term="Phone">{order.Contact || 'Not given'}</Detail>
            <Detail term="Address">{order.Address || 'Not given'}</Detail>
          </dl>
        </Section>
      </div>

      <section aria-labelledby={timelineId} className="space-y-2">
        <h2 id={timelineId} className="text-xl font-bold">
          Timeline
        </h2>
        <OrderTimeline events={order.events} labelledBy={timelineId} />
      </section>

      {viewer.isAdmin && admin.dialogs}
      <ConfirmDialog
        open={cancelling}
        title="Cancel this order?"
        confirmLabel="Cancel order"
        cancelLabel="Keep order"
        busy={cancelOrder.isPending}
        onConfirm={() => cancelOrder.mutate(order)}
        onCancel={() => setCancelling(false)}
      >
        <p>
          Your order for <strong>{orderSummary(order)}</strong> will be cancelled and its stock put
          back on sale.
        </p>
      </ConfirmDialog>
    </div>
  );
}
