import { expect, type Page } from '@playwright/test';

/** The demo accounts seeded on the embedded database (see the README). */
export const demo = {
  buyer: { email: 'buyer@toolyard.test', password: 'toolyard-buyer' },
  admin: { email: 'admin@toolyard.test', password: 'toolyard-admin' },
} as const;

/** Below Tailwind's lg breakpoint the menus are collapsed behind their toggles. */
export const isPhone = (page: Page) => (page.viewportSize()?.width ?? 1280) < 1024;

/** Opens the main menu on small screens; wide screens always show it. */
export async function openMenu(page: Page) {
  if (isPhone(page)) await page.getByRole('banner').getByRole('button', { name: 'Menu' }).click();
}

/** Fills the login form and waits until the app has left the login page. */
export async function signIn(page: Page, account: { email: string; password: string }) {
  if (!page.url().includes('/login')) await page.goto('/login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

/** Signs out from the menu and checks the menu offers Login again. */
export async function signOut(page: Page) {
  await openMenu(page);
  await page.getByRole('banner').getByRole('button', { name: 'Sign Out' }).click();
  const notice = page.getByRole('alert').filter({ hasText: 'You have signed out.' });
  await expect(notice).toBeVisible();
  // On phones the toast lies over the menu button: dismiss it as a person would.
  await notice.getByRole('button', { name: 'close' }).click();
  await expect(page).toHaveURL('/');
  await openMenu(page);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();
}

/** A unique email for a person created by this run and project. */
export const uniqueEmail = (prefix: string, project: string) =>
  `${prefix}-${project}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
