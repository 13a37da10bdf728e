import type { Order } from '@toolyard/shared';

/**
 * Whether the order is one product: its spec fields then hold exactly (quantity × unit price is
 * the total). A multi-line order's `price` is its first line's, so that sum would be wrong.
 */
export const isOneLine = (order: Pick<Order, 'OrderQuantity' | 'price' | 'totalCost'>) =>
  Math.round(order.price * 100) * order.OrderQuantity === Math.round(order.totalCost * 100);

/** "6 × Pipe Clamps", or "Cordless Drill 20V and 2 more (18 items)" for several products. */
export const orderSummary = (
  order: Pick<Order, 'OrderQuantity' | 'price' | 'totalCost' | 'ItemName'>,
) => {
  const units = order.OrderQuantity.toLocaleString('en-US');
  return isOneLine(order) ? `${units} × ${order.ItemName}` : `${order.ItemName} (${units} items)`;
};
