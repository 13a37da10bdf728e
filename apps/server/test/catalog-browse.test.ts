import {
  categoryAndDescendants,
  parseTotalsWithout,
  SEARCH_MATCH_HEADER,
  TOTAL_COUNT_HEADER,
  TOTAL_WITHOUT_HEADER,
  type Product,
  type ProductFacets,
} from '@toolyard/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCategories, seedProducts, type SeedProduct } from '../src/db/seed-data.js';
import { callAs, signUp, uniqueEmail, type Account } from './helpers/accounts.js';
import { buildTestApp, type TestApp } from './helpers/build-test-app.js';

// Issue 19: finding products in the demo catalog by category, price, stock and forgiving
// words, with facet counts; every expectation is worked out from the seed data itself.

/** The demo products in `slug` and the categories below it. */
function seededIn(slug: string): SeedProduct[] {
  const tree = seedCategories.map((c) => ({ _id: c.slug, parentId: c.parent ?? null }));
  const slugs = new Set(categoryAndDescendants(tree, slug));
  return seedProducts.filter((p) => slugs.has(p.category));
}

const names = (products: { name: string }[]) => products.map((p) => p.name);
const seedOrder = (products: SeedProduct[]) => names(products);
const seedInStock = (p: SeedProduct) => p.availableQuantity >= p.minOrderQuantity;

