import type { Cart, CartLine, Product } from '@toolyard/shared';
import { screen } from '@testing-library/react';
import { ToastContainer } from 'react-toastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders, requestsMade } from '@/test/render';
import { cartQueryKey } from '@/lib/query-keys';
import { AddToCartButton } from './add-to-cart-button';

afterEach(() => vi.unstubAllGlobals());

const product: Product = {
  _id: '00000000-0000-4000-8000-000000000001',
  name: 'Cordless Drill 20V',
  price: 129.99,
  description: 'A 20V drill.',
  img: '/images/tools/drill.svg',
  AvailableQuantity: 20,
  MinOrderQuantity: 5,
  sku: 'TY-DR-2041',
  categoryId: null,
};

const lineOf = (quantity: number): CartLine => ({
  itemId: product._id,
  sku: product.sku,
  name: product.name,
  img: product.img,
  unitPrice: product.price,
  quantity,
  lineTotal: product.price * quantity,
  AvailableQuantity: product.AvailableQuantity,
  MinOrderQuantity: product.MinOrderQuantity,
  sold: true,
});
const cartOf = (quantity: number): Cart => ({
  lines: quantity ? [lineOf(quantity)] : [],
  total: product.price * quantity,
  count: quantity,
});

function renderButton(routes: Parameters<typeof mockApi>[0], cached?: Cart) {
  const puts: unknown[] = [];
  const api = mockApi({
    [`PUT /api/cart/lines/${product._id}`]: (body) => {
      puts.push(body);
      return { body: cartOf((body as { quantity: number }).quantity) };
    },
    ...routes,
  });
  const view = renderWithProviders(
    <>
      <AddToCartButton product={product} />
      <ToastContainer />
    </>,
  );
  if (cached) view.queryClient.setQueryData(cartQueryKey, cached);
  return { ...view, api, puts };
}

describe('AddToCartButton', () => {
  it('raises the quantity in the cart as the server has it, not as cached, by the amount added', async () => {
    // Cached: 5. Another device has since raised it to 7.
    const { user, api, puts, queryClient } = renderButton(
      { 'GET /api/cart': () => ({ body: cartOf(7) }) },
      cartOf(5),
    );

    await user.click(screen.getByRole('button', { name: /^Add to cart/ }));

    expect(await screen.findByText(/Added to cart\./)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View cart' }).getAttribute('href')).toBe('/cart');
    expect(puts).toEqual([{ quantity: 12 }]);
    expect(requestsMade(api)).toEqual(['GET /api/cart', `PUT /api/cart/lines/${product._id}`]);
    expect(queryClient.getQueryData<Cart>(cartQueryKey)?.count).toBe(12);
  });

  it('reads the cart first when it is not cached, and adds the minimum', async () => {
    const { user, api, puts } = renderButton({ 'GET /api/cart': () => ({ body: cartOf(0) }) });

    await user.click(screen.getByRole('button', { name: /^Add to cart/ }));

    expect(await screen.findByText(/Added to cart\./)).toBeTruthy();
    expect(puts).toEqual([{ quantity: 5 }]);
    expect(requestsMade(api)).toEqual(['GET /api/cart', `PUT /api/cart/lines/${product._id}`]);
  });
});
