import type { OrderStatus } from '@toolyard/shared';

const styles: Record<OrderStatus, string> = {
  pending: 'badge-warning badge-soft',
  paid: 'badge-success',
  shipped: 'badge-info',
  cancelled: 'badge-ghost',
  // Money went back: set apart from a plain cancellation at a glance.
  refunded: 'badge-secondary badge-soft',
};

/** An order's status as a coloured badge that reads the status itself. */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return <span className={`badge badge-sm whitespace-nowrap ${styles[status]}`}>{status}</span>;
}
