import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { demo, isPhone } from './support/accounts';
import { expect, test } from './support/sessions';

/**
 * Every route of the spec, visited signed out, as a buyer and as an admin, on a phone and a
 * desktop (the two projects). Each page must show its heading, fit the screen's width, pass
 * axe with no serious or critical violation and break no rule of the content security policy.
 */
type Role = 'visitor' | 'buyer' | 'admin';
type Product = { _id: string; name: string; MinOrderQuantity: number; AvailableQuantity: number };

interface Ids {
  productId: string;
  productName: string;
  orderId: string;
  orderNumber: string;
}

interface Route {
  path: string | ((ids: Ids) => string);
  /** The first-level heading the page shows to whoever may see it. */
  heading: string | ((ids: Ids) => string);
  /**
   * Who may see it: visitors are sent from signed-in pages to login, buyers are told admin pages
   * are for admins, and signed-in people are sent home from the guest pages (login, sign-up).
   */
  access: 'public' | 'guest' | 'signed in' | 'admin';
}

const home = 'Tools for builders and makers';
const routes: Route[] = [
  { path: '/', heading: home, access: 'public' },
  { path: '/about', heading: 'About Toolyard', access: 'public' },
  { path: '/blogs', heading: 'Questions buyers ask us', access: 'public' },
  { path: '/myPortfolio', heading: 'Built with Toolyard', access: 'public' },
  { path: '/login', heading: 'Login', access: 'guest' },
  { path: '/signup', heading: 'Create an account', access: 'guest' },
  { path: '/forgot-password', heading: 'Forgot your password?', access: 'guest' },
  // Where the mailed links land: without a token the reset page says the link is not valid.
  { path: '/reset-password', heading: 'This link is not valid any more', access: 'public' },
  { path: '/email-verified', heading: 'Your email is confirmed', access: 'public' },
  { path: '/no/such/page', heading: 'The Page You Are Looking For Not Found', access: 'public' },
  { path: '/allItems', heading: 'All items', access: 'signed in' },
  { path: '/search', heading: 'Search', access: 'public' },
  { path: '/search?q=hammr&inStock=true', heading: 'Results for “hammr”', access: 'public' },
  {
    path: ({ productId }) => `/tool/${productId}`,
    heading: ({ productName }) => productName,
    access: 'public',
  },
  { path: '/category/power-tools', heading: 'Power tools', access: 'public' },
  {
    path: ({ productId }) => `/purchase?id=${productId}`,
    heading: 'Purchase',
    access: 'signed in',
  },
  { path: '/dashboard', heading: 'My Profile', access: 'signed in' },
  { path: '/dashboard/profile', heading: 'My Profile', access: 'signed in' },
  { path: '/dashboard/myOrders', heading: 'My Orders', access: 'signed in' },
  { path: '/dashboard/review', heading: 'Add a Review', access: 'signed in' },
  {
    path: ({ orderId }) => `/dashboard/payment/${orderId}`,
    heading: 'Payment',
    access: 'signed in',
  },
  {
    path: ({ orderId }) => `/dashboard/orders/${orderId}`,
    heading: ({ orderNumber }) => `Order ${orderNumber}`,
    access: 'signed in',
  },
  { path: '/cart', heading: 'Your cart', access: 'signed in' },
  { path: '/dashboard/users', heading: 'All Users', access: 'admin' },
  { path: '/dashboard/addItem', heading: 'Add Items', access: 'admin' },
  { path: '/dashboard/manageOrder', heading: 'Manage Orders', access: 'admin' },
  { path: '/dashboard/messages', heading: 'Messages', access: 'admin' },
  { path: '/dashboard/hidden-reviews', heading: 'Hidden Reviews', access: 'admin' },
  // On for the e2e shop, which runs on localhost.
  { path: '/dashboard/outbox', heading: 'Outbox', access: 'admin' },
  { path: '/dashboard/categories', heading: 'Categories', access: 'admin' },
];

function expectedHeading(route: Route, role: Role, ids: Ids) {
  const heading = typeof route.heading === 'function' ? route.heading(ids) : route.heading;
  if (route.access === 'public') return heading;
  if (route.access === 'guest') return role === 'visitor' ? heading : home;
  if (role === 'visitor') return 'Login';
  if (route.access === 'admin' && role === 'buyer') return 'Admins only';
  return heading;
}

/** Waits until the page has its heading and nothing is loading any more. */
async function settled(page: Page, heading: string) {
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
  await expect(page.getByRole('status').filter({ hasText: /^(Loading|Checking)/ })).toHaveCount(0);
}

async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(serious, `axe on ${page.url()}`).toEqual([]);
}

async function expectFitsWidth(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `horizontal overflow on ${page.url()}`).toBeLessThanOrEqual(0);
}

/** Records what the page's content security policy refuses, from before any script runs. */
async function watchCsp(page: Page) {
  await page.addInitScript(() => {
    const refused: string[] = [];
    Object.assign(window, { cspRefused: refused });
    document.addEventListener('securitypolicyviolation', (event) =>
      refused.push(`${event.effectiveDirective}: ${event.blockedURI}`),
    );
  });
}

async function expectNoCspViolation(page: Page) {
  const refused = await page.evaluate(
    () => (window as unknown as { cspRefused?: string[] }).cspRefused ?? ['(not watched)'],
  );
  expect(refused, `CSP violations on ${page.url()}`).toEqual([]);
}

