import { expect, test } from './support/sessions';

// Issue 26: a search that finds nothing says why, once: the words, or the filter to remove.

test('a search that a filter empties names that filter, and removing it shows the products', async ({
  page,
}) => {
  await page.goto('/search?q=laser&maxPrice=1');
  const main = page.getByRole('main');
  await expect(
    main.getByText(/^“laser” matches \d+ products, but none priced at most \$1\.00$/),
  ).toBeVisible();
  await expect(main.getByText(/^Remove the price filter to see \d+ products\.$/)).toBeVisible();
  await expect(main.getByText(/No products match/)).toHaveCount(0);

  // The header's search box shows the words searched for.
  await expect(page.getByRole('banner').getByLabel('Search tools')).toHaveValue('laser');

  await main.getByRole('button', { name: 'Remove the price filter' }).click();
  await expect(page).toHaveURL(/\/search\?q=laser$/);
  await expect(
    main.getByRole('article').getByRole('heading', { name: 'Laser Level Pro' }),
  ).toBeVisible();
  // Every match fits on one page: no Previous and Next.
  await expect(main.getByRole('button', { name: 'Next' })).toHaveCount(0);

  // A new search from the header shows its words there too.
  await page.getByRole('banner').getByLabel('Search tools').click();
  const header = page.getByRole('banner').getByRole('combobox', { name: 'Search tools' });
  await expect(header).toHaveValue('laser');
  await header.fill('hammer');
  await header.press('Enter');
  await expect(page).toHaveURL(/\/search\?q=hammer$/);
  await expect(page.getByRole('banner').getByLabel('Search tools')).toHaveValue('hammer');
});

test('a search for words like no name says only that', async ({ page }) => {
  await page.goto('/search?q=zzqxvw');
  const main = page.getByRole('main');
  await expect(main.getByText('No products match “zzqxvw”')).toBeVisible();
  await expect(main.getByText('Try other words, or fewer of them.')).toBeVisible();
  await expect(main.getByText(/Showing similar names/)).toHaveCount(0);

  // With a filter set too, the words are still the reason.
  await page.goto('/search?q=zzqxvw&inStock=true');
  await expect(main.getByText('No products match “zzqxvw”')).toBeVisible();
  await expect(
    main.getByText('Not even without the filters: try other words, or fewer of them.'),
  ).toBeVisible();
});

test('a typo whose similar names a filter keeps out says so, and which filter', async ({
  page,
}) => {
  await page.goto('/search?q=hammr&minPrice=5000');
  const main = page.getByRole('main');
  await expect(
    main.getByText(/^Names like “hammr” match \d+ products?, but none priced \$5,000\.00 or more$/),
  ).toBeVisible();
  await expect(main.getByText(/Showing similar names/)).toHaveCount(0);
  await main.getByRole('button', { name: 'Remove the price filter' }).click();
  await expect(
    page.getByText('No exact matches for “hammr”. Showing similar names.'),
  ).toBeVisible();
  await expect(
    main.getByRole('article').getByRole('heading', { name: 'Framing Claw Hammer' }),
  ).toBeVisible();
});

test('on a category page an empty price range names the price, not the category', async ({
  page,
}) => {
  await page.goto('/category/hammers?minPrice=5000');
  const main = page.getByRole('main');
  await expect(main.getByText('No products in Hammers and priced $5,000.00 or more')).toBeVisible();
  await expect(main.getByText(/^Remove the price filter to see \d+ products?\.$/)).toBeVisible();
  await expect(main.getByRole('button', { name: /Remove the category filter/ })).toHaveCount(0);
  await main.getByRole('button', { name: 'Remove the price filter' }).click();
  await expect(page).toHaveURL(/\/category\/hammers$/);
  await expect(
    main.getByRole('article').getByRole('heading', { name: 'Framing Claw Hammer' }),
  ).toBeVisible();
});
