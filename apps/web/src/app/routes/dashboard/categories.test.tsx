import type { Category } from '@toolyard/shared';
import { screen, within } from '@testing-library/react';
import { ToastContainer } from 'react-toastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders, requestsMade } from '@/test/render';
import CategoriesPage from './categories';

afterEach(() => vi.unstubAllGlobals());

const id = (n: number) => `0b6c3f52-1d2e-4a8b-9c7d-5e6f7a8b9c0${n}`;
const powerTools: Category = {
  _id: id(1),
  slug: 'power-tools',
  name: 'Power tools',
  parentId: null,
  products: 0,
};
const drills: Category = {
  _id: id(2),
  slug: 'drills',
  name: 'Drills',
  parentId: id(1),
  products: 3,
};
const saws: Category = { _id: id(3), slug: 'saws', name: 'Saws', parentId: id(1), products: 0 };
const fasteners: Category = {
  _id: id(4),
  slug: 'fasteners',
  name: 'Fasteners',
  parentId: null,
  products: 2,
};

/** The categories API over a list that the writes change, as the server's would. */
function categoriesApi(routes: Parameters<typeof mockApi>[0] = {}) {
  let list = [powerTools, drills, saws, fasteners];
  const sent: unknown[] = [];
  const api = mockApi({
    'GET /api/categories': () => ({ body: list }),
    'POST /api/categories': (body) => {
      sent.push(body);
      const added = { _id: id(5), slug: 'garden', products: 0, ...(body as object) } as Category;
      list = [...list, added];
      return { status: 201, body: added };
    },
    [`PUT /api/categories/${powerTools._id}`]: (body) => {
      sent.push(body);
      const moved = { ...powerTools, ...(body as object) };
      list = list.map((c) => (c._id === moved._id ? moved : c));
      return { body: moved };
    },
    [`DELETE /api/categories/${saws._id}`]: () => {
      list = list.filter((c) => c._id !== saws._id);
      return { status: 204 };
    },
    ...routes,
  });
  return { api, sent };
}

const render = () =>
  renderWithProviders(
    <>
      <CategoriesPage />
      <ToastContainer />
    </>,
    { path: '/dashboard/categories' },
  );

describe('the categories page', () => {
  it('shows the tree, each category linking to its page with its product count', async () => {
    categoriesApi();
    render();

    const link = await screen.findByRole('link', { name: 'Drills' });
    expect(link.getAttribute('href')).toBe('/category/drills');
    expect(screen.getByText('4 categories')).toBeTruthy();
    // Drills sits in a list inside Power tools' item.
    const powerToolsItem = screen.getByRole('link', { name: 'Power tools' }).closest('li');
    expect(powerToolsItem && within(powerToolsItem).getByRole('link', { name: 'Drills' })).toBe(
      link,
    );
    expect(link.closest('li')?.textContent).toContain('3 products');
  });

  it('adds a category under a parent, its address made from the name', async () => {
    const { sent } = categoriesApi();
    const { user } = render();
    const form = (await screen.findByRole('heading', { name: 'New category' })).closest('div');
    if (!form) throw new Error('no form');

    await user.type(within(form).getByLabelText('Name'), 'Garden');
    expect(within(form).getByText('/category/garden')).toBeTruthy();
    await user.selectOptions(within(form).getByLabelText('Parent category'), powerTools._id);
    await user.click(within(form).getByRole('button', { name: 'Add category' }));

    expect(await screen.findByText('Added Garden')).toBeTruthy();
    expect(sent).toEqual([{ name: 'Garden', parentId: powerTools._id }]);
    expect(await screen.findByRole('link', { name: 'Garden' })).toBeTruthy();
    expect((within(form).getByLabelText('Name') as HTMLInputElement).value).toBe('');
  });

  it('moves a category, offering no parent inside itself', async () => {
    const { sent } = categoriesApi();
    const { user } = render();

    await user.click(await screen.findByRole('button', { name: 'Edit Power tools' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Power tools' });
    const parent = within(dialog).getByLabelText('Parent category');
    expect(
      within(parent)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['None (top level)', 'Fasteners']);
    expect((within(dialog).getByLabelText('Address (slug)') as HTMLInputElement).value).toBe(
      'power-tools',
    );

    await user.selectOptions(parent, fasteners._id);
    await user.click(within(dialog).getByRole('button', { name: 'Save category' }));

    expect(await screen.findByText('Saved Power tools')).toBeTruthy();
    expect(sent).toEqual([{ name: 'Power tools', slug: 'power-tools', parentId: fasteners._id }]);
    const fastenersItem = screen.getByRole('link', { name: 'Fasteners' }).closest('li');
    await vi.waitFor(() =>
      expect(
        fastenersItem && within(fastenersItem).queryByRole('link', { name: 'Power tools' }),
      ).toBeTruthy(),
    );
  });

  it('refuses to delete a category with products or sub-categories, and says why', async () => {
    const { api } = categoriesApi();
    render();

    const remove = await screen.findByRole('button', { name: 'Delete Power tools' });
    expect((remove as HTMLButtonElement).disabled).toBe(true);
    expect(
      document.getElementById(remove.getAttribute('aria-describedby') ?? '')?.textContent,
    ).toBe('It holds 2 sub-categories, so it cannot be deleted.');
    expect(
      (screen.getByRole('button', { name: 'Delete Drills' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    expect(requestsMade(api).filter((r) => r.startsWith('DELETE'))).toEqual([]);
  });

  it("shows the server's refusal when a category turned out not to be empty", async () => {
    categoriesApi({
      [`DELETE /api/categories/${saws._id}`]: () => ({
        status: 409,
        body: { error: 'conflict', message: 'Saws still holds 1 product.' },
      }),
    });
    const { user } = render();

    await user.click(await screen.findByRole('button', { name: 'Delete Saws' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Delete this category?' })).getByRole('button', {
        name: 'Delete',
      }),
    );

    expect(await screen.findByText('Saws still holds 1 product.')).toBeTruthy();
  });

  it('deletes an empty category once the admin confirms', async () => {
    const { api } = categoriesApi();
    const { user } = render();

    await user.click(await screen.findByRole('button', { name: 'Delete Saws' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this category?' });
    expect(requestsMade(api)).not.toContain(`DELETE /api/categories/${saws._id}`);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Deleted Saws')).toBeTruthy();
    expect(requestsMade(api)).toContain(`DELETE /api/categories/${saws._id}`);
    await vi.waitFor(() => expect(screen.queryByRole('link', { name: 'Saws' })).toBeNull());
    expect(screen.getByText('3 categories')).toBeTruthy();
  });
});
