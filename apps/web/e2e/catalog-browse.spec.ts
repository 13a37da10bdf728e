import type { Page } from '@playwright/test';
import { demo, isPhone } from './support/accounts';
import { uniqueName } from './support/catalog';
import { expect, test } from './support/sessions';

/** On a phone the filters fold under "Filters"; open them there. */
async function openFilters(page: Page) {
  const filters = page.locator('details').filter({ has: page.getByText('Filters') });
  if (isPhone(page) && !(await filters.evaluate((d) => (d as HTMLDetailsElement).open))) {
    await filters.locator('summary').click();
  }
}

test('a visitor finds a drill by a typo, narrows by category and price, signs in on its page and orders it', async ({
  page,
}) => {
  await page.goto('/');
  const search = page.getByRole('banner').getByRole('combobox', { name: 'Search tools' });
  await page.getByRole('banner').getByLabel('Search tools').click();
  await search.fill('dril');
  // Suggestions as the visitor types: names like the typo.
  await expect(page.getByRole('option', { name: /Cordless Drill 20V/ })).toBeVisible();
  await search.press('Enter');

  await expect(page).toHaveURL(/\/search\?q=dril$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Results for “dril”');
  await expect(page.getByText('No exact matches for “dril”. Showing similar names.')).toBeVisible();
  const results = page.getByRole('main').getByRole('article');
  await expect(results.getByRole('heading', { name: 'Drill Bit Set 21pc' })).toBeVisible();

  await openFilters(page);
  await page
    .getByRole('navigation', { name: 'Categories' })
    .getByRole('link', { name: /^Power tools/ })
    .click();
  await expect(page).toHaveURL(/category=power-tools/);
  await expect(results.getByRole('heading', { name: 'Drill Bit Set 21pc' })).toHaveCount(0);
  await expect(results.getByRole('heading', { name: 'BL Impact Driver' })).toBeVisible();

  await openFilters(page);
  await page.getByLabel('Max price').fill('140');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/maxPrice=140/);
  await expect(results).toHaveCount(1);
  // A reload shows the same: the search and filters are in the address.
  await page.reload();
  await expect(results).toHaveCount(1);

  await results.getByRole('link', { name: 'Cordless Drill 20V' }).click();
  await expect(page).toHaveURL(/\/tool\/[0-9a-f-]{36}$/);
  const productUrl = page.url();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Cordless Drill 20V');
  await expect(page.getByText('TY-DR-2040')).toBeVisible();
  await expect(page.getByText('In stock', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('navigation', { name: /breadcrumb/i })).toContainText(
    'Drills and drivers',
  );
  await expect(page.getByRole('button', { name: 'Place Order' })).toHaveCount(0);

  await page.getByRole('link', { name: 'Sign in to order' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Login');
  await page.getByLabel('Email').fill(demo.buyer.email);
  await page.getByLabel('Password', { exact: true }).fill(demo.buyer.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();

  await expect(page).toHaveURL(productUrl);
  await page.getByLabel('Quantity').fill('5');
  await page.getByLabel('Address').fill('12 Workshop Lane, Millbrook');
  await page.getByLabel('Phone').fill('+1 555 0100');
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page.getByText('Hello Demo Buyer We Have Received Your Order')).toBeVisible();
  await expect(page).toHaveURL('/dashboard/myOrders');
  await expect(
    page
      .getByRole(isPhone(page) ? 'listitem' : 'row')
      .filter({ hasText: 'Cordless Drill 20V' })
      .first(),
  ).toBeVisible();
});

test('a product with less stock than its minimum order is out of stock everywhere and offers no order', async ({
  page,
  sessions,
}, testInfo) => {
  const name = uniqueName('Last Few Clamps', testInfo.project.name);
  await sessions.signInAs(page, demo.admin);
  await page.goto('/about');
  const origin = new URL(page.url()).origin;
  const created = await page.request.post('/api/tool', {
    headers: { origin },
    data: {
      name,
      description: 'Bar clamps, the last few of a run.',
      price: 19.5,
      img: '/images/tools/wood-screws.svg',
      AvailableQuantity: 3,
      MinOrderQuantity: 5,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const product = (await created.json()) as { _id: string; sku: string };

  await sessions.signInAs(page, demo.buyer);
  await page.goto(`/tool/${product._id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  await expect(page.getByText(product.sku)).toBeVisible();
  await expect(page.getByText('Out of stock').first()).toBeVisible();
  await expect(page.getByLabel('Quantity')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Place Order' })).toHaveCount(0);

  await page.goto(`/search?q=${encodeURIComponent(name)}`);
  const card = page.getByRole('main').getByRole('article').filter({ hasText: name });
  await expect(card).toContainText('Out of stock');
  await expect(card.getByRole('button')).toHaveCount(0);

  await page.goto(`/allItems?q=${encodeURIComponent(name)}`);
  const item = page.getByRole('main').getByRole('article').filter({ hasText: name });
  await expect(item).toContainText('Out of stock');
  await expect(item.getByRole('button', { name: 'Click TO Continue Purchase' })).toHaveCount(0);

  await page.goto('/search?q=clamps&inStock=true');
  await expect(page.getByRole('main').getByRole('article').filter({ hasText: name })).toHaveCount(
    0,
  );
});

test('a category page lists its products and those below it, and links its sub-categories', async ({
  page,
}) => {
  await page.goto('/category/power-tools');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Power tools');
  await expect(page.getByRole('link', { name: /Drills and drivers/ }).first()).toBeVisible();
  const results = page.getByRole('main').getByRole('article');
  await expect(results.getByRole('heading', { name: 'Circular Saw 7-1/4' })).toBeVisible();
  await expect(results.getByRole('heading', { name: 'Framing Claw Hammer' })).toHaveCount(0);

  await page.goto('/category/no-such-category');
  await expect(page.getByRole('heading', { level: 1 })).toContainText(/could not find/i);
});
