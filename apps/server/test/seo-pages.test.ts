import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories, products } from '../src/db/schema.js';
import { seedCategories, seedProducts } from '../src/db/seed-data.js';
import { ORIGIN, signUp, uniqueEmail, type Account } from './helpers/accounts.js';
import { buildTestApp, type TestApp } from './helpers/build-test-app.js';
import { createProduct } from './helpers/catalog.js';

// An origin other than the one requests come from: every address must be PUBLIC_ORIGIN's.
const SHOP = 'https://tools.example.com';
const indexHtml = await readFile(new URL('../../web/index.html', import.meta.url), 'utf8');

interface JsonLd {
  '@type': string;
  [key: string]: unknown;
}

/** The page's head as sent: everything before <body. */
const headOf = (html: string) => html.slice(0, html.indexOf('<body'));

/** The JSON-LD blocks of a page, parsed. */
function jsonLdOf(html: string): JsonLd[] {
  return [...headOf(html).matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map(
    (m) => JSON.parse(m[1] ?? '') as JsonLd,
  );
}

/** The content of `<meta name|property="key">`, its entities decoded. */
function metaOf(html: string, key: string): string | undefined {
  const m = new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)" />`).exec(html);
  return m?.[1]?.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));
}

describe('pages as first served, for search engines and link previews', () => {
  let t: TestApp;
  let webDist: string;
  let admin: Account;
  let hammerId: string;
  const adminEmail = uniqueEmail('admin');

  beforeAll(async () => {
    webDist = await mkdtemp(path.join(tmpdir(), 'toolyard-seo-'));
    await writeFile(path.join(webDist, 'index.html'), indexHtml);
    t = await buildTestApp({
      seed: true,
      webDistDir: webDist,
      env: { ADMIN_EMAILS: adminEmail, PUBLIC_ORIGIN: SHOP, TRUSTED_ORIGINS: ORIGIN },
    });
    admin = await signUp(t.app, { email: adminEmail });
    const [hammer] = await t.database.db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.sku, 'TY-HM-2016'));
    hammerId = hammer?.id ?? '';
  });
  afterAll(async () => {
    await t?.close();
    await rm(webDist, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...headers } });

  it('answers a product page with its title, description, canonical URL and card', async () => {
    const res = await get(`/tool/${hammerId}`);

    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    const head = headOf(res.payload);
    expect(head).toContain('<title>Framing Claw Hammer | Toolyard</title>');
    // index.html's own title and description gave way to the product's.
    expect(head.match(/<title>/g)).toHaveLength(1);
    expect(head.replace(/\s+/g, ' ').match(/<meta name="description"/g)).toHaveLength(1);
    expect(metaOf(head, 'description')).toMatch(/^A 20 oz forged steel hammer with a milled face/);
    expect(head).toContain(`<link rel="canonical" href="${SHOP}/tool/${hammerId}" />`);
    expect(metaOf(head, 'og:type')).toBe('product');
    expect(metaOf(head, 'og:site_name')).toBe('Toolyard');
    expect(metaOf(head, 'og:title')).toBe('Framing Claw Hammer');
    expect(metaOf(head, 'og:url')).toBe(`${SHOP}/tool/${hammerId}`);
    expect(metaOf(head, 'og:image')).toBe(`${SHOP}/images/tools/claw-hammer.svg`);
    expect(metaOf(head, 'twitter:card')).toBe('summary_large_image');
    expect(head).not.toContain('noindex');
    // The rest of index.html is untouched: the app still starts.
    expect(res.payload).toContain('<script type="module" src="/src/main.tsx"></script>');
  });

  it('carries schema.org Product with its Offer (price, currency, stock, SKU) and breadcrumbs', async () => {
    const [product, trail] = jsonLdOf((await get(`/tool/${hammerId}`)).payload);

    expect(product).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Framing Claw Hammer',
      sku: 'TY-HM-2016',
      description: expect.stringMatching(/^A 20 oz forged steel hammer/),
      image: `${SHOP}/images/tools/claw-hammer.svg`,
      category: 'Hand tools > Hammers',
      brand: { '@type': 'Brand', name: 'Toolyard' },
      offers: {
        '@type': 'Offer',
        url: `${SHOP}/tool/${hammerId}`,
        price: '24.99',
        priceCurrency: 'USD',
        availability: 'https://schema.org/InStock',
      },
    });
    expect(trail).toEqual({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Home', item: `${SHOP}/` },
        {
          '@type': 'ListItem',
          position: 2,
          name: 'Hand tools',
          item: `${SHOP}/category/hand-tools`,
        },
        { '@type': 'ListItem', position: 3, name: 'Hammers', item: `${SHOP}/category/hammers` },
        {
          '@type': 'ListItem',
          position: 4,
          name: 'Framing Claw Hammer',
          item: `${SHOP}/tool/${hammerId}`,
        },
      ],
    });
  });

  it('says out of stock on the next request once stock falls below the minimum order', async () => {
    const url = `/tool/${hammerId}`;
    const before = await get(url);
    expect(jsonLdOf(before.payload)[0]?.offers).toMatchObject({
      availability: 'https://schema.org/InStock',
    });
    const { _id, ...hammer } = (await t.app.inject({ method: 'GET', url: `/api${url}` })).json();
    const update = await t.app.inject({
      method: 'PUT',
      url: `/api${url}`,
      headers: { cookie: admin.cookie, origin: ORIGIN },
      payload: { ...hammer, AvailableQuantity: 9, MinOrderQuantity: 10 },
    });
    expect(update.statusCode).toBe(200);

    const after = await get(url, { 'if-none-match': String(before.headers.etag) });
    expect(after.statusCode).toBe(200);
    expect(jsonLdOf(after.payload)[0]?.offers).toMatchObject({
      price: '24.99',
      availability: 'https://schema.org/OutOfStock',
    });

    const restock = await t.app.inject({
      method: 'PUT',
      url: `/api${url}`,
      headers: { cookie: admin.cookie, origin: ORIGIN },
      payload: hammer,
    });
    expect(restock.statusCode).toBe(200);
  });

  it('writes the price with its cents, as schema.org asks', async () => {
    const id = await createProduct(t.database, { priceCents: 1250 });
    t.app.changes.publish('products');
    const [product] = jsonLdOf((await get(`/tool/${id}`)).payload);
    expect(product?.offers).toMatchObject({ price: '12.50', priceCurrency: 'USD' });
  });

  it('answers a conditional request with 304 while the page is unchanged, and HEAD like GET', async () => {
    const url = `/tool/${hammerId}`;
    const first = await get(url);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);

    const again = await get(url, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.payload).toBe('');

    const head = await t.app.inject({ method: 'HEAD', url, headers: { accept: 'text/html' } });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(head.headers.etag).toBe(etag);
    expect(head.payload).toBe('');
  });

  it('sends the page compressed, once per change, to a browser that accepts it', async () => {
    const res = await get(`/tool/${hammerId}`, { 'accept-encoding': 'br, gzip' });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
  });

  it('answers the same page at /TOOL/{ID}/, its canonical address naming /tool/{id}', async () => {
    const res = await get(`/TOOL/${hammerId.toUpperCase()}/`);
    expect(res.statusCode).toBe(200);
    expect(res.payload).toContain(`<link rel="canonical" href="${SHOP}/tool/${hammerId}" />`);
  });

  it('answers an unknown, archived or malformed product with 404 and noindex', async () => {
    const archived = await createProduct(t.database, { archivedAt: new Date() });
    for (const url of [
      '/tool/0b0c2f8e-0000-4000-8000-000000000000',
      `/tool/${archived}`,
      '/tool/not-an-id',
      `/tool/${hammerId}x`,
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.payload, url).toContain('<meta name="robots" content="noindex" />');
      expect(res.payload, url).not.toContain('application/ld+json');
      expect(res.headers.etag, url).toBeUndefined();
      // The app's own title: nothing of the product.
      expect(res.payload, url).toContain('<title>Toolyard: tools for builders and makers</title>');
    }
  });

  it('answers a category page with its title, count, canonical URL and breadcrumbs', async () => {
    const res = await get('/category/hand-tools');
    expect(res.statusCode).toBe(200);
    const head = headOf(res.payload);
    expect(head).toContain('<title>Hand tools | Toolyard</title>');
    const handTools = ['hammers', 'wrenches', 'measuring-levels', 'cutting'];
    const count = seedProducts.filter((p) => handTools.includes(p.category)).length;
    expect(count).toBeGreaterThan(1);
    expect(metaOf(head, 'description')).toMatch(
      new RegExp(`^Shop ${count} Hand tools from Toolyard: `),
    );
    expect(head).toContain(`<link rel="canonical" href="${SHOP}/category/hand-tools" />`);
    expect(metaOf(head, 'og:type')).toBe('website');
    expect(metaOf(head, 'og:url')).toBe(`${SHOP}/category/hand-tools`);

    const [trail, ...more] = jsonLdOf((await get('/category/hammers')).payload);
    expect(more).toEqual([]);
    expect(trail).toMatchObject({
      '@type': 'BreadcrumbList',
      itemListElement: [
        { position: 1, name: 'Home', item: `${SHOP}/` },
        { position: 2, name: 'Hand tools', item: `${SHOP}/category/hand-tools` },
        { position: 3, name: 'Hammers', item: `${SHOP}/category/hammers` },
      ],
    });
  });

  it('answers an unknown category with 404 and noindex', async () => {
    for (const url of ['/category/no-such-thing', '/category/Not_A_Slug']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.payload, url).toContain('<meta name="robots" content="noindex" />');
    }
  });

  it('answers the home page with its canonical URL, description and card', async () => {
    const res = await get('/?utm_source=mail');
    expect(res.statusCode).toBe(200);
    const head = headOf(res.payload);
    expect(head).toContain(`<link rel="canonical" href="${SHOP}/" />`);
    expect(head).toContain('<title>Toolyard: tools for builders and makers</title>');
    expect(metaOf(head, 'description')).toMatch(/^Hand tools, power tools/);
    expect(metaOf(head, 'og:type')).toBe('website');
    expect(metaOf(head, 'og:url')).toBe(`${SHOP}/`);
  });

  it('keeps other pages as index.html, with its own description', async () => {
    const res = await get('/about');
    expect(res.statusCode).toBe(200);
    expect(res.payload).toBe(indexHtml);
    expect(metaOf(res.payload.replace(/\n\s+/g, ' '), 'description')).toMatch(/^Hand tools/);
  });

  it('escapes what admins write: no name or description can leave its tag or script', async () => {
    const hostile = `</script><script>alert(1)</script><!-- "quoted" & 'single' \u2028\u2029 end`;
    const name = `</script><b>"x'&`;
    const [category] = await t.database.db
      .insert(categories)
      .values({ slug: 'hostile', name: '</script><script>alert(2)</script>' })
      .returning({ id: categories.id });
    const id = await createProduct(t.database, {
      name,
      description: hostile,
      categoryId: category?.id,
      img: `/images/a".svg`,
    });
    t.app.changes.publish('products');

    for (const url of [`/tool/${id}`, '/category/hostile']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      const head = headOf(res.payload);
      expect(head, url).not.toMatch(/<script>|<b>|<!--\s"quoted/);
      expect(head, url).not.toContain('\u2028');
      // Only the two data blocks close a script element in the head.
      expect(head.match(/<\/script>/g), url).toHaveLength(url.startsWith('/tool') ? 2 : 1);
      expect(head.match(/<script/g), url).toHaveLength(url.startsWith('/tool') ? 2 : 1);
    }

    const page = (await get(`/tool/${id}`)).payload;
    const [product, trail] = jsonLdOf(page);
    expect(product).toMatchObject({
      name,
      description: hostile,
      category: '</script><script>alert(2)</script>',
    });
    expect(trail?.itemListElement).toContainEqual(expect.objectContaining({ name }));
    expect(page).toContain(
      `<title>&#60;/script&#62;&#60;b&#62;&#34;x&#39;&#38; | Toolyard</title>`,
    );
    expect(metaOf(page, 'og:title')).toBe(name);
    expect(metaOf(page, 'description')).toBe(hostile.replace(/\s+/g, ' '));
    expect(metaOf(page, 'og:image')).toBe(`${SHOP}/images/a%22.svg`);
  });

  it('lists the home page, every category and every live product in sitemap.xml', async () => {
    const archived = await createProduct(t.database, { archivedAt: new Date() });
    t.app.changes.publish('products');
    const res = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });

    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.payload).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    );
    const urls = [
      ...res.payload.matchAll(
        /<url><loc>([^<]+)<\/loc><lastmod>(\d{4}-\d\d-\d\d)<\/lastmod><\/url>/g,
      ),
    ].map((m) => m[1]);
    expect(urls[0]).toBe(`${SHOP}/`);
    const seedCategoryUrls = seedCategories.map((c) => `${SHOP}/category/${c.slug}`);
    expect(urls).toEqual(expect.arrayContaining(seedCategoryUrls));
    expect(seedCategoryUrls).toHaveLength(14);
    const live = await t.database.db
      .select({ id: products.id, sku: products.sku, archivedAt: products.archivedAt })
      .from(products);
    const seeded = live.filter((p) => seedProducts.some((s) => s.sku === p.sku));
    expect(seeded).toHaveLength(14);
    for (const p of seeded) expect(urls).toContain(`${SHOP}/tool/${p.id}`);
    expect(urls).not.toContain(`${SHOP}/tool/${archived}`);
    // Exactly the live products and the categories, once each.
    const liveCount = live.filter((p) => !p.archivedAt).length;
    const categoryCount = (await t.database.db.select().from(categories)).length;
    expect(urls).toHaveLength(1 + categoryCount + liveCount);
    expect(new Set(urls).size).toBe(urls.length);

    const again = await t.app.inject({
      method: 'GET',
      url: '/sitemap.xml',
      headers: { 'if-none-match': String(res.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('drops a product from sitemap.xml as soon as it is deleted', async () => {
    const id = await createProduct(t.database);
    t.app.changes.publish('products');
    expect((await t.app.inject({ method: 'GET', url: '/sitemap.xml' })).payload).toContain(id);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/tool/${id}`,
      headers: { cookie: admin.cookie, origin: ORIGIN },
    });
    expect(removed.statusCode).toBeLessThan(300);
    expect((await t.app.inject({ method: 'GET', url: '/sitemap.xml' })).payload).not.toContain(id);
  });

  it('names the sitemap in robots.txt and keeps the dashboard and API out', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.payload).toContain('User-agent: *\n');
    expect(res.payload).toContain('Disallow: /dashboard\n');
    expect(res.payload).toContain('Disallow: /api/\n');
    expect(res.payload).toMatch(/^Sitemap: https:\/\/tools\.example\.com\/sitemap\.xml$/m);
  });
});
