import { screen, within } from '@testing-library/react';
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

const powerTools = '0b6c3f52-1d2e-4a8b-9c7d-5e6f7a8b9c01';
const drills = '0b6c3f52-1d2e-4a8b-9c7d-5e6f7a8b9c02';
const fasteners = '0b6c3f52-1d2e-4a8b-9c7d-5e6f7a8b9c03';
const categories = [
  { _id: drills, slug: 'drills', name: 'Drills', parentId: powerTools, products: 3 },
  { _id: fasteners, slug: 'fasteners', name: 'Fasteners', parentId: null, products: 2 },
  { _id: powerTools, slug: 'power-tools', name: 'Power tools', parentId: null, products: 0 },
];
const listCategories = () => ({ body: categories });

const conflict = {
  status: 409,
  body: {
    error: 'conflict',
    message: 'Another product already has the SKU TY-TEST-1.',
    fields: { sku: 'Another product already has the SKU TY-TEST-1.' },
  },
};

describe('ProductForm', () => {
  it('shows what is missing next to each field and sends nothing', async () => {
    const api = mockApi({ 'GET /api/categories': listCategories });
    const { user } = renderWithProviders(<ProductForm />);

    await user.click(screen.getByRole('button', { name: 'Add Item' }));

    expect(await screen.findByText('Name Is Required')).toBeTruthy();
    expect(screen.getByText('Price must be a number')).toBeTruthy();
    expect(screen.getByText('Image Is Required')).toBeTruthy();
    expect(screen.getByText('Available quantity must be a number')).toBeTruthy();
    expect(screen.getByLabelText('Name').getAttribute('aria-invalid')).toBe('true');
    expect(requestsMade(api)).toEqual(['GET /api/categories']);
  });

  it('adds a product with numbers for price and quantities, then clears itself', async () => {
    const api = mockApi({
      'GET /api/categories': listCategories,
      'POST /api/tool': () => ({ status: 201, body: saved }),
    });
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
    const [, init] = api.mock.calls.find(([, call]) => call?.method === 'POST') ?? [];
    // No SKU typed: none is sent, so the server numbers the product.
    expect(JSON.parse(String(init?.body))).toStrictEqual({
      name: saved.name,
      description: saved.description,
      price: 12.5,
      img: saved.img,
      AvailableQuantity: 40,
      MinOrderQuantity: 5,
      categoryId: null,
    });
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText('Price (USD)') as HTMLInputElement).value).toBe('');
  });

  it('offers the categories indented under their parents and sends the SKU and category', async () => {
    const sent: unknown[] = [];
    mockApi({
      'GET /api/categories': listCategories,
      'POST /api/tool': (body) => {
        sent.push(body);
        return sent.length === 1 ? conflict : { status: 201, body: saved };
      },
    });
    const { user } = renderWithProviders(<ProductForm />);

    expect(screen.getByText('Leave empty to number it automatically (TY-00042).')).toBeTruthy();
    const category = screen.getByLabelText('Category');
    await within(category).findByRole('option', { name: 'Drills' });
    expect(
      within(category)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['No category', 'Fasteners', 'Power tools', '\u00a0\u00a0\u00a0Drills']);

    await user.type(screen.getByLabelText('Name'), saved.name);
    await user.type(screen.getByLabelText('Price (USD)'), '12.50');
    await user.type(screen.getByLabelText('Image URL'), saved.img);
    await user.type(screen.getByLabelText('Available quantity'), '40');
    await user.type(screen.getByLabelText('SKU'), ' TY-TEST-1 ');
    await user.selectOptions(category, drills);
    await user.click(screen.getByRole('button', { name: 'Add Item' }));

    // The conflict is told under the SKU field, which describes itself by it.
    const sku = screen.getByLabelText('SKU');
    await vi.waitFor(() => expect(sku.getAttribute('aria-invalid')).toBe('true'));
    const describedBy = document.getElementById(sku.getAttribute('aria-describedby') ?? '');
    expect(describedBy?.textContent).toBe('Another product already has the SKU TY-TEST-1.');
    // Once: not repeated under the form.
    expect(screen.getAllByText('Another product already has the SKU TY-TEST-1.')).toHaveLength(1);
    expect(sent[0]).toMatchObject({ sku: 'TY-TEST-1', categoryId: drills });
  });

  it("shows an edited product's SKU and category and sends them back", async () => {
    const sent: unknown[] = [];
    const onDone = vi.fn();
    mockApi({
      'GET /api/categories': listCategories,
      [`PUT /api/tool/${saved._id}`]: (body) => {
        sent.push(body);
        return { body: { ...saved, sku: 'TY-SCREW-500', categoryId: fasteners } };
      },
    });
    const { user } = renderWithProviders(
      <ProductForm product={{ ...saved, categoryId: drills }} onDone={onDone} />,
    );

    const category = screen.getByLabelText<HTMLSelectElement>('Category');
    await within(category).findByRole('option', { name: 'Drills' });
    expect(category.value).toBe(drills);
    expect(screen.getByLabelText<HTMLInputElement>('SKU').value).toBe('TY-TEST-1');

    await user.clear(screen.getByLabelText('SKU'));
    await user.type(screen.getByLabelText('SKU'), 'TY-SCREW-500');
    await user.selectOptions(category, fasteners);
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    await vi.waitFor(() => expect(onDone).toHaveBeenCalledOnce());
    expect(sent[0]).toMatchObject({ sku: 'TY-SCREW-500', categoryId: fasteners });
    expect(onDone.mock.calls[0]?.[0]).toMatchObject({ sku: 'TY-SCREW-500' });
  });

  it("puts the server's field messages next to their fields", async () => {
    mockApi({
      'GET /api/categories': listCategories,
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
