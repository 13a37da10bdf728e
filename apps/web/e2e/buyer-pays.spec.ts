import type { Page } from '@playwright/test';
import { demo, isPhone } from './support/accounts';
import {
  addProduct,
  catalogSearch,
  newProduct,
  productCard,
  stockOn,
  uniqueName,
} from './support/catalog';
import { expect, test } from './support/sessions';

/** Phones list orders as cards, wider screens as table rows. */
const entry = (page: Page, text: string) =>
  page.getByRole(isPhone(page) ? 'listitem' : 'row').filter({ hasText: text });

const TEST_MODE_NOTE =
  'Test mode — no money moves. Use 4242 4242 4242 4242 with any future date and any 3 digits; 4000 0000 0000 0002 is declined.';

/** An admin adds a fresh product (40 in stock, $12.50); the demo buyer orders 6 of it ($75.00). */
async function buyerOrdersNewProduct(
  page: Page,
  sessions: {
    signInAs: (page: Page, account: { email: string; password: string }) => Promise<void>;
  },
  name: string,
) {
  const product = newProduct(name);
  await sessions.signInAs(page, demo.admin);
  await addProduct(page, product);

  await sessions.signInAs(page, demo.buyer);
  await page.goto('/purchase');
  await page.getByLabel('Product').selectOption({ label: `${product.name} ($12.50)` });
  await page.getByLabel('Quantity').fill('6');
  await page.getByLabel('Address').fill('12 Workshop Lane, Millbrook');
  await page.getByLabel('Phone').fill('+1 555 0100');
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page.getByText('Hello Demo Buyer We Have Received Your Order')).toBeVisible();
  await expect(page).toHaveURL('/dashboard/myOrders');
  await expect(entry(page, product.name)).toContainText('pending');
  return product;
}

async function payWith(page: Page, cardNumber: string) {
  await page.getByLabel('Card number').fill(cardNumber);
  await page.getByLabel('Expiry').fill('12/30');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Pay $75.00' }).click();
}

test('a buyer is declined, then pays with the test card and cannot pay again; an admin refunds the order', async ({
  page,
  sessions,
}, testInfo) => {
  const product = await buyerOrdersNewProduct(
    page,
    sessions,
    uniqueName('Pipe Clamps', testInfo.project.name),
  );

  const order = entry(page, product.name);
  await order.getByRole('link', { name: /^Pay/ }).click();
  await expect(page).toHaveURL(/\/dashboard\/payment\/[0-9a-f-]{36}$/);
  const paymentUrl = new URL(page.url()).pathname;
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Payment');
  await expect(page.getByText('Demo Buyer', { exact: true })).toBeVisible();
  await expect(page.getByText(product.name, { exact: true })).toBeVisible();
  await expect(page.getByText('$75.00', { exact: true })).toBeVisible();
  await expect(page.getByRole('note')).toHaveText(TEST_MODE_NOTE);

  // Obviously incomplete: caught in the browser.
  await page.getByLabel('Card number').fill('4242 4242');
  await page.getByRole('button', { name: 'Pay $75.00' }).click();
  await expect(page.getByText('Your card number is incomplete.')).toBeVisible();

  // The declined test card: the server's message in red under the form.
  await payWith(page, '4000 0000 0000 0002');
  const declined = page.getByRole('alert').filter({ hasText: 'Your card was declined.' });
  await expect(declined).toBeVisible();
  await expect(declined).toHaveClass(/text-error/);
  await expect(page).toHaveURL(paymentUrl);

  // Still unpaid.
  await page.goto('/dashboard/myOrders');
  await expect(order).toContainText('pending');
  await expect(order.getByRole('link', { name: /^Pay/ })).toBeVisible();

  await order.getByRole('link', { name: /^Pay/ }).click();
  await expect(page).toHaveURL(paymentUrl);
  await payWith(page, '4242 4242 4242 4242');
  await expect(page.getByText('Successfully Paid')).toBeVisible();
  await expect(page).toHaveURL('/dashboard/myOrders');
  await expect(order).toContainText('paid');
  await expect(order.getByRole('link', { name: /^Pay/ })).toHaveCount(0);
  await expect(order.getByRole('button', { name: /^Delete/ })).toHaveCount(0);

  // The payment page says so and has no form; the server refuses a second payment too.
  await page.goto(paymentUrl);
  await expect(page.getByText('This order is paid.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to My Orders' })).toBeVisible();
  await expect(page.getByLabel('Card number')).toHaveCount(0);
  const again = await page.request.post(
    `/api${paymentUrl.replace('/dashboard/payment', '/order')}/pay`,
    {
      headers: { origin: new URL(page.url()).origin },
      data: { cardNumber: '4242 4242 4242 4242', expMonth: 12, expYear: 2030, cvc: '123' },
    },
  );
  expect(again.status()).toBe(409);
  expect(await again.json()).toMatchObject({ message: 'This order is already paid.' });

  await page.goto(catalogSearch(product.name));
  await expect(stockOn(productCard(page, product.name))).toHaveText('34');

  // The admin refunds it: the order is refunded (not merely cancelled) and the stock comes back.
  await sessions.signInAs(page, demo.admin);
  await page.goto('/dashboard/manageOrder?status=paid');
  const managed = entry(page, product.name);
  await expect(managed).toContainText('paid');
  await managed.getByRole('button', { name: /^Refund/ }).click();
  const refund = page.getByRole('dialog', { name: 'Refund this order' });
  await refund.getByLabel(new RegExp(product.name)).fill('6');
  // Not shipped yet: the units go back on sale unless the admin says otherwise.
  await expect(refund.getByLabel('Put the refunded units back in stock')).toBeChecked();
  await refund.getByRole('button', { name: 'Refund $75.00…' }).click();
  await expect(refund).toContainText("$75.00 goes back to Demo Buyer's card for 6 ×");
  await refund.getByRole('button', { name: 'Refund $75.00', exact: true }).click();
  await expect(page.getByText('Refunded: $75.00 of $75.00 in all')).toBeVisible();
  await expect(refund).toBeHidden();
  await expect(managed).toHaveCount(0);
  await page.goto('/dashboard/manageOrder?status=refunded');
  await expect(entry(page, product.name)).toContainText('refunded');

  await page.goto(catalogSearch(product.name));
  await expect(stockOn(productCard(page, product.name))).toHaveText('40');

  await sessions.signInAs(page, demo.buyer);
  await page.goto(paymentUrl);
  await expect(page.getByText('This order was refunded.')).toBeVisible();
  await expect(page.getByLabel('Card number')).toHaveCount(0);
  // It stays in the buyer's orders, as refunded.
  await page.goto('/dashboard/myOrders');
  await expect(entry(page, product.name)).toContainText('refunded');
});

