import { screen, within } from '@testing-library/react';
import { ToastContainer } from 'react-toastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders, requestsMade } from '@/test/render';
import { ManageOrdersTable } from './manage-orders-table';
import { anOrder, IN_STATUS, viewLinks } from './order-fixtures';

afterEach(() => vi.unstubAllGlobals());

const paid = anOrder('o-paid', 'Claw Hammer', IN_STATUS.paid);
const refunded = anOrder('o-refunded', 'Hand Saw', IN_STATUS.refunded);
const cancelled = anOrder('o-cancelled', 'Tape Measure', IN_STATUS.cancelled);

const rowOf = (item: string) => {
  const row = screen.getAllByRole('row').find((r) => within(r).queryByText(item));
  if (!row) throw new Error(`no row for ${item}`);
  return within(row);
};

describe('ManageOrdersTable', () => {
  it('opens each order page from its row and its card, and tells a refund from a cancellation', () => {
    mockApi({});
    const orders = [paid, refunded, cancelled];
    renderWithProviders(<ManageOrdersTable orders={orders} />);

    for (const { order, link } of viewLinks(orders)) {
      expect(link.getAttribute('href')).toBe(`/dashboard/orders/${order._id}`);
      // Visible as a button, not a word that only looks like text.
      expect(link.className).toContain('btn');
    }
    expect(
      rowOf('Claw Hammer')
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(["Mark shipped Demo Buyer's order", "Refund Demo Buyer's order"]);
    expect(rowOf('Hand Saw').getByText('refunded')).toBeTruthy();
    expect(rowOf('Hand Saw').queryByRole('button')).toBeNull();
    expect(rowOf('Tape Measure').queryByText('refunded')).toBeNull();
    expect(rowOf('Tape Measure').getByText('cancelled')).toBeTruthy();
    expect(rowOf('Tape Measure').queryByRole('button')).toBeNull();
  });

  it('shows a shipped order refunded in part as both, the two statuses the filter lists it under', () => {
    mockApi({});
    const returned = anOrder('o-returned', 'Spirit Level', {
      status: 'partially_refunded',
      paymentStatus: 'partially_refunded',
      fulfilmentStatus: 'shipped',
    });
    renderWithProviders(<ManageOrdersTable orders={[paid, returned]} />);

    expect(rowOf('Spirit Level').getByText('partially refunded')).toBeTruthy();
    expect(rowOf('Spirit Level').getByText('shipped')).toBeTruthy();
    expect(rowOf('Claw Hammer').getByText('paid')).toBeTruthy();
    expect(rowOf('Claw Hammer').queryByText('shipped')).toBeNull();
  });

  it('asks before marking an order shipped, and sends the carrier and tracking number', async () => {
    const shipPath = 'POST /api/order/o-paid/ship';
    const api = mockApi({ [shipPath]: () => ({ body: { ...paid, status: 'shipped' } }) });
    const { user } = renderWithProviders(
      <>
        <ManageOrdersTable orders={[paid]} />
        <ToastContainer />
      </>,
    );

    await user.click(rowOf('Claw Hammer').getByRole('button', { name: /^Mark shipped/ }));
    const dialog = screen.getByRole('dialog', { name: 'Mark this order shipped?' });
    expect(requestsMade(api)).toEqual([]);
    expect(dialog.textContent).toContain('This cannot be undone.');

    await user.type(within(dialog).getByLabelText('Carrier'), ' DHL ');
    await user.type(within(dialog).getByLabelText('Tracking number'), 'JD014600006281');
    await user.click(within(dialog).getByRole('button', { name: 'Mark shipped' }));

    expect(await screen.findByText("Marked Demo Buyer's order shipped")).toBeTruthy();
    expect(requestsMade(api)).toEqual([shipPath]);
    const [, init] = api.mock.calls[0] ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({
      carrier: 'DHL',
      trackingNumber: 'JD014600006281',
    });
  });

  it('ships without a carrier or tracking number, and sends nothing when the admin backs out', async () => {
    const shipPath = 'POST /api/order/o-paid/ship';
    const api = mockApi({ [shipPath]: () => ({ body: { ...paid, status: 'shipped' } }) });
    const { user } = renderWithProviders(<ManageOrdersTable orders={[paid]} />);

    await user.click(rowOf('Claw Hammer').getByRole('button', { name: /^Mark shipped/ }));
    await user.click(screen.getByRole('button', { name: 'Not yet' }));
    expect(requestsMade(api)).toEqual([]);

    await user.click(rowOf('Claw Hammer').getByRole('button', { name: /^Mark shipped/ }));
    const dialog = screen.getByRole('dialog', { name: 'Mark this order shipped?' });
    await user.click(within(dialog).getByRole('button', { name: 'Mark shipped' }));
    await vi.waitFor(() => expect(requestsMade(api)).toEqual([shipPath]));
    const [, init] = api.mock.calls[0] ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({ carrier: '', trackingNumber: '' });
  });

  it('cannot be closed while the order is being marked shipped, and closes once it is', async () => {
    let answer = (_: Response) => {};
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
    const { user } = renderWithProviders(<ManageOrdersTable orders={[paid]} />);

    await user.click(rowOf('Claw Hammer').getByRole('button', { name: /^Mark shipped/ }));
    const dialog = screen.getByRole('dialog', { name: 'Mark this order shipped?' });
    await user.click(within(dialog).getByRole('button', { name: 'Mark shipped' }));
    await vi.waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Not yet' })).toHaveProperty(
        'disabled',
        true,
      ),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await user.keyboard('{Escape}');
    expect((dialog as HTMLDialogElement).open).toBe(true);

    answer(
      new Response(JSON.stringify({ ...paid, status: 'shipped', fulfilmentStatus: 'shipped' }), {
        headers: { 'content-type': 'application/json' },
      }),
    );
    await vi.waitFor(() => expect((dialog as HTMLDialogElement).open).toBe(false));
  });
});
