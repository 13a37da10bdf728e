import { expect, type Locator, type Page } from '@playwright/test';

/** The spec's purchase message (corrected spelling). */
export const PURCHASE_QUANTITY_MESSAGE =
  'Please Order Less than Available Qty & Higher Than Minimum Order Quantity';

/** A product or review name unique to this run and project, at most 20 characters. */
export function uniqueName(prefix: string, project: string) {
  const suffix = `${project[0]?.toUpperCase() ?? 'X'}${Date.now().toString(36).slice(-5)}`;
  return `${prefix.slice(0, 20 - suffix.length - 1)} ${suffix}`;
}

export interface NewProduct {
  name: string;
  description: string;
  price: string;
  img: string;
  available: number;
  minimum: number;
}

export const newProduct = (name: string): NewProduct => ({
  name,
  description: 'Zinc-plated hex bolts, sold by the box of 100.',
  price: '12.50',
  img: '/images/tools/wood-screws.svg',
  available: 40,
  minimum: 5,
});

/** Fills and sends the Add Items form on /dashboard/addItem. */
export async function addProduct(page: Page, product: NewProduct) {
  await page.goto('/dashboard/addItem');
  const form = page.locator('form').filter({ has: page.getByRole('button', { name: 'Add Item' }) });
  await form.getByLabel('Name', { exact: true }).fill(product.name);
  await form.getByLabel('Description').fill(product.description);
  await form.getByLabel('Price (USD)').fill(product.price);
  await form.getByLabel('Image URL').fill(product.img);
  await form.getByLabel('Available quantity').fill(String(product.available));
  await form.getByLabel('Minimum order quantity').fill(String(product.minimum));
  await form.getByRole('button', { name: 'Add Item' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Product added' })).toBeVisible();
  // The form clears for the next product.
  await expect(form.getByLabel('Name', { exact: true })).toHaveValue('');
}

/** The product's card on /allItems. */
export const productCard = (page: Page, name: string) =>
  page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name, exact: true, level: 3 }) });

/** The stock a product card shows. */
export const stockOn = (card: Locator) => card.locator('dt:text-is("Available") + dd');

/** /allItems searched for one product: the catalog is paged, so a new product is rarely on page 1. */
export const catalogSearch = (name: string) => `/allItems?q=${encodeURIComponent(name)}`;
