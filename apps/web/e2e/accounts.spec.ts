import { expect, test, type Page } from '@playwright/test';
import { demo, isPhone, openMenu, signIn, signOut, uniqueEmail } from './support/accounts';
import { linkIn, waitForMail } from './support/mail';

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Dashboard' });

/** Opens the dashboard sidebar on small screens, where it is collapsed. */
async function openSidebar(page: Page) {
  if (isPhone(page)) await page.getByRole('button', { name: 'Dashboard menu' }).click();
}

test('a new person signs up, confirms their email from the mail, signs out, and after signing in lands on the page they wanted', async ({
  page,
}, testInfo) => {
  const person = {
    name: 'Nora Framer',
    email: uniqueEmail('nora', testInfo.project.name),
    password: 'sawdust-and-nails',
  };

  await page.goto('/login');
  await page.getByRole('link', { name: 'Create an account' }).click();
  await expect(page).toHaveURL('/signup');
  await page.getByLabel('Name').fill(person.name);
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Password', { exact: true }).fill(person.password);
  await page.getByLabel('Confirm password').fill(person.password);
  await page.getByRole('button', { name: 'Create account' }).click();

  // Signing up signs nobody in: it says where the link went.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Check your email');
  await expect(page.getByRole('main')).toContainText(`We sent a link to ${person.email}.`);
  await expect(page).toHaveURL('/signup');
  await openMenu(page);
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Login' })).toBeVisible();
  await expect(header.getByRole('link', { name: 'Dashboard' })).toHaveCount(0);
  await openMenu(page); // close it again on phones

  // The link in the mail confirms the address and signs the person in.
  const mail = await waitForMail(page.request, {
    to: person.email,
    subject: 'Toolyard: confirm your email address',
  });
  await page.goto(linkIn(mail, '/api/auth/verify-email'));
  await expect(page).toHaveURL('/email-verified');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your email is confirmed');
  await expect(page.getByRole('main')).toContainText(
    `${person.email} is confirmed and you are signed in.`,
  );
  await expect(page.getByRole('region', { name: 'Confirm your email' })).toHaveCount(0);
  await openMenu(page);
  await expect(header.getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await expect(header.getByRole('link', { name: 'Login' })).toHaveCount(0);
  await openMenu(page); // close it again on phones
  await signOut(page);

  await page.goto('/dashboard/myOrders');
  await expect(page).toHaveURL('/login');
  await signIn(page, person);
  await expect(page).toHaveURL('/dashboard/myOrders');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('My Orders');

  await signOut(page);
  // The old session is over: protected pages send the person to login again.
  await page.goto('/dashboard/profile');
  await expect(page).toHaveURL('/login');
});

test('a wrong password shows one generic message in red under the form', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill(demo.buyer.email);
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Login', exact: true }).click();

  const message = page.getByRole('alert').filter({ hasText: 'Invalid email or password' });
  await expect(message).toBeVisible();
  await expect(message).toHaveCSS('color', 'rgb(185, 28, 28)');
  await expect(page).toHaveURL('/login');
});

test("the login form shows the spec's messages and says Google is not configured", async ({
  page,
}) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByText('Email Is Required')).toBeVisible();
  await expect(page.getByText('Password Is Required')).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');

  await expect(page.getByRole('button', { name: 'Continue With Google' })).toBeDisabled();
  await expect(page.getByText('Google sign-in is not configured on this server')).toBeVisible();
});

test('a buyer sees the buyer dashboard, saves their profile, and is kept off admin pages', async ({
  page,
}) => {
  await page.goto('/dashboard');
  await expect(page).toHaveURL('/login');
  await signIn(page, demo.buyer);
  await expect(page).toHaveURL('/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('My Profile');
  await expect(page.getByText(demo.buyer.email)).toBeVisible();

  await openSidebar(page);
  await expect(sidebar(page).getByRole('link')).toHaveText([
    'My Profile',
    'My Orders',
    'Add Reviews',
  ]);

  const phone = `+1 555 0${Date.now() % 1000}`;
  await page.getByLabel('Phone').fill(phone);
  await page.getByLabel('Address').fill('12 Workshop Lane, Millbrook');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Profile saved')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Phone')).toHaveValue(phone);
  await expect(page.getByLabel('Address')).toHaveValue('12 Workshop Lane, Millbrook');

  await page.goto('/dashboard/users');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Admins only');
  await expect(page.getByRole('table')).toHaveCount(0);
  await page.getByRole('link', { name: 'Back to the dashboard' }).click();
  await expect(page).toHaveURL('/dashboard');

  await signOut(page);
});

