import type { Order } from '@toolyard/shared';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders, requestsMade } from '@/test/render';
import ManageOrdersPage from './manage-orders';
import { anOrder } from '@/features/orders/components/order-fixtures';

afterEach(() => vi.unstubAllGlobals());

const listPath = (q?: string) =>
  `GET /api/order?page=1&pageSize=20${q ? `&q=${encodeURIComponent(q)}` : ''}`;

const hammer = anOrder('o-hammer', 'Claw Hammer', { number: 'TY-100234' });
const saw = anOrder('o-saw', 'Hand Saw', { number: 'TY-100235' });
const page = (orders: Order[]) => () => ({
  body: orders,
  headers: { 'x-total-count': String(orders.length) },
});

describe('the Manage Orders page', () => {
  it('finds an order by its number, keeps the search in the URL, and shows every order again', async () => {
    const api = mockApi({
      [listPath()]: page([saw, hammer]),
      [listPath('100234')]: page([hammer]),
    });
    const { user } = renderWithProviders(<ManageOrdersPage />, { path: '/dashboard/manageOrder' });
    const table = await screen.findByRole('table');
    expect(
      within(table).getByRole('link', { name: 'View order TY-100235' }).getAttribute('href'),
    ).toBe('/dashboard/orders/o-saw');

    const search = screen.getByRole('searchbox', { name: 'Find an order' });
    await user.type(search, ' 100234 ');
    await user.click(screen.getByRole('button', { name: 'Search' }));

    await vi.waitFor(() => expect(within(table).queryByText('Hand Saw')).toBeNull());
    expect(within(table).getByRole('link', { name: 'View order TY-100234' })).toBeTruthy();
    expect(window.location.search).toBe('?q=100234');
    expect(requestsMade(api)).toEqual([listPath(), listPath('100234')]);

    await user.click(screen.getByRole('button', { name: 'Show all orders' }));
    expect(await within(table).findByText('Hand Saw')).toBeTruthy();
    expect(window.location.search).toBe('');
    expect(
      (screen.getByRole('searchbox', { name: 'Find an order' }) as HTMLInputElement).value,
    ).toBe('');
  });

  it('says when nothing matches, and how to search', async () => {
    mockApi({ [listPath('ty-1')]: page([]) });
    renderWithProviders(<ManageOrdersPage />, { path: '/dashboard/manageOrder?q=ty-1' });

    expect(await screen.findByText('No order matches “ty-1”')).toBeTruthy();
    expect(screen.getByText(/whole order number/)).toBeTruthy();
    expect(
      (screen.getByRole('searchbox', { name: 'Find an order' }) as HTMLInputElement).value,
    ).toBe('ty-1');
  });
});
