import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { MyOrdersTable } from './my-orders-table';
import { expiryText } from './order-expiry';
import { anOrder, IN_STATUS, viewLinks } from './order-fixtures';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

const inFromNow = (ms: number) => new Date(Date.now() + ms).toISOString();

describe('MyOrdersTable', () => {
  it('says when each unpaid order expires, and which expired', () => {
    renderWithProviders(
      <MyOrdersTable
        orders={[
          anOrder('a', 'Claw Hammer', { expiresAt: inFromNow(23 * HOUR + 30 * MINUTE) }),
          anOrder('b', 'Wood Screws', { expiresAt: inFromNow(12 * MINUTE + 30_000) }),
          anOrder('c', 'Tape Measure', { ...IN_STATUS.cancelled, cancelReason: 'expired' }),
          anOrder('d', 'Hand Saw', IN_STATUS.paid),
        ]}
      />,
    );

    const rows = screen.getAllByRole('row').slice(1);
    const rowOf = (item: string) => {
      const row = rows.find((r) => within(r).queryByText(item));
      if (!row) throw new Error(`no row for ${item}`);
      return within(row);
    };
    expect(rowOf('Claw Hammer').getByText('Expires in 23 h')).toBeTruthy();
    expect(rowOf('Wood Screws').getByText('Expires in 12 min')).toBeTruthy();
    expect(rowOf('Tape Measure').getByText('Expired')).toBeTruthy();
    expect(rowOf('Hand Saw').queryByText(/Expire/)).toBeNull();
    // The phone cards say the same.
    const cards = screen.getAllByRole('listitem');
    expect(cards.map((card) => within(card).queryByText(/^Expire/)?.textContent ?? null)).toEqual([
      'Expires in 23 h',
      'Expires in 12 min',
      'Expired',
      null,
    ]);
  });

  it('opens each order page from its row and its card, whatever its status', () => {
    const orders = [
      anOrder('o-pending', 'Claw Hammer'),
      anOrder('o-paid', 'Hand Saw', IN_STATUS.paid),
      anOrder('o-shipped', 'Wood Screws', IN_STATUS.shipped),
      anOrder('o-refunded', 'Spirit Level', IN_STATUS.refunded),
      anOrder('o-cancelled', 'Tape Measure', { ...IN_STATUS.cancelled, cancelReason: 'buyer' }),
    ];
    renderWithProviders(<MyOrdersTable orders={orders} />);

    for (const { order, link } of viewLinks(orders)) {
      expect(link.getAttribute('href')).toBe(`/dashboard/orders/${order._id}`);
      // Visible as a button, not a word that only looks like text.
      expect(link.className).toContain('btn');
    }
    const rows = screen.getAllByRole('row').slice(1);
    // An unpaid order also offers Pay and Delete; the others only View.
    expect(
      within(rows[0] as HTMLElement)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Pay for Claw Hammer', `View order ${orders[0]?.number}`]);
    expect(within(rows[1] as HTMLElement).queryAllByRole('button')).toEqual([]);
  });

  it('counts down to under a minute, and says nothing for orders with no hold', () => {
    const now = Date.parse('2025-06-01T12:00:00Z');
    const pending = (ms: number) =>
      expiryText({ status: 'pending', expiresAt: new Date(now + ms).toISOString() }, now);
    expect(pending(24 * HOUR - 1)).toBe('Expires in 23 h');
    expect(pending(HOUR)).toBe('Expires in 1 h');
    expect(pending(HOUR - 1)).toBe('Expires in 59 min');
    expect(pending(MINUTE)).toBe('Expires in 1 min');
    expect(pending(59_000)).toBe('Expires in under a minute');
    expect(pending(-5_000)).toBe('Expires in under a minute');
    // An older server sends no expiresAt; a buyer's or an admin's cancel is not an expiry.
    expect(expiryText({ status: 'pending' }, now)).toBeNull();
    expect(expiryText({ status: 'cancelled', cancelReason: 'buyer' }, now)).toBeNull();
    expect(expiryText({ status: 'shipped', expiresAt: null }, now)).toBeNull();
  });
});
