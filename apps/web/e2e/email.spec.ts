import type { Browser, Locator, Page } from '@playwright/test';
import { demo, isPhone, openMenu, signIn, uniqueEmail } from './support/accounts';
import { addProduct, newProduct, uniqueName } from './support/catalog';
import { linkIn, mailTo, waitForMail } from './support/mail';
import { expect, test } from './support/sessions';

/**
 * The shop's mail, as people receive it: the main e2e shop sends over SMTP to a local stand-in
 * (support/smtp-stand-in.ts), and these specs read what arrived there and follow its links.
 */

const VERIFY_SUBJECT = 'Toolyard: confirm your email address';
const RESET_SUBJECT = 'Toolyard: reset your password';
const CHANGED_SUBJECT = 'Toolyard: your password was changed';

type Person = { name: string; email: string; password: string };

const heading = (page: Page) => page.getByRole('heading', { level: 1 });
/** The banner a signed-in person sees until their address is confirmed. */
const confirmBanner = (page: Page) => page.getByRole('region', { name: 'Confirm your email' });

/** The shop's origin, from a page that shows one of its pages. */
const originOf = (page: Page) => new URL(page.url()).origin;

/** A second browser, signed out, on the same shop and screen as `page`. */
const anotherBrowser = (browser: Browser, page: Page) =>
  browser.newContext({ baseURL: originOf(page), viewport: page.viewportSize() });

/** Signs a person up through the API, which signs nobody in: the mailed link does. */
async function signUpByApi(page: Page, person: Person) {
  const response = await page.request.post('/api/auth/sign-up/email', {
    headers: { origin: originOf(page) },
    data: person,
  });
  expect(response.ok(), await response.text()).toBe(true);
  expect(response.headers()['set-cookie']).toBeUndefined();
}

/** Follows the link of the newest mail confirming `email` in this page: confirmed, signed in. */
async function confirmFromMail(page: Page, email: string) {
  const mail = await waitForMail(page.request, { to: email, subject: VERIFY_SUBJECT });
  await page.goto(linkIn(mail, '/api/auth/verify-email'));
  await expect(page).toHaveURL('/email-verified');
  await expect(heading(page)).toHaveText('Your email is confirmed');
}

/** Phones list orders as cards, wider screens as table rows. */
const orderEntry = (page: Page, text: string) =>
  page.getByRole(isPhone(page) ? 'listitem' : 'row').filter({ hasText: text });
/** The total an order shows on My Orders: in bold on a card, in the Total column of a row. */
const totalOf = (page: Page, entry: Locator) =>
  isPhone(page) ? entry.locator('strong') : entry.getByRole('cell').nth(3);

