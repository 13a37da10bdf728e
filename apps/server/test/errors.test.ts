import Fastify from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '../src/errors.js';
import { errorsPlugin } from '../src/plugins/errors.js';
import { buildTestApp, type TestApp } from './helpers/build-test-app.js';

describe('unknown API routes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers an unknown /api path with a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope?x=1' });

    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({ error: 'not_found', message: 'No such endpoint: GET /api/nope' });
  });

  it('answers a path it cannot route with a 400 in the error shape', async () => {
    for (const url of ['/api/tool/%E0%A4%A', `/api/tool/${'x'.repeat(150)}`]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        error: 'invalid_input',
        message: 'The address of this request is not valid.',
      });
    }
  });

  it('answers an unknown method on an existing path with a JSON 404', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: '/api/tool' });

    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      error: 'not_found',
      message: 'No such endpoint: DELETE /api/tool',
    });
  });
});

describe('the error handler', () => {
  const app = Fastify().withTypeProvider<ZodTypeProvider>();
  const secret = 'password authentication failed for user "shop" at 10.0.0.7';

  beforeAll(async () => {
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await app.register(errorsPlugin);
    app.post(
      '/items',
      {
        schema: {
          body: z.object({
            name: z.string().min(1, 'Name is required').max(20, 'At most 20 characters'),
            price: z.number().positive('Price must be more than 0'),
          }),
        },
      },
      async (request) => request.body,
    );
    app.get('/out-of-stock', async () => {
      throw new AppError('out_of_stock', 'Only 4 left in stock', 409);
    });
    app.get('/bad-quantity', async () => {
      throw new AppError('invalid_input', 'Check the quantity.', 400, {
        quantity: 'Order at least 10',
      });
    });
    app.get('/crash', async () => {
      throw new Error(secret);
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
  });

  it('accepts a valid body', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/items',
      payload: { name: 'Hammer', price: 12.5 },
    });

    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ name: 'Hammer', price: 12.5 });
  });

  it('answers 400 invalid_input naming each bad field', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/items',
      payload: { name: 'A name far longer than twenty', price: -3 },
    });

    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({
      error: 'invalid_input',
      message: 'Some field values are not valid.',
      fields: { name: 'At most 20 characters', price: 'Price must be more than 0' },
    });
  });

  it('answers malformed JSON with a 400 in the same shape', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/items',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": "Hammer", "price": ',
    });

    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({
      error: 'invalid_input',
      message: expect.stringContaining('not valid JSON'),
    });
  });

  it('answers an AppError with its status, code and message', async () => {
    const res = await app.inject({ method: 'GET', url: '/out-of-stock' });

    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: 'out_of_stock', message: 'Only 4 left in stock' });
  });

  it('passes the fields of an AppError along', async () => {
    const res = await app.inject({ method: 'GET', url: '/bad-quantity' });

    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'invalid_input',
      message: 'Check the quantity.',
      fields: { quantity: 'Order at least 10' },
    });
  });

  it('answers an unexpected error with a 500 that does not leak it', async () => {
    const res = await app.inject({ method: 'GET', url: '/crash' });

    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      error: 'internal_error',
      message: 'Something went wrong on our side. Please try again.',
    });
    expect(res.payload).not.toContain('password');
    expect(res.payload).not.toContain('10.0.0.7');
  });
});
