import type { Order } from '@toolyard/shared';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders, requestsMade } from '@/test/render';
import MyOrdersPage from './my-orders';
import { anOrder, IN_STATUS } from '@/features/orders/components/order-fixtures';

afterEach(() => vi.unstubAllGlobals());

const email = 'buyer@toolyard.test';
const listPath = (status?: string) =>
  `GET /api/order?BuyerEmail=buyer%40toolyard.test&page=1&pageSize=20${status ? `&status=${status}` : ''}`;

const refunded = anOrder('o-refunded', 'Hand Saw', IN_STATUS.refunded);
const cancelled = anOrder('o-cancelled', 'Tape Measure', {
  ...IN_STATUS.cancelled,
  cancelReason: 'admin',
});
const paid = anOrder('o-paid', 'Claw Hammer', IN_STATUS.paid);

const session = () => ({
  body: {
    user: { id: 'u1', name: 'Demo Buyer', email, role: 'user', emailVerified: true },
    session: { id: 's1', expiresAt: '2099-01-01T00:00:00.000Z' },
  },
});
const page = (orders: Order[]) => () => ({
  body: orders,
  headers: { 'x-total-count': String(orders.length) },
});

const rowOf = (item: string) => {
  const row = screen.getAllByRole('row').find((r) => within(r).queryByText(item));
  if (!row) throw new Error(`no row for ${item}`);
  return within(row);
};

describe('the My Orders page', () => {
  it('lists refunded and cancelled orders too, each linking to its page, refunds told apart', async () => {
    mockApi({
      'GET /api/auth/get-session': session,
      [listPath()]: page([paid, refunded, cancelled]),
    });
    renderWithProviders(<MyOrdersPage />, { path: '/dashboard/myOrders' });

    expect(await screen.findByText('3 orders')).toBeTruthy();
    expect(rowOf('Hand Saw').getByText('refunded')).toBeTruthy();
    expect(rowOf('Tape Measure').getByText('cancelled')).toBeTruthy();
    expect(rowOf('Tape Measure').queryByText('refunded')).toBeNull();
    expect(
      rowOf('Hand Saw')
        .getByRole('link', { name: `View order ${refunded.number}` })
        .getAttribute('href'),
    ).toBe('/dashboard/orders/o-refunded');
  });

  it('keeps the status filter in the URL and asks the server for that status', async () => {
    const api = mockApi({
      'GET /api/auth/get-session': session,
      [listPath()]: page([paid, refunded, cancelled]),
      [listPath('refunded')]: page([refunded]),
    });
    const { user } = renderWithProviders(<MyOrdersPage />, { path: '/dashboard/myOrders?page=1' });
    await screen.findByText('3 orders');

    await user.selectOptions(screen.getByLabelText('Status'), 'Refunded');

    expect(await screen.findByText('1 order')).toBeTruthy();
    expect(window.location.search).toBe('?status=refunded');
    expect(requestsMade(api)).toContain(listPath('refunded'));
    expect(screen.queryByText('Claw Hammer')).toBeNull();
  });

  it('reads the filter from the URL, and offers every order again when none match', async () => {
    const api = mockApi({
      'GET /api/auth/get-session': session,
      [listPath('shipped')]: page([]),
      [listPath()]: page([paid]),
    });
    const { user } = renderWithProviders(<MyOrdersPage />, {
      path: '/dashboard/myOrders?status=shipped',
    });

    expect(await screen.findByText('No shipped orders')).toBeTruthy();
    expect((screen.getByLabelText('Status') as HTMLSelectElement).value).toBe('shipped');
    await user.click(screen.getByRole('button', { name: 'Show all orders' }));
    expect(await screen.findByText('1 order')).toBeTruthy();
    expect(window.location.search).toBe('');
    expect(requestsMade(api)).toContain(listPath());
  });
});
