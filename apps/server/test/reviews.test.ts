import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reviews } from '../src/db/schema.js';
import { seedReviews } from '../src/db/seed-data.js';
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
