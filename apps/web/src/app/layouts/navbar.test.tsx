import type { Cart } from '@toolyard/shared';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders, requestsMade } from '@/test/render';
import { Navbar } from './navbar';

afterEach(() => vi.unstubAllGlobals());

const buyerSession = {
  user: {
    id: 'u1',
    name: 'Ada Builder',
    email: 'ada@example.com',
    role: 'user',
    emailVerified: true,
  },
  session: { id: 's1', expiresAt: '2030-01-01T00:00:00.000Z' },
};

const cart: Cart = {
  lines: [
    {
      itemId: '00000000-0000-4000-8000-000000000001',
      sku: 'TY-DR-2041',
      name: 'Cordless Drill 20V',
      img: '/images/tools/drill.svg',
      unitPrice: 129.99,
      quantity: 3,
      lineTotal: 389.97,
      AvailableQuantity: 20,
      MinOrderQuantity: 1,
      sold: true,
    },
  ],
  total: 389.97,
  count: 3,
};

describe('Navbar', () => {
  it('shows a signed-in buyer the cart with its unit count', async () => {
    mockApi({
      'GET /api/auth/get-session': () => ({ body: buyerSession }),
      'GET /api/cart': () => ({ body: cart }),
    });
    renderWithProviders(<Navbar />);

    const link = await screen.findByRole('link', { name: 'Cart, 3 items' });
    expect(link.getAttribute('href')).toBe('/cart');
  });

  it('shows a visitor no cart and never asks for one', async () => {
    const api = mockApi({ 'GET /api/auth/get-session': () => ({ body: null }) });
    renderWithProviders(<Navbar />);

    expect(await screen.findByRole('link', { name: 'Login' })).toBeTruthy();
    // Give a lazily loaded link time to appear, were it wrongly rendered.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('link', { name: /^Cart/ })).toBeNull();
    expect(requestsMade(api)).toEqual(['GET /api/auth/get-session']);
  });
});
