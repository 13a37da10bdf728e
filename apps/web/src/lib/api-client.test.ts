import { productListSchema, QUERY_DEFAULTS } from '@toolyard/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiFetch, errorMessage, isUnavailable, retryDelayFor } from './api-client';

function respondWith(response: Response | Error) {
  const fetchMock = vi.fn(async () => {
    if (response instanceof Error) throw response;
    return response;
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });

const product = {
  _id: 'a1',
  name: 'Hammer',
  price: 24.99,
  description: 'A hammer',
  img: '/images/tools/claw-hammer.svg',
  AvailableQuantity: 600,
  MinOrderQuantity: 10,
  sku: 'TY-HM-2016',
  categoryId: null,
};

afterEach(() => vi.unstubAllGlobals());

describe('apiFetch', () => {
  it('returns the parsed body and sends JSON to /api', async () => {
    respondWith(json([product]));
    await expect(apiFetch('/tool', { schema: productListSchema })).resolves.toEqual([product]);

    const post = respondWith(json([product]));
    await apiFetch('/tool', { schema: productListSchema, method: 'POST', body: { name: 'x' } });
    const [url, init] = post.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/tool');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"name":"x"}');
    expect(new Headers(init.headers).get('content-type')).toBe('application/json');
  });

  it("turns the server's error shape into an ApiError with its message and fields", async () => {
    respondWith(
      json(
        {
          error: 'invalid_input',
          message: 'Some fields are not valid.',
          fields: { name: 'Name Is Required' },
        },
        400,
      ),
    );
    const error = await apiFetch('/tool', { schema: productListSchema }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'invalid_input',
      message: 'Some fields are not valid.',
      fields: { name: 'Name Is Required' },
      isClientError: true,
    });
  });

  it('says when to try again after a rate limit', async () => {
    respondWith(
      json({ error: 'rate_limited', message: 'Too many sign-in attempts.' }, 429, {
        'retry-after': '90',
      }),
    );
    await expect(apiFetch('/tool', { schema: productListSchema })).rejects.toThrow(
      'Too many sign-in attempts. Try again in 2 minutes.',
    );
  });

  it('gives a readable message when the body is not the error shape', async () => {
    respondWith(new Response('<html>Bad gateway</html>', { status: 502 }));
    const error = await apiFetch('/tool', { schema: productListSchema }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 502, code: 'http_502', isClientError: false });
    expect(errorMessage(error)).toBe(
      'The shop is briefly unavailable. Please try again in a moment.',
    );
  });

  // Issue 26: a 500 on /allItems showed the server's own message ("boom").
  it("never passes on a server fault's own words or fields, whatever its body says", async () => {
    respondWith(
      json({ error: 'internal_error', message: 'boom', fields: { name: 'at line 3' } }, 500),
    );
    const error = await apiFetch('/tool', { schema: productListSchema }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 500, code: 'internal_error', fields: {} });
    expect(errorMessage(error)).toBe('Something went wrong on our side. Please try again.');
  });

  it('marks an outage as worth retrying, after the wait the server asked for', async () => {
    respondWith(
      json({ error: 'service_unavailable', message: 'The shop is briefly unavailable.' }, 503, {
        'retry-after': '2',
      }),
    );
    const error = await apiFetch('/tool', { schema: productListSchema }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 503, isUnavailable: true, retryAfterSeconds: 2 });
    expect(retryDelayFor(0, error)).toBe(2000);
    expect(retryDelayFor(3, new ApiError(500, 'internal_error', 'x'))).toBe(8000);
    // The query client relies on the default cap being the spec's.
    expect(retryDelayFor(9, new ApiError(500, 'internal_error', 'x'))).toBe(
      QUERY_DEFAULTS.maxRetryDelayMs,
    );
    expect(isUnavailable(new ApiError(409, 'conflict', 'x'))).toBe(false);
  });

  it('reports an unreachable server as a network error', async () => {
    respondWith(new TypeError('Failed to fetch'));
    await expect(apiFetch('/tool', { schema: productListSchema })).rejects.toMatchObject({
      status: 0,
      code: 'network_error',
    });
  });

  it('refuses a response that does not match the schema', async () => {
    respondWith(json([{ ...product, price: '24.99' }]));
    await expect(apiFetch('/tool', { schema: productListSchema })).rejects.toMatchObject({
      code: 'unexpected_response',
    });
  });
});
