import { formatDollars, type Order } from '@toolyard/shared';
import { OrderStatusBadge } from './order-status-badge';

/** The top of an order's phone card: item, status, and quantity × price = total. */
export function OrderCardSummary({ order }: { order: Order }) {
  return (
    <>
      <div className="flex items-start justify-between gap-2">
        <p className="font-semibold break-words">{order.ItemName}</p>
        <OrderStatusBadge status={order.status} />
      </div>
      <p className="text-sm">
        {order.OrderQuantity.toLocaleString('en-US')} × {formatDollars(order.price)} ={' '}
        <strong>{formatDollars(order.totalCost)}</strong>
      </p>
    </>
  );
}
