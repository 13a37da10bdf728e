import type { Order } from '@toolyard/shared';
import { Link } from 'wouter';
import { orderPagePath } from '../utils/order-links';

/**
 * The way from a list's row or card to the order's page, whatever the order's status: a
 * button-like link named with the order's number ("View order TY-100234").
 */
export function ViewOrderLink({ order }: { order: Order }) {
  return (
    <Link to={orderPagePath(order._id)} className="btn btn-sm btn-outline">
      View<span className="sr-only"> order {order.number}</span>
    </Link>
  );
}
