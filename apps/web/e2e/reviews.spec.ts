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

test('an admin hides a review, finds it on Hidden Reviews, and shows it again', async ({
  page,
  sessions,
}, testInfo) => {
  const name = uniqueName('Spam Co', testInfo.project.name);
  await sessions.signInAs(page, demo.buyer);
  await page.goto('/dashboard/review');
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Your review').fill('Buy my stuff');
  await page
    .getByRole('radiogroup', { name: 'Rating' })
    .getByRole('radio', { name: '1 star' })
    .check();
  await page.getByRole('button', { name: 'Add Review' }).click();
  await expect(page.getByText('Thanks for your review!')).toBeVisible();

  await sessions.signInAs(page, demo.admin);
  await page.goto('/');
  const reviews = page.getByRole('region', { name: 'REVIEWED BY OUR CUSTOMERS' });
  await reviews.scrollIntoViewIfNeeded();
  await reviews.getByRole('button', { name: `Hide the review by ${name}` }).click();
  await page
    .getByRole('dialog', { name: 'Hide this review from the shop?' })
    .getByRole('button', { name: 'Hide' })
    .click();
  await expect(page.getByText('The review is hidden from the shop.')).toBeVisible();
  await expect(reviews.getByRole('heading', { name, exact: true })).toHaveCount(0);

  await page.goto('/dashboard/hidden-reviews');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hidden Reviews');
  const hidden = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name, exact: true }) });
  await expect(hidden).toContainText(`by ${demo.admin.email}`);
  await hidden.getByRole('button', { name: 'Show again' }).click();
  await expect(page.getByText(`The review by ${name} is shown again`)).toBeVisible();
  await expect(hidden).toHaveCount(0);

  await page.goto('/');
  await reviews.scrollIntoViewIfNeeded();
  await expect(reviews.getByRole('heading', { name, exact: true })).toBeVisible();
});
