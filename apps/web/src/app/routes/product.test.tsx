import { PURCHASE_QUANTITY_MESSAGE, type Category, type Product } from '@toolyard/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { Route } from 'wouter';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders, requestsMade } from '@/test/render';
import ProductPage from './product';

afterEach(() => vi.unstubAllGlobals());

const categories: Category[] = [
  { _id: 'c1', slug: 'power-tools', name: 'Power tools', parentId: null, products: 0 },
  { _id: 'c2', slug: 'drills-drivers', name: 'Drills & drivers', parentId: 'c1', products: 3 },
];

const product = (n: number, overrides: Partial<Product> = {}): Product => ({
  _id: `00000000-0000-4000-8000-00000000000${n}`,
  name: `Cordless Drill ${n}`,
  price: 129.99,
  description: 'A 20V drill.',
  img: '/images/tools/drill.svg',
  AvailableQuantity: 40,
  MinOrderQuantity: 2,
  sku: `TY-DR-204${n}`,
  categoryId: 'c2',
  ...overrides,
});

const drill = product(1);
const buyerSession = {
  user: {
    id: 'u1',
    name: 'Demo Buyer',
    email: 'buyer@toolyard.test',
    role: 'user',
    emailVerified: true,
  },
  session: { id: 's1', expiresAt: '2030-01-01T00:00:00.000Z' },
};

function renderPage(
  shown: Product,
  { session = null as unknown, routes = {} as Parameters<typeof mockApi>[0] } = {},
) {
  const api = mockApi({
    ...routes,
    [`GET /api/tool/${shown._id}`]: () => ({ body: shown }),
    'GET /api/categories': () => ({ body: categories }),
    'GET /api/tool?category=power-tools&page=1&pageSize=5': () => ({
      body: [product(2), shown, product(3)],
      headers: { 'x-total-count': '3' },
    }),
    'GET /api/auth/get-session': () => ({ body: session }),
  });
  const view = renderWithProviders(<Route path="/tool/:id" component={ProductPage} />, {
    path: `/tool/${shown._id}`,
  });
  return { ...view, api };
}

describe('ProductPage', () => {
  it('shows the product, its category path, related products and the order form to a buyer', async () => {
    renderPage(drill, { session: buyerSession });

    expect(await screen.findByRole('heading', { level: 1, name: 'Cordless Drill 1' })).toBeTruthy();
    expect(screen.getByText('SKU TY-DR-2041')).toBeTruthy();
    expect(screen.getByText('In stock')).toBeTruthy();
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    await within(crumbs).findByRole('link', { name: 'Drills & drivers' });
    expect(
      within(crumbs)
        .getAllByRole('link')
        .map((a) => [a.textContent, a.getAttribute('href')]),
    ).toEqual([
      ['Home', '/'],
      ['Power tools', '/category/power-tools'],
      ['Drills & drivers', '/category/drills-drivers'],
    ]);
    const image = screen.getByRole('img', { name: 'Cordless Drill 1' });
    expect(image.getAttribute('fetchpriority')).toBe('high');
    expect(image.getAttribute('width')).toBe('800');

    expect(await screen.findByLabelText('Quantity')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Place Order' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Sign in to order' })).toBeNull();

    const related = await screen.findByRole('region', { name: 'More from Power tools' });
    expect(
      within(related)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Cordless Drill 2', 'Cordless Drill 3']);
  });

  it('adds the quantity of the order form to the cart, once it is valid', async () => {
    const puts: unknown[] = [];
    const { user } = renderPage(drill, {
      session: buyerSession,
      routes: {
        'GET /api/cart': () => ({ body: { lines: [], total: 0, count: 0 } }),
        [`PUT /api/cart/lines/${drill._id}`]: (body) => {
          puts.push(body);
          return { body: { lines: [], total: 0, count: 0 } };
        },
      },
    });

    const quantity = await screen.findByLabelText('Quantity');
    // Related products' cards have their own Add to cart.
    const order = screen.getByRole('region', { name: 'Order' });
    const add = await within(order).findByRole('button', { name: /^Add to cart/ });
    await user.clear(quantity);
    await user.type(quantity, '1');
    await user.click(add);
    expect(await screen.findByText(PURCHASE_QUANTITY_MESSAGE)).toBeTruthy();
    expect(puts).toEqual([]);

    await user.clear(quantity);
    await user.type(quantity, '7');
    await user.click(add);
    await waitFor(() => expect(puts).toEqual([{ quantity: 7 }]));
  });

  it('asks a visitor to sign in, coming back to this product afterwards', async () => {
    renderPage(drill);

    const signIn = await screen.findByRole('link', { name: 'Sign in to order' });
    expect(signIn.getAttribute('href')).toBe(
      `/login?from=${encodeURIComponent(`/tool/${drill._id}`)}`,
    );
    expect(screen.queryByLabelText('Quantity')).toBeNull();
  });

  it('offers no form and says so when fewer are left than the minimum order', async () => {
    renderPage(product(1, { AvailableQuantity: 1, MinOrderQuantity: 2 }), {
      session: buyerSession,
    });

    const order = await screen.findByRole('region', { name: 'Order' });
    expect(within(order).getByRole('status').textContent).toMatch(/^Out of stock/);
    expect(screen.getAllByText('Out of stock').length).toBeGreaterThan(0);
    expect(screen.queryByLabelText('Quantity')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Sign in to order' })).toBeNull();
  });

  it('says it could not find an unknown product and links to the search', async () => {
    const missing = product(9);
    const api = mockApi({
      [`GET /api/tool/${missing._id}`]: () => ({
        status: 404,
        body: { error: 'not_found', message: 'Product not found' },
      }),
    });
    renderWithProviders(<Route path="/tool/:id" component={ProductPage} />, {
      path: `/tool/${missing._id}`,
    });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'We could not find that product' }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Search the shop' }).getAttribute('href')).toBe(
      '/search',
    );
    expect(requestsMade(api)).toEqual([`GET /api/tool/${missing._id}`]);
  });

  it('does not ask the API about an id that cannot be one', async () => {
    const api = mockApi({});
    renderWithProviders(<Route path="/tool/:id" component={ProductPage} />, {
      path: '/tool/not-an-id',
    });

    expect(await screen.findByText('We could not find that product')).toBeTruthy();
    expect(requestsMade(api)).toEqual([]);
  });
});
