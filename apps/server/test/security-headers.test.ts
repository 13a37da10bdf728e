import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordHeaders } from '../src/plugins/security-headers.js';
import { buildTestApp, type TestApp } from './helpers/build-test-app.js';

describe('security headers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ seed: true });
  });
  afterAll(async () => t?.close());

  it.each([
    ['a cached product list', 'GET', '/api/tool', 200],
    ['a 404 from the API', 'GET', '/api/tool/00000000-0000-4000-8000-000000000000', 404],
    ['a bad request', 'GET', '/api/tool/abc', 400],
    ['a refused request', 'POST', '/api/order', 401],
    ['an unknown route', 'GET', '/api/nothing-here', 404],
  ])('are on %s', async (_name, method, url, status) => {
    const res = await t.app.inject({ method: method as 'GET' | 'POST', url, payload: {} });
    expect(res.statusCode).toBe(status);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("img-src 'self' data: https:");
    expect(csp).toContain("frame-ancestors 'self'");
    // Served over http here: no upgrade-insecure-requests, no HSTS.
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
  });

  it('are the headers helmet itself sets for the same options', () => {
    const headers = recordHeaders({ strictTransportSecurity: { maxAge: 60 } });
    expect(headers['strict-transport-security']).toBe('max-age=60; includeSubDomains');
    expect(headers['content-security-policy']).toMatch(/^default-src 'self';/);
    expect(Object.keys(headers)).toEqual(
      expect.arrayContaining([
        'x-dns-prefetch-control',
        'origin-agent-cluster',
        'x-xss-protection',
      ]),
    );
  });
});
