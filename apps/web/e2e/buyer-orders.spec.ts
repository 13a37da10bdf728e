import type { Page } from '@playwright/test';
import { demo, isPhone } from './support/accounts';
import {
  addProduct,
  catalogSearch,
  newProduct,
  productCard,
  PURCHASE_QUANTITY_MESSAGE,
  stockOn,
  uniqueName,
} from './support/catalog';
import { expect, test } from './support/sessions';

/** Phones list orders and products as cards, wider screens as table rows. */
const entry = (page: Page, text: string) =>
  page.getByRole(isPhone(page) ? 'listitem' : 'row').filter({ hasText: text });

test('an admin adds a product; a buyer orders it, sees the order and deletes it, and the stock comes back', async ({
  page,
  sessions,
}, testInfo) => {
  const product = newProduct(uniqueName('Hex Bolts', testInfo.project.name));

  await sessions.signInAs(page, demo.admin);
  await addProduct(page, product);
  await page.getByLabel('Search products').fill(product.name);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(entry(page, product.name)).toHaveCount(1);

  await sessions.signInAs(page, demo.buyer);
  await page.goto(catalogSearch(product.name));
  const card = productCard(page, product.name);
  await expect(stockOn(card)).toHaveText('40');

  const orderPosts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/order') {
      orderPosts.push(request.url());
    }
  });

  await card.getByRole('button', { name: 'Click TO Continue Purchase' }).click();
  const dialog = page.getByRole('dialog', { name: `Order ${product.name}` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Name')).toHaveValue('Demo Buyer');
  await expect(dialog.getByLabel('Email')).toHaveValue(demo.buyer.email);
  const quantity = dialog.getByLabel('Quantity');
  await expect(quantity).toHaveValue('5');
  const total = dialog.getByRole('status', { name: 'Total' });
  await expect(total).toHaveText('$62.50');

  // Below the minimum, then above the stock: the spec's message, and nothing is sent.
  for (const wrong of ['4', '41']) {
    await quantity.fill(wrong);
    await dialog.getByRole('button', { name: 'Place Order' }).click();
    await expect(dialog.getByText(PURCHASE_QUANTITY_MESSAGE)).toBeVisible();
    await expect(quantity).toHaveAttribute('aria-invalid', 'true');
  }
  expect(orderPosts).toEqual([]);

  await quantity.fill('6');
  await expect(total).toHaveText('$75.00');
  // Every order needs somewhere to go: without an address and a phone nothing is sent.
  await dialog.getByLabel('Address').fill('');
  await dialog.getByLabel('Phone').fill(' ');
  await dialog.getByRole('button', { name: 'Place Order' }).click();
  await expect(dialog.getByText('Address Is Required')).toBeVisible();
  await expect(dialog.getByText('Phone Is Required')).toBeVisible();
  expect(orderPosts).toEqual([]);
  await dialog.getByLabel('Address').fill('12 Workshop Lane, Millbrook');
  await dialog.getByLabel('Phone').fill('+1 555 0100');
  await dialog.getByRole('button', { name: 'Place Order' }).click();
  await expect(page.getByText('Hello Demo Buyer We Have Received Your Order')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(stockOn(card)).toHaveText('34');
  expect(orderPosts).toHaveLength(1);

  await page.goto('/dashboard/myOrders');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('My Orders');
  const order = entry(page, product.name);
  await expect(order).toHaveCount(1);
  await expect(order).toContainText('pending');
  await expect(order).toContainText('$75.00');
  await expect(order.getByRole('link', { name: /^Pay/ })).toHaveAttribute(
    'href',
    /^\/dashboard\/payment\/[0-9a-f-]{36}$/,
  );

  let question = '';
  page.once('dialog', (browserDialog) => {
    question = browserDialog.message();
    void browserDialog.accept();
  });
  await order.getByRole('button', { name: /^Delete/ }).click();
  await expect(page.getByText(`Deleted your order for ${product.name}`)).toBeVisible();
  expect(question).toBe('Are you sure?');
  // Nothing disappears: the order stays in My Orders, cancelled.
  await expect(order).toContainText('cancelled');

  await page.goto(catalogSearch(product.name));
  await expect(stockOn(card)).toHaveText('40');

  // The admin sees every order, cancelled ones too.
  await sessions.signInAs(page, demo.admin);
  await page.goto('/dashboard/manageOrder');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Manage Orders');
  await page.getByLabel('Status').selectOption('cancelled');
  await expect(page).toHaveURL(/status=cancelled/);
  const managed = entry(page, product.name);
  await expect(managed).toHaveCount(1);
  await expect(managed).toContainText('Demo Buyer');
  await expect(managed).toContainText(demo.buyer.email);
  await expect(managed).toContainText('cancelled');
});

test('a buyer orders from the standalone purchase page; an admin cancels the order and the stock returns', async ({
  page,
  sessions,
}, testInfo) => {
  const product = newProduct(uniqueName('Deck Screws', testInfo.project.name));
  await sessions.signInAs(page, demo.admin);
  await addProduct(page, product);

  await sessions.signInAs(page, demo.buyer);
  // Without a usable id the page lets the buyer choose, and does not crash.
  await page.goto('/purchase?id=not-a-product');
  await expect(
    page.getByRole('alert').filter({ hasText: 'We could not find that product' }),
  ).toBeVisible();
  await page.getByLabel('Product').selectOption({ label: `${product.name} ($12.50)` });
  await expect(page).toHaveURL(/\/purchase\?id=[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: `Order ${product.name}` })).toBeVisible();
  await page.getByLabel('Quantity').fill('10');
  await expect(page.getByRole('status', { name: 'Total' })).toHaveText('$125.00');
  await page.getByLabel('Address').fill('12 Workshop Lane, Millbrook');
  await page.getByLabel('Phone').fill('+1 555 0100');
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page.getByText('Hello Demo Buyer We Have Received Your Order')).toBeVisible();
  await expect(page).toHaveURL('/dashboard/myOrders');
  await expect(entry(page, product.name)).toContainText('pending');

  await sessions.signInAs(page, demo.admin);
  await page.goto('/dashboard/manageOrder?status=pending');
  const managed = entry(page, product.name);
  await expect(managed).toContainText('pending');
  await managed.getByRole('button', { name: /^Cancel/ }).click();
  const confirm = page.getByRole('dialog', { name: 'Cancel this order?' });
  await expect(confirm.getByRole('button', { name: 'Keep order' })).toBeFocused();
  await confirm.getByRole('button', { name: 'Cancel order' }).click();
  await expect(page.getByText("Cancelled Demo Buyer's order")).toBeVisible();
  await expect(confirm).toBeHidden();
  // Filtered on pending, the cancelled order leaves the list.
  await expect(managed).toHaveCount(0);

  await page.goto(catalogSearch(product.name));
  await expect(stockOn(productCard(page, product.name))).toHaveText('40');
});

test('an admin edits a product in a dialog and deletes it after confirming', async ({
  page,
  sessions,
}, testInfo) => {
  const product = newProduct(uniqueName('Wall Plugs', testInfo.project.name));
  await sessions.signInAs(page, demo.admin);
  await addProduct(page, product);
  await page.getByLabel('Search products').fill(product.name);
  await page.getByRole('button', { name: 'Search' }).click();
  const row = entry(page, product.name);
  await expect(row).toContainText('$12.50');

  await row.getByRole('button', { name: /^Edit/ }).click();
  const dialog = page.getByRole('dialog', { name: `Edit ${product.name}` });
  await expect(dialog.getByLabel('Price (USD)')).toHaveValue('12.5');
  // Escape closes without saving.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await row.getByRole('button', { name: /^Edit/ }).click();
  await dialog.getByLabel('Price (USD)').fill('14.75');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Product updated')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('$14.75');

  await row.getByRole('button', { name: /^Delete/ }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete this product?' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(`Deleted ${product.name}`)).toBeVisible();
  await expect(row).toHaveCount(0);

  await page.goto(catalogSearch(product.name));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('All items');
  await expect(productCard(page, product.name)).toHaveCount(0);
});
