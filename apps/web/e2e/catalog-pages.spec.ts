import { demo } from './support/accounts';
import { productCard } from './support/catalog';
import { expect, test } from './support/sessions';

test('a buyer pages through the catalog and searches it; it never downloads the whole catalog', async ({
  page,
  sessions,
}) => {
  const catalogCalls: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/tool')) catalogCalls.push(`${url.pathname}${url.search}`);
  });
  await sessions.signInAs(page, demo.buyer);

  await page.goto('/allItems');
  const cards = page.getByRole('main').getByRole('listitem');
  await expect(cards).toHaveCount(12);
  const pager = page.getByRole('navigation', { name: 'Product pages' });
  await expect(pager).toContainText(/Page 1 of \d+/);
  const first = (await cards.first().getByRole('heading', { level: 3 }).textContent()) ?? '';
  expect(first).not.toBe('');

  await pager.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/allItems\?page=2$/);
  await expect(pager).toContainText(/Page 2 of \d+/);
  await expect(productCard(page, first)).toHaveCount(0);
  await expect(cards.first()).toBeVisible();

  await page.getByLabel('Search products').fill('hammer');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\/allItems\?q=hammer$/);
  await expect(productCard(page, 'Framing Claw Hammer')).toBeVisible();
  for (const card of await cards.all()) await expect(card).toContainText(/hammer/i);

  expect(catalogCalls.length).toBeGreaterThan(0);
  for (const call of catalogCalls) expect(call).toMatch(/[?&]pageSize=\d+/);
});

test('the purchase page fetches only the product it shows', async ({ page, sessions }) => {
  await sessions.signInAs(page, demo.buyer);
  const found = await page.request.get('/api/tool?q=Framing%20Claw%20Hammer&page=1&pageSize=1');
  const [hammer] = (await found.json()) as { _id: string }[];
  expect(hammer).toBeDefined();

  const catalogCalls: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/tool')) catalogCalls.push(`${url.pathname}${url.search}`);
  });
  await page.goto(`/purchase?id=${hammer?._id}`);
  await expect(page.getByRole('heading', { name: 'Order Framing Claw Hammer' })).toBeVisible();
  await expect(page.getByLabel('Quantity')).toBeVisible();
  expect(catalogCalls).toEqual([`/api/tool/${hammer?._id}`]);

  // Choosing another product searches the catalog rather than listing all of it.
  await page.getByRole('button', { name: 'Choose another product' }).click();
  await page.getByLabel('Search the catalog').fill('drill');
  await page.getByRole('button', { name: 'Search' }).click();
  await page
    .getByLabel('Product', { exact: true })
    .selectOption({ label: 'Cordless Drill 20V ($129.99)' });
  await expect(page.getByRole('heading', { name: 'Order Cordless Drill 20V' })).toBeVisible();
});
