import type { Product } from '@toolyard/shared';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders, requestsMade } from '@/test/render';
import { ProductForm } from './product-form';
import { ProductsTable, useProductsTable } from './products-table';

afterEach(() => vi.unstubAllGlobals());

const powerTools = '0b6c3f52-1d2e-4a8b-9c7d-5e6f7a8b9c01';
const drills = '0b6c3f52-1d2e-4a8b-9c7d-5e6f7a8b9c02';
const categories = [
  { _id: drills, slug: 'drills', name: 'Drills', parentId: powerTools, products: 1 },
  { _id: powerTools, slug: 'power-tools', name: 'Power tools', parentId: null, products: 0 },
];

const product = (n: number): Product => ({
  _id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  name: `Tool ${n}`,
  description: '',
  price: 10 + n,
  img: '/images/tools/tool.svg',
  AvailableQuantity: 50,
  MinOrderQuantity: 1,
  sku: `TY-${String(n).padStart(5, '0')}`,
  categoryId: n === 1 ? drills : null,
});

/** 25 products (3 pages of 10), and the 26th once it has been added. */
function catalogApi(routes: Parameters<typeof mockApi>[0] = {}) {
  let count = 25;
  const page = (n: number) => () => ({
    body: Array.from({ length: Math.max(0, Math.min(10, count - (n - 1) * 10)) }, (_, i) =>
      product((n - 1) * 10 + i + 1),
    ),
    headers: { 'x-total-count': String(count) },
  });
  return mockApi({
    'GET /api/categories': () => ({ body: categories }),
    'GET /api/tool?page=1&pageSize=10': page(1),
    'GET /api/tool?page=3&pageSize=10': page(3),
    'POST /api/tool': () => {
      count = 26;
      return { status: 201, body: product(26) };
    },
    ...routes,
  });
}

/** The Add Items page's pair: the form above, the table below. */
function AddItems() {
  const table = useProductsTable();
  return (
    <>
      <ProductForm onDone={(added) => void table.showAdded(added)} />
      <ProductsTable table={table} />
    </>
  );
}

async function addTool26(user: ReturnType<typeof renderWithProviders>['user']) {
  await user.type(screen.getByLabelText('Name'), 'Tool 26');
  await user.type(screen.getByLabelText('Price (USD)'), '36');
  await user.type(screen.getByLabelText('Image URL'), '/images/tools/tool.svg');
  await user.type(screen.getByLabelText('Available quantity'), '50');
  await user.click(screen.getByRole('button', { name: 'Add Item' }));
}

/** The row (or phone card) pointed out as current. */
const currentItems = () => [...document.querySelectorAll<HTMLElement>('[aria-current="true"]')];

