import { PAGE_PATHS, type OrderDetail } from '@toolyard/shared';
import { screen, within } from '@testing-library/react';
import { Route } from 'wouter';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders, requestsMade } from '@/test/render';
import OrderPage from './order';

afterEach(() => vi.unstubAllGlobals());

const orderId = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
const drillId = '3f1c2a4e-8b7d-4c6e-9a1b-2d3e4f5a6b7c';
const screwsId = '4a2d3b5f-9c8e-4d7f-8b2c-3e4f5a6b7c8d';
const buyerEmail = 'buyer@toolyard.test';

const shippedOrder: OrderDetail = {
  _id: orderId,
  number: 'TY-100234',
  itemId: drillId,
  ItemName: 'Cordless Drill 20V and 1 more',
  OrderQuantity: 12,
  price: 129,
  BuyerName: 'Demo Buyer',
  BuyerEmail: buyerEmail,
  Contact: '+1 555 0100',
  Address: '12 Workshop Lane, Millbrook',
  totalCost: 384,
  paid: true,
  status: 'shipped',
  paymentStatus: 'paid',
  fulfilmentStatus: 'shipped',
  refundedTotal: 0,
  createdAt: '2026-05-01T10:00:00.000Z',
  cancelReason: null,
  expiresAt: null,
  lines: [
    {
      itemId: drillId,
      sku: 'DRL-20V',
      name: 'Cordless Drill 20V',
      unitPrice: 129,
      quantity: 2,
      lineTotal: 258,
      refundedQuantity: 0,
    },
    {
      itemId: screwsId,
      sku: 'SCR-500',
      name: 'Wood Screws 500',
      unitPrice: 12.6,
      quantity: 10,
      lineTotal: 126,
      refundedQuantity: 0,
    },
  ],
  events: [
    { type: 'placed', at: '2026-05-01T10:00:00.000Z' },
    { type: 'paid', at: '2026-05-01T10:05:00.000Z' },
    {
      type: 'shipped',
      at: '2026-05-02T09:30:00.000Z',
      carrier: 'DHL',
      trackingNumber: 'JD014600006281',
    },
  ],
  cardLast4: '4242',
};

/** The same order, not paid yet. */
const pending: OrderDetail = {
  ...shippedOrder,
  status: 'pending',
  paymentStatus: 'unpaid',
  fulfilmentStatus: 'unfulfilled',
  paid: false,
  cardLast4: null,
};

const sessionFor = (email: string) => () => ({
  body: {
    user: { id: 'u1', name: 'Someone', email, role: 'user', emailVerified: true },
    session: { id: 's1', expiresAt: '2099-01-01T00:00:00.000Z' },
  },
});

function api(
  { email = buyerEmail, admin = false, order = shippedOrder } = {},
  more: Parameters<typeof mockApi>[0] = {},
) {
  return mockApi({
    'GET /api/auth/get-session': sessionFor(email),
    [`GET /api/admin/${encodeURIComponent(email)}`]: () => ({ body: { admin } }),
    [`GET /api/order/${orderId}`]: () => ({ body: order }),
    ...more,
  });
}

const renderPage = () =>
  renderWithProviders(
    <Route path={PAGE_PATHS.order}>
      <OrderPage />
    </Route>,
    { path: `/dashboard/orders/${orderId}` },
  );

