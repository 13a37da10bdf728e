import { formatDollars, type Order } from '@toolyard/shared';
import { isOneLine } from '../utils/order-summary';
import { OrderExpiry } from './order-expiry';
import { OrderStatusBadge } from './order-status-badge';

/**
 * The top of an order's phone card: its number, status, item,
 * quantity × price = total, and when an unpaid order expires (or that it did).
 */
export function OrderCardSummary({ order }: { order: Order }) {
  return (
    <>
      <div className="flex items-start justify-between gap-2">
        <p className="font-semibold">Order {order.number}</p>
        <OrderStatusBadge order={order} />
      </div>
      <p className="break-words">{order.ItemName}</p>
      <p className="text-sm">
        {isOneLine(order) ? (
          <>
            {order.OrderQuantity.toLocaleString('en-US')} × {formatDollars(order.price)} ={' '}
          </>
        ) : (
          <>{order.OrderQuantity.toLocaleString('en-US')} items: </>
        )}
        <strong>{formatDollars(order.totalCost)}</strong>
      </p>
      <OrderExpiry order={order} className="block" />
    </>
  );
}
