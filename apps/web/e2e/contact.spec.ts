import { demo, uniqueEmail } from './support/accounts';
import { expect, test } from './support/sessions';

const THANKS = 'Thanks! We received your message and will reply by email.';

test('a visitor sends a message from the home page and an admin reads it on Messages', async ({
  page,
  sessions,
}, testInfo) => {
  // Two people's visits (several page loads and a sign-in) on a busy machine.
  test.setTimeout(90_000);
  const email = uniqueEmail('site-office', testInfo.project.name);
  const subject = `Quote for 40 drills (${testInfo.project.name} ${Date.now().toString(36)})`;
  const message = 'We fit out a school in spring.\nCan you deliver 40 cordless drills in March?';
  const sent: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/contact') sent.push(r.url());
  });

  await page.goto('/');
  const contact = page.getByRole('region', { name: 'Contact us' });
  await contact.scrollIntoViewIfNeeded();
  await expect(contact.getByLabel('Email Address')).toHaveValue('');

  // A bad email is caught under its field, and nothing is sent.
  await contact.getByLabel('Email Address').fill('site-office@');
  await contact.getByLabel('Subject').fill(subject);
  await contact.getByLabel('Your Message').fill(message);
  await contact.getByRole('button', { name: 'Submit' }).click();
  await expect(contact.getByText('Provide a valid Email')).toBeVisible();
  await expect(contact.getByLabel('Email Address')).toHaveAttribute('aria-invalid', 'true');
  await expect(contact.getByLabel('Email Address')).toHaveAccessibleDescription(
    'Provide a valid Email',
  );
  expect(sent).toEqual([]);

  await contact.getByLabel('Email Address').fill(email);
  const stored = page.waitForResponse(
    (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/contact',
  );
  await contact.getByRole('button', { name: 'Submit' }).click();
  expect((await stored).status()).toBe(201);
  await expect(page.getByRole('alert').filter({ hasText: THANKS })).toBeVisible();
  await expect(contact.getByText('Provide a valid Email')).toHaveCount(0);
  await expect(contact.getByLabel('Subject')).toHaveValue('');
  await expect(contact.getByLabel('Your Message')).toHaveValue('');
  expect(sent).toHaveLength(1);

  await sessions.signInAs(page, demo.admin);
  await page.goto('/dashboard/messages');
  await expect(page).toHaveTitle('Messages | Toolyard');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Messages');
  const entry = page
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name: subject, exact: true }) });
  await expect(entry).toBeVisible();
  await expect(entry.getByRole('link', { name: email })).toBeVisible();
  await expect(entry).toContainText('Can you deliver 40 cordless drills in March?');
  // Newest first: the message just sent is at the top.
  await expect(page.getByRole('article').first()).toContainText(subject);
  // A pager only when the messages fill more than one page.
  await expect(page.getByText('Page 1 of 1')).toHaveCount(0);
});

test('a signed-in buyer finds their email filled in, and cannot open Messages', async ({
  page,
  sessions,
}) => {
  await sessions.signInAs(page, demo.buyer);
  await page.goto('/');
  const contact = page.getByRole('region', { name: 'Contact us' });
  // The form loads as it comes near the screen.
  await contact.scrollIntoViewIfNeeded();
  await expect(contact.getByLabel('Email Address')).toHaveValue(demo.buyer.email);

  await page.goto('/dashboard/messages');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Admins only');
  await expect(page.getByRole('article')).toHaveCount(0);
});
