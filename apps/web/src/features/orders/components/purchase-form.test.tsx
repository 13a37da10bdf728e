import { PURCHASE_QUANTITY_MESSAGE, type Product } from '@toolyard/shared';
import { screen } from '@testing-library/react';
import { ToastContainer } from 'react-toastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders, requestsMade } from '@/test/render';
import { PurchaseForm, type Buyer } from './purchase-form';

afterEach(() => vi.unstubAllGlobals());

const product: Product = {
  _id: '3f1c2a4e-8b7d-4c6e-9a1b-2d3e4f5a6b7c',
  name: 'Wood Screws 500',
  price: 12.5,
  description: 'A box of 500 wood screws.',
  img: '/images/tools/wood-screws.svg',
  AvailableQuantity: 40,
  MinOrderQuantity: 5,
  sku: 'TY-TEST-1',
  categoryId: null,
};

const buyer: Buyer = {
  name: 'Demo Buyer',
  email: 'buyer@toolyard.test',
  phone: '+1 555 0100',
  address: '12 Workshop Lane, Millbrook',
};

function renderForm(onDone = vi.fn()) {
  const view = renderWithProviders(
    <>
      <PurchaseForm product={product} buyer={buyer} onDone={onDone} />
      <ToastContainer />
    </>,
  );
  return { ...view, onDone };
}

async function orderQuantity(user: ReturnType<typeof renderForm>['user'], quantity: string) {
  const field = screen.getByLabelText('Quantity');
  await user.clear(field);
  await user.type(field, quantity);
  await user.click(screen.getByRole('button', { name: 'Place Order' }));
  return field;
}

describe('PurchaseForm', () => {
  it('starts from the profile and the minimum, and shows the total as the quantity changes', async () => {
    mockApi({});
    const { user } = renderForm();

    expect((screen.getByLabelText('Name') as HTMLInputElement).readOnly).toBe(true);
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe(buyer.email);
    expect((screen.getByLabelText('Phone') as HTMLInputElement).value).toBe('+1 555 0100');
    expect((screen.getByLabelText('Address') as HTMLTextAreaElement).value).toBe(
      '12 Workshop Lane, Millbrook',
    );
    expect((screen.getByLabelText('Quantity') as HTMLInputElement).value).toBe('5');
    const total = screen.getByRole('status', { name: 'Total' });
    expect(total.textContent).toBe('$62.50');

    await user.clear(screen.getByLabelText('Quantity'));
    await user.type(screen.getByLabelText('Quantity'), '12');
    expect(total.textContent).toBe('$150.00');
  });

  it('offers the range from the minimum to the stock', () => {
    mockApi({});
    renderForm();

    const field = screen.getByLabelText('Quantity');
    const hint = document.getElementById(field.getAttribute('aria-describedby') ?? '');
    expect(hint?.textContent).toBe('From 5 to 40.');
  });

  it('offers no form, only "Out of stock", when fewer are left than the minimum order', () => {
    mockApi({});
    renderWithProviders(
      <PurchaseForm
        product={{ ...product, AvailableQuantity: 2, MinOrderQuantity: 5 }}
        buyer={buyer}
      />,
    );

    expect(screen.getByRole('status').textContent).toMatch(/^Out of stock/);
    expect(screen.queryByLabelText('Quantity')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Place Order' })).toBeNull();
    expect(screen.queryByText(/From \d+ to \d+/)).toBeNull();
  });

  it('refuses a quantity below the minimum with the spec message and sends nothing', async () => {
    const api = mockApi({});
    const { user, onDone } = renderForm();

    const field = await orderQuantity(user, '4');

    expect(await screen.findByText(PURCHASE_QUANTITY_MESSAGE)).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    const describedBy = field.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(describedBy)?.textContent).toBe(PURCHASE_QUANTITY_MESSAGE);
    expect(requestsMade(api)).toEqual([]);
    expect(onDone).not.toHaveBeenCalled();
  });

  it('refuses a quantity above the stock with the spec message and sends nothing', async () => {
    const api = mockApi({});
    const { user } = renderForm();

    await orderQuantity(user, '41');

    expect(await screen.findByText(PURCHASE_QUANTITY_MESSAGE)).toBeTruthy();
    expect(requestsMade(api)).toEqual([]);
  });

  it('asks for a phone and an address the profile does not have, and sends nothing until given', async () => {
    const api = mockApi({});
    const { user } = renderWithProviders(
      <PurchaseForm product={product} buyer={{ ...buyer, phone: null, address: '' }} />,
    );

    await user.type(screen.getByLabelText('Phone'), '   ');
    await user.click(screen.getByRole('button', { name: 'Place Order' }));

    expect(await screen.findByText('Address Is Required')).toBeTruthy();
    expect(screen.getByText('Phone Is Required')).toBeTruthy();
    expect(screen.getByLabelText('Phone').getAttribute('aria-invalid')).toBe('true');
    expect(requestsMade(api)).toEqual([]);
  });

  it("sends the spec's body, greets the buyer by name and is done", async () => {
    const api = mockApi({
      'POST /api/order': (body) => ({
        status: 201,
        body: {
          ...(body as object),
          _id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
          number: 'TY-100234',
          paid: false,
          status: 'pending',
          paymentStatus: 'unpaid',
          fulfilmentStatus: 'unfulfilled',
          refundedTotal: 0,
          createdAt: '2026-05-01T10:00:00.000Z',
        },
      }),
    });
    const { user, onDone } = renderForm();

    await orderQuantity(user, '6');

    expect(await screen.findByText('Hello Demo Buyer We Have Received Your Order')).toBeTruthy();
    expect(onDone).toHaveBeenCalledOnce();
    const [, init] = api.mock.calls[0] ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({
      itemId: product._id,
      ItemName: 'Wood Screws 500',
      OrderQuantity: 6,
      price: 12.5,
      BuyerName: 'Demo Buyer',
      BuyerEmail: 'buyer@toolyard.test',
      Contact: '+1 555 0100',
      Address: '12 Workshop Lane, Millbrook',
      totalCost: 75,
    });
  });

  it('says how many are left when someone else bought the stock first', async () => {
    mockApi({
      'POST /api/order': () => ({
        status: 409,
        body: {
          error: 'out_of_stock',
          message: 'Only 3 left in stock.',
          fields: { OrderQuantity: PURCHASE_QUANTITY_MESSAGE },
        },
      }),
    });
    const { user, onDone } = renderForm();

    const field = await orderQuantity(user, '5');

    expect(await screen.findByText('Only 3 left in stock.')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(onDone).not.toHaveBeenCalled();
  });

  it.each([
    [
      'why an unconfirmed buyer cannot order yet',
      403,
      'email_not_verified',
      'Confirm your email address before you order: we sent you a link, and you can ask for it again from your profile.',
    ],
    [
      'how to order again when the buyer already holds an unpaid order',
      409,
      'too_many_unpaid_orders',
      'You already have an unpaid order. Pay for or cancel it, or confirm your email address, before ordering more.',
    ],
  ])('shows %s, under the form', async (_why, status, error, message) => {
    mockApi({ 'POST /api/order': () => ({ status, body: { error, message } }) });
    const { user, onDone } = renderForm();

    await orderQuantity(user, '5');

    const alert = await screen.findByText(message);
    expect(alert.getAttribute('role')).toBe('alert');
    expect(alert.className).toContain('text-error');
    expect(screen.getByLabelText('Quantity').getAttribute('aria-invalid')).toBeNull();
    expect(onDone).not.toHaveBeenCalled();
  });
});
