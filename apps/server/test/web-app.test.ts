import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { PAGE_PATHS } from '@toolyard/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers/build-test-app.js';

const indexHtml = '<!doctype html><html><head><title>Toolyard test</title></head></html>';
// What the app's not-found page is served as: index.html, told not to be indexed.
const notFoundHtml =
  '<!doctype html><html><head><title>Toolyard test</title>  <meta name="robots" content="noindex" />\n  </head></html>';
const assetJs = 'console.log("toolyard asset");';
// What the web build writes for a large file: the file, and its .br and .gz beside it.
const bigJs = `export const parts = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `part ${i}`))};`;
const bigJsBr = brotliCompressSync(Buffer.from(bigJs));
const bigJsGz = gzipSync(bigJs, { level: 9 });
const revalidate = 'no-cache';
const immutable = 'public, max-age=31536000, immutable';

describe('serving the built web app', () => {
  let t: TestApp;
  let webDist: string;
  beforeAll(async () => {
    webDist = await mkdtemp(path.join(tmpdir(), 'toolyard-web-'));
    await mkdir(path.join(webDist, 'assets'));
    await mkdir(path.join(webDist, 'images'));
    await writeFile(path.join(webDist, 'index.html'), indexHtml);
    await writeFile(path.join(webDist, 'assets', 'index-abc123.js'), assetJs);
    await writeFile(path.join(webDist, 'assets', 'big-def456.js'), bigJs);
    await writeFile(path.join(webDist, 'assets', 'big-def456.js.br'), bigJsBr);
    await writeFile(path.join(webDist, 'assets', 'big-def456.js.gz'), bigJsGz);
    await writeFile(
      path.join(webDist, 'images', 'x.svg'),
      '<svg xmlns="http://www.w3.org/2000/svg"/>',
    );
    await writeFile(path.join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    t = await buildTestApp({ webDistDir: webDist });
  });
  afterAll(async () => {
    await t?.close();
    await rm(webDist, { recursive: true, force: true });
  });

  it('serves index.html at /, its head filled, and asks browsers to revalidate it', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });

    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe(revalidate);
    expect(res.payload).toMatch(/^<!doctype html><html><head><title>Toolyard test<\/title>/);
    expect(res.payload).toContain('<link rel="canonical" href="http://localhost:3000/" />');
    expect(res.payload).toMatch(/<\/head><\/html>$/);
  });

  it('caches hashed assets for a year', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });

    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe(immutable);
    expect(res.payload).toBe(assetJs);
  });

  it("sends the build's brotli or gzip file to browsers that accept it", async () => {
    const url = '/assets/big-def456.js';
    const br = await t.app.inject({
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe(immutable);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    // The build's own file, byte for byte: not compressed again per request.
    expect(br.rawPayload.equals(bigJsBr)).toBe(true);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(bigJs);

    const gz = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.rawPayload.equals(bigJsGz)).toBe(true);
    expect(gunzipSync(gz.rawPayload).toString()).toBe(bigJs);

    const plain = await t.app.inject({
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.payload).toBe(bigJs);
  });

  it('caches other public files briefly', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/images/x.svg' });

    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
  });

  it.each(['/favicon.svg', '/index.html'])('serves the public file %s', async (url) => {
    const res = await t.app.inject({ method: 'GET', url, headers: { accept: '*/*' } });

    expect(res.statusCode).toBe(200);
    expect(res.headers.etag).toBeTruthy();
  });

  // Every page the router declares (PAGE_PATHS is what it declares: apps/web/src/app/page-paths.test.tsx)
  // but those whose head the server fills (test/seo-pages.test.ts).
  const filled = new Set<string>([PAGE_PATHS.home, PAGE_PATHS.product, PAGE_PATHS.category]);
  const pages = Object.values(PAGE_PATHS)
    .filter((page) => !filled.has(page))
    .map((page) => page.replace(/:[a-z]+/gi, 'x1'));
  it.each([
    ...pages,
    ...pages.map((page) => `${page.toUpperCase()}/`),
    '/dashboard/payment/0b0c2f8e-0000-4000-8000-000000000000',
    '/purchase?id=123&qty=4',
    '/dashboard/myOrders?page=2',
  ])('answers the page %s with index.html and 200', async (url) => {
    const res = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });

    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe(revalidate);
    expect(res.payload).toBe(indexHtml);
  });

  it('answers a page with index.html whatever the request accepts, and revalidates it', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/allItems', headers: { accept: '*/*' } });
    expect(res.statusCode).toBe(200);
    expect(res.payload).toBe(indexHtml);
    const etag = res.headers.etag;
    expect(etag).toBeTruthy();

    const again = await t.app.inject({
      method: 'GET',
      url: '/allItems',
      headers: { accept: 'text/html', 'if-none-match': String(etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it.each([
    '/nope',
    '/dashboard/nope',
    '/allItems/extra',
    '/dashboard/payment/',
    '/dashboard/payment/a/b',
    '/purchase/123?qty=4',
    '/wp-login.php',
    '/.env',
    '/assets/',
  ])('answers the unknown page %s with index.html and 404, for the app to say so', async (url) => {
    const res = await t.app.inject({
      method: 'GET',
      url,
      headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' },
    });

    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe(revalidate);
    expect(res.payload).toBe(notFoundHtml);
  });

  it('answers an unknown page with its whole body even to conditional and range requests', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    const etag = String(page.headers.etag);
    const lastModified = String(page.headers['last-modified']);

    for (const headers of [
      { 'if-none-match': etag },
      { 'if-modified-since': lastModified },
      { range: 'bytes=0-4' },
    ]) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/nope',
        headers: { accept: 'text/html', ...headers },
      });
      expect(res.statusCode, JSON.stringify(headers)).toBe(404);
      expect(res.payload).toBe(notFoundHtml);
      expect(res.headers.etag).toBeUndefined();
    }
    const head = await t.app.inject({
      method: 'HEAD',
      url: '/nope',
      headers: { accept: 'text/html' },
    });
    expect(head.statusCode).toBe(404);
  });

  it('answers other methods on a page with a JSON 404', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/about',
      headers: { accept: 'text/html' },
      payload: {},
    });

    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'not_found', message: 'No such endpoint: POST /about' });
  });

  it('answers an unknown /api path with JSON even when the browser asks for HTML', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/nope',
      headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' },
    });

    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({ error: 'not_found', message: 'No such endpoint: GET /api/nope' });
  });

  it('answers a missing file requested without HTML with a JSON 404', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/missing.js',
      headers: { accept: '*/*' },
    });

    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      error: 'not_found',
      message: 'No such endpoint: GET /missing.js',
    });
  });

  it('still serves the API', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/tool' });

    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });
});

describe('without a built web app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ seed: true });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers / with a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });

    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'not_found', message: 'No such endpoint: GET /' });
  });

  it('still serves the API', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/tool' });

    expect(res.statusCode).toBe(200);
    expect(res.json()).toHaveLength(14);
  });
});
