import { useQuery } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { ToastContainer } from 'react-toastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ordersQueryKey } from '@/lib/query-keys';
import { mockApi, renderWithProviders, requestsMade } from '@/test/render';
import { TestCardForm } from './test-card-form';

afterEach(() => vi.unstubAllGlobals());

const orderId = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
const payPath = `POST /api/order/${orderId}/pay`;

const order = {
  _id: orderId,
  number: 'TY-100234',
  itemId: '3f1c2a4e-8b7d-4c6e-9a1b-2d3e4f5a6b7c',
  ItemName: 'Wood Screws 500',
  OrderQuantity: 6,
  price: 12.5,
  BuyerName: 'Demo Buyer',
  BuyerEmail: 'buyer@toolyard.test',
  Contact: '+1 555 0100',
  Address: '12 Workshop Lane, Millbrook',
  totalCost: 75,
  paid: true,
  status: 'paid',
  paymentStatus: 'paid',
  fulfilmentStatus: 'unfulfilled',
  refundedTotal: 0,
  createdAt: '2026-05-01T10:00:00.000Z',
};

function renderForm(onPaid = vi.fn()) {
  const view = renderWithProviders(
    <>
      <TestCardForm orderId={orderId} total={75} onPaid={onPaid} />
      <ToastContainer />
    </>,
  );
  return { ...view, onPaid };
}

async function payWith(
  user: ReturnType<typeof renderForm>['user'],
  card: { number: string; expiry: string; cvc: string },
) {
  if (card.number) await user.type(screen.getByLabelText('Card number'), card.number);
  if (card.expiry) await user.type(screen.getByLabelText('Expiry'), card.expiry);
  if (card.cvc) await user.type(screen.getByLabelText('CVC'), card.cvc);
  await user.click(screen.getByRole('button', { name: 'Pay $75.00' }));
}