test('an admin ships a paid order and the buyer sees it shipped', async ({
  page,
  sessions,
}, testInfo) => {
  const product = await buyerOrdersNewProduct(
    page,
    sessions,
    uniqueName('Shelf Brackets', testInfo.project.name),
  );
  await entry(page, product.name).getByRole('link', { name: /^Pay/ }).click();
  await payWith(page, '4242424242424242');
  await expect(page.getByText('Successfully Paid')).toBeVisible();
  await expect(entry(page, product.name)).toContainText('paid');

  await sessions.signInAs(page, demo.admin);
  await page.goto('/dashboard/manageOrder?status=paid');
  const managed = entry(page, product.name);
  await managed.getByRole('button', { name: 'Mark shipped' }).click();
  // Shipping cannot be undone: the admin confirms, and may give the carrier and tracking number.
  const ship = page.getByRole('dialog', { name: 'Mark this order shipped?' });
  await ship.getByLabel('Carrier').fill('DHL');
  await ship.getByLabel('Tracking number').fill('JD0146000033');
  await ship.getByRole('button', { name: 'Mark shipped' }).click();
  await expect(page.getByText("Marked Demo Buyer's order shipped")).toBeVisible();
  await expect(managed).toHaveCount(0);

  await sessions.signInAs(page, demo.buyer);
  await page.goto('/dashboard/myOrders');
  await expect(entry(page, product.name)).toContainText('shipped');
  // The order's page tells the whole story: placed, paid, shipped with the tracking number.
  await entry(page, product.name)
    .getByRole('link', { name: /^View order TY-\d+$/ })
    .click();
  const timeline = page.getByRole('list', { name: 'Timeline' });
  await expect(timeline).toContainText('Placed');
  await expect(timeline).toContainText('Paid');
  await expect(timeline).toContainText('JD0146000033');
});

test('a link to an unknown order, or to something that is not an order, says it cannot be found', async ({
  page,
  sessions,
}) => {
  await sessions.signInAs(page, demo.buyer);
  await page.goto('/dashboard/payment/00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('alert')).toHaveText('We could not find this order.');
  await page.goto('/dashboard/payment/not-an-order');
  await expect(page.getByRole('alert')).toHaveText('We could not find this order.');
});
