import type { Order, OrderStatus } from '@toolyard/shared';
import { screen, within } from '@testing-library/react';

/** An order's flags in each status, as the server derives them from its two states. */
export const IN_STATUS = {
  pending: {
    status: 'pending',
    paid: false,
    paymentStatus: 'unpaid',
    fulfilmentStatus: 'unfulfilled',
  },
  paid: { status: 'paid', paid: true, paymentStatus: 'paid', fulfilmentStatus: 'unfulfilled' },
  shipped: { status: 'shipped', paid: true, paymentStatus: 'paid', fulfilmentStatus: 'shipped' },
  partially_refunded: {
    status: 'partially_refunded',
    paid: true,
    paymentStatus: 'partially_refunded',
    fulfilmentStatus: 'unfulfilled',
  },
  refunded: {
    status: 'refunded',
    paid: false,
    paymentStatus: 'refunded',
    fulfilmentStatus: 'unfulfilled',
  },
  cancelled: {
    status: 'cancelled',
    paid: false,
    paymentStatus: 'unpaid',
    fulfilmentStatus: 'unfulfilled',
  },
} as const satisfies Record<OrderStatus, Partial<Order>>;

let nextNumber = 100001;

/**
 * An order as the API lists it, for the order tables' and pages' tests: two of a $12.50 tool,
 * placed by the demo buyer, pending unless `overrides` say otherwise (e.g. `IN_STATUS.paid`);
 * each gets the next order number.
 */
export function anOrder(id: string, ItemName: string, overrides: Partial<Order> = {}): Order {
  return {
    _id: id,
    number: `TY-${nextNumber++}`,
    itemId: '3f1c2a4e-8b7d-4c6e-9a1b-2d3e4f5a6b7c',
    ItemName,
    OrderQuantity: 2,
    price: 12.5,
    BuyerName: 'Demo Buyer',
    BuyerEmail: 'buyer@toolyard.test',
    Contact: '+1 555 0100',
    Address: '12 Workshop Lane',
    totalCost: 25,
    ...IN_STATUS.pending,
    refundedTotal: 0,
    createdAt: '2026-05-01T10:00:00.000Z',
    cancelReason: null,
    expiresAt: null,
    ...overrides,
  };
}

/** Each order's View link, in its table row and in its phone card, for orders listed in this order. */
export function viewLinks(orders: Order[]): { order: Order; link: HTMLElement }[] {
  const rows = screen.getAllByRole('row').slice(1);
  const cards = screen.getAllByRole('listitem');
  return orders.flatMap((order, i) =>
    [rows[i], cards[i]].map((entry) => ({
      order,
      link: within(entry as HTMLElement).getByRole('link', { name: `View order ${order.number}` }),
    })),
  );
}
