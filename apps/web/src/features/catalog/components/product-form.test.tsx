import { screen } from '@testing-library/react';
import { ToastContainer } from 'react-toastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders, requestsMade } from '@/test/render';
import { ProductForm } from './product-form';

afterEach(() => vi.unstubAllGlobals());

const saved = {
  _id: '3f1c2a4e-8b7d-4c6e-9a1b-2d3e4f5a6b7c',
  name: 'Wood Screws 500',
  description: 'A box of 500 wood screws.',
  price: 12.5,
  img: '/images/tools/wood-screws.svg',
  AvailableQuantity: 40,
  MinOrderQuantity: 5,
  sku: 'TY-TEST-1',
  categoryId: null,
};

describe('ProductForm', () => {
  it('shows what is missing next to each field and sends nothing', async () => {
    const api = mockApi({});
    const { user } = renderWithProviders(<ProductForm />);

    await user.click(screen.getByRole('button', { name: 'Add Item' }));

    expect(await screen.findByText('Name Is Required')).toBeTruthy();
    expect(screen.getByText('Price must be a number')).toBeTruthy();
    expect(screen.getByText('Image Is Required')).toBeTruthy();
    expect(screen.getByText('Available quantity must be a number')).toBeTruthy();
    expect(screen.getByLabelText('Name').getAttribute('aria-invalid')).toBe('true');
    expect(requestsMade(api)).toEqual([]);
  });

  it('adds a product with numbers for price and quantities, then clears itself', async () => {
    const api = mockApi({ 'POST /api/tool': () => ({ status: 201, body: saved }) });
    const { user } = renderWithProviders(
      <>
        <ProductForm />
        <ToastContainer />
      </>,
    );

    await user.type(screen.getByLabelText('Name'), saved.name);
    await user.type(screen.getByLabelText('Description'), saved.description);
    await user.type(screen.getByLabelText('Price (USD)'), '12.50');
    await user.type(screen.getByLabelText('Image URL'), saved.img);
    await user.type(screen.getByLabelText('Available quantity'), '40');
    await user.clear(screen.getByLabelText('Minimum order quantity'));
    await user.type(screen.getByLabelText('Minimum order quantity'), '5');
    await user.click(screen.getByRole('button', { name: 'Add Item' }));

    expect(await screen.findByText('Product added')).toBeTruthy();
    const [, init] = api.mock.calls[0] ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({
      name: saved.name,
      description: saved.description,
      price: 12.5,
      img: saved.img,
      AvailableQuantity: 40,
      MinOrderQuantity: 5,
    });
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText('Price (USD)') as HTMLInputElement).value).toBe('');
  });

  it("puts the server's field messages next to their fields", async () => {
    mockApi({
      'PUT /api/tool/3f1c2a4e-8b7d-4c6e-9a1b-2d3e4f5a6b7c': () => ({
        status: 400,
        body: {
          error: 'invalid_input',
          message: 'Some fields are not valid.',
          fields: { img: 'Image must be an http(s) URL' },
        },
      }),
    });
    const { user } = renderWithProviders(<ProductForm product={saved} />);

    expect((screen.getByLabelText('Price (USD)') as HTMLInputElement).value).toBe('12.5');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Image must be an http(s) URL')).toBeTruthy();
    expect(screen.getByLabelText('Image URL').getAttribute('aria-invalid')).toBe('true');
  });
});