describe('TestCardForm', () => {
  it('says plainly that it is test mode, and fills in the card fields for the browser', () => {
    mockApi({});
    renderForm();

    expect(screen.getByRole('note').textContent).toBe(
      'Test mode — no money moves. Use 4242 4242 4242 4242 with any future date and any 3 digits; 4000 0000 0000 0002 is declined.',
    );
    expect(screen.getByLabelText('Card number').getAttribute('autocomplete')).toBe('cc-number');
    expect(screen.getByLabelText('Card number').getAttribute('inputmode')).toBe('numeric');
    expect(screen.getByLabelText('Expiry').getAttribute('autocomplete')).toBe('cc-exp');
    expect(screen.getByLabelText('CVC').getAttribute('autocomplete')).toBe('cc-csc');
  });

  it('sends the card with the month and year read from "12/30", and is done', async () => {
    const api = mockApi({ [payPath]: () => ({ body: order }) });
    const { user, onPaid } = renderForm();

    await payWith(user, { number: '4242424242424242', expiry: '12/30', cvc: '123' });

    expect(await screen.findByText('Successfully Paid')).toBeTruthy();
    expect(onPaid).toHaveBeenCalledOnce();
    expect((screen.getByLabelText('Card number') as HTMLInputElement).value).toBe(
      '4242 4242 4242 4242',
    );
    expect(requestsMade(api)).toEqual([payPath]);
    const [, init] = api.mock.calls[0] ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({
      cardNumber: '4242424242424242',
      expMonth: 12,
      expYear: 2030,
      cvc: '123',
    });
  });

  it("shows the server's message in red under the form when the card is declined", async () => {
    mockApi({
      [payPath]: () => ({
        status: 402,
        body: { error: 'card_declined', message: 'Your card was declined.' },
      }),
    });
    const { user, onPaid } = renderForm();

    await payWith(user, { number: '4000 0000 0000 0002', expiry: '1230', cvc: '123' });

    const alert = await screen.findByText('Your card was declined.');
    expect(alert.getAttribute('role')).toBe('alert');
    expect(alert.className).toContain('text-error');
    expect(onPaid).not.toHaveBeenCalled();
    expect(screen.queryByText('Successfully Paid')).toBeNull();
  });

  it('catches an obviously incomplete card and sends nothing', async () => {
    const api = mockApi({});
    const { user } = renderForm();

    await payWith(user, { number: '4242 4242', expiry: '13/3', cvc: '12' });

    expect(await screen.findByText('Your card number is incomplete.')).toBeTruthy();
    expect(screen.getByText("Your card's expiration date is incomplete.")).toBeTruthy();
    expect(screen.getByText("Your card's security code is incomplete.")).toBeTruthy();
    expect(screen.getByLabelText('Card number').getAttribute('aria-invalid')).toBe('true');
    expect(requestsMade(api)).toEqual([]);

    await user.clear(screen.getByLabelText('Expiry'));
    await user.type(screen.getByLabelText('Expiry'), '13/30');
    await user.click(screen.getByRole('button', { name: 'Pay $75.00' }));
    expect(await screen.findByText("Your card's expiration month is invalid.")).toBeTruthy();
    expect(requestsMade(api)).toEqual([]);
  });

  it('clears the last refusal on a new attempt, so only the latest error shows, once', async () => {
    const api = mockApi({
      [payPath]: () => ({
        status: 402,
        body: {
          error: 'card_declined',
          message: 'Your card has expired.',
          fields: { card: 'Your card has expired.' },
        },
      }),
    });
    const { user } = renderForm();

    await payWith(user, { number: '4242424242424242', expiry: '01/20', cvc: '123' });
    expect(await screen.findAllByText('Your card has expired.')).toHaveLength(1);
    expect(screen.queryByText(/security code/)).toBeNull();

    // Fix the expiry but type a one-digit CVC: the browser catches it, and the old refusal goes.
    await user.clear(screen.getByLabelText('Expiry'));
    await user.type(screen.getByLabelText('Expiry'), '12/30');
    await user.clear(screen.getByLabelText('CVC'));
    await user.type(screen.getByLabelText('CVC'), '1');
    await user.click(screen.getByRole('button', { name: 'Pay $75.00' }));

    expect(await screen.findByText("Your card's security code is incomplete.")).toBeTruthy();
    expect(screen.queryByText('Your card has expired.')).toBeNull();
    expect(requestsMade(api)).toEqual([payPath]);
  });

  it('shows a refusal the server puts at a field there only, not again under the form', async () => {
    mockApi({
      [payPath]: () => ({
        status: 400,
        body: {
          error: 'invalid_input',
          message: "Your card's expiration year is invalid.",
          fields: { expYear: "Your card's expiration year is invalid." },
        },
      }),
    });
    const { user } = renderForm();

    await payWith(user, { number: '4242424242424242', expiry: '12/30', cvc: '123' });

    expect(await screen.findAllByText("Your card's expiration year is invalid.")).toHaveLength(1);
    expect(screen.getByLabelText('Expiry').getAttribute('aria-invalid')).toBe('true');
  });

  // Issue 26: Pay stayed a greyed "Paying…" with no message when its request failed, waiting on
  // the order's own read, which the same outage kept failing and retrying.
  it("says at once that a failed payment was not confirmed, without the server's words", async () => {
    mockApi({
      [payPath]: () => ({ status: 500, body: { error: 'internal_error', message: 'boom' } }),
    });
    const { user } = renderWithProviders(
      <>
        <OrderBeingRead />
        <TestCardForm orderId={orderId} total={75} />
      </>,
    );

    await payWith(user, { number: '4242424242424242', expiry: '12/30', cvc: '123' });

    const alert = await screen.findByText(
      'We could not confirm your payment. Something went wrong on our side. Please try again.',
    );
    expect(alert.getAttribute('role')).toBe('alert');
    expect(screen.queryByText(/boom/)).toBeNull();
    // The button is back, to try again.
    expect((screen.getByRole('button', { name: 'Pay $75.00' }) as HTMLButtonElement).disabled).toBe(
      false,
    );
  });
});

/** The payment page's read of the order, which the outage keeps from ever answering. */
function OrderBeingRead() {
  useQuery({ queryKey: [...ordersQueryKey, orderId], queryFn: () => new Promise<never>(() => {}) });
  return null;
}
