import { orderStatuses, type OrderStatus } from '@toolyard/shared';

/** How the filter names each status; an unpaid order's status is `pending`. */
const labels: Record<OrderStatus, string> = {
  pending: 'Unpaid (pending)',
  paid: 'Paid',
  shipped: 'Shipped',
  partially_refunded: 'Partially refunded',
  refunded: 'Refunded',
  cancelled: 'Cancelled',
};

/** Chooses which orders to list: every status, or one. */
export function OrderStatusFilter({
  value,
  onChange,
}: {
  value: OrderStatus | undefined;
  onChange: (status: OrderStatus | undefined) => void;
}) {
  return (
    <label className="flex items-center gap-2 text-sm font-semibold">
      Status
      <select
        className="select select-sm w-44 font-normal"
        value={value ?? ''}
        onChange={(event) => onChange(orderStatuses.find((s) => s === event.target.value))}
      >
        <option value="">All statuses</option>
        {orderStatuses.map((status) => (
          <option key={status} value={status}>
            {labels[status]}
          </option>
        ))}
      </select>
    </label>
  );
}
