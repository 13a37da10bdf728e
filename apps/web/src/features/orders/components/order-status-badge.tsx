import { shownStatuses, type Order, type OrderStatus } from '@toolyard/shared';

const styles: Record<OrderStatus, string> = {
  pending: 'badge-warning badge-soft',
  paid: 'badge-success',
  shipped: 'badge-info',
  cancelled: 'badge-ghost',
  // Money went back: set apart from a plain cancellation at a glance.
  partially_refunded: 'badge-secondary badge-soft',
  refunded: 'badge-secondary badge-soft',
};

/**
 * An order's statuses as coloured badges that read the status itself ("partially refunded"):
 * one, or two for a shipped order refunded in part or whole ("partially refunded", "shipped"),
 * each a status the filter lists it under.
 */
export function OrderStatusBadge({ order }: { order: Pick<Order, 'status' | 'fulfilmentStatus'> }) {
  return (
    <span className="inline-flex flex-wrap gap-1">
      {shownStatuses(order).map((status) => (
        <span key={status} className={`badge badge-sm whitespace-nowrap ${styles[status]}`}>
          {status.replace('_', ' ')}
        </span>
      ))}
    </span>
  );
}
