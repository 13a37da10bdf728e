import { ResponsiveList } from '@/components/ui/responsive-list';
import { formatDollars, type Order } from '@toolyard/shared';
import { useAdminOrderActions } from './admin-order-actions';
import { OrderCardSummary } from './order-card-summary';
import { OrderDate } from './order-date';
import { OrderStatusBadge } from './order-status-badge';
import { ViewOrderLink } from './view-order-link';

/**
 * Every buyer's orders for admins: the number, who, what, how many, the total, the status and
 * when, and View to open the order's page. A paid order can be marked shipped (with an
 * optional carrier and tracking number) or refunded, an unpaid one cancelled; each asks first.
 */
export function ManageOrdersTable({ orders }: { orders: Order[] }) {
  const { buttons, dialogs } = useAdminOrderActions();
  const actions = (order: Order) => (
    <>
      {buttons(order)}
      <ViewOrderLink order={order} />
    </>
  );

  return (
    <>
      <ResponsiveList
        items={orders}
        itemKey={(order) => order._id}
        breakpoint="lg"
        columns={
          <>
            <th scope="col">Order</th>
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
            <td className="font-medium whitespace-nowrap">{order.number}</td>
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
              <OrderStatusBadge order={order} />
            </td>
            <td>
              <div className="flex justify-end gap-2">{actions(order)}</div>
            </td>
          </>
        )}
      />
      {dialogs}
    </>
  );
}
