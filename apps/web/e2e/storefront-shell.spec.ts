import { expect, test } from '@playwright/test';
import { demo, signIn } from './support/accounts';

test('the home page shows the featured tools from the catalog and customer reviews', async ({
  page,
  request,
}) => {
  const products = (await (await request.get('/api/tool')).json()) as { name: string }[];
  expect(products.length).toBeGreaterThanOrEqual(12);

  await page.goto('/');
  await expect(page).toHaveTitle(/Toolyard/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tools for builders and makers');

  const tools = page.getByRole('region', { name: 'Our tools' });
  for (const product of products.slice(0, 6)) {
    await expect(tools.getByRole('heading', { name: product.name })).toBeVisible();
  }
  await expect(tools.getByRole('heading', { name: products[6]?.name ?? '' })).toHaveCount(0);

  const upcoming = page.getByRole('region', { name: 'Upcoming products' });
  // Pre-Order opens the product's page, where it can be ordered.
  await expect(upcoming.getByRole('link', { name: 'Pre-Order' })).toHaveCount(3);
  await expect(upcoming.getByRole('link', { name: 'Pre-Order' }).first()).toHaveAttribute(
    'href',
    /^\/tool\/[0-9a-f-]{36}$/,
  );
  await page.getByRole('heading', { name: 'REVIEWED BY OUR CUSTOMERS' }).scrollIntoViewIfNeeded();
  await expect(page.getByRole('heading', { name: 'REVIEWED BY OUR CUSTOMERS' })).toBeVisible();
  await expect(page.getByText('Enterprise').first()).toBeVisible();
});

const menu = [
  // Ordering needs an account: a visitor is sent to the login page.
  { link: 'Order Now', url: '/login', heading: 'Login' },
  { link: 'Blogs', url: '/blogs', heading: 'Questions buyers ask us' },
  { link: 'About', url: '/about', heading: 'About Toolyard' },
  { link: 'My Portfolio', url: '/myPortfolio', heading: 'Built with Toolyard' },
  { link: 'Login', url: '/login', heading: 'Login' },
  { link: 'Home', url: '/', heading: 'Tools for builders and makers' },
];

test('every menu link navigates to its page, in the spec order', async ({ page }) => {
  await page.goto('/about');
  // Below Tailwind's lg breakpoint the menu is collapsed behind its toggle.
  const isPhone = (page.viewportSize()?.width ?? 1280) < 1024;

  const openMenu = async () => {
    if (isPhone) await page.getByRole('button', { name: 'Menu' }).click();
  };
  await openMenu();
  const header = page.getByRole('banner');
  await expect(header.getByRole('link').filter({ hasNotText: 'Toolyard' })).toHaveText(
    ['Home', 'Order Now', 'Blogs', 'About', 'My Portfolio', 'Login'].map(
      (t) => new RegExp(`^${t}$`),
    ),
  );

  for (const item of menu) {
    await header.getByRole('link', { name: item.link, exact: true }).click();
    await expect(page).toHaveURL(item.url);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(item.heading);
    await openMenu();
  }
});

test('a new page opens at the top, and going back returns to where the visitor was', async ({
  page,
}) => {
  await page.goto('/');
  await expect(
    page.getByRole('region', { name: 'Our tools' }).getByRole('article'),
  ).not.toHaveCount(0);
  // The contact form loads as it nears the screen: let it arrive before measuring.
  const contact = page.getByRole('region', { name: 'Contact us' });
  await contact.scrollIntoViewIfNeeded();
  await expect(contact.getByLabel('Email Address')).toBeVisible();
  const footerLink = page.getByRole('contentinfo').getByRole('link', { name: 'About Toolyard' });
  await footerLink.scrollIntoViewIfNeeded();
  const scrolled = await page.evaluate(() => window.scrollY);
  expect(scrolled).toBeGreaterThan(500);

  await footerLink.click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('About Toolyard');
  expect(await page.evaluate(() => window.scrollY)).toBe(0);

  await page.goBack();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tools for builders and makers');
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(scrolled);
});

test('an unknown path shows the not-found page', async ({ page }) => {
  const response = await page.goto('/no/such/page');
  expect(response?.status()).toBe(404); // the app shell answers 404; the router shows the page
  await expect(
    page.getByRole('heading', { name: 'The Page You Are Looking For Not Found' }),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Back to the shop' }).click();
  await expect(page).toHaveURL('/');
});

test('a deep link loads directly and the dashboard menu toggles on small screens', async ({
  page,
}) => {
  await signIn(page, demo.buyer);
  await page.goto('/dashboard/myOrders');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('My Orders');
  const sidebar = page.getByRole('navigation', { name: 'Dashboard' });
  if ((page.viewportSize()?.width ?? 1280) < 1024) {
    await expect(sidebar).toBeHidden();
    await page.getByRole('button', { name: 'Dashboard menu' }).click();
  }
  await sidebar.getByRole('link', { name: 'My Profile' }).click();
  await expect(page).toHaveURL('/dashboard/profile');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('My Profile');
});

test('the API answers unknown paths with the JSON error shape', async ({ request }) => {
  const response = await request.get('/api/no-such-thing', { headers: { accept: 'text/html' } });
  expect(response.status()).toBe(404);
  expect(await response.json()).toMatchObject({ error: 'not_found' });
});

test('the page shows the header before its code runs, exactly where the app puts it', async ({
  browser,
  page,
}) => {
  const outline = async (target: typeof page) => {
    const brand = target.getByRole('banner').getByRole('link', { name: 'Toolyard' });
    await expect(brand).toBeVisible();
    return {
      header: (await target.getByRole('banner').boundingBox())?.height,
      brand: await brand.boundingBox(),
    };
  };
  const viewport = page.viewportSize();
  const before = await browser.newContext({ javaScriptEnabled: false, viewport });
  try {
    const shell = await before.newPage();
    await shell.goto('/');
    const painted = await outline(shell);
    await page.goto('/');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    expect(await outline(page)).toEqual(painted);
  } finally {
    await before.close();
  }
});

test('a page load asks who is signed in once: the app takes over the early request', async ({
  page,
}) => {
  const asked: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/auth/get-session') asked.push(request.url());
  });
  await page.goto('/', { waitUntil: 'networkidle' });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tools for builders and makers');
  await expect(page.locator('link[rel=preload][href="/api/auth/get-session"]')).toHaveCount(1);
  expect(asked).toHaveLength(1);
});
