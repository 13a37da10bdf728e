import { demo } from './support/accounts';
import { uniqueName } from './support/catalog';
import { expect, test } from './support/sessions';

test('a buyer adds a review with stars and it shows on the home page', async ({
  page,
  sessions,
}, testInfo) => {
  const name = uniqueName('Birch & Sons', testInfo.project.name);
  await sessions.signInAs(page, demo.buyer);
  await page.goto('/dashboard/review');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Add a Review');

  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Your review').fill('Sharp blades and the order arrived in two days.');
  const rating = page.getByRole('radiogroup', { name: 'Rating' });
  await rating.getByRole('radio', { name: '4 stars' }).check();
  await expect(rating.getByRole('radio', { name: '4 stars' })).toBeChecked();
  await page.getByRole('button', { name: 'Add Review' }).click();

  await expect(page.getByText('Thanks for your review!')).toBeVisible();
  await expect(page.getByLabel('Name')).toHaveValue('');
  await expect(rating.getByRole('radio', { checked: true })).toHaveCount(0);

  await page.goto('/');
  const reviews = page.getByRole('region', { name: 'REVIEWED BY OUR CUSTOMERS' });
  // The reviews' code comes as they near the screen.
  await reviews.scrollIntoViewIfNeeded();
  const review = reviews
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name, exact: true }) });
  await expect(review).toContainText('Sharp blades and the order arrived in two days.');
  await expect(review.getByLabel('4 out of 5 stars')).toBeVisible();
});
