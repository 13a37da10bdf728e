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
function renderSearch(
  url: string,
  list: string,
  facetQuery: string,
  answer: { body: Product[]; headers: Record<string, string> } = {
    body: [hammer],
    headers: { 'x-total-count': '13', 'x-search-match': 'similar' },
  },
) {
  const api = mockApi({
    [`GET /api/tool?${list}`]: () => answer,
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

  describe('says why a search found nothing, once', () => {
    const empty = (headers: Record<string, string>) => ({
      body: [],
      headers: { 'x-total-count': '0', ...headers },
    });

    it('blames the words when nothing is like them, without a similar-names notice', async () => {
      renderSearch(
        '/search?q=zzzz',
        'q=zzzz&page=1&pageSize=12',
        'q=zzzz',
        empty({ 'x-search-match': 'similar' }),
      );
      expect(await screen.findByText('No products match “zzzz”')).toBeTruthy();
      expect(screen.getByText('Try other words, or fewer of them.')).toBeTruthy();
      expect(screen.queryByText(/Showing similar names/)).toBeNull();
      expect(screen.queryByRole('button', { name: /Remove/ })).toBeNull();
    });

    it('names the price filter when the words alone match', async () => {
      const { user } = renderSearch(
        '/search?q=laser&maxPrice=1',
        'q=laser&maxPrice=1&page=1&pageSize=12',
        'q=laser&maxPrice=1',
        empty({ 'x-search-match': 'words', 'x-total-without': 'filters=3, price=3' }),
      );
      expect(
        await screen.findByText('“laser” matches 3 products, but none priced at most $1.00'),
      ).toBeTruthy();
      expect(screen.getByText('Remove the price filter to see 3 products.')).toBeTruthy();
      expect(screen.queryByText(/No products match/)).toBeNull();
      await user.click(screen.getByRole('button', { name: 'Remove the price filter' }));
      expect(window.location.search).toBe('?q=laser');
    });

    it('offers each filter that alone is in the way, with what taking it off shows', async () => {
      const { user } = renderSearch(
        '/search?q=hammer&category=saws&minPrice=5&maxPrice=10&inStock=true',
        'q=hammer&category=saws&minPrice=5&maxPrice=10&inStock=true&page=1&pageSize=12',
        'q=hammer&category=saws&minPrice=5&maxPrice=10&inStock=true',
        empty({
          'x-search-match': 'words',
          'x-total-without': 'filters=4, category=2, price=0, inStock=1',
        }),
      );
      expect(
        await screen.findByText(
          '“hammer” matches 4 products, but none in Saws, priced from $5.00 to $10.00 and in stock',
        ),
      ).toBeTruthy();
      expect(screen.getByText('Remove one of these filters:')).toBeTruthy();
      expect(screen.queryByRole('button', { name: /Remove the price filter/ })).toBeNull();
      expect(
        screen.getByRole('button', { name: 'Remove the “In stock only” filter (1 product)' }),
      ).toBeTruthy();
      await user.click(
        screen.getByRole('button', { name: 'Remove the category filter (2 products)' }),
      );
      expect(window.location.search).toBe('?q=hammer&minPrice=5&maxPrice=10&inStock=true');
    });

    it('asks to clear every filter when no one filter is enough', async () => {
      const { user } = renderSearch(
        '/search?minPrice=500&inStock=true',
        'minPrice=500&inStock=true&page=1&pageSize=12',
        'minPrice=500&inStock=true',
        empty({ 'x-total-without': 'filters=14, price=0, inStock=0' }),
      );
      expect(
        await screen.findByText('No products priced $500.00 or more and in stock'),
      ).toBeTruthy();
      expect(screen.getByText('Clear all the filters to see 14 products.')).toBeTruthy();
      await user.click(screen.getByRole('button', { name: 'Clear all the filters' }));
      expect(window.location.search).toBe('');
    });

    it('says when names like the words are what the filters keep out', async () => {
      renderSearch(
        '/search?q=hammr&inStock=true',
        'q=hammr&inStock=true&page=1&pageSize=12',
        'q=hammr&inStock=true',
        empty({ 'x-search-match': 'similar', 'x-total-without': 'filters=1, inStock=1' }),
      );
      expect(
        await screen.findByText('Names like “hammr” match 1 product, but none in stock'),
      ).toBeTruthy();
      expect(screen.queryByText(/Showing similar names/)).toBeNull();
    });

    it('says the filters are not the reason when the words match nothing anywhere', async () => {
      renderSearch(
        '/search?q=zzzz&inStock=true',
        'q=zzzz&inStock=true&page=1&pageSize=12',
        'q=zzzz&inStock=true',
        empty({ 'x-search-match': 'similar', 'x-total-without': 'filters=0, inStock=0' }),
      );
      expect(await screen.findByText('No products match “zzzz”')).toBeTruthy();
      expect(
        screen.getByText('Not even without the filters: try other words, or fewer of them.'),
      ).toBeTruthy();
    });
  });
});
