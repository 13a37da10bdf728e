import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { stripeApiURL, stripeShopURL } from '../../../playwright.config';
import { demo, isPhone } from './support/accounts';

// This shop takes cards through Stripe; Stripe itself cannot be reached from here, so its API
// is a local stand-in (support/stripe-shop.ts), and Stripe.js is a stand-in script that mounts
// a plain card field and confirms through that API. The shop's own code runs unchanged:
// Elements, the PaymentIntent from the server, the signed webhook, the server asking Stripe.
const stripeJs = readFileSync(new URL('./support/stripe-js-stand-in.js', import.meta.url), 'utf8');

async function routeStripe(page: Page) {
  await page.route(/^https:\/\/js\.stripe\.com\//, (route) =>
    route.fulfill({ contentType: 'text/javascript', body: stripeJs }),
  );
  await page.route(/^https:\/\/api\.stripe\.com\//, async (route) => {
    const url = new URL(route.request().url());
    const response = await route.fetch({ url: `${stripeApiURL}${url.pathname}${url.search}` });
    await route.fulfill({ response });
  });
}

const entry = (page: Page, text: string) =>
  page.getByRole(isPhone(page) ? 'listitem' : 'row').filter({ hasText: text });

test('a buyer is declined, then pays through Stripe, and cannot pay again', async ({ page }) => {
  await routeStripe(page);
  const origin = { origin: stripeShopURL };
  const signIn = await page.request.post(`${stripeShopURL}/api/auth/sign-in/email`, {
    headers: origin,
    data: demo.buyer,
  });
  expect(signIn.ok(), await signIn.text()).toBe(true);
  const [product] = await (await page.request.get(`${stripeShopURL}/api/tool?pageSize=1`)).json();
  const placed = await page.request.post(`${stripeShopURL}/api/order`, {
    headers: origin,
    data: {
      itemId: product._id,
      OrderQuantity: product.MinOrderQuantity,
      Contact: '+1 555 0100',
      Address: '1 Yard Lane',
    },
  });
  expect(placed.status()).toBe(201);
  const order = await placed.json();
  const total = `$${order.totalCost.toFixed(2)}`;

  await page.goto(`${stripeShopURL}/dashboard/payment/${order._id}`);
  await expect(page.getByText(total, { exact: true })).toBeVisible();
  // Stripe mode has no test-mode note and no expiry or CVC fields of the shop's own.
  await expect(page.getByText(/Test mode/)).toHaveCount(0);
  await expect(page.getByLabel('Expiry')).toHaveCount(0);
  const pay = page.getByRole('button', { name: `Pay ${total}` });
  await expect(pay).toBeEnabled();

  // Declined: Stripe's message in red under the form; the order stays unpaid.
  await page.getByLabel('Card number').fill('4000 0000 0000 0002');
  await pay.click();
  const declined = page.getByRole('alert').filter({ hasText: 'Your card was declined.' });
  await expect(declined).toBeVisible();
  await expect(declined).toHaveClass(/text-error/);
  const unpaid = await page.request.get(`${stripeShopURL}/api/order/${order._id}`);
  expect(await unpaid.json()).toMatchObject({ status: 'pending', paid: false });

  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await pay.click();
  await expect(page.getByText('Successfully Paid')).toBeVisible();
  await expect(page).toHaveURL(`${stripeShopURL}/dashboard/myOrders`);
  const row = entry(page, order.ItemName).filter({ hasText: total });
  await expect(row.first()).toContainText('paid');

  // The payment page says so; the server refuses a second intent.
  await page.goto(`${stripeShopURL}/dashboard/payment/${order._id}`);
  await expect(page.getByText('This order is paid.')).toBeVisible();
  await expect(page.getByLabel('Card number')).toHaveCount(0);
  const again = await page.request.post(`${stripeShopURL}/api/order/${order._id}/payment-intent`, {
    headers: origin,
  });
  expect(again.status()).toBe(409);
  expect(await again.json()).toMatchObject({ message: 'This order is already paid.' });
});
