import type { OrderStatus } from '@toolyard/shared';

const styles: Record<OrderStatus, string> = {
  pending: 'badge-warning badge-soft',
  paid: 'badge-success',
  shipped: 'badge-info',
  cancelled: 'badge-ghost',
  // Money went back: set apart from a plain cancellation at a glance.
  partially_refunded: 'badge-secondary badge-soft',
  refunded: 'badge-secondary badge-soft',
};

/** An order's status as a coloured badge that reads the status itself ("partially refunded"). */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return (
    <span className={`badge badge-sm whitespace-nowrap ${styles[status]}`}>
      {status.replace('_', ' ')}
    </span>
  );
}
