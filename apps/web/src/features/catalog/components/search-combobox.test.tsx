import type { Product } from '@toolyard/shared';
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { navigate } from 'wouter/use-browser-location';
import { mockApi, renderWithProviders, requestsMade } from '@/test/render';
import { HeaderSearch } from './header-search';
import { SearchCombobox } from './search-combobox';

afterEach(() => vi.unstubAllGlobals());

const product = (n: number, name: string): Product => ({
  _id: `00000000-0000-4000-8000-00000000000${n}`,
  name,
  price: 20 + n,
  description: '',
  img: '/images/tools/hammer.svg',
  AvailableQuantity: 40,
  MinOrderQuantity: 1,
  sku: `TY-${n}`,
  categoryId: null,
});
const hammers = [product(1, 'Claw Hammer'), product(2, 'Sledge Hammer'), product(3, 'Tack Hammer')];

function suggest(q: string, match: 'words' | 'similar' = 'words') {
  return mockApi({
    [`GET /api/tool?q=${q}&page=1&pageSize=6`]: () => ({
      body: hammers,
      headers: { 'x-total-count': '3', 'x-search-match': match },
    }),
  });
}

describe('SearchCombobox', () => {
  it('suggests products after a pause and opens the one chosen with the keyboard', async () => {
    const api = suggest('ham');
    const { user } = renderWithProviders(<SearchCombobox />, { path: '/about' });
    const box = screen.getByRole('combobox', { name: 'Search tools' });
    expect(box.getAttribute('aria-expanded')).toBe('false');

    await user.type(box, 'ham');
    const list = await screen.findByRole('listbox', { name: 'Suggestions' });
    expect(box.getAttribute('aria-expanded')).toBe('true');
    expect(box.getAttribute('aria-controls')).toBe(list.id);
    // One request for the settled text, not one per letter.
    expect(requestsMade(api)).toEqual(['GET /api/tool?q=ham&page=1&pageSize=6']);
    const options = screen.getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      'Claw Hammer$21.00',
      'Sledge Hammer$22.00',
      'Tack Hammer$23.00',
    ]);
    expect(box.getAttribute('aria-activedescendant')).toBeNull();

    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(box.getAttribute('aria-activedescendant')).toBe(options[1]?.id);
    expect(options[1]?.getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(box.getAttribute('aria-activedescendant')).toBe(options[2]?.id);

    await user.keyboard('{Enter}');
    expect(window.location.pathname).toBe(`/tool/${hammers[2]?._id}`);
    expect(box.getAttribute('aria-expanded')).toBe('false');
  });

  it('searches for the text when Enter comes with nothing highlighted, and Escape closes', async () => {
    suggest('ham');
    const { user } = renderWithProviders(<SearchCombobox />, { path: '/about' });
    const box = screen.getByRole('combobox', { name: 'Search tools' });

    await user.type(box, 'ham');
    await screen.findByRole('listbox');
    await user.keyboard('{ArrowDown}{Escape}');
    expect(box.getAttribute('aria-expanded')).toBe('false');
    expect(box.getAttribute('aria-activedescendant')).toBeNull();
    expect((box as HTMLInputElement).value).toBe('ham');

    await user.keyboard('{Enter}');
    expect(`${window.location.pathname}${window.location.search}`).toBe('/search?q=ham');
  });

  it('says when the suggestions are only similar names', async () => {
    suggest('hammr', 'similar');
    const { user } = renderWithProviders(<SearchCombobox />);

    await user.type(screen.getByRole('combobox'), 'hammr');

    expect(await screen.findByRole('listbox', { name: 'Similar names' })).toBeTruthy();
    expect(screen.getByText('Similar names')).toBeTruthy();
  });
});

describe('HeaderSearch', () => {
  it('is a plain search form until focused, then the combobox takes over with text and focus', async () => {
    suggest('ham');
    const { user } = renderWithProviders(<HeaderSearch />);
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(screen.getByRole('searchbox', { name: 'Search tools' })).toBeTruthy();

    await user.tab();
    await user.keyboard('ha');
    const box = await screen.findByRole('combobox', { name: 'Search tools' });
    expect(document.activeElement).toBe(box);
    expect((box as HTMLInputElement).value).toBe('ha');
    await user.keyboard('m');
    expect((box as HTMLInputElement).value).toBe('ham');
    expect(await screen.findByRole('listbox')).toBeTruthy();
  });

  // Issue 26: the header's box was empty on /search results.
  it('shows the words searched for on the search page, and follows a new search', async () => {
    suggest('drill');
    const { user } = renderWithProviders(<HeaderSearch />, { path: '/search?q=drill' });
    const box = screen.getByRole<HTMLInputElement>('searchbox', { name: 'Search tools' });
    expect(box.value).toBe('drill');

    // The combobox takes over with the same words; a new search in the address refills it.
    await user.click(box);
    const combobox = await screen.findByRole<HTMLInputElement>('combobox', {
      name: 'Search tools',
    });
    expect(combobox.value).toBe('drill');
    act(() => navigate('/search?q=saw'));
    expect(combobox.value).toBe('saw');
    // Off the search page the box starts empty.
    act(() => navigate('/about'));
    expect(combobox.value).toBe('');
  });
});