/** An order of the role's own, so its payment and order pages have something to show. */
async function placeOrder(page: Page, product: Product) {
  const origin = new URL(page.url()).origin;
  const response = await page.request.post('/api/order', {
    headers: { origin },
    data: {
      itemId: product._id,
      OrderQuantity: product.MinOrderQuantity,
      Contact: '+1 555 0100',
      Address: '1 Yard Lane',
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { _id: string; number: string };
}

for (const role of ['visitor', 'buyer', 'admin'] as const) {
  test(`every route as a ${role}: heading, width, accessibility and CSP`, async ({
    page,
    sessions,
  }) => {
    test.setTimeout(120_000);
    await watchCsp(page);
    if (role !== 'visitor') await sessions.signInAs(page, demo[role]);
    await page.goto('/about');

    const products = (await (await page.request.get('/api/tool')).json()) as Product[];
    const product = products.reduce((most, p) =>
      p.AvailableQuantity > most.AvailableQuantity ? p : most,
    );
    const order =
      role === 'visitor'
        ? { _id: crypto.randomUUID(), number: '' }
        : await placeOrder(page, product);
    const ids: Ids = {
      productId: product._id,
      productName: product.name,
      orderId: order._id,
      orderNumber: order.number,
    };

    for (const route of routes) {
      const path = typeof route.path === 'function' ? route.path(ids) : route.path;
      await test.step(path, async () => {
        await page.goto(path);
        await settled(page, expectedHeading(route, role, ids));
        await expectFitsWidth(page);
        await expectAccessible(page);
        await expectNoCspViolation(page);
      });
    }
  });
}

test('the home page shows the spec sections and the exact business figures', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Get Started' })).toBeVisible();

  const overview = page.getByRole('region', { name: 'Our business at a glance' });
  const figure = (title: string) =>
    overview.locator('dl > div').filter({ has: page.locator('dt', { hasText: title }) });
  await expect(figure('Customers').locator('dd')).toHaveText(['31K', 'from 150 countries']);
  await expect(figure('New Customer This Year').locator('dd').first()).toHaveText('4,200');
  await expect(figure('Upcoming Products').locator('dd').first()).toHaveText('120');
  await expect(figure('Annual Profit').locator('dd').first()).toHaveText('$89,400');
  await expect(overview.getByText('Yearly Target $100,400')).toBeVisible();
  await expect(overview.getByRole('link', { name: 'Join Us' })).toHaveAttribute('href', '/signup');

  const reviews = page.getByRole('region', { name: 'REVIEWED BY OUR CUSTOMERS' });
  // The reviews' code comes as they near the screen.
  await reviews.scrollIntoViewIfNeeded();
  await expect(reviews.getByText('Enterprise').first()).toBeVisible();
  await expect(reviews.getByText('About Us').first()).toBeVisible();
  await expect(reviews.getByText('Ratings').first()).toBeVisible();
  // One column on a phone, three on a desktop.
  const columns = await reviews
    .getByRole('list')
    .evaluate((list) => getComputedStyle(list).gridTemplateColumns.split(' ').length);
  expect(columns).toBe(isPhone(page) ? 1 : 3);

  await expect(page.getByRole('region', { name: 'Contact us' })).toBeVisible();
  const footer = page.getByRole('contentinfo');
  for (const column of ['Services', 'Company', 'Legal']) {
    await expect(footer.getByRole('navigation', { name: column })).toBeVisible();
  }
  await expect(footer).toContainText(/Copyright © 2022–\d{4} Toolyard/);
});

test('each page has its own title and description', async ({ page }) => {
  const pages = [
    { path: '/', title: 'Tools for builders and makers | Toolyard' },
    { path: '/about', title: 'About | Toolyard' },
    { path: '/blogs', title: 'Blogs | Toolyard' },
    { path: '/myPortfolio', title: 'My Portfolio | Toolyard' },
    { path: '/login', title: 'Login | Toolyard' },
    { path: '/forgot-password', title: 'Forgot your password? | Toolyard' },
  ];
  const descriptions = new Set<string>();
  for (const { path, title } of pages) {
    await page.goto(path);
    await expect(page).toHaveTitle(title);
    const description = page.locator('meta[name="description"]');
    // React hoists each page's own description; exactly one is in the head.
    await expect(description).toHaveCount(1);
    descriptions.add((await description.getAttribute('content')) ?? '');
  }
  expect(descriptions.size).toBe(pages.length);

  const robots = await page.request.get('/robots.txt');
  expect(robots.ok()).toBe(true);
  expect(await robots.text()).toContain('Disallow: /dashboard');
  const icon = await page.request.get(
    (await page.locator('link[rel="icon"]').getAttribute('href')) ?? '/missing',
  );
  expect(icon.ok()).toBe(true);
});

test('the purchase modal keeps focus inside and closes on Escape', async ({ page, sessions }) => {
  await sessions.signInAs(page, demo.buyer);
  await page.goto('/allItems');
  const opener = page.getByRole('button', { name: 'Click TO Continue Purchase' }).first();
  await opener.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();

  for (let i = 0; i < 12; i++) {
    await page.keyboard.press('Tab');
    const inside = await dialog.evaluate((d) => d.contains(document.activeElement));
    expect(inside, `focus left the dialog after ${i + 1} Tab presses`).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
});