test('an admin sees All Users, makes a new user an admin once their address is confirmed, and removes them after confirming', async ({
  page,
  request,
  baseURL,
}, testInfo) => {
  const email = uniqueEmail('piet', testInfo.project.name);
  // Signing up signs nobody in (the mailed link would): this browser stays signed out.
  const signUp = await page.request.post('/api/auth/sign-up/email', {
    headers: { origin: baseURL ?? '' },
    data: { name: 'Piet Plumb', email, password: 'copper-and-solder' },
  });
  expect(signUp.ok(), await signUp.text()).toBe(true);

  await signIn(page, demo.admin);
  await page.goto('/dashboard');
  await openSidebar(page);
  await expect(sidebar(page).getByRole('link')).toHaveText([
    'My Profile',
    'All Users',
    'Add Items',
    'Categories',
    'Manage Orders',
    'Messages',
    'Hidden Reviews',
    // The e2e shop runs on localhost, where admins can read the mail it wrote.
    'Outbox',
  ]);
  await sidebar(page).getByRole('link', { name: 'All Users' }).click();
  await expect(page).toHaveURL('/dashboard/users');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('All Users');
  // Every user fits on one page: no Previous and Next.
  await expect(page.getByRole('button', { name: 'Next' })).toHaveCount(0);

  // Phones list users as cards, wider screens as table rows.
  const entry = page.getByRole(isPhone(page) ? 'listitem' : 'row').filter({ hasText: email });
  await expect(entry).toContainText('user');
  // Not before Piet has followed the mailed link: the page says why.
  await entry.getByRole('button', { name: 'Make Admin' }).click();
  const notYet = page.getByRole('alert').filter({
    hasText: `${email} has not confirmed their email address yet. They can be made an admin once they have followed the link we mailed them.`,
  });
  await expect(notYet).toBeVisible();
  await expect(entry).toContainText('user');
  await notYet.getByRole('button', { name: 'close' }).click();
  await expect(notYet).toBeHidden();

  // Piet follows the link, in a browser of their own (the request fixture keeps no cookies of
  // this page).
  const mail = await waitForMail(request, {
    to: email,
    subject: 'Toolyard: confirm your email address',
  });
  const confirmed = await request.get(linkIn(mail, '/api/auth/verify-email'), { maxRedirects: 0 });
  expect(confirmed.status()).toBe(302);

  await entry.getByRole('button', { name: 'Make Admin' }).click();
  await expect(page.getByText('Successfully made an admin')).toBeVisible();
  await expect(entry.getByRole('button', { name: 'Make Admin' })).toHaveCount(0);
  await expect(entry).toContainText('admin');

  // Removing asks first; Cancel has the focus and Escape closes the dialog.
  await entry.getByRole('button', { name: 'Remove User' }).click();
  const dialog = page.getByRole('dialog', { name: 'Remove this user?' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(entry).toHaveCount(1);

  await entry.getByRole('button', { name: 'Remove User' }).click();
  await dialog.getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText(`Removed ${email}`)).toBeVisible();
  await expect(entry).toHaveCount(0);

  // The demo admin cannot remove or demote themself.
  const self = page.getByRole(isPhone(page) ? 'listitem' : 'row').filter({
    hasText: demo.admin.email,
  });
  await expect(self.getByRole('button')).toHaveCount(0);

  await signOut(page);
});

test('the menu follows the session: Dashboard and Sign Out only when signed in', async ({
  page,
}) => {
  await signIn(page, demo.buyer);
  await page.goto('/about');
  await openMenu(page);
  const header = page.getByRole('banner');
  // The menu's links: not the brand, nor the cart beside the menu.
  await expect(header.getByRole('link').filter({ hasNotText: /Toolyard|Cart/ })).toHaveText(
    ['Home', 'Order Now', 'Dashboard', 'Blogs', 'About', 'My Portfolio'].map(
      (t) => new RegExp(`^${t}$`),
    ),
  );
  await expect(header.getByRole('button', { name: 'Sign Out' })).toBeVisible();
  await header.getByRole('link', { name: 'Order Now' }).click();
  await expect(page).toHaveURL('/allItems');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('All items');
});
