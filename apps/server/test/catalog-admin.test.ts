import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../src/db/schema.js';
import { callAs, ORIGIN, signUp, uniqueEmail, type Account } from './helpers/accounts.js';
import { buildTestApp, type TestApp } from './helpers/build-test-app.js';
import { createProduct } from './helpers/catalog.js';
import { DELIVERY } from './helpers/orders.js';

const valid = {
  name: 'Rafter Square',
  description: 'A 7 inch aluminium speed square.',
  price: 11.5,
  img: 'https://cdn.example.com/rafter-square.png',
  AvailableQuantity: 300,
  MinOrderQuantity: 6,
};

describe('products: reading, paging and search', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ seed: true });
  });
  afterAll(async () => {
    await t.close();
  });

  it('keeps the plain call: every product as an array, with the total in a header', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/tool' });
    expect(res.json()).toHaveLength(14);
    expect(res.headers['x-total-count']).toBe('14');
  });

  it('pages in list order', async () => {
    const all = (await t.app.inject({ method: 'GET', url: '/api/tool' })).json();
    const page2 = await t.app.inject({ method: 'GET', url: '/api/tool?page=2&pageSize=5' });
    expect(page2.json().map((p: { _id: string }) => p._id)).toEqual(
      all.slice(5, 10).map((p: { _id: string }) => p._id),
    );
    expect(page2.headers['x-total-count']).toBe('14');
  });

  it('searches names and descriptions for English words, in any case and any form', async () => {
    const search = async (q: string) =>
      (await t.app.inject({ method: 'GET', url: `/api/tool?q=${encodeURIComponent(q)}` })).json<
        { name: string; description: string }[]
      >();
    const drills = await search('DRILL');
    expect(drills.length).toBeGreaterThanOrEqual(2);
    for (const p of drills) expect(`${p.name} ${p.description}`.toLowerCase()).toContain('drill');
    // Words are stemmed: "drills" and "drilling" find the drills; part of a word does not (ADR 007).
    expect(await search('drills')).toEqual(drills);
    expect(await search('drilling')).toEqual(drills);
    // Every word must be there; punctuation only separates words and is never a wildcard.
    const both = await search('cordless, drill!');
    expect(both.map((p) => p.name)).toContain('Cordless Drill 20V');
    expect(both.length).toBeLessThan(drills.length);
    expect(await search('%')).toEqual([]);
    expect(await search("'&|!:* (")).toEqual([]);
    // Only words too common to search by ("the", "for"): nothing, not everything.
    expect(await search('the for')).toEqual([]);
    expect(await search('nothing-like-this')).toEqual([]);
  });

  it('matches a part of a word or a typo only by names like it, and says so (issue 19)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/tool?q=rill' });
    expect(res.headers['x-search-match']).toBe('similar');
    for (const p of res.json<{ name: string }[]>()) expect(p.name.toLowerCase()).toContain('rill');
    const words = await t.app.inject({ method: 'GET', url: '/api/tool?q=drill' });
    expect(words.headers['x-search-match']).toBe('words');
  });

  it('pages a search, and counts it on a page past the last', async () => {
    const page = (n: number) =>
      t.app.inject({ method: 'GET', url: `/api/tool?q=drill&page=${n}&pageSize=1` });
    const all = (await t.app.inject({ method: 'GET', url: '/api/tool?q=drill' })).json<
      { _id: string }[]
    >();
    const second = await page(2);
    expect(second.json<{ _id: string }[]>().map((p) => p._id)).toEqual([all[1]?._id]);
    expect(second.headers['x-total-count']).toBe(String(all.length));
    const past = await page(all.length + 3);
    expect(past.json()).toEqual([]);
    expect(past.headers['x-total-count']).toBe(String(all.length));
  });

  it('reads one product, 404 for an unknown id and 400 for a malformed one', async () => {
    const [first] = (await t.app.inject({ method: 'GET', url: '/api/tool' })).json();
    expect((await t.app.inject({ method: 'GET', url: `/api/tool/${first._id}` })).json()).toEqual(
      first,
    );
    const missing = await t.app.inject({
      method: 'GET',
      url: '/api/tool/8e0f4a0e-9c7e-4d7e-9d5c-1f4b7b1a2c3d',
    });
    expect(missing.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/tool/42' })).statusCode).toBe(400);
  });
});