test('a new person signs up, the link in the mail confirms the address and signs them in', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(60_000);
  const person = {
    name: 'Ada Joiner',
    email: uniqueEmail('ada', testInfo.project.name),
    password: 'mortise-and-tenon',
  };
  await page.goto('/signup');
  await page.getByLabel('Name').fill(person.name);
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Password', { exact: true }).fill(person.password);
  await page.getByLabel('Confirm password').fill(person.password);
  await page.getByRole('button', { name: 'Create account' }).click();

  await expect(heading(page)).toHaveText('Check your email');
  await expect(heading(page)).toBeFocused();
  await expect(page.getByRole('main')).toContainText(`We sent a link to ${person.email}.`);

  // The mail arrives at the mail server, from the shop, to the person, with its link.
  const mail = await waitForMail(page.request, { to: person.email, subject: VERIFY_SUBJECT });
  expect(mail.subject).toBe(VERIFY_SUBJECT);
  expect(mail.from).toContain('Toolyard');
  expect(mail.to).toEqual([person.email.toLowerCase()]);
  expect(mail.text).toContain(`Hello ${person.name},`);
  expect(mail.text).toContain('The link expires in 24 hours.');
  const link = linkIn(mail, '/api/auth/verify-email');
  expect(new URL(link).origin).toBe(originOf(page));
  expect(mail.html).toContain('Confirm your email address');

  await page.goto(link);
  await expect(page).toHaveURL('/email-verified');
  await expect(heading(page)).toHaveText('Your email is confirmed');
  await expect(page.getByRole('main')).toContainText(
    `${person.email} is confirmed and you are signed in.`,
  );
  await openMenu(page);
  const header = page.getByRole('banner');
  await expect(header.getByRole('button', { name: 'Sign Out' })).toBeVisible();
  await expect(header.getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await expect(header.getByRole('link', { name: 'Login' })).toHaveCount(0);
  await openMenu(page); // close it again on phones
  await expect(confirmBanner(page)).toHaveCount(0);

  await page.getByRole('link', { name: 'Go to your dashboard' }).click();
  await expect(page).toHaveURL('/dashboard');
  await expect(heading(page)).toHaveText('My Profile');
  await expect(confirmBanner(page)).toHaveCount(0);
  // One sign-up, one mail.
  expect((await mailTo(page.request, person.email)).map((m) => m.subject)).toEqual([
    VERIFY_SUBJECT,
  ]);

  // Elsewhere, the used link signs nobody in, and signing up again with the address answers
  // as for a new one: its owner is told by mail instead.
  const elsewhere = await anotherBrowser(browser, page);
  try {
    const other = await elsewhere.newPage();
    await other.goto(link);
    await expect(other).toHaveURL('/email-verified');
    await expect(other.getByRole('main')).toContainText('Thank you: your address is confirmed.');
    await expect(other.getByRole('main').getByRole('link', { name: 'Login' })).toBeVisible();
    await expect(other.getByRole('link', { name: 'Go to your dashboard' })).toHaveCount(0);

    await other.goto('/signup');
    await other.getByLabel('Name').fill('Somebody Else');
    await other.getByLabel('Email').fill(person.email);
    await other.getByLabel('Password', { exact: true }).fill('another-long-password');
    await other.getByLabel('Confirm password').fill('another-long-password');
    await other.getByRole('button', { name: 'Create account' }).click();
    await expect(heading(other)).toHaveText('Check your email');
    await expect(other.getByRole('main')).toContainText(`We sent a link to ${person.email}.`);
    const exists = await waitForMail(other.request, {
      to: person.email,
      subject: 'Toolyard: you already have an account',
    });
    expect(exists.text).toContain(`Hello ${person.name},`);
    expect(exists.text).toContain('no new account was made');
  } finally {
    await elsewhere.close();
  }
});

test('a person who signs in unconfirmed sees the banner, has the link sent again, and follows it', async ({
  page,
}, testInfo) => {
  const person = {
    name: 'Ben Turner',
    email: uniqueEmail('ben', testInfo.project.name),
    password: 'lathe-and-chisel',
  };
  await page.goto('/login');
  await signUpByApi(page, person);
  await waitForMail(page.request, { to: person.email, subject: VERIFY_SUBJECT });

  // Signing in works before the address is confirmed; every page asks for the confirmation.
  await signIn(page, person);
  const banner = confirmBanner(page);
  await expect(banner).toContainText(
    `Please confirm your email address: we sent a link to ${person.email}.`,
  );
  await banner.getByRole('button', { name: 'Send it again' }).click();
  await expect(banner.getByRole('status')).toHaveText('Sent');
  await expect
    .poll(async () => (await mailTo(page.request, person.email)).length, {
      message: 'a second mail with a link',
    })
    .toBe(2);

  await confirmFromMail(page, person.email);
  await expect(banner).toHaveCount(0);
  await page.goto('/dashboard/profile');
  await expect(heading(page)).toHaveText('My Profile');
  await expect(banner).toHaveCount(0);
});

