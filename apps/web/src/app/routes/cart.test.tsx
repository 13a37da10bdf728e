import {
  PURCHASE_QUANTITY_MESSAGE,
  type Cart,
  type CartLine,
  type OrderDetail,
} from '@toolyard/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { ToastContainer } from 'react-toastify';
import { Route } from 'wouter';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders, requestsMade } from '@/test/render';
import CartPage from './cart';

afterEach(() => vi.unstubAllGlobals());

const DRILL = '00000000-0000-4000-8000-000000000001';
const SCREWS = '00000000-0000-4000-8000-000000000002';

const line = (overrides: Partial<CartLine> = {}): CartLine => ({
  itemId: DRILL,
  sku: 'TY-DR-2041',
  name: 'Cordless Drill 20V',
  img: '/images/tools/drill.svg',
  unitPrice: 129.99,
  quantity: 5,
  lineTotal: 649.95,
  AvailableQuantity: 20,
  MinOrderQuantity: 5,
  sold: true,
  ...overrides,
});

const screws = line({
  itemId: SCREWS,
  sku: 'TY-SC-500',
  name: 'Wood Screws 500',
  unitPrice: 12.5,
  quantity: 10,
  lineTotal: 125,
  AvailableQuantity: 40,
  MinOrderQuantity: 10,
});

const cartOf = (...lines: CartLine[]): Cart => ({
  lines,
  total: lines.reduce((sum, l) => sum + (l.sold ? l.lineTotal : 0), 0),
  count: lines.reduce((sum, l) => sum + l.quantity, 0),
});

const session = {
  user: {
    id: 'u1',
    name: 'Demo Buyer',
    email: 'buyer@toolyard.test',
    role: 'user',
    emailVerified: true,
    phone: '+1 555 0100',
    address: '12 Workshop Lane, Millbrook',
  },
  session: { id: 's1', expiresAt: '2030-01-01T00:00:00.000Z' },
};

const placedOrder: OrderDetail = {
  _id: 'ord-1',
  number: 'TY-100042',
  itemId: DRILL,
  ItemName: 'Cordless Drill 20V',
  OrderQuantity: 5,
  price: 129.99,
  BuyerName: 'Demo Buyer',
  BuyerEmail: 'buyer@toolyard.test',
  Contact: '+1 555 0100',
  Address: '12 Workshop Lane, Millbrook',
  totalCost: 649.95,
  paid: false,
  status: 'pending',
  paymentStatus: 'unpaid',
  fulfilmentStatus: 'unfulfilled',
  refundedTotal: 0,
  createdAt: '2026-11-26T12:00:00.000Z',
  lines: [
    {
      itemId: DRILL,
      sku: 'TY-DR-2041',
      name: 'Cordless Drill 20V',
      unitPrice: 129.99,
      quantity: 5,
      lineTotal: 649.95,
      refundedQuantity: 0,
    },
  ],
  events: [{ type: 'placed', at: '2026-11-26T12:00:00.000Z' }],
  cardLast4: null,
};

function renderCart(routes: Parameters<typeof mockApi>[0]) {
  const api = mockApi({ 'GET /api/auth/get-session': () => ({ body: session }), ...routes });
  const view = renderWithProviders(
    <>
      <Route path="/cart" component={CartPage} />
      <Route path="/dashboard/payment/:id">{(params) => <h1>Payment for {params.id}</h1>}</Route>
      <ToastContainer />
    </>,
    { path: '/cart' },
  );
  return { ...view, api };
}

/** The message under a field: what its aria-describedby points at. */
const messageOf = (field: HTMLElement) =>
  document.getElementById(field.getAttribute('aria-describedby') ?? '')?.textContent ?? '';

