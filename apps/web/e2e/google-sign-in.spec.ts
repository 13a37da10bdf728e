import { expect, test } from '@playwright/test';
import { googleShopURL } from '../../../playwright.config';

// This shop's "Google" is a local stand-in OpenID provider that signs Grace Builder in
// without a form (see support/google-shop.ts); nothing here reaches the real Google.
test('a visitor continues with Google and lands on the page they wanted, signed in', async ({
  page,
}) => {
  await page.goto(`${googleShopURL}/allItems`);
  await expect(page).toHaveURL(`${googleShopURL}/login`);

  const google = page.getByRole('button', { name: 'Continue With Google' });
  await expect(google).toBeEnabled();
  await google.click();

  await expect(page).toHaveURL(`${googleShopURL}/allItems`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('All items');

  await page.goto(`${googleShopURL}/dashboard/profile`);
  await expect(page.getByText('grace.builder@example.com')).toBeVisible();
  await expect(page.getByText('Grace Builder').first()).toBeVisible();
});