test('a person who forgot their password sets a new one from the mailed link; their other session ends', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(90_000);
  const person = {
    name: 'Cleo Mason',
    email: uniqueEmail('cleo', testInfo.project.name),
    password: 'trowel-and-mortar',
  };
  const newPassword = 'plumb-line-and-level';

  // Browser A: a confirmed account, signed in on its dashboard.
  await page.goto('/login');
  await signUpByApi(page, person);
  await confirmFromMail(page, person.email);
  await page.goto('/dashboard/profile');
  await expect(heading(page)).toHaveText('My Profile');

  // Browser B: asks for a link from the login page.
  const other = await anotherBrowser(browser, page);
  try {
    const b = await other.newPage();
    await b.goto('/login');
    await b.getByRole('link', { name: 'Forgot your password?' }).click();
    await expect(b).toHaveURL('/forgot-password');
    await expect(heading(b)).toHaveText('Forgot your password?');
    await b.getByLabel('Email').fill(person.email);
    await b.getByRole('button', { name: 'Send me a link' }).click();
    await expect(b.getByRole('heading', { name: 'Check your email' })).toBeFocused();
    await expect(b.getByRole('main')).toContainText(`If an account exists for ${person.email}`);

    const reset = await waitForMail(b.request, { to: person.email, subject: RESET_SUBJECT });
    expect(reset.text).toContain(`Hello ${person.name},`);
    expect(reset.text).toContain('The link expires in 1 hour.');
    await b.goto(linkIn(reset, '/api/auth/reset-password/'));
    await expect(b).toHaveURL(/\/reset-password\?token=[^&]+$/);
    await expect(heading(b)).toHaveText('Set a new password');
    await b.getByLabel('New password', { exact: true }).fill(newPassword);
    await b.getByLabel('Confirm new password').fill(newPassword);
    await b.getByRole('button', { name: 'Set new password' }).click();
    await expect(
      b.getByRole('alert').filter({ hasText: 'Your new password is set.' }),
    ).toBeVisible();
    await expect(b).toHaveURL('/dashboard');
    await expect(heading(b)).toHaveText('My Profile');
    await expect(b.getByRole('main')).toContainText(person.email);

    // The account is told its password changed.
    const changed = await waitForMail(b.request, { to: person.email, subject: CHANGED_SUBJECT });
    expect(changed.text).toContain(`Hello ${person.name},`);

    // The link works once.
    await b.goto(linkIn(reset, '/api/auth/reset-password/'));
    await expect(heading(b)).toHaveText('This link is not valid any more');
  } finally {
    await other.close();
  }

  // Browser A's session has ended: the dashboard sends it to login.
  await page.reload();
  await expect(page).toHaveURL('/login');
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Password').fill(person.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Invalid email or password' }),
  ).toBeVisible();
  await expect(page).toHaveURL('/login');
  await signIn(page, { email: person.email, password: newPassword });
  await expect(page).toHaveURL('/dashboard/profile');
  await expect(heading(page)).toHaveText('My Profile');
});