describe('CartPage', () => {
  it('checks a quantity as it is typed and sends it only once it is valid', async () => {
    const puts: unknown[] = [];
    const { api, user } = renderCart({
      'GET /api/cart': () => ({ body: cartOf(line(), screws) }),
      [`PUT /api/cart/lines/${DRILL}`]: (body) => {
        puts.push(body);
        return { body: cartOf(line({ quantity: 8, lineTotal: 1039.92 }), screws) };
      },
    });

    const field = await screen.findByLabelText('Quantity of Cordless Drill 20V');
    expect(screen.getByRole('link', { name: 'Cordless Drill 20V' }).getAttribute('href')).toBe(
      `/tool/${DRILL}`,
    );
    expect(screen.getByText('SKU TY-DR-2041')).toBeTruthy();

    await user.clear(field);
    await user.type(field, '3');
    expect(messageOf(field)).toBe(PURCHASE_QUANTITY_MESSAGE);
    expect(field.getAttribute('aria-invalid')).toBe('true');
    // The other line says nothing.
    expect(messageOf(screen.getByLabelText('Quantity of Wood Screws 500'))).toBe('');

    await user.clear(field);
    await user.type(field, '25');
    expect(messageOf(field)).toBe(PURCHASE_QUANTITY_MESSAGE);
    expect(requestsMade(api)).not.toContain(`PUT /api/cart/lines/${DRILL}`);

    await user.clear(field);
    await user.type(field, '8');
    await waitFor(() => expect(screen.getByText('$1,039.92')).toBeTruthy());
    expect(messageOf(field)).toBe('');
    expect(puts).toEqual([{ quantity: 8 }]);
  });

  it('shows each refused line its message after a 409 and keeps the cart', async () => {
    let stockLeft = 20;
    const { api, user } = renderCart({
      'GET /api/cart': () => ({ body: cartOf(line({ AvailableQuantity: stockLeft }), screws) }),
      'POST /api/checkout': () => {
        stockLeft = 3;
        return {
          status: 409,
          body: {
            error: 'out_of_stock',
            message: 'Some items in your cart cannot be ordered.',
            fields: { [DRILL]: 'Only 3 left', [SCREWS]: 'No longer sold' },
          },
        };
      },
    });

    await screen.findByLabelText('Quantity of Cordless Drill 20V');
    // Contact and address come from the profile.
    expect((screen.getByLabelText('Phone') as HTMLInputElement).value).toBe('+1 555 0100');
    expect((screen.getByLabelText('Address') as HTMLTextAreaElement).value).toBe(
      '12 Workshop Lane, Millbrook',
    );
    await user.click(screen.getByRole('button', { name: 'Place order' }));

    expect(await screen.findByText('Some items in your cart cannot be ordered.')).toBeTruthy();
    // The cart is read again, with the stock as it is now; the server's reason stays.
    await waitFor(() =>
      expect(requestsMade(api).filter((r) => r === 'GET /api/cart')).toHaveLength(2),
    );
    expect(messageOf(screen.getByLabelText('Quantity of Cordless Drill 20V'))).toBe('Only 3 left');
    expect(messageOf(screen.getByLabelText('Quantity of Wood Screws 500'))).toBe('No longer sold');
    expect(
      within(screen.getByRole('list', { name: 'Products in your cart' })).getAllByRole('listitem'),
    ).toHaveLength(2);
    const checkout = api.mock.calls.find(([url]) => url === '/api/checkout');
    expect(JSON.parse(checkout?.[1]?.body as string)).toEqual({
      Contact: '+1 555 0100',
      Address: '12 Workshop Lane, Millbrook',
    });
    expect(new Headers(checkout?.[1]?.headers).get('idempotency-key')).toMatch(/^[0-9a-f]{32}$/);
  });

  it('says how to order again when the buyer already holds an unpaid order, and keeps the cart', async () => {
    const message =
      'You already have an unpaid order. Pay for or cancel it, or confirm your email address, before ordering more.';
    const { user } = renderCart({
      'GET /api/cart': () => ({ body: cartOf(line()) }),
      'POST /api/checkout': () => ({
        status: 409,
        body: { error: 'too_many_unpaid_orders', message },
      }),
    });

    await user.click(await screen.findByRole('button', { name: 'Place order' }));

    const alert = await screen.findByText(message);
    expect(alert.getAttribute('role')).toBe('alert');
    expect(screen.getByLabelText('Quantity of Cordless Drill 20V')).toBeTruthy();
  });

  it('goes to the payment page of the new order', async () => {
    const { user } = renderCart({
      'GET /api/cart': () => ({ body: cartOf(line()) }),
      'POST /api/checkout': () => ({ status: 201, body: placedOrder }),
    });

    await user.click(await screen.findByRole('button', { name: 'Place order' }));

    expect(await screen.findByRole('heading', { name: 'Payment for ord-1' })).toBeTruthy();
  });

  it('asks for a phone and an address before checking out, and reads the profile again after', async () => {
    const noProfile = { ...session, user: { ...session.user, phone: null, address: '  ' } };
    const { api, user, queryClient } = renderCart({
      'GET /api/auth/get-session': () => ({ body: noProfile }),
      'GET /api/cart': () => ({ body: cartOf(line()) }),
      'POST /api/checkout': () => ({ status: 201, body: placedOrder }),
    });

    await user.click(await screen.findByRole('button', { name: 'Place order' }));
    const address = screen.getByLabelText('Address');
    const phone = screen.getByLabelText('Phone');
    expect(messageOf(address)).toBe('Address Is Required');
    expect(messageOf(phone)).toBe('Phone Is Required');
    expect(requestsMade(api)).not.toContain('POST /api/checkout');

    await user.clear(address);
    await user.type(address, '12 Workshop Lane, Millbrook');
    await user.type(phone, '+1 555 0100');
    await user.click(screen.getByRole('button', { name: 'Place order' }));

    expect(await screen.findByRole('heading', { name: 'Payment for ord-1' })).toBeTruthy();
    const checkout = api.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(checkout?.[1]?.body))).toEqual({
      Contact: '+1 555 0100',
      Address: '12 Workshop Lane, Millbrook',
    });
    // The first order fills an empty profile: the session (with the profile) is read anew.
    await waitFor(() => expect(queryClient.getQueryState(['session'])?.isInvalidated).toBe(true));
  });

  it('blocks checkout while a line is no longer sold', async () => {
    const { api, user } = renderCart({
      'GET /api/cart': () => ({ body: cartOf(line({ sold: false }), screws) }),
    });

    const field = await screen.findByLabelText('Quantity of Cordless Drill 20V');
    expect(messageOf(field)).toBe('No longer sold: remove it to check out.');
    // Its line total is shown struck out, and said to be left out of the total.
    expect(screen.getByText('Not in the total:')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Place order' }));

    expect(
      await screen.findByText('Remove the products no longer sold before placing your order.'),
    ).toBeTruthy();
    expect(requestsMade(api)).not.toContain('POST /api/checkout');
  });

  it('removes a line and puts it back on Undo', async () => {
    const puts: unknown[] = [];
    const { user } = renderCart({
      'GET /api/cart': () => ({ body: cartOf(line(), screws) }),
      [`DELETE /api/cart/lines/${DRILL}`]: () => ({ body: cartOf(screws) }),
      [`PUT /api/cart/lines/${DRILL}`]: (body) => {
        puts.push(body);
        return { body: cartOf(line(), screws) };
      },
    });

    await user.click(await screen.findByRole('button', { name: 'Remove Cordless Drill 20V' }));
    expect(await screen.findByText(/Removed Cordless Drill 20V\./)).toBeTruthy();
    expect(screen.queryByLabelText('Quantity of Cordless Drill 20V')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Undo' }));

    expect(await screen.findByLabelText('Quantity of Cordless Drill 20V')).toBeTruthy();
    expect(puts).toEqual([{ quantity: 5 }]);
  });

  it('says an empty cart is empty and links to the catalog', async () => {
    renderCart({ 'GET /api/cart': () => ({ body: cartOf() }) });

    expect(await screen.findByText('Your cart is empty')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse the tools' }).getAttribute('href')).toBe(
      '/allItems',
    );
    expect(screen.queryByRole('button', { name: 'Place order' })).toBeNull();
  });

  it('offers to try again when the cart cannot be read', async () => {
    let fail = true;
    const { user } = renderCart({
      'GET /api/cart': () =>
        fail
          ? { status: 500, body: { error: 'internal', message: 'Something went wrong.' } }
          : { body: cartOf(line()) },
    });

    // A fault's own words never reach the page.
    expect(
      await screen.findByText('Something went wrong on our side. Please try again.'),
    ).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByLabelText('Quantity of Cordless Drill 20V')).toBeTruthy();
  });
});