describe('the order page', () => {
  it("shows the buyer the lines, the total, the address, the payment and the timeline, but not the buyer's details", async () => {
    api();
    renderPage();

    const items = await screen.findByRole('table', { name: 'Items in this order' });
    // The heading names the order by its number, as its mails do.
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Order TY-100234');
    const rows = within(items).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'ProductSKUUnit priceQuantityLine total',
      // A phone shows the SKU and unit price under the name; wider screens in their columns.
      'Cordless Drill 20VDRL-20V · $129.00 eachDRL-20V$129.002$258.00',
      'Wood Screws 500SCR-500 · $12.60 eachSCR-500$12.6010$126.00',
      'TotalTotal$384.00',
    ]);
    expect(within(items).getByRole('link', { name: 'Wood Screws 500' }).getAttribute('href')).toBe(
      `/tool/${screwsId}`,
    );
    expect(screen.getByText('12 Workshop Lane, Millbrook')).toBeTruthy();
    expect(screen.getByText('+1 555 0100')).toBeTruthy();
    expect(screen.getByText('Card ending 4242')).toBeTruthy();

    const timeline = screen.getByRole('list', { name: 'Timeline' });
    expect(timeline.tagName).toBe('OL');
    const steps = within(timeline).getAllByRole('listitem');
    expect(steps.map((step) => step.querySelector('p')?.textContent)).toEqual([
      'Placed',
      'Paid',
      'Shipped by DHL, tracking number JD014600006281',
    ]);
    expect(steps[2]?.querySelector('time')?.getAttribute('dateTime')).toBe(
      '2026-05-02T09:30:00.000Z',
    );

    // Buyer details and admin actions are for admins only.
    expect(screen.queryByText('Buyer')).toBeNull();
    expect(screen.queryByRole('button', { name: /Mark shipped|Refund/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Order again' })).toBeTruthy();
  });

  it("shows an admin who bought it and the admin's actions", async () => {
    api({
      email: 'admin@toolyard.test',
      admin: true,
      order: { ...shippedOrder, status: 'paid', fulfilmentStatus: 'unfulfilled' },
    });
    renderPage();

    expect(await screen.findByText('Buyer')).toBeTruthy();
    expect(screen.getByText('Demo Buyer')).toBeTruthy();
    expect(screen.getByRole('link', { name: buyerEmail }).getAttribute('href')).toBe(
      `mailto:${buyerEmail}`,
    );
    expect(screen.getByRole('button', { name: /^Mark shipped/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: /^Refund/ })).toBeTruthy();
    // Someone else's order: not theirs to order again.
    expect(screen.queryByRole('button', { name: 'Order again' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to Manage Orders' })).toBeTruthy();
  });

  it('lets an admin refund one line of a shipped order, asking first, and shows refunds with their amounts', async () => {
    let sent: unknown;
    const fetchMock = api(
      { email: 'admin@toolyard.test', admin: true },
      {
        [`POST /api/order/${orderId}/refund`]: (body) => {
          sent = body;
          return {
            body: {
              ...shippedOrder,
              status: 'partially_refunded',
              paymentStatus: 'partially_refunded',
              refundedTotal: 25.2,
            },
          };
        },
      },
    );
    const { user } = renderPage();

    await user.click(await screen.findByRole('button', { name: /^Refund/ }));
    const screws = await screen.findByLabelText(/Wood Screws 500/);
    // Shipped: the units stay off the shelf unless the admin ticks the box.
    expect(
      (screen.getByLabelText('Put the refunded units back in stock') as HTMLInputElement).checked,
    ).toBe(false);
    await user.clear(screws);
    await user.type(screws, '2');
    await user.click(screen.getByRole('button', { name: 'Refund $25.20…' }));
    // Nothing is sent before the admin confirms the amount.
    expect(requestsMade(fetchMock)).not.toContain(`POST /api/order/${orderId}/refund`);
    expect(
      screen.getByText(/\$25\.20 goes back to Demo Buyer's card for 2 × Wood Screws 500/),
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Refund $25.20' }));
    await vi.waitFor(() =>
      expect(sent).toEqual({ lines: [{ itemId: screwsId, quantity: 2 }], restock: false }),
    );
    const [, init] =
      fetchMock.mock.calls.find(([url]) => url === `/api/order/${orderId}/refund`) ?? [];
    expect(new Headers(init?.headers).get('Idempotency-Key')).toMatch(/^[0-9a-f]{32}$/);
  });

  it('shows the buyer each refund in the timeline with its amount, and the refunded total', async () => {
    api({
      order: {
        ...shippedOrder,
        status: 'partially_refunded',
        paymentStatus: 'partially_refunded',
        refundedTotal: 25.2,
        lines: shippedOrder.lines.map((line) =>
          line.itemId === screwsId ? { ...line, refundedQuantity: 2 } : line,
        ),
        events: [
          ...shippedOrder.events,
          {
            type: 'refunded',
            at: '2026-05-03T09:00:00.000Z',
            amount: 25.2,
            restocked: false,
            lines: [{ itemId: screwsId, name: 'Wood Screws 500', quantity: 2 }],
          },
        ],
      },
    });
    renderPage();
    const timeline = await screen.findByRole('list', { name: 'Timeline' });
    expect(within(timeline).getByText('Refunded $25.20: 2 × Wood Screws 500')).toBeTruthy();
    expect(screen.getByText('$25.20 of $384.00')).toBeTruthy();
  });

  it('offers an unpaid order to pay or cancel, and says how it was cancelled', async () => {
    // Held a quarter of an hour more.
    const held = {
      ...pending,
      expiresAt: new Date(Date.now() + 15 * 60_000 + 30_000).toISOString(),
    };
    api({ order: held });
    const view = renderPage();

    const pay = await screen.findByRole('link', { name: 'Pay $384.00' });
    expect(pay.getAttribute('href')).toBe(`/dashboard/payment/${orderId}`);
    // When to pay by, from the order's expiresAt.
    const deadline = screen.getByText(/^Pay by /);
    expect(deadline.textContent).toMatch(/^Pay by .+ \(expires in 15 min\)$/);
    expect(deadline.textContent).toContain(
      new Intl.DateTimeFormat('en', { timeStyle: 'short' }).format(new Date(held.expiresAt)),
    );
    expect(deadline.getAttribute('datetime')).toBe(held.expiresAt);
    expect(screen.getByRole('button', { name: 'Cancel order' })).toBeTruthy();
    view.unmount();

    api({
      order: {
        ...pending,
        status: 'cancelled',
        cancelReason: 'expired',
        events: [
          { type: 'placed', at: '2026-05-01T10:00:00.000Z' },
          { type: 'cancelled', at: '2026-05-02T10:00:00.000Z', cancelReason: 'expired' },
        ],
      },
    });
    renderPage();
    const timeline = await screen.findByRole('list', { name: 'Timeline' });
    expect(within(timeline).getByText('Cancelled: not paid in time')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /^Pay/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel order' })).toBeNull();
  });

  it('puts every action in one row beside the status, and no empty row when there is none', async () => {
    api({ order: pending });
    const view = renderPage();
    const actions = await screen.findByRole('group', { name: 'Order actions' });
    expect([...actions.querySelectorAll('a, button')].map((a) => a.textContent)).toEqual([
      'Pay $384.00',
      'Cancel order',
      'Order again',
    ]);
    view.unmount();

    // A refunded order an admin did not buy: nothing to do, and no empty space where actions go.
    api({
      email: 'admin@toolyard.test',
      admin: true,
      order: { ...shippedOrder, status: 'refunded', paymentStatus: 'refunded', refundedTotal: 384 },
    });
    renderPage();
    expect(await screen.findByText('Card ending 4242')).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Order actions' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Mark shipped|Refund|Order again/ })).toBeNull();
  });

  it('orders again: says what went in the cart and what was skipped and why', async () => {
    const fetchMock = api(
      {},
      {
        [`POST /api/order/${orderId}/reorder`]: () => ({
          body: {
            added: [{ itemId: drillId, name: 'Cordless Drill 20V', quantity: 2 }],
            skipped: [{ itemId: screwsId, name: 'Wood Screws 500', reason: 'No longer sold' }],
          },
        }),
      },
    );
    const { user } = renderPage();

    await user.click(await screen.findByRole('button', { name: 'Order again' }));

    const status = await screen.findByText('Added to your cart: 2 × Cordless Drill 20V.');
    const region = status.closest('[role="status"]');
    if (!(region instanceof HTMLElement)) throw new Error('the message is not announced');
    expect(within(region).getByText('Wood Screws 500: No longer sold')).toBeTruthy();
    expect(within(region).getByRole('link', { name: 'Go to your cart' }).getAttribute('href')).toBe(
      '/cart',
    );
    expect(requestsMade(fetchMock)).toContain(`POST /api/order/${orderId}/reorder`);
  });

  it('says when the order is not there, and offers to retry another failure', async () => {
    api(
      {},
      {
        [`GET /api/order/${orderId}`]: () => ({
          status: 404,
          body: { error: 'not_found', message: 'Order not found' },
        }),
      },
    );
    const view = renderPage();
    expect(await screen.findByText('We could not find this order.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    view.unmount();

    let fail = true;
    api(
      {},
      {
        [`GET /api/order/${orderId}`]: () =>
          fail
            ? { status: 500, body: { error: 'internal', message: 'Something went wrong.' } }
            : { body: shippedOrder },
      },
    );
    const { user } = renderPage();
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Something went wrong on our side. Please try again.',
    );
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'Items in this order' })).toBeTruthy();
  });
});