test('a buyer orders and pays: the order and receipt mails arrive with the number and total My Orders shows, and link to the order', async ({
  page,
  sessions,
}, testInfo) => {
  test.setTimeout(90_000);
  // An admin adds a fresh product (40 in stock, $12.50): 6 of it come to $75.00.
  const product = newProduct(uniqueName('Dowel Pins', testInfo.project.name));
  await sessions.signInAs(page, demo.admin);
  await addProduct(page, product);

  // A new buyer, confirmed through the mailed link (which signs them in).
  await page.context().clearCookies();
  const buyer = {
    name: 'Dara Fitter',
    email: uniqueEmail('dara', testInfo.project.name),
    password: 'hinges-and-hasps',
  };
  await page.goto('/login');
  await signUpByApi(page, buyer);
  await confirmFromMail(page, buyer.email);

  await page.goto('/purchase');
  await page.getByLabel('Product').selectOption({ label: `${product.name} ($12.50)` });
  await page.getByLabel('Address').fill('7 Dovetail Row, Millbrook');
  await page.getByLabel('Phone').fill('+1 555 0142');
  await page.getByLabel('Quantity').fill('6');
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page.getByText(`Hello ${buyer.name} We Have Received Your Order`)).toBeVisible();
  await expect(page).toHaveURL('/dashboard/myOrders');

  const order = orderEntry(page, product.name);
  await expect(order).toContainText('pending');
  const total = (await totalOf(page, order).innerText()).trim();
  expect(total).toBe('$75.00');

  // The order's number is in its entry, and opens its page, whose heading names it too.
  const ref = ((await order.innerText()).match(/TY-\d{6,}/) ?? [''])[0];
  await order.getByRole('link', { name: `View order ${ref}` }).click();
  await expect(page).toHaveURL(/\/dashboard\/orders\/[0-9a-f-]{36}$/);
  const orderId = new URL(page.url()).pathname.split('/').pop() ?? '';
  await expect(heading(page)).toHaveText(`Order ${ref}`);
  await page.goBack();

  await order.getByRole('link', { name: /^Pay/ }).click();
  await expect(page).toHaveURL(`/dashboard/payment/${orderId}`);
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry').fill('12/30');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: `Pay ${total}` }).click();
  await expect(page.getByText('Successfully Paid')).toBeVisible();
  await expect(page).toHaveURL('/dashboard/myOrders');
  await expect(order).toContainText('paid');
  await expect(totalOf(page, order)).toHaveText(total);

  const totalLine = new RegExp(`Total\\s+${total.replace(/[$.]/g, '\\$&')}`);
  const received = await waitForMail(page.request, {
    to: buyer.email,
    subject: `We have received your order ${ref}`,
  });
  expect(received.subject).toBe(`We have received your order ${ref}`);
  expect(received.text).toContain(`Hello ${buyer.name} We Have Received Your Order`);
  expect(received.text).toContain(product.name);
  expect(received.text).toMatch(totalLine);
  expect(received.text).toContain('7 Dovetail Row, Millbrook');
  expect(linkIn(received, '/dashboard/payment/')).toBe(
    `${originOf(page)}/dashboard/payment/${orderId}`,
  );
  expect(received.text).toContain(`Order ${ref}, placed`);

  const receipt = await waitForMail(page.request, {
    to: buyer.email,
    subject: `Receipt for your order ${ref}`,
  });
  expect(receipt.subject).toBe(`Receipt for your order ${ref}`);
  expect(receipt.text).toContain(`Thank you, ${buyer.name}. You paid ${total}`);
  expect(receipt.text).toContain(product.name);
  expect(receipt.text).toMatch(totalLine);

  // The receipt's link opens that order's page, not the list.
  const orderLink = linkIn(receipt, '/dashboard/orders/');
  expect(orderLink).toBe(`${originOf(page)}/dashboard/orders/${orderId}`);
  await page.goto(orderLink);
  await expect(heading(page)).toHaveText(`Order ${ref}`);
  await expect(page.getByText('7 Dovetail Row, Millbrook')).toBeVisible();

  // Each event mailed once.
  expect((await mailTo(page.request, buyer.email)).map((m) => m.subject)).toEqual([
    VERIFY_SUBJECT,
    `We have received your order ${ref}`,
    `Receipt for your order ${ref}`,
  ]);
});

test('an admin reads the mail the shop sent on the outbox page', async ({
  page,
  sessions,
}, testInfo) => {
  const person = {
    name: 'Eli Glazier',
    email: uniqueEmail('eli', testInfo.project.name),
    password: 'putty-and-panes',
  };
  await page.goto('/login');
  await signUpByApi(page, person);
  const mail = await waitForMail(page.request, { to: person.email, subject: VERIFY_SUBJECT });

  await sessions.signInAs(page, demo.admin);
  await page.goto('/dashboard/outbox');
  await expect(page).toHaveTitle('Outbox | Toolyard');
  await expect(heading(page)).toHaveText('Outbox');
  await expect(page.getByText(/^\d+ messages, newest first$/)).toBeVisible();

  const messages = page.getByRole('article');
  const sent = messages.filter({
    has: page.getByRole('heading', { name: VERIFY_SUBJECT, exact: true }),
    hasText: person.email,
  });
  await expect(sent).toHaveCount(1);
  // Newest first: the message just sent is at the top.
  await expect(messages.first()).toContainText(person.email);
  await expect(sent.getByText('sent', { exact: true })).toBeVisible();
  await expect(sent.getByRole('definition').filter({ hasText: person.email })).toBeVisible();
  // What the page shows is what went out: the same link.
  await sent.getByText('Show the message').click();
  await expect(sent.getByRole('link', { name: /\/api\/auth\/verify-email/ })).toHaveAttribute(
    'href',
    linkIn(mail, '/api/auth/verify-email'),
  );
  // With SMTP set, nothing on the page failed to go out.
  await expect(messages.filter({ hasText: 'Last error' })).toHaveCount(0);
});
