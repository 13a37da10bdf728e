import type { Product } from '@toolyard/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { ProductCard } from './product-card';

const product: Product = {
  _id: '3f1c2a4e-8b7d-4c6e-9a1b-2d3e4f5a6b7c',
  name: 'Framing Claw Hammer',
  price: 24.99,
  description: 'A 20 oz hammer.',
  img: '/images/tools/hammer.svg',
  AvailableQuantity: 40,
  MinOrderQuantity: 5,
  sku: 'TY-HM-2016',
  categoryId: null,
};

const cardOf = (overrides: Partial<Product>) =>
  renderWithProviders(<ProductCard product={{ ...product, ...overrides }} />);

describe('ProductCard', () => {
  it('links its name to the product page and shows the SKU', () => {
    cardOf({});

    const name = screen.getByRole('heading', { level: 3, name: 'Framing Claw Hammer' });
    expect(name.querySelector('a')?.getAttribute('href')).toBe(`/tool/${product._id}`);
    expect(screen.getByText('SKU TY-HM-2016')).toBeTruthy();
  });

  it.each([
    [{ AvailableQuantity: 40, MinOrderQuantity: 5 }, 'In stock'],
    [{ AvailableQuantity: 7, MinOrderQuantity: 5 }, 'Only 7 left'],
    [{ AvailableQuantity: 4, MinOrderQuantity: 5 }, 'Out of stock'],
    [{ AvailableQuantity: 0, MinOrderQuantity: 1 }, 'Out of stock'],
  ])('says how much is in stock (%o: %s)', (stock, label) => {
    cardOf(stock);

    expect(screen.getByText(label)).toBeTruthy();
  });
});
