import { demo } from './support/accounts';
import { catalogSearch, productCard, uniqueName } from './support/catalog';
import { expect, test } from './support/sessions';

// The smallest valid PNG: one transparent pixel.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

test('an admin uploads a picture for a new product, and the shop shows it', async ({
  page,
  sessions,
}, testInfo) => {
  const name = uniqueName('Pixel Clamp', testInfo.project.name);
  await sessions.signInAs(page, demo.admin);
  await page.goto('/dashboard/addItem');
  const form = page.locator('form').filter({ has: page.getByRole('button', { name: 'Add Item' }) });

  await form.getByLabel('Or upload an image').setInputFiles({
    name: 'clamp.png',
    mimeType: 'image/png',
    buffer: PNG,
  });
  await expect(page.getByRole('alert').filter({ hasText: 'Image uploaded' })).toBeVisible();
  await expect(form.getByLabel('Image URL')).toHaveValue(/^\/api\/images\/[0-9a-f-]{36}$/);

  // A file that is not a picture is refused next to the field.
  await form.getByLabel('Or upload an image').setInputFiles({
    name: 'notes.png',
    mimeType: 'image/png',
    buffer: Buffer.from('not really a picture'),
  });
  await expect(form.getByText('Upload a PNG, JPEG, GIF or WebP image.')).toBeVisible();
  await form.getByLabel('Or upload an image').setInputFiles({
    name: 'clamp.png',
    mimeType: 'image/png',
    buffer: PNG,
  });
  await expect(form.getByLabel('Image URL')).toHaveValue(/^\/api\/images\//);

  await form.getByLabel('Name', { exact: true }).fill(name);
  await form.getByLabel('Price (USD)').fill('9.90');
  await form.getByLabel('Available quantity').fill('20');
  await form.getByLabel('Minimum order quantity').fill('2');
  await form.getByRole('button', { name: 'Add Item' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Product added' })).toBeVisible();

  await page.goto(catalogSearch(name));
  const picture = productCard(page, name).getByRole('img', { name });
  await picture.scrollIntoViewIfNeeded();
  await expect(picture).toHaveAttribute('src', /^\/api\/images\//);
  await expect
    .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBe(1);
});