describe('browsing the demo catalog', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ seed: true });
  });
  afterAll(async () => {
    await t.close();
  });

  const list = async (query: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/tool?${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return {
      products: res.json<Product[]>(),
      total: Number(res.headers[TOTAL_COUNT_HEADER]),
      match: res.headers[SEARCH_MATCH_HEADER],
      without: res.headers[TOTAL_WITHOUT_HEADER] as string | undefined,
    };
  };
  const facets = async (query: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/tool/facets?${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<ProductFacets>();
  };

  it('filters by a category and the categories below it, in list order', async () => {
    const hammers = await list('category=hammers');
    expect(names(hammers.products)).toEqual(['Framing Claw Hammer']);
    const hand = await list('category=hand-tools');
    expect(names(hand.products)).toEqual(seedOrder(seededIn('hand-tools')));
    expect(hand.total).toBe(seededIn('hand-tools').length);
    // A parent holds no product itself: all of them come from its sub-categories.
    expect(seedProducts.some((p) => p.category === 'hand-tools')).toBe(false);
    expect(hand.products.length).toBeGreaterThan(1);
  });

  it('answers an unknown category with nothing, not everything', async () => {
    const none = await list('category=no-such-category');
    expect(none.products).toEqual([]);
    expect(none.total).toBe(0);
    const f = await facets('category=no-such-category');
    expect(f.total).toBe(0);
    expect(f.price).toBeNull();
  });

  it('filters by price in dollars, both bounds inclusive and exact to the cent', async () => {
    // The hammer costs 24.99: a bound at its price keeps it, a cent past it drops it.
    const at = await list('minPrice=24.99&maxPrice=24.99');
    expect(names(at.products)).toEqual(['Framing Claw Hammer']);
    expect((await list('minPrice=25&maxPrice=30')).products).toEqual([]);
    expect(names((await list('minPrice=24.98&maxPrice=24.99')).products)).toEqual([
      'Framing Claw Hammer',
    ]);
    expect(names((await list('minPrice=24.991')).products)).not.toContain('Framing Claw Hammer');

    const cheap = await list('maxPrice=20');
    expect(names(cheap.products)).toEqual(
      seedOrder(seedProducts.filter((p) => p.priceCents <= 2000)),
    );
    const dear = await list('minPrice=100');
    expect(names(dear.products)).toEqual(
      seedOrder(seedProducts.filter((p) => p.priceCents >= 10000)),
    );
    expect(cheap.total + dear.total).toBeLessThan(seedProducts.length);
  });

  it('sorts by price either way, by name, and by relevance', async () => {
    const byPrice = (await list('sort=price')).products.map((p) => p.price);
    expect(byPrice).toEqual(seedProducts.map((p) => p.priceCents / 100).sort((a, b) => a - b));
    const byPriceDown = (await list('sort=-price')).products.map((p) => p.price);
    expect(byPriceDown).toEqual([...byPrice].reverse());
    // Two products at the same price keep list order between them.
    const ties = (await list('sort=price&maxPrice=18.99&minPrice=18.99')).products;
    expect(names(ties)).toEqual(seedOrder(seedProducts.filter((p) => p.priceCents === 1899)));
    expect(ties).toHaveLength(2);

    const byName = names((await list('sort=name')).products);
    expect(byName).toEqual(
      seedProducts
        .map((p) => p.name)
        .sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())),
    );
    // Relevance without words is list order; with words the best match comes first.
    expect(names((await list('sort=relevance')).products)).toEqual(seedOrder(seedProducts));
    const drill = names((await list('q=drill&sort=relevance')).products);
    expect(drill[0]).toBe('Cordless Drill 20V');
  });

  it('pages a filtered, sorted list, the total counting every match', async () => {
    const all = (await list('category=hand-tools&sort=-price')).products;
    expect(all.length).toBeGreaterThan(4);
    const second = await list('category=hand-tools&sort=-price&page=2&pageSize=2');
    expect(second.products).toEqual(all.slice(2, 4));
    expect(second.total).toBe(all.length);
    const past = await list('category=hand-tools&sort=-price&page=50&pageSize=2');
    expect(past.products).toEqual([]);
    expect(past.total).toBe(all.length);
    // Sorted only, and paged: one page of the whole catalog.
    const named = await list('sort=name&page=2&pageSize=5');
    expect(named.total).toBe(seedProducts.length);
    expect(named.products).toHaveLength(5);
  });

  it('combines a category, a price range, stock and a sort', async () => {
    const expected = seededIn('hand-tools')
      .filter((p) => p.priceCents >= 1000 && p.priceCents <= 20000 && seedInStock(p))
      .sort((a, b) => b.priceCents - a.priceCents);
    const res = await list('category=hand-tools&minPrice=10&maxPrice=200&inStock=true&sort=-price');
    expect(names(res.products)).toEqual(names(expected));
    expect(res.total).toBe(expected.length);
    expect(expected.length).toBeGreaterThan(1);
    // And with words: the drills among power tools under 150 dollars.
    const words = await list('q=drill&category=power-tools&maxPrice=150');
    expect(names(words.products)).toEqual(['Cordless Drill 20V']);
    expect(words.match).toBe('words');
  });

  it('finds one product by its SKU in any letter case', async () => {
    const res = await list('sku=ty-hm-2016');
    expect(names(res.products)).toEqual(['Framing Claw Hammer']);
    expect(res.products[0]?.sku).toBe('TY-HM-2016');
    expect((await list('sku=TY-HM-2016')).products).toEqual(res.products);
    expect((await list('sku=TY-HM-9999')).products).toEqual([]);
  });

  it('counts facets per category with the categories below it, ignoring the category chosen', async () => {
    const f = await facets('');
    expect(f.total).toBe(seedProducts.length);
    const bySlug = new Map(f.categories.map((c) => [c.slug, c.count]));
    for (const c of seedCategories) {
      const count = seededIn(c.slug).length;
      expect(bySlug.get(c.slug) ?? 0, c.slug).toBe(count);
    }
    // Only categories with matches are listed.
    expect(f.categories.every((c) => c.count > 0)).toBe(true);
    expect(f.inStock).toBe(seedProducts.filter(seedInStock).length);
    const cents = seedProducts.map((p) => p.priceCents);
    expect(f.price).toEqual({ min: Math.min(...cents) / 100, max: Math.max(...cents) / 100 });
    expect(f.match).toBe('words');

    // Choosing a category narrows the total and prices, not the other categories' counts.
    const chosen = await facets('category=power-tools');
    expect(chosen.categories).toEqual(f.categories);
    expect(chosen.total).toBe(seededIn('power-tools').length);
    const powerCents = seededIn('power-tools').map((p) => p.priceCents);
    expect(chosen.price).toEqual({
      min: Math.min(...powerCents) / 100,
      max: Math.max(...powerCents) / 100,
    });
  });

  it('counts facets of a search and a price range', async () => {
    const drill = await facets('q=drill');
    const found = (await list('q=drill')).products;
    expect(drill.total).toBe(found.length);
    expect(drill.match).toBe('words');
    const power = drill.categories.find((c) => c.slug === 'power-tools');
    expect(power?.count).toBe(found.filter((p) => p.name.includes('Cordless')).length);

    const cheap = await facets('maxPrice=15');
    const cheapSeed = seedProducts.filter((p) => p.priceCents <= 1500);
    expect(cheap.total).toBe(cheapSeed.length);
    expect(cheap.price?.max).toBe(Math.max(...cheapSeed.map((p) => p.priceCents)) / 100);
    const sum = cheap.categories
      .filter((c) => seedCategories.find((s) => s.slug === c.slug)?.parent === undefined)
      .reduce((n, c) => n + c.count, 0);
    // Every demo product sits under one top-level category, so their counts add up.
    expect(sum).toBe(cheap.total);
  });

  it('forgives a typo: names like the search, and says so', async () => {
    const hammr = await list('q=hammr');
    expect(names(hammr.products)).toEqual(['Framing Claw Hammer']);
    expect(hammr.match).toBe('similar');
    expect((await facets('q=hammr')).match).toBe('similar');

    const dril = await list('q=dril');
    expect(names(dril.products)).toEqual(
      expect.arrayContaining(['Cordless Drill 20V', 'Drill Bit Set 21pc']),
    );
    expect(dril.match).toBe('similar');

    const drill = await list('q=drill');
    expect(drill.match).toBe('words');
    expect(names(drill.products)).toEqual(
      expect.arrayContaining(['Cordless Drill 20V', 'Drill Bit Set 21pc']),
    );
    // The spec's plain search still answers a bare array.
    const plain = await t.app.inject({ method: 'GET', url: '/api/tool?q=drill' });
    expect(Array.isArray(plain.json())).toBe(true);
    expect(plain.json()).toEqual(drill.products);

    const nonsense = await list('q=zzzzqqq');
    expect(nonsense.products).toEqual([]);
    expect(nonsense.total).toBe(0);
    const none = await facets('q=zzzzqqq');
    expect(none).toMatchObject({ total: 0, categories: [], inStock: 0, price: null });
  });

  it('keeps words found outside the filters as words: none here, not similar names', async () => {
    // "drill" is a word of the catalog, only not among the saws.
    const res = await list('q=drill&category=saws');
    expect(res.products).toEqual([]);
    expect(res.match).toBe('words');
    const f = await facets('q=drill&category=saws');
    expect(f.match).toBe('words');
    expect(f.total).toBe(0);
    // The facets still show where drills are, so the buyer can go there.
    expect(f.categories.map((c) => c.slug)).toContain('power-tools');
  });

  // Issue 26: an empty answer says whether the words or a filter left it empty.
  it('says what the words alone match when the filters leave nothing, filter by filter', async () => {
    const laser = await list('q=laser');
    expect(laser.total).toBeGreaterThan(1);
    expect(laser.without).toBeUndefined();

    const cheap = await list('q=laser&maxPrice=1');
    expect(cheap).toMatchObject({ products: [], total: 0, match: 'words' });
    expect(cheap.without).toBe(`filters=${laser.total}, price=${laser.total}`);
    // Asked again, the cached answer says the same.
    expect((await list('q=laser&maxPrice=1')).without).toBe(cheap.without);

    // The laser level is the one measuring tool with the word, in stock: only the price is in
    // the way; taking off the category or the stock filter alone still finds nothing.
    const level = seedProducts.find((p) => p.name === 'Laser Level Pro');
    expect(level && seedInStock(level) && level.category).toBe('measuring-levels');
    const three = await list('q=laser&maxPrice=1&inStock=true&category=measuring-levels');
    expect(three.products).toEqual([]);
    expect(parseTotalsWithout(three.without)).toEqual({
      filters: laser.total,
      category: 0,
      price: 1,
      inStock: 0,
    });
  });

  it('says the same of names like a typo, and of nothing at all', async () => {
    const hammr = await list('q=hammr&minPrice=500');
    expect(hammr).toMatchObject({ products: [], match: 'similar' });
    expect(hammr.without).toBe('filters=1, price=1');

    const nonsense = await list('q=zzzzqqq&inStock=true');
    expect(nonsense.products).toEqual([]);
    expect(nonsense.without).toBe('filters=0, inStock=0');
    // No filter set: nothing to take off, nothing said.
    expect((await list('q=zzzzqqq')).without).toBeUndefined();
    expect((await list('q=hammr&minPrice=5')).without).toBeUndefined();
  });

  it('counts every product when filters alone leave nothing', async () => {
    const res = await list('minPrice=5000&inStock=true');
    expect(res.products).toEqual([]);
    expect(parseTotalsWithout(res.without)).toEqual({
      filters: seedProducts.length,
      price: seedProducts.filter(seedInStock).length,
      inStock: 0,
    });
    expect((await list('minPrice=5000&sort=name')).without).toBe(
      `filters=${seedProducts.length}, price=${seedProducts.length}`,
    );
  });

  it.each([
    ['a NUL byte in the category', 'category=a%00b'],
    ['a NUL byte in the SKU', 'sku=TY%00'],
    ['a huge price', 'minPrice=1e400'],
    ['a price past the largest', 'maxPrice=1000001'],
    ['a negative price', 'minPrice=-5'],
    ['a price that is not a number', 'maxPrice=cheap'],
    ['two categories', 'category=hammers&category=saws'],
    ['two prices', 'minPrice=1&minPrice=2'],
    ['an unknown sort', 'sort=popularity'],
    ['inStock that is not true or false', 'inStock=yes'],
    ['a huge page', 'page=1e30&category=hammers'],
  ])('refuses %s with a 400 in the error shape, on both routes', async (_what, query) => {
    for (const path of ['/api/tool', '/api/tool/facets']) {
      const res = await t.app.inject({ method: 'GET', url: `${path}?${query}` });
      if (path.endsWith('facets') && /^(sort|page)=/.test(query)) {
        // The facets have no sort or paging: those parameters are ignored there.
        expect(res.statusCode, res.body).toBe(200);
        continue;
      }
      expect(res.statusCode, `${path}?${query}: ${res.body}`).toBe(400);
      expect(res.json()).toMatchObject({ error: 'invalid_input', message: expect.any(String) });
    }
  });

  it.each([
    ['a lowest price above the highest', 'minPrice=100&maxPrice=10'],
    ['the largest prices', 'minPrice=1000000&maxPrice=1000000'],
    ['a price of zero', 'maxPrice=0'],
    ['a page far past the last', 'category=hammers&page=100000&pageSize=100'],
  ])('answers %s with no product, never a 500', async (_what, query) => {
    const res = await list(query);
    expect(res.products).toEqual([]);
    expect(res.total).toBe(query.startsWith('category') ? 1 : 0);
    expect((await facets(query.replace(/&page.*/, ''))).total).toBe(
      query.startsWith('category') ? 1 : 0,
    );
  });
});

