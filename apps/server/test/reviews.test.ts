import { randomUUID } from 'node:crypto';
import { REVIEW_PAGE_SIZE } from '@toolyard/shared';
import { and, count, eq, lt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reviews } from '../src/db/schema.js';
import { seedReviews } from '../src/db/seed-data.js';
import { ORIGIN, signUp, uniqueEmail, type Account } from './helpers/accounts.js';
import { buildTestApp, type TestApp } from './helpers/build-test-app.js';

describe('GET /api/review', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ seed: true });
  });
  afterAll(async () => {
    await t.close();
  });

  it('lists the seeded reviews newest first, with the spec fields', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/review' });

    expect(res.statusCode).toBe(200);
    const body = res.json<Record<string, unknown>[]>();
    expect(body).toEqual(
      [...seedReviews].reverse().map((r) => ({
        _id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        name: r.name,
        words: r.words,
        rating: r.rating,
      })),
    );
    for (const review of body) {
      expect(Object.keys(review).sort()).toEqual(['_id', 'name', 'rating', 'words']);
      expect(review.rating).toBeGreaterThanOrEqual(1);
      expect(review.rating).toBeLessThanOrEqual(5);
    }
  });

  it('shows a review added later at the top', async () => {
    await t.database.db
      .insert(reviews)
      .values({ name: 'Late Review Co', words: 'Arrived after the seed.', rating: 2 });
    // Written behind the app's back, so announced as any such write must be (ADR 008).
    t.app.changes.publish('reviews');

    const body = (await t.app.inject({ method: 'GET', url: '/api/review' })).json<
      { name: string }[]
    >();

    expect(body).toHaveLength(seedReviews.length + 1);
    expect(body[0]?.name).toBe('Late Review Co');
  });
});

/** The id of the account behind `account`'s session. */
async function userIdOf(t: TestApp, account: Account): Promise<string> {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/auth/get-session',
    headers: { cookie: account.cookie },
  });
  return res.json<{ user: { id: string } }>().user.id;
}

const review = { name: 'Limit Co', words: 'Another one.', rating: 4 };

describe('POST /api/review: at most REVIEW_LIMIT_PER_HOUR per buyer', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { REVIEW_LIMIT_PER_HOUR: '3', ADMIN_EMAILS: adminEmail } });
  });
  afterAll(async () => {
    await t.close();
  });
  const adminEmail = uniqueEmail('admin');

  const post = (account: Account, payload: object = review) =>
    t.app.inject({
      method: 'POST',
      url: '/api/review',
      headers: { cookie: account.cookie, origin: ORIGIN },
      payload,
    });
  const storedBy = async (userId: string) =>
    (await t.database.db.select({ n: count() }).from(reviews).where(eq(reviews.userId, userId)))[0]
      ?.n;

  it('refuses the N+1th review in an hour with 429 and Retry-After; another buyer still posts', async () => {
    const buyer = await signUp(t.app);
    const other = await signUp(t.app);
    for (let i = 0; i < 3; i++) expect((await post(buyer)).statusCode).toBe(201);

    const refused = await post(buyer);
    expect(refused.statusCode, refused.body).toBe(429);
    expect(refused.json()).toEqual({
      error: 'rate_limited',
      message: 'You have posted 3 reviews in the last hour. Try again later.',
    });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(3500);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(await storedBy(await userIdOf(t, buyer))).toBe(3);

    expect((await post(other)).statusCode).toBe(201);
  });

  it('counts what the database holds (any instance, before a restart) over a rolling hour', async () => {
    const buyer = await signUp(t.app);
    const userId = await userIdOf(t, buyer);
    const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000);
    // Posted earlier, as if through another instance: two just outside the hour, three inside.
    await t.database.db
      .insert(reviews)
      .values([61, 90, 59, 30, 10].map((m) => ({ ...review, userId, createdAt: at(m) })));

    const refused = await post(buyer);
    expect(refused.statusCode, refused.body).toBe(429);
    // Free again when the oldest review inside the hour (59 minutes ago) leaves it.
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(30);
    expect(retryAfter).toBeLessThanOrEqual(65);

    await t.database.db
      .delete(reviews)
      .where(and(eq(reviews.userId, userId), lt(reviews.createdAt, at(45))));
    expect((await post(buyer)).statusCode).toBe(201);
  });

  it('holds for simultaneous posts', async () => {
    const buyer = await signUp(t.app);
    const answers = await Promise.all(Array.from({ length: 8 }, () => post(buyer)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([
      201, 201, 201, 429, 429, 429, 429, 429,
    ]);
    expect(await storedBy(await userIdOf(t, buyer))).toBe(3);
  });

  it('applies to admins too', async () => {
    const admin = await signUp(t.app, { email: adminEmail });
    for (let i = 0; i < 3; i++) expect((await post(admin)).statusCode).toBe(201);
    expect((await post(admin)).statusCode).toBe(429);
  });

  it('does not count a review refused as invalid', async () => {
    const buyer = await signUp(t.app);
    for (let i = 0; i < 5; i++)
      expect((await post(buyer, { ...review, rating: 9 })).statusCode).toBe(400);
    for (let i = 0; i < 3; i++) expect((await post(buyer)).statusCode).toBe(201);
    expect((await post(buyer)).statusCode).toBe(429);
  });

  it('refuses 100 KB of words with the field message, and stores nothing', async () => {
    const buyer = await signUp(t.app);
    const res = await post(buyer, { ...review, words: 'w'.repeat(100 * 1024) });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({
      error: 'invalid_input',
      fields: { words: 'Keep it under 1000 characters' },
    });
    expect((await post(buyer, { ...review, words: 'w'.repeat(1001) })).statusCode).toBe(400);
    expect(await storedBy(await userIdOf(t, buyer))).toBe(0);

    const longest = await post(buyer, { ...review, words: 'w'.repeat(1000) });
    expect(longest.statusCode).toBe(201);
  });

  it('refuses a name over 20 characters and a NUL character with the field message', async () => {
    const buyer = await signUp(t.app);
    const long = await post(buyer, { ...review, name: 'n'.repeat(21) });
    expect(long.statusCode).toBe(400);
    expect(long.json().fields).toEqual({ name: 'Name must be at most 20 characters' });

    for (const field of ['name', 'words'] as const) {
      const res = await post(buyer, { ...review, [field]: 'a\u0000b' });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({
        error: 'invalid_input',
        fields: { [field]: expect.any(String) },
      });
    }
    expect(await storedBy(await userIdOf(t, buyer))).toBe(0);
  });
});

