import type { Category, Product } from '@toolyard/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, products } from '../src/db/schema.js';
import { callAs, signUp, uniqueEmail, type Account } from './helpers/accounts.js';
import { buildTestApp, type TestApp } from './helpers/build-test-app.js';

// Issue 19: the category tree an admin manages: create, rename, move, delete when empty.

const product = {
  name: 'Tree Tool',
  description: '',
  price: 5,
  img: '/images/tools/claw-hammer.svg',
  AvailableQuantity: 10,
  MinOrderQuantity: 1,
};
const UNKNOWN_ID = '8e0f4a0e-9c7e-4d7e-9d5c-1f4b7b1a2c3d';

describe('categories', () => {
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
    callAs(t.app, admin, method, url, payload);
  const create = async (body: { name: string; slug?: string; parentId?: string | null }) => {
    const res = await send('POST', '/api/categories', body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json<Category>();
  };
  const list = async () =>
    (await t.app.inject({ method: 'GET', url: '/api/categories' })).json<Category[]>();
  const expectRefused = (
    res: { statusCode: number; json: () => unknown },
    status: number,
    field?: string,
  ) => {
    expect(res.statusCode).toBe(status);
    const body = res.json() as { error: string; message: string; fields?: object };
    expect(body.message).toEqual(expect.any(String));
    if (field) expect(body.fields).toHaveProperty(field);
  };

  it('creates a category with its address made from its name, or the one given', async () => {
    const power = await create({ name: 'Power Tools & Co.' });
    expect(power).toEqual({
      _id: expect.any(String),
      slug: 'power-tools-co',
      name: 'Power Tools & Co.',
      parentId: null,
      products: 0,
    });
    const drills = await create({ name: 'Drills', slug: 'cordless-drills', parentId: power._id });
    expect(drills).toMatchObject({ slug: 'cordless-drills', parentId: power._id });
    // The public list has both, to anyone.
    expect((await list()).map((c) => c.slug)).toEqual(
      expect.arrayContaining(['power-tools-co', 'cordless-drills']),
    );
  });

  it('refuses a taken address, an unknown parent, and input the schema does not allow', async () => {
    await create({ name: 'Garden' });
    expectRefused(await send('POST', '/api/categories', { name: 'Garden' }), 409, 'slug');
    expectRefused(
      await send('POST', '/api/categories', { name: 'Other', slug: 'garden' }),
      409,
      'slug',
    );
    expectRefused(
      await send('POST', '/api/categories', { name: 'Orphan', parentId: UNKNOWN_ID }),
      400,
      'parentId',
    );
    expectRefused(
      await send('POST', '/api/categories', { name: 'Bad', parentId: 'not-a-uuid' }),
      400,
      'parentId',
    );
    expectRefused(await send('POST', '/api/categories', { name: '' }), 400, 'name');
    expectRefused(await send('POST', '/api/categories', { name: 'x'.repeat(41) }), 400, 'name');
    expectRefused(
      await send('POST', '/api/categories', { name: 'Shouting', slug: 'UPPER Case' }),
      400,
      'slug',
    );
    // A name with no letter or digit makes no address.
    expectRefused(await send('POST', '/api/categories', { name: '!!!' }), 400, 'slug');
    expect((await list()).filter((c) => c.slug === 'garden')).toHaveLength(1);
  });

  it('renames a category and moves it under another', async () => {
    const hand = await create({ name: 'Hand' });
    const saws = await create({ name: 'Saws' });
    const renamed = await send('PUT', `/api/categories/${saws._id}`, {
      name: 'Hand saws',
      slug: 'hand-saws',
      parentId: hand._id,
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toEqual({
      _id: saws._id,
      slug: 'hand-saws',
      name: 'Hand saws',
      parentId: hand._id,
      products: 0,
    });
    // Back to the top; renamed without a slug, it keeps its address, so links to it stay good.
    const top = await send('PUT', `/api/categories/${saws._id}`, { name: 'Japanese saws' });
    expect(top.json()).toMatchObject({ name: 'Japanese saws', slug: 'hand-saws', parentId: null });
  });

  it('answers a create sent twice (its answer lost, then retried) with 409, and keeps one', async () => {
    const body = { name: 'Retried category' };
    await create(body);
    expectRefused(await send('POST', '/api/categories', body), 409, 'slug');
    expect((await list()).filter((c) => c.slug === 'retried-category')).toHaveLength(1);
  });

  it('never lets two moves at once make a loop', async () => {
    for (let round = 0; round < 5; round++) {
      const a = await create({ name: `Loop A ${round}` });
      const b = await create({ name: `Loop B ${round}` });
      // A under B and B under A, sent together: the tree takes one change at a time.
      const [ab, ba] = await Promise.all([
        send('PUT', `/api/categories/${a._id}`, { name: a.name, parentId: b._id }),
        send('PUT', `/api/categories/${b._id}`, { name: b.name, parentId: a._id }),
      ]);
      expect([ab.statusCode, ba.statusCode].sort()).toEqual([200, 400]);
      const tree = await list();
      const parentOf = (id: string) => tree.find((c) => c._id === id)?.parentId;
      expect(parentOf(a._id) === b._id && parentOf(b._id) === a._id).toBe(false);
    }
  });

  it('refuses to move a category under itself or below itself, or deeper than three levels', async () => {
    const a = await create({ name: 'Level A' });
    const b = await create({ name: 'Level B', parentId: a._id });
    const c = await create({ name: 'Level C', parentId: b._id });
    const moveUnder = (id: string, parentId: string) =>
      send('PUT', `/api/categories/${id}`, { name: 'Moved', slug: `moved-${id}`, parentId });

    expectRefused(await moveUnder(a._id, a._id), 400, 'parentId');
    expectRefused(await moveUnder(a._id, b._id), 400, 'parentId');
    expectRefused(await moveUnder(a._id, c._id), 400, 'parentId');
    // A fourth level, made or moved there.
    expectRefused(
      await send('POST', '/api/categories', { name: 'Level D', parentId: c._id }),
      400,
      'parentId',
    );
    const other = await create({ name: 'Other root' });
    expectRefused(await moveUnder(other._id, c._id), 400, 'parentId');
    // A category with one level below it may go under a root, not under a second level.
    const d = await create({ name: 'Pair top' });
    await create({ name: 'Pair bottom', parentId: d._id });
    expect((await moveUnder(d._id, a._id)).statusCode).toBe(200);
    const e = await create({ name: 'Pair top 2' });
    await create({ name: 'Pair bottom 2', parentId: e._id });
    expectRefused(await moveUnder(e._id, b._id), 400, 'parentId');
    // Nothing moved.
    expect((await list()).find((x) => x._id === a._id)?.parentId).toBeNull();
  });

  it('deletes only an empty category', async () => {
    const parent = await create({ name: 'Delete parent' });
    const child = await create({ name: 'Delete child', parentId: parent._id });
    const underCategories = await send('DELETE', `/api/categories/${parent._id}`);
    expectRefused(underCategories, 409);
    expect(underCategories.json().message).toMatch(/categories under it/);

    const made = await send('POST', '/api/tool', { ...product, categoryId: child._id });
    expect(made.statusCode, made.body).toBe(201);
    const withProduct = await send('DELETE', `/api/categories/${child._id}`);
    expectRefused(withProduct, 409);
    expect(withProduct.json().message).toMatch(/holds 1 product/);
    expect((await list()).find((c) => c._id === child._id)?.products).toBe(1);

    // Removed (no orders), the product no longer holds it.
    expect((await send('DELETE', `/api/tool/${made.json()._id}`)).statusCode).toBe(204);
    expect((await send('DELETE', `/api/categories/${child._id}`)).statusCode).toBe(204);
    expect((await send('DELETE', `/api/categories/${parent._id}`)).statusCode).toBe(204);
    expect((await list()).map((c) => c._id)).not.toContain(parent._id);
    expectRefused(await send('DELETE', `/api/categories/${parent._id}`), 404);
  });

  it('deletes a category whose only product is archived; that product loses its category', async () => {
    const shelf = await create({ name: 'Archive shelf' });
    const made = (await send('POST', '/api/tool', { ...product, categoryId: shelf._id })).json<
      Product & { _id: string }
    >();
    // An order keeps the product, so deleting it archives it.
    await t.database.db.insert(orders).values({
      itemId: made._id,
      itemName: made.name,
      orderQuantity: 1,
      priceCents: 500,
      totalCents: 500,
      buyerName: 'Archive Buyer',
      buyerEmail: 'archive@example.com',
    });
    expect((await send('DELETE', `/api/tool/${made._id}`)).statusCode).toBe(204);
    expect((await list()).find((c) => c._id === shelf._id)?.products).toBe(0);

    expect((await send('DELETE', `/api/categories/${shelf._id}`)).statusCode).toBe(204);
    const [row] = await t.database.db
      .select({ categoryId: products.categoryId, archivedAt: products.archivedAt })
      .from(products)
      .where(eq(products.id, made._id));
    expect(row).toEqual({ categoryId: null, archivedAt: expect.any(Date) });
  });

  it('answers 404 for an unknown category and 400 for an id that is not one', async () => {
    expectRefused(await send('PUT', `/api/categories/${UNKNOWN_ID}`, { name: 'Ghost' }), 404);
    expectRefused(await send('DELETE', `/api/categories/${UNKNOWN_ID}`), 404);
    expectRefused(await send('PUT', '/api/categories/42', { name: 'Ghost' }), 400);
    expectRefused(await send('DELETE', '/api/categories/42'), 400);
  });

  it('files a product in a category, and refuses an unknown one naming the field', async () => {
    const tape = await create({ name: 'Tapes' });
    const made = await send('POST', '/api/tool', { ...product, categoryId: tape._id });
    expect(made.json().categoryId).toBe(tape._id);
    expect((await list()).find((c) => c._id === tape._id)?.products).toBe(1);

    expectRefused(
      await send('POST', '/api/tool', { ...product, categoryId: UNKNOWN_ID }),
      400,
      'categoryId',
    );
    expectRefused(
      await send('PUT', `/api/tool/${made.json()._id}`, { ...product, categoryId: UNKNOWN_ID }),
      400,
      'categoryId',
    );
    expectRefused(
      await send('POST', '/api/tool', { ...product, categoryId: 'drills' }),
      400,
      'categoryId',
    );
    // Taken out of its category with null.
    const out = await send('PUT', `/api/tool/${made.json()._id}`, { ...product, categoryId: null });
    expect(out.json().categoryId).toBeNull();
  });

  it('shows a change to the tree at once on the public list', async () => {
    const before = await list();
    const made = await create({ name: 'Fresh' });
    expect(await list()).toHaveLength(before.length + 1);
    await send('PUT', `/api/categories/${made._id}`, { name: 'Fresher' });
    expect((await list()).find((c) => c._id === made._id)?.name).toBe('Fresher');
  });
});
