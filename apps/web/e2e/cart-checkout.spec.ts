import type { Page } from '@playwright/test';
import { demo, isPhone } from './support/accounts';
import {
  addProduct,
  catalogSearch,
  newProduct,
  productCard,
  PURCHASE_QUANTITY_MESSAGE,
  uniqueName,
} from './support/catalog';
import { expect, test } from './support/sessions';

/** Phones list orders as cards, wider screens as table rows. */
const entry = (page: Page, text: string) =>
  page.getByRole(isPhone(page) ? 'listitem' : 'row').filter({ hasText: text });

/** The demo buyer's cart starts empty: tests run one at a time, and this one owns it meanwhile. */
async function emptyCart(page: Page, origin: string) {
  const cart = (await (await page.request.get('/api/cart')).json()) as {
    lines: { itemId: string }[];
  };
  for (const line of cart.lines) {
    const response = await page.request.delete(`/api/cart/lines/${line.itemId}`, {
      headers: { origin },
    });
    expect(response.ok()).toBe(true);
  }
}

const cartLink = (page: Page, count: number) =>
  page.getByRole('banner').getByRole('link', { name: `Cart, ${count} items` });

test('a buyer fills a cart three ways, checks out once and pays once; an admin ships it with a tracking number; the buyer sees the timeline and orders again', async ({
  page,
  sessions,
}, testInfo) => {
  const project = testInfo.project.name;
  const origin = testInfo.project.use.baseURL ?? '';
  const products = ['Wall Anchors', 'Masonry Bits', 'Cable Ties'].map((name) =>
    newProduct(uniqueName(name, project)),
  );
  const [byCard, byPage, byDialog] = products as [
    (typeof products)[0],
    (typeof products)[0],
    (typeof products)[0],
  ];
  await sessions.signInAs(page, demo.admin);
  for (const product of products) await addProduct(page, product);

  await sessions.signInAs(page, demo.buyer);
  await page.goto('/');
  await emptyCart(page, origin);
  await page.reload();
  await expect(cartLink(page, 0)).toBeVisible();

  // 1. From a card: the minimum (5) goes in.
  await page.goto(catalogSearch(byCard.name));
  await productCard(page, byCard.name)
    .getByRole('button', { name: /^Add to cart/ })
    .click();
  await expect(page.getByText('Added to cart.')).toBeVisible();
  await expect(cartLink(page, 5)).toBeVisible();

  // 2. From the product page.
  await page.goto(catalogSearch(byPage.name));
  await productCard(page, byPage.name).getByRole('link', { name: byPage.name }).click();
  await expect(page.getByRole('heading', { level: 1, name: byPage.name })).toBeVisible();
  await page.getByRole('button', { name: /^Add to cart/ }).click();
  await expect(cartLink(page, 10)).toBeVisible();

  // 3. From the purchase dialog, which keeps its own Place Order.
  await page.goto(catalogSearch(byDialog.name));
  await productCard(page, byDialog.name)
    .getByRole('button', { name: 'Click TO Continue Purchase' })
    .click();
  const dialog = page.getByRole('dialog', { name: `Order ${byDialog.name}` });
  await expect(dialog.getByRole('button', { name: 'Place Order' })).toBeVisible();
  await dialog.getByLabel('Quantity').fill('7');
  await dialog.getByRole('button', { name: /^Add to cart/ }).click();
  await expect(dialog).toBeHidden();
  await expect(cartLink(page, 17)).toBeVisible();

  // The cart: a quantity below the minimum is refused on the spot, with the spec's message.
  await cartLink(page, 17).click();
  await expect(page).toHaveURL('/cart');
  const lines = page.getByRole('list', { name: 'Products in your cart' });
  for (const product of products) await expect(lines).toContainText(product.name);
  const first = page.getByLabel(`Quantity of ${byCard.name}`);
  await first.fill('2');
  await expect(page.getByText(PURCHASE_QUANTITY_MESSAGE)).toBeVisible();
  await first.fill('6');
  await expect(page.getByText(PURCHASE_QUANTITY_MESSAGE)).toBeHidden();
  await expect(cartLink(page, 18)).toBeVisible();
  // 18 units at $12.50.
  await expect(page.getByText('$225.00').first()).toBeVisible();

  await page.getByLabel('Address').fill('12 Quarry Lane, Leeds LS1 4AP');
  await page.getByLabel('Phone').fill('0113 496 0000');
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page).toHaveURL(/\/dashboard\/payment\/[0-9a-f-]{36}$/);
  const orderId = page.url().split('/').at(-1) ?? '';

  await page.getByLabel('Card number').fill('4242424242424242');
  await page.getByLabel('Expiry').fill('12/30');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Pay $225.00' }).click();
  await expect(page.getByText('Successfully Paid')).toBeVisible();

  // One order, three lines.
  const summary = `${byCard.name} and 2 more`;
  await page.goto('/dashboard/myOrders');
  await expect(entry(page, summary)).toHaveCount(1);
  await expect(entry(page, summary)).toContainText('paid');
  await page.goto(`/dashboard/orders/${orderId}`);
  for (const product of products) {
    await expect(page.getByRole('link', { name: product.name })).toBeVisible();
  }

  // The admin sees where to ship and ships it, after confirming, with a tracking number.
  await sessions.signInAs(page, demo.admin);
  await page.goto(`/dashboard/orders/${orderId}`);
  await expect(page.getByText('12 Quarry Lane, Leeds LS1 4AP')).toBeVisible();
  await expect(page.getByText('0113 496 0000')).toBeVisible();
  await page.getByRole('button', { name: /^Mark shipped/ }).click();
  const ship = page.getByRole('dialog', { name: 'Mark this order shipped?' });
  await ship.getByLabel('Carrier').fill('Royal Mail');
  await ship.getByLabel('Tracking number').fill('RM123456785GB');
  await ship.getByRole('button', { name: 'Mark shipped' }).click();
  await expect(ship).toBeHidden();

  // The buyer's timeline tells the story; "Order again" refills the cart.
  await sessions.signInAs(page, demo.buyer);
  await page.goto(`/dashboard/orders/${orderId}`);
  const timeline = page.getByRole('list', { name: 'Timeline' });
  await expect(timeline).toContainText('Placed');
  await expect(timeline).toContainText('Paid');
  await expect(timeline).toContainText('Royal Mail');
  await expect(timeline).toContainText('RM123456785GB');
  await page.getByRole('button', { name: 'Order again' }).click();
  await expect(page.getByRole('link', { name: 'Go to your cart' })).toBeVisible();
  await expect(cartLink(page, 18)).toBeVisible();
  await emptyCart(page, origin);
});
