import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORIGIN, signUp, uniqueEmail, type Account } from './helpers/accounts.js';
import { buildTestApp, type TestApp } from './helpers/build-test-app.js';
import { fileUpload, ONE_PIXEL_PNG } from './helpers/multipart.js';

describe('product image uploads', () => {
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

  const upload = (filename: string, type: string, bytes: Buffer) => {
    const { payload, headers } = fileUpload(filename, type, bytes);
    return t.app.inject({
      method: 'POST',
      url: '/api/images',
      headers: { ...headers, cookie: admin.cookie, origin: ORIGIN },
      payload,
    });
  };

  it('stores an uploaded PNG and serves it with long-lived caching, usable as a product image', async () => {
    const res = await upload('square.png', 'image/png', ONE_PIXEL_PNG);
    expect(res.statusCode).toBe(201);
    const { url } = res.json();
    expect(url).toMatch(/^\/api\/images\/[0-9a-f-]{36}$/);

    const image = await t.app.inject({ method: 'GET', url });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(image.rawPayload.equals(ONE_PIXEL_PNG)).toBe(true);

    const product = await t.app.inject({
      method: 'POST',
      url: '/api/tool',
      headers: { cookie: admin.cookie, origin: ORIGIN },
      payload: {
        name: 'Uploaded Tool',
        description: '',
        price: 3,
        img: url,
        AvailableQuantity: 5,
        MinOrderQuantity: 1,
      },
    });
    expect(product.statusCode).toBe(201);
    expect(product.json().img).toBe(url);
  });

  it('refuses an SVG or HTML file even when it claims to be an image', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    );
    for (const res of [
      await upload('evil.svg', 'image/svg+xml', svg),
      await upload('evil.png', 'image/png', svg),
    ]) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        error: 'invalid_input',
        fields: { file: expect.any(String) },
      });
    }
  });

  it('refuses files over 2 MB with 413', async () => {
    const big = Buffer.concat([ONE_PIXEL_PNG, Buffer.alloc(2 * 1024 * 1024 + 1)]);
    const res = await upload('huge.png', 'image/png', big);
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toBe('payload_too_large');
  });

  it('answers 404 for an unknown image', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/images/8e0f4a0e-9c7e-4d7e-9d5c-1f4b7b1a2c3d',
    });
    expect(res.statusCode).toBe(404);
  });
});
