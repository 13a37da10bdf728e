import {
  idParamsSchema,
  productInputSchema,
  productListQuerySchema,
  productListSchema,
  productSchema,
  productUpdateSchema,
  TOTAL_COUNT_HEADER,
} from '@toolyard/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ChangeFeed } from '../../db/change-feed.js';
import { notFound } from '../../errors.js';
import type { JsonCache } from '../../plugins/json-cache.js';
import type { SessionGuards } from '../auth/session.js';
import type { CatalogRepository } from './catalog.repository.js';

const noSuchProduct = () => notFound('That product does not exist or is no longer sold.');

/**
 * Product routes: the spec's `/api/tool`, public to read, admin-only to change. Reads are
 * served from `cache`; every write publishes `products`, which empties it here and on every
 * other instance.
 */
export const catalogRoutes: FastifyPluginAsyncZod<{
  catalog: CatalogRepository;
  guards: SessionGuards;
  cache: JsonCache;
  changes: ChangeFeed;
}> = async (app, { catalog, guards, cache, changes }) => {
  app.get(
    '/tool',
    {
      // The cache keeps each answer compressed; the compress plugin would only look and pass.
      compress: false,
      schema: { querystring: productListQuerySchema, response: { 200: productListSchema } },
    },
    async (request, reply) => {
      const { q, page, pageSize } = request.query;
      // Popular searches repeat; the cache keeps the 256 most recently asked answers.
      const key = `list:${page ?? ''}:${pageSize ?? ''}:${q ?? ''}`;
      await cache.send(request, reply, key, async () => {
        const { products, total } = await catalog.listProducts({ q, page, pageSize });
        return {
          json: JSON.stringify(productListSchema.parse(products)),
          headers: { [TOTAL_COUNT_HEADER]: total },
        };
      });
      return reply;
    },
  );

  app.get(
    '/tool/:id',
    { compress: false, schema: { params: idParamsSchema, response: { 200: productSchema } } },
    async (request, reply) => {
      const found = await cache.send(request, reply, `tool:${request.params.id}`, async () => {
        const product = await catalog.getProduct(request.params.id);
        return product && { json: JSON.stringify(productSchema.parse(product)) };
      });
      if (!found) throw noSuchProduct();
      return reply;
    },
  );

  app.post(
    '/tool',
    {
      onRequest: guards.adminOnly,
      schema: { body: productInputSchema, response: { 201: productSchema } },
    },
    async (request, reply) => {
      const product = await catalog.createProduct(request.body);
      changes.publish('products');
      return reply.code(201).send(product);
    },
  );

  app.put(
    '/tool/:id',
    {
      onRequest: guards.adminOnly,
      schema: {
        params: idParamsSchema,
        body: productUpdateSchema,
        response: { 200: productSchema },
      },
    },
    async (request) => {
      const product = await catalog.updateProduct(request.params.id, request.body);
      if (!product) throw noSuchProduct();
      changes.publish('products');
      return product;
    },
  );

  app.delete(
    '/tool/:id',
    {
      onRequest: guards.adminOnly,
      schema: { params: idParamsSchema, response: { 204: z.null() } },
    },
    async (request, reply) => {
      if (!(await catalog.removeProduct(request.params.id))) throw noSuchProduct();
      changes.publish('products');
      return reply.code(204).send(null);
    },
  );
};
