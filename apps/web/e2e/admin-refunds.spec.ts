import { demo } from './support/accounts';
import { expect, test } from './support/sessions';

const card = { cardNumber: '4242424242424242', expMonth: 12, expYear: 2099, cvc: '123' };

test("an admin refunds one line of a shipped order, and the buyer's timeline shows it", async ({
  page,
  sessions,
  baseURL,
}) => {
  const headers = { origin: baseURL ?? '' };

  // The buyer orders two products and pays; the admin ships the order.
  await sessions.signInAs(page, demo.buyer);
  const cart = await (await page.request.get('/api/cart')).json();
  for (const line of cart.lines ?? []) {
    await page.request.delete(`/api/cart/lines/${line.itemId}`, { headers });
  }
  const tools = (await (await page.request.get('/api/tool?pageSize=50')).json()) as {
    _id: string;
    name: string;
    price: number;
    AvailableQuantity: number;
    MinOrderQuantity: number;
  }[];
  const [first, second] = tools.filter((t) => t.AvailableQuantity >= t.MinOrderQuantity + 1);
  if (!first || !second) throw new Error('the demo catalog has too little stock');
  for (const tool of [first, second]) {
    const put = await page.request.put(`/api/cart/lines/${tool._id}`, {
      headers,
      data: { quantity: tool.MinOrderQuantity },
    });
    expect(put.ok(), await put.text()).toBe(true);
  }
  const placed = await page.request.post('/api/checkout', {
    headers,
    data: { Contact: '+1 555 0100', Address: '12 Workshop Lane, Millbrook' },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const order = await placed.json();
  const line = order.lines.find((l: { itemId: string }) => l.itemId === first._id);
  const paid = await page.request.post(`/api/order/${order._id}/pay`, { headers, data: card });
  expect(paid.ok(), await paid.text()).toBe(true);

  await sessions.signInAs(page, demo.admin);
  const shipped = await page.request.post(`/api/order/${order._id}/ship`, {
    headers,
    data: { carrier: 'DHL' },
  });
  expect(shipped.ok(), await shipped.text()).toBe(true);

  // The admin refunds one unit of the first line, confirming the amount.
  const amount = `$${line.unitPrice.toFixed(2)}`;
  await page.goto(`/dashboard/orders/${order._id}`);
  await page.getByRole('button', { name: /^Refund/ }).click();
  const units = page.getByLabel(new RegExp(line.name));
  await units.fill('1');
  await expect(page.getByLabel('Put the refunded units back in stock')).not.toBeChecked();
  await page.getByRole('button', { name: `Refund ${amount}…` }).click();
  await expect(page.getByText(`${amount} goes back to`)).toBeVisible();
  await page.getByRole('button', { name: `Refund ${amount}`, exact: true }).click();
  const timeline = page.getByRole('list', { name: 'Timeline' });
  const refunded = `Refunded ${amount}: 1 × ${line.name}`;
  await expect(timeline.getByText(refunded)).toBeVisible();

  // The buyer sees it on the order's page.
  await sessions.signInAs(page, demo.buyer);
  await page.goto(`/dashboard/orders/${order._id}`);
  await expect(page.getByRole('list', { name: 'Timeline' }).getByText(refunded)).toBeVisible();
  await expect(page.getByText('partially refunded').first()).toBeVisible();
});
