import type { Category, Product, ProductFacets } from '@toolyard/shared';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders } from '@/test/render';
import SearchPage from './search';

afterEach(() => vi.unstubAllGlobals());

const categories: Category[] = [
  { _id: 'c1', slug: 'hand-tools', name: 'Hand tools', parentId: null, products: 0 },
  { _id: 'c2', slug: 'hammers', name: 'Hammers', parentId: 'c1', products: 2 },
  { _id: 'c3', slug: 'saws', name: 'Saws', parentId: null, products: 4 },
];

const hammer: Product = {
  _id: '00000000-0000-4000-8000-000000000001',
  name: 'Framing Claw Hammer',
  price: 24.99,
  description: 'A 20 oz hammer.',
  img: '/images/tools/hammer.svg',
  AvailableQuantity: 40,
  MinOrderQuantity: 2,
  sku: 'TY-HM-2016',
  categoryId: 'c2',
};

const facets: ProductFacets = {
  total: 13,
  categories: [
    { _id: 'c1', slug: 'hand-tools', count: 13 },
    { _id: 'c2', slug: 'hammers', count: 13 },
  ],
  inStock: 11,
  price: { min: 9.5, max: 48 },
  match: 'similar',
};

/** The search page at `url`, answering the list and facets of `list` and `facetQuery`. */
function renderSearch(url: string, list: string, facetQuery: string) {
  const api = mockApi({
    [`GET /api/tool?${list}`]: () => ({
      body: [hammer],
      headers: { 'x-total-count': '13', 'x-search-match': 'similar' },
    }),
    [`GET /api/tool/facets?${facetQuery}`]: () => ({ body: facets }),
    'GET /api/categories': () => ({ body: categories }),
  });
  return { ...renderWithProviders(<SearchPage />, { path: url }), api };
}

describe('SearchPage', () => {
  it('reads the search, filters, sort and page from the URL and says when names are only similar', async () => {
    renderSearch(
      '/search?q=hammr&inStock=true&minPrice=10&sort=price&page=2',
      'q=hammr&minPrice=10&inStock=true&page=2&pageSize=12&sort=price',
      'q=hammr&minPrice=10&inStock=true',
    );

    expect(screen.getByRole('heading', { level: 1, name: 'Results for “hammr”' })).toBeTruthy();
    expect(
      await screen.findByText('No exact matches for “hammr”. Showing similar names.'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Framing Claw Hammer' }).getAttribute('href')).toBe(
      `/tool/${hammer._id}`,
    );
    expect((screen.getByLabelText('Search products') as HTMLInputElement).value).toBe('hammr');
    expect(
      (screen.getByRole('checkbox', { name: /In stock only/ }) as HTMLInputElement).checked,
    ).toBe(true);
    expect((screen.getByLabelText('Min price') as HTMLInputElement).value).toBe('10');
    expect((screen.getByLabelText('Sort by') as HTMLSelectElement).value).toBe('price');
    expect(screen.getByText('Page 2 of 2')).toBeTruthy();
  });

  it('shows the category tree with counts, each keeping the other filters', async () => {
    renderSearch('/search?q=hammer', 'q=hammer&page=1&pageSize=12', 'q=hammer');

    const tree = await screen.findByRole('navigation', { name: 'Categories' });
    const hammers = await within(tree).findByRole('link', { name: 'Hammers (13)' });
    expect(hammers.getAttribute('href')).toBe('/search?q=hammer&category=hammers');
    expect(within(tree).getByRole('link', { name: 'All categories (13)' })).toBeTruthy();
    // Saws has no matches: not offered.
    expect(within(tree).queryByRole('link', { name: /Saws/ })).toBeNull();
  });

  it('writes a new sort, price range or stock filter to the URL, back at page 1', async () => {
    const { user } = renderSearch(
      '/search?q=hammer&page=2',
      'q=hammer&page=2&pageSize=12',
      'q=hammer',
    );
    await screen.findByText('Framing Claw Hammer');

    await user.selectOptions(screen.getByLabelText('Sort by'), 'Name');
    expect(window.location.search).toBe('?q=hammer&sort=name');

    await user.type(screen.getByLabelText('Max price'), '30{Enter}');
    expect(window.location.search).toBe('?q=hammer&maxPrice=30&sort=name');

    await user.click(screen.getByRole('checkbox', { name: /In stock only/ }));
    expect(window.location.search).toBe('?q=hammer&maxPrice=30&inStock=true&sort=name');
  });
});