describe('ProductsTable', () => {
  it('shows each product with its SKU and category path', async () => {
    catalogApi();
    renderWithProviders(<AddItems />, { path: '/dashboard/addItem' });

    const row = (await screen.findByRole('cell', { name: 'TY-00001' })).closest('tr');
    expect(row?.textContent).toContain('Tool 1');
    expect(row?.textContent).toContain('Power tools › Drills');
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Product',
      'SKU',
      'Category',
      'Price',
      'Available',
      'Minimum order',
      'Actions',
    ]);
  });

  it('jumps to the last page after adding a product, and points the new row out', async () => {
    const api = catalogApi();
    const { user } = renderWithProviders(<AddItems />, { path: '/dashboard/addItem' });
    expect(await screen.findByText('Page 1 of 3')).toBeTruthy();

    await addTool26(user);

    expect(await screen.findByText('Page 3 of 3')).toBeTruthy();
    expect(window.location.search).toBe('?page=3');
    await vi.waitFor(() => expect(currentItems()).toHaveLength(2));
    for (const item of currentItems()) {
      expect(item.textContent).toContain('Tool 26');
      expect(item.textContent).toContain('Just added');
    }
    expect(document.activeElement?.getAttribute('aria-current')).toBe('true');
    expect(document.activeElement?.textContent).toContain('Tool 26');
    expect(requestsMade(api)).toContain('GET /api/tool?page=3&pageSize=10');
  });

  it('clears a search that hides the product just added', async () => {
    const matches = () => ({ body: [product(1)], headers: { 'x-total-count': '1' } });
    catalogApi({ 'GET /api/tool?q=tool+1&page=1&pageSize=10': matches });
    const { user } = renderWithProviders(<AddItems />, { path: '/dashboard/addItem?q=tool+1' });
    expect((await screen.findAllByText('Tool 1')).length).toBeGreaterThan(0);
    // One page: no pager.
    expect(screen.queryByText(/^Page \d+ of/)).toBeNull();

    await addTool26(user);

    expect(await screen.findByText('Page 3 of 3')).toBeTruthy();
    expect(window.location.search).toBe('?page=3');
    expect(screen.getByLabelText<HTMLInputElement>('Search products').value).toBe('');
    await vi.waitFor(() => expect(currentItems()[0]?.textContent).toContain('Tool 26'));
  });

  it('searches and filters by category, keeping both in the URL', async () => {
    const api = catalogApi({
      'GET /api/tool?q=tool&page=1&pageSize=10': () => ({
        body: [product(1), product(2)],
        headers: { 'x-total-count': '2' },
      }),
      'GET /api/tool?q=tool&category=power-tools&page=1&pageSize=10': () => ({
        body: [product(1)],
        headers: { 'x-total-count': '1' },
      }),
    });
    const { user } = renderWithProviders(<AddItems />, { path: '/dashboard/addItem?page=2' });
    const filter = await screen.findByLabelText('Filter by category');
    await within(filter).findByRole('option', { name: 'Drills' });

    await user.type(screen.getByLabelText('Search products'), 'tool');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await vi.waitFor(() => expect(window.location.search).toBe('?q=tool'));
    expect((await screen.findAllByText('Tool 2')).length).toBeGreaterThan(0);
    await user.selectOptions(filter, 'power-tools');

    await vi.waitFor(() => expect(window.location.search).toBe('?q=tool&category=power-tools'));
    expect(requestsMade(api)).toContain(
      'GET /api/tool?q=tool&category=power-tools&page=1&pageSize=10',
    );
  });

  it('marks a product just edited, on the page it is on', async () => {
    catalogApi({
      'GET /api/tool?page=2&pageSize=10': () => ({
        body: [product(11), product(12)],
        headers: { 'x-total-count': '25' },
      }),
      [`PUT /api/tool/${product(12)._id}`]: () => ({ body: { ...product(12), name: 'Tool XII' } }),
    });
    const { user } = renderWithProviders(<AddItems />, { path: '/dashboard/addItem?page=2' });

    const [edit] = await screen.findAllByRole('button', { name: 'Edit Tool 12' });
    if (!edit) throw new Error('no Edit button');
    await user.click(edit);
    const dialog = screen.getByRole('dialog', { name: 'Edit Tool 12' });
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));

    await vi.waitFor(() => expect(currentItems()).toHaveLength(2));
    expect(currentItems()[0]?.textContent).toContain('Just saved');
    expect(window.location.search).toBe('?page=2');
  });

  it('says so when an edit takes the product out of the search shown, and offers them all', async () => {
    let saved = false;
    catalogApi({
      'GET /api/tool?q=twelve&page=1&pageSize=10': () => ({
        body: saved ? [] : [product(12)],
        headers: { 'x-total-count': saved ? '0' : '1' },
      }),
      [`PUT /api/tool/${product(12)._id}`]: () => {
        saved = true;
        return { body: { ...product(12), name: 'Tool XII' } };
      },
    });
    const { user } = renderWithProviders(<AddItems />, {
      path: '/dashboard/addItem?q=twelve',
    });

    const [edit] = await screen.findAllByRole('button', { name: 'Edit Tool 12' });
    if (!edit) throw new Error('no Edit button');
    await user.click(edit);
    const dialog = screen.getByRole('dialog', { name: 'Edit Tool 12' });
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));

    const notice = await screen.findByText(
      'Saved. The product no longer matches this search or category.',
    );
    await user.click(
      within(notice.closest('[role="status"]') as HTMLElement).getByRole('button', {
        name: 'Show all products',
      }),
    );
    expect(window.location.search).toBe('');
  });
});