describe('browsing after the catalog changes', () => {
  let t: TestApp;
  let admin: Account;
  const adminEmail = uniqueEmail('admin');
  beforeAll(async () => {
    t = await buildTestApp({ seed: true, env: { ADMIN_EMAILS: adminEmail } });
    admin = await signUp(t.app, { email: adminEmail });
  });
  afterAll(async () => {
    await t.close();
  });

  const get = async <T>(url: string) => (await t.app.inject({ method: 'GET', url })).json<T>();

  it('drops a product below its minimum order from in-stock results, and its facets follow', async () => {
    const before = await get<Product[]>('/api/tool?inStock=true');
    const beforeFacets = await get<ProductFacets>('/api/tool/facets?inStock=true');
    expect(names(before)).toContain('Framing Claw Hammer');
    const hammer = before.find((p) => p.name === 'Framing Claw Hammer');
    if (!hammer) throw new Error('no hammer');

    // Nine left of a minimum order of ten: out of stock.
    const { _id, ...fields } = hammer;
    const edited = await callAs(t.app, admin, 'PUT', `/api/tool/${_id}`, {
      ...fields,
      AvailableQuantity: hammer.MinOrderQuantity - 1,
    });
    expect(edited.statusCode, edited.body).toBe(200);

    const after = await get<Product[]>('/api/tool?inStock=true');
    expect(names(after)).not.toContain('Framing Claw Hammer');
    expect(after).toHaveLength(before.length - 1);
    // Still listed without the filter, and still counted as a hammer.
    expect(names(await get<Product[]>('/api/tool?category=hammers'))).toEqual([
      'Framing Claw Hammer',
    ]);
    const afterFacets = await get<ProductFacets>('/api/tool/facets?inStock=true');
    expect(afterFacets.inStock).toBe(beforeFacets.inStock - 1);
    expect(afterFacets.total).toBe(beforeFacets.total - 1);
    expect(afterFacets.categories.find((c) => c.slug === 'hammers')).toBeUndefined();
    // The price range of in-stock products leaves the hammer's price out.
    expect(
      (await get<ProductFacets>('/api/tool/facets?inStock=true&category=hammers')).price,
    ).toBeNull();
  });

  it('recounts the facets after a product moves to another category and price', async () => {
    const before = await get<ProductFacets>('/api/tool/facets');
    const [drill] = await get<Product[]>('/api/tool?sku=TY-DR-2040');
    const saws = before.categories.find((c) => c.slug === 'saws');
    if (!drill || !saws) throw new Error('no drill or no saws');
    const { _id, ...fields } = drill;
    const moved = await callAs(t.app, admin, 'PUT', `/api/tool/${_id}`, {
      ...fields,
      categoryId: saws._id,
      price: 999.5,
    });
    expect(moved.statusCode, moved.body).toBe(200);

    const after = await get<ProductFacets>('/api/tool/facets');
    const count = (f: ProductFacets, slug: string) =>
      f.categories.find((c) => c.slug === slug)?.count ?? 0;
    expect(count(after, 'saws')).toBe(count(before, 'saws') + 1);
    expect(count(after, 'drills-drivers')).toBe(count(before, 'drills-drivers') - 1);
    expect(count(after, 'power-tools')).toBe(count(before, 'power-tools'));
    expect(after.price?.max).toBe(999.5);
    expect(names(await get<Product[]>('/api/tool?category=saws&sort=-price'))[0]).toBe(
      'Cordless Drill 20V',
    );
  });
});