describe('products: admin writes', () => {
  let t: TestApp;
  let admin: Account;
  const adminEmail = uniqueEmail('admin');
  beforeAll(async () => {
    t = await buildTestApp({ env: { ADMIN_EMAILS: adminEmail } });
    admin = await signUp(t.app, { email: adminEmail });
  });
  afterAll(async () => {
    await t.close();
  });

  const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: { cookie: admin.cookie, origin: ORIGIN },
      ...(payload === undefined ? {} : { payload }),
    });

  it('adds a product that then shows in the list, price stored in cents', async () => {
    const res = await send('POST', '/api/tool', valid);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      _id: expect.any(String),
      ...valid,
      sku: expect.stringMatching(/^TY-\d{5}$/),
      categoryId: null,
    });
    const [row] = await t.database.db
      .select()
      .from(products)
      .where(eq(products.id, res.json()._id));
    expect(row?.priceCents).toBe(1150);
    const list = (await t.app.inject({ method: 'GET', url: '/api/tool' })).json();
    expect(list.map((p: { name: string }) => p.name)).toContain('Rafter Square');
  });

  it.each([
    ['no name', { ...valid, name: '' }, 'name', 'Name Is Required'],
    ['a name over 20 characters', { ...valid, name: 'A very long tool name!' }, 'name', undefined],
    ['a zero price', { ...valid, price: 0 }, 'price', undefined],
    ['a price with three decimals', { ...valid, price: 1.005 }, 'price', undefined],
    ['a negative stock', { ...valid, AvailableQuantity: -1 }, 'AvailableQuantity', undefined],
    ['a fractional stock', { ...valid, AvailableQuantity: 2.5 }, 'AvailableQuantity', undefined],
    ['a minimum of 0', { ...valid, MinOrderQuantity: 0 }, 'MinOrderQuantity', undefined],
    ['an image that is not a web URL', { ...valid, img: 'javascript:alert(1)' }, 'img', undefined],
    ['a price that is not a number', { ...valid, price: '11.50 dollars' }, 'price', undefined],
    ['an unknown field', { ...valid, archived: true }, 'value', undefined],
  ])('refuses %s with a message for that field', async (_what, payload, field, message) => {
    const res = await send('POST', '/api/tool', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('invalid_input');
    expect(res.json().fields).toHaveProperty(field);
    if (message) expect(res.json().fields[field]).toBe(message);
  });

  it('edits a product', async () => {
    const created = (await send('POST', '/api/tool', valid)).json();
    const res = await send('PUT', `/api/tool/${created._id}`, {
      ...valid,
      price: 12.25,
      AvailableQuantity: 10,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ price: 12.25, AvailableQuantity: 10 });
    expect(
      (await send('PUT', '/api/tool/8e0f4a0e-9c7e-4d7e-9d5c-1f4b7b1a2c3d', valid)).statusCode,
    ).toBe(404);
  });

  it('deletes a product without orders, and archives one with orders', async () => {
    const lonely = (await send('POST', '/api/tool', valid)).json();
    expect((await send('DELETE', `/api/tool/${lonely._id}`)).statusCode).toBe(204);
    expect(
      await t.database.db.select().from(products).where(eq(products.id, lonely._id)),
    ).toHaveLength(0);

    const ordered = (await send('POST', '/api/tool', { ...valid, MinOrderQuantity: 1 })).json();
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/order',
      headers: { cookie: admin.cookie, origin: ORIGIN },
      payload: { itemId: ordered._id, OrderQuantity: 2, ...DELIVERY },
    });
    expect(placed.statusCode).toBe(201);
    expect((await send('DELETE', `/api/tool/${ordered._id}`)).statusCode).toBe(204);
    const [kept] = await t.database.db.select().from(products).where(eq(products.id, ordered._id));
    expect(kept?.archivedAt).toBeInstanceOf(Date);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/tool/${ordered._id}` })).statusCode,
    ).toBe(404);
    // The order keeps its product's name and price.
    const order = await t.app.inject({
      method: 'GET',
      url: `/api/order/${placed.json()._id}`,
      headers: { cookie: admin.cookie },
    });
    expect(order.json()).toMatchObject({ ItemName: valid.name, price: valid.price });
    expect((await send('DELETE', `/api/tool/${ordered._id}`)).statusCode).toBe(404);
  });

  it("archives a product that is only in a buyer's cart, whose line then says so", async () => {
    const buyer = await signUp(t.app);
    const wanted = (await send('POST', '/api/tool', { ...valid, MinOrderQuantity: 1 })).json();
    const put = await callAs(t.app, buyer, 'PUT', `/api/cart/lines/${wanted._id}`, {
      quantity: 2,
    });
    expect(put.statusCode, put.body).toBe(200);

    expect((await send('DELETE', `/api/tool/${wanted._id}`)).statusCode).toBe(204);
    const [kept] = await t.database.db.select().from(products).where(eq(products.id, wanted._id));
    expect(kept?.archivedAt).toBeInstanceOf(Date);
    const cart = (await callAs(t.app, buyer, 'GET', '/api/cart')).json();
    expect(cart.lines).toEqual([
      expect.objectContaining({ itemId: wanted._id, quantity: 2, sold: false }),
    ]);
  });
});

describe('products: SKUs (issue 19)', () => {
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

  const send = (method: 'POST' | 'PUT', url: string, payload: object) =>
    t.app.inject({ method, url, headers: { cookie: admin.cookie, origin: ORIGIN }, payload });
  const expectSkuRefused = (res: { statusCode: number; json: () => unknown }, status: number) => {
    expect(res.statusCode).toBe(status);
    expect(res.json()).toMatchObject({
      error: status === 409 ? 'conflict' : 'invalid_input',
      fields: { sku: expect.any(String) },
    });
  };

  it('makes a SKU when none is given, a different one each time, past one chosen by hand', async () => {
    const first = (await send('POST', '/api/tool', valid)).json();
    const second = (await send('POST', '/api/tool', valid)).json();
    expect(first.sku).toMatch(/^TY-\d{5}$/);
    expect(second.sku).toMatch(/^TY-\d{5}$/);
    expect(second.sku).not.toBe(first.sku);
    // A product put in by other means (a script, a test) counts from the same number.
    const direct = await createProduct(t.database);
    const [row] = await t.database.db
      .select({ sku: products.sku })
      .from(products)
      .where(eq(products.id, direct));
    const next = Number(row?.sku.slice(3)) + 1;
    // An admin takes the next number by hand: the one made after it skips it.
    const taken = `ty-${String(next).padStart(5, '0')}`;
    expect((await send('POST', '/api/tool', { ...valid, sku: taken })).statusCode).toBe(201);
    const after = await send('POST', '/api/tool', valid);
    expect(after.statusCode, after.body).toBe(201);
    expect(after.json().sku).toBe(`TY-${String(next + 1).padStart(5, '0')}`);
  });

  it('keeps a SKU unique in any letter case, on create and on edit', async () => {
    const made = await send('POST', '/api/tool', { ...valid, sku: 'ab-1' });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().sku).toBe('ab-1');
    expectSkuRefused(await send('POST', '/api/tool', { ...valid, sku: 'AB-1' }), 409);
    // A demo product's SKU, in another case.
    expectSkuRefused(await send('POST', '/api/tool', { ...valid, sku: 'ty-hm-2016' }), 409);

    const other = (await send('POST', '/api/tool', { ...valid, sku: 'CD-2' })).json();
    expectSkuRefused(await send('PUT', `/api/tool/${other._id}`, { ...valid, sku: 'Ab-1' }), 409);
    // Its own SKU in another case is no clash.
    const recased = await send('PUT', `/api/tool/${other._id}`, { ...valid, sku: 'cd-2' });
    expect(recased.statusCode, recased.body).toBe(200);
    expect(recased.json().sku).toBe('cd-2');
    // Found by it in any case.
    const found = await t.app.inject({ method: 'GET', url: '/api/tool?sku=CD-2' });
    expect(found.json().map((p: { _id: string }) => p._id)).toEqual([other._id]);
  });

  it.each([
    ['a space', 'AB 1'],
    ['a slash', 'AB/1'],
    ['a leading dash', '-AB1'],
    ['an accent', 'ÉCROU-1'],
    ['more than 32 characters', `A${'1'.repeat(32)}`],
    ['nothing', '   '],
  ])('refuses a SKU with %s', async (_what, sku) => {
    expectSkuRefused(await send('POST', '/api/tool', { ...valid, sku }), 400);
  });

  it("keeps a product's SKU and category when a spec client's PUT leaves them out", async () => {
    const [hammer] = (await t.app.inject({ method: 'GET', url: '/api/tool?sku=TY-HM-2016' })).json<
      { _id: string; sku: string; categoryId: string }[]
    >();
    if (!hammer) throw new Error('no hammer');
    const res = await send('PUT', `/api/tool/${hammer._id}`, { ...valid, name: 'Claw Hammer' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Claw Hammer',
      sku: 'TY-HM-2016',
      categoryId: hammer.categoryId,
    });
    expect(hammer.categoryId).toEqual(expect.any(String));
  });
});

describe('reviews: posting', () => {
  let t: TestApp;
  let buyer: Account;
  beforeAll(async () => {
    t = await buildTestApp();
    buyer = await signUp(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  const post = (payload: object) =>
    t.app.inject({
      method: 'POST',
      url: '/api/review',
      headers: { cookie: buyer.cookie, origin: ORIGIN },
      payload,
    });

  it('adds a review that shows first on the public list', async () => {
    const res = await post({
      name: 'Birch & Beam',
      words: 'Sharp saws, fast delivery.',
      rating: 5,
    });
    expect(res.statusCode).toBe(201);
    const list = (await t.app.inject({ method: 'GET', url: '/api/review' })).json();
    expect(list[0]).toEqual({
      _id: res.json()._id,
      name: 'Birch & Beam',
      words: 'Sharp saws, fast delivery.',
      rating: 5,
    });
  });

  it.each([
    ['no name', { name: ' ', words: 'x', rating: 4 }, 'name'],
    ['a name over 20 characters', { name: 'x'.repeat(21), words: 'x', rating: 4 }, 'name'],
    ['a rating of 6', { name: 'Co', words: 'x', rating: 6 }, 'rating'],
    ['a rating of 0', { name: 'Co', words: 'x', rating: 0 }, 'rating'],
    ['a half star', { name: 'Co', words: 'x', rating: 3.5 }, 'rating'],
  ])('refuses %s', async (_what, payload, field) => {
    const res = await post(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toHaveProperty(field);
  });
});
