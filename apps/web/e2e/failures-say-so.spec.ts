import type { Page, Route } from '@playwright/test';
import { demo } from './support/accounts';
import { expect, test } from './support/sessions';

// Issue 26: when the shop fails to answer, each page stops retrying within seconds, says so in
// its own words (never the server's), and offers a Retry that works once the shop is back.
// The failures are made here, in the browser, with page.route.

const RETRIED_FOR = 15_000;

/** Places an unpaid order of the demo wall anchors for the signed-in buyer; its id and name. */
async function placeOrder(page: Page, baseURL: string) {
  const [product] = (await (await page.request.get('/api/tool?q=wall%20anchors')).json()) as {
    _id: string;
    name: string;
    MinOrderQuantity: number;
  }[];
  if (!product) throw new Error('the demo wall anchors are missing');
  const placed = await page.request.post('/api/order', {
    headers: { origin: baseURL },
    data: {
      itemId: product._id,
      OrderQuantity: product.MinOrderQuantity,
      Contact: '+1 555 0100',
      Address: '12 Workshop Lane, Millbrook',
    },
  });
  expect(placed.ok(), await placed.text()).toBe(true);
  const order = (await placed.json()) as { _id: string; totalCost: number };
  return { id: order._id, name: product.name, total: order.totalCost };
}

/** A fault answered in the API's error shape; a 503 without Retry-After, as a proxy sends it. */
const fault = (status: number, message: string) => (route: Route) =>
  route.fulfill({
    status,
    contentType: 'application/json',
    body: JSON.stringify({ error: status === 503 ? 'unavailable' : 'internal_error', message }),
  });

test.beforeEach(async ({ page, sessions }) => {
  await sessions.signInAs(page, demo.buyer);
});

test('My Orders through an outage says it is retrying, then gives up with a Retry that works', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const order = await placeOrder(page, baseURL ?? '');
  await page.route(/\/api\/order\?/, fault(503, 'The shop is briefly unavailable.'));

  await page.goto('/dashboard/myOrders');
  await expect(page.getByText('The shop is briefly unavailable, retrying…')).toBeVisible();
  const failed = page
    .getByRole('alert')
    .filter({ hasText: 'The shop is briefly unavailable. Please try again in a moment.' });
  await expect(failed).toBeVisible({ timeout: RETRIED_FOR });
  await expect(page.getByText('The shop is briefly unavailable, retrying…')).toHaveCount(0);

  await page.unroute(/\/api\/order\?/);
  await failed.getByRole('button', { name: 'Try again' }).click();
  await expect(failed).toHaveCount(0);
  await expect(
    page.getByRole('main').getByText(order.name).filter({ visible: true }).first(),
  ).toBeVisible();
});

test('a payment that cannot reach the shop says it was not confirmed, and paying again works', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const order = await placeOrder(page, baseURL ?? '');
  await page.goto(`/dashboard/payment/${order.id}`);
  const pay = page.getByRole('button', { name: /^Pay \$/ });
  await expect(pay).toBeEnabled();

  // The payment and the order's own read both fail, as they do when the shop is away.
  await page.route('**/api/order/**', (route) => route.abort('connectionrefused'));
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry').fill('12/30');
  await page.getByLabel('CVC').fill('123');
  await pay.click();
  await expect(page.getByRole('button', { name: 'Paying…' })).toBeVisible();
  await expect(
    page.getByText(
      "We could not confirm your payment. Can't reach Toolyard. Check your connection and try again.",
    ),
  ).toBeVisible({ timeout: RETRIED_FOR });
  await expect(pay).toBeEnabled();

  await page.unroute('**/api/order/**');
  await pay.click();
  await expect(page.getByText('Successfully Paid')).toBeVisible();
  await expect(page).toHaveURL('/dashboard/myOrders');
});

test("a server fault on /allItems shows the app's words, not the server's, and Retry loads it", async ({
  page,
}) => {
  test.setTimeout(60_000);
  await page.route(/\/api\/tool\?/, fault(500, 'boom'));

  await page.goto('/allItems');
  const failed = page
    .getByRole('alert')
    .filter({ hasText: 'Something went wrong on our side. Please try again.' });
  await expect(failed).toBeVisible({ timeout: RETRIED_FOR });
  await expect(page.getByText('boom')).toHaveCount(0);

  await page.unroute(/\/api\/tool\?/);
  await failed.getByRole('button', { name: 'Try again' }).click();
  await expect(failed).toHaveCount(0);
  await expect(
    page
      .getByRole('main')
      .getByRole('article')
      .getByRole('heading', { name: 'Framing Claw Hammer' }),
  ).toBeVisible();
});