describe('GET /api/review pages', () => {
  let t: TestApp;
  const names = Array.from({ length: 30 }, (_, i) => `Review ${String(i + 1).padStart(2, '0')}`);
  beforeAll(async () => {
    t = await buildTestApp();
    // One at a time, so the order of posting is the order of seq.
    for (const name of names) await t.database.db.insert(reviews).values({ name, rating: 3 });
    t.app.changes.publish('reviews');
  });
  afterAll(async () => {
    await t.close();
  });

  const get = (query = '') => t.app.inject({ method: 'GET', url: `/api/review${query}` });
  const namesOf = (res: { json: <T>() => T }) => res.json<{ name: string }[]>().map((r) => r.name);
  const newestFirst = [...names].reverse();

  it('answers pages newest first, disjoint, with the total in X-Total-Count', async () => {
    const pages = [];
    for (const page of [1, 2, 3]) {
      const res = await get(`?page=${page}&pageSize=10`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-total-count']).toBe('30');
      pages.push(namesOf(res));
    }
    expect(pages).toEqual([
      newestFirst.slice(0, 10),
      newestFirst.slice(10, 20),
      newestFirst.slice(20),
    ]);
    expect(new Set(pages.flat()).size).toBe(30);

    const beyond = await get('?page=4&pageSize=10');
    expect(beyond.json()).toEqual([]);
    expect(beyond.headers['x-total-count']).toBe('30');
  });

  it('answers the plain call with the newest page, as a plain array', async () => {
    const res = await get();
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Array.isArray(body)).toBe(true);
    expect(namesOf(res)).toEqual(newestFirst.slice(0, REVIEW_PAGE_SIZE));
    expect(res.headers['x-total-count']).toBe('30');
    expect(res.headers.etag).toBeTruthy();

    expect(namesOf(await get(`?page=2`))).toEqual(
      newestFirst.slice(REVIEW_PAGE_SIZE, 2 * REVIEW_PAGE_SIZE),
    );
  });

  it('pages up to 50 at a time', async () => {
    expect(namesOf(await get('?pageSize=50'))).toEqual(newestFirst);
    for (const query of [
      '?pageSize=51',
      '?pageSize=0',
      '?page=0',
      '?page=abc',
      '?page=1.5',
      '?page=1e20',
    ]) {
      const res = await get(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toMatchObject({ error: 'invalid_input' });
    }
  });
});

describe('PUT /api/review/:id/hidden', () => {
  let t: TestApp;
  let admin: Account;
  let buyer: Account;
  const adminEmail = uniqueEmail('admin');
  beforeAll(async () => {
    t = await buildTestApp({ seed: true, env: { ADMIN_EMAILS: adminEmail } });
    admin = await signUp(t.app, { email: adminEmail });
    buyer = await signUp(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  const list = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/review' });
    return {
      ids: res.json<{ _id: string }[]>().map((r) => r._id),
      total: res.headers['x-total-count'],
    };
  };
  const setHidden = (id: string, hidden: boolean, account?: Account) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/review/${id}/hidden`,
      headers: { origin: ORIGIN, ...(account ? { cookie: account.cookie } : {}) },
      payload: { hidden },
    });
  const post = async (author = buyer) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/review',
      headers: { cookie: author.cookie, origin: ORIGIN },
      payload: { name: 'Spam Co', words: 'Buy my stuff', rating: 1 },
    });
    expect(res.statusCode).toBe(201);
    return res.json<{ _id: string }>()._id;
  };

  it('lets an admin hide a review: gone from the list, kept in the database', async () => {
    const id = await post();
    const before = await list();
    expect(before.ids[0]).toBe(id);

    const res = await setHidden(id, true, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ _id: id, hidden: true });

    const after = await list();
    expect(after.ids).not.toContain(id);
    expect(Number(after.total)).toBe(Number(before.total) - 1);
    const paged = await t.app.inject({ method: 'GET', url: '/api/review?pageSize=50' });
    expect(paged.json<{ _id: string }[]>().map((r) => r._id)).not.toContain(id);

    const [row] = await t.database.db.select().from(reviews).where(eq(reviews.id, id));
    expect(row).toMatchObject({
      name: 'Spam Co',
      hiddenAt: expect.any(Date),
      hiddenBy: await userIdOf(t, admin),
    });
  });

  it('shows a hidden review again when an admin unhides it', async () => {
    const id = await post();
    expect((await setHidden(id, true, admin)).statusCode).toBe(200);
    expect((await list()).ids).not.toContain(id);

    const res = await setHidden(id, false, admin);
    expect(res.json()).toEqual({ _id: id, hidden: false });
    expect((await list()).ids[0]).toBe(id);
    const [row] = await t.database.db.select().from(reviews).where(eq(reviews.id, id));
    expect(row).toMatchObject({ hiddenAt: null, hiddenBy: null });
  });

  it('lists hidden reviews for admins, most recently hidden first, a page at a time; Show again takes one off', async () => {
    const hiddenList = async (query = '') => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/review/hidden${query}`,
        headers: { cookie: admin.cookie },
      });
      expect(res.statusCode, res.body).toBe(200);
      return { rows: res.json<{ _id: string }[]>(), total: Number(res.headers['x-total-count']) };
    };
    const before = (await hiddenList()).total;
    // Another author, as each may post only a few reviews an hour.
    const author = await signUp(t.app);
    const first = await post(author);
    const second = await post(author);
    expect((await setHidden(first, true, admin)).statusCode).toBe(200);
    expect((await setHidden(second, true, admin)).statusCode).toBe(200);

    const { rows, total } = await hiddenList();
    expect(total).toBe(before + 2);
    expect(rows.slice(0, 2)).toEqual([
      {
        _id: second,
        name: 'Spam Co',
        words: 'Buy my stuff',
        rating: 1,
        hiddenAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        hiddenBy: admin.email,
      },
      expect.objectContaining({ _id: first, hiddenBy: admin.email }),
    ]);
    expect((await hiddenList('?page=2&pageSize=1')).rows.map((r) => r._id)).toEqual([first]);

    // Show again: back on the shop, off the hidden list.
    expect((await setHidden(first, false, admin)).statusCode).toBe(200);
    const after = await hiddenList();
    expect(after.total).toBe(before + 1);
    expect(after.rows.map((r) => r._id)).not.toContain(first);
    expect((await list()).ids).toContain(first);

    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/review/hidden?pageSize=500',
      headers: { cookie: admin.cookie },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      error: 'invalid_input',
      fields: { pageSize: expect.any(String) },
    });
  });

  it('refuses buyers (403) and anonymous callers (401), and leaves the review shown', async () => {
    const id = await post();
    const asBuyer = await setHidden(id, true, buyer);
    expect(asBuyer.statusCode).toBe(403);
    expect(asBuyer.json()).toMatchObject({ error: 'forbidden' });
    const anonymous = await setHidden(id, true);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ error: 'unauthorized' });
    expect((await list()).ids).toContain(id);
  });

  it('answers 404 for an unknown review and 400 for a body that is not {hidden: boolean}', async () => {
    const unknown = await setHidden(randomUUID(), true, admin);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ error: 'not_found' });

    const id = await post();
    for (const payload of [{}, { hidden: 'yes' }, { hidden: true, extra: 1 }]) {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/review/${id}/hidden`,
        headers: { origin: ORIGIN, cookie: admin.cookie },
        payload,
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await setHidden('not-a-uuid', true, admin)).statusCode).toBe(400);
  });
});
