import { demo } from './support/accounts';
import { uniqueName } from './support/catalog';
import { expect, test } from './support/sessions';

/** A page on another origin of the same site (another port of localhost): the browser sends
 * the shop's SameSite=Lax session cookie with the forms it submits. */
const attackerOrigin = (shop: string) => {
  const url = new URL(shop);
  url.port = String(Number(url.port) + 5);
  return url.origin;
};

test('a page on another origin auto-submits forms to encoded paths with the admin signed in, and nothing changes', async ({
  page,
  sessions,
}, testInfo) => {
  const shop = testInfo.project.use.baseURL ?? '';
  await sessions.signInAs(page, demo.admin);
  const created = await page.request.post('/api/tool', {
    headers: { origin: shop },
    data: {
      name: uniqueName('Pry Bars', testInfo.project.name),
      description: 'Bars for prying.',
      price: 12,
      img: '/images/tools/claw-hammer.svg',
      AvailableQuantity: 20,
      MinOrderQuantity: 1,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const product = (await created.json()) as { _id: string };
  const placed = await page.request.post('/api/order', {
    headers: { origin: shop },
    data: {
      itemId: product._id,
      OrderQuantity: 2,
      Contact: '+1 555 0100',
      Address: '1 Yard Lane, Springfield',
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const order = (await placed.json()) as { _id: string };

  const attacker = attackerOrigin(shop);
  const attacks = [
    { path: `/%61pi/order/${order._id}/cancel`, enctype: 'text/plain' },
    { path: `/%61pi/order/${order._id}/cancel`, enctype: 'application/x-www-form-urlencoded' },
    { path: `/%61%70%69/order/${order._id}/cancel`, enctype: 'text/plain' },
    { path: `/api/order/${order._id}/cancel`, enctype: 'text/plain' },
  ];
  // The attacker's page, served at its own origin: it submits its form as soon as it loads.
  await page.route(`${attacker}/attack/**`, (route) => {
    const which = Number(new URL(route.request().url()).pathname.split('/').pop());
    const { path, enctype } = attacks[which] ?? { path: '/', enctype: '' };
    return route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><title>Win a prize</title>
        <form method="post" action="${shop}${path}" enctype="${enctype}">
          <input type="hidden" name="a" value="b">
        </form>
        <script>document.forms[0].submit()</script>`,
    });
  });

  for (const [i, attack] of attacks.entries()) {
    const answered = page.waitForResponse(
      (response) => response.request().method() === 'POST' && response.url().endsWith('/cancel'),
    );
    await page.goto(`${attacker}/attack/${i}`);
    const response = await answered;
    // The browser did send the session cookie and the attacker's Origin: only the check stops it.
    expect(response.request().headers().origin).toBe(attacker);
    expect(await response.request().headerValue('cookie')).toContain('session_token=');
    expect(response.status(), `${attack.path} (${attack.enctype})`).toBe(403);
    await expect(page.getByText('did not come from a Toolyard page')).toBeVisible();
  }

  const after = await page.request.get(`/api/order/${order._id}`);
  expect(after.status()).toBe(200);
  expect(await after.json()).toMatchObject({ _id: order._id, status: 'pending' });
  const tool = await page.request.get(`/api/tool/${product._id}`);
  expect(await tool.json()).toMatchObject({ AvailableQuantity: 18 });

  // From the shop's own page the same admin can still cancel it.
  const cancelled = await page.request.post(`/api/order/${order._id}/cancel`, {
    headers: { origin: shop },
  });
  expect(cancelled.status()).toBe(200);
});
