import {
  categoryInputSchema,
  categoryListSchema,
  categorySchema,
  idParamsSchema,
  productFacetsQuerySchema,
  productFacetsSchema,
  productInputSchema,
  productListQuerySchema,
  productListSchema,
  productSchema,
  productUpdateSchema,
  SEARCH_MATCH_HEADER,
  slugify,
  TOTAL_COUNT_HEADER,
  TOTAL_WITHOUT_HEADER,
  formatTotalsWithout,
} from '@toolyard/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ChangeFeed } from '../../db/change-feed.js';
import { AppError, notFound } from '../../errors.js';
import type { JsonCache } from '../../plugins/json-cache.js';
import type { SessionGuards } from '../auth/session.js';
import type { CatalogRepository } from './catalog.repository.js';

const noSuchProduct = () => notFound('That product does not exist or is no longer sold.');
const noSuchCategory = () => notFound('That category does not exist.');

/** A query's parameters in one fixed order, as a cache key. */
const cacheKey = (prefix: string, query: Record<string, unknown>) =>
  `${prefix}:${Object.keys(query)
    .sort()
    .filter((k) => query[k] !== undefined)
    .map((k) => `${k}=${String(query[k])}`)
    .join('&')}`;

/** A category's input with its slug made from its name when none was given. */
function withSlug(input: z.output<typeof categoryInputSchema>) {
  const slug = input.slug || slugify(input.name);
  if (!slug) {
    const message = 'Give the category an address (slug) of letters or digits.';
    throw new AppError('invalid_input', message, 400, { slug: message });
  }
  return { name: input.name, slug, parentId: input.parentId ?? null };
}

/**
 * Product routes: the spec's `/api/tool`, public to read, admin-only to change; and the
 * category tree, `/api/categories`, the same. Reads are served from `cache`; every write
 * publishes `products`, which empties it here and on every other instance.
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
      // Popular searches repeat; the cache keeps the 256 most recently asked answers.
      await cache.send(request, reply, cacheKey('list', request.query), async () => {
        const { products, total, match, without } = await catalog.listProducts(request.query);
        return {
          json: JSON.stringify(productListSchema.parse(products)),
          headers: {
            [TOTAL_COUNT_HEADER]: total,
            ...(match && { [SEARCH_MATCH_HEADER]: match }),
            ...(without && { [TOTAL_WITHOUT_HEADER]: formatTotalsWithout(without) }),
          },
        };
      });
      return reply;
    },
  );

  app.get(
    '/tool/facets',
    {
      compress: false,
      schema: { querystring: productFacetsQuerySchema, response: { 200: productFacetsSchema } },
    },
    async (request, reply) => {
      await cache.send(request, reply, cacheKey('facets', request.query), async () => ({
        json: JSON.stringify(productFacetsSchema.parse(await catalog.facets(request.query))),
      }));
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

  app.get(
    '/categories',
    { compress: false, schema: { response: { 200: categoryListSchema } } },
    async (request, reply) => {
      await cache.send(request, reply, 'categories', async () => ({
        json: JSON.stringify(categoryListSchema.parse(await catalog.listCategories())),
      }));
      return reply;
    },
  );

  app.post(
    '/categories',
    {
      onRequest: guards.adminOnly,
      schema: { body: categoryInputSchema, response: { 201: categorySchema } },
    },
    async (request, reply) => {
      const category = await catalog.createCategory(withSlug(request.body));
      changes.publish('products');
      return reply.code(201).send(category);
    },
  );

  app.put(
    '/categories/:id',
    {
      onRequest: guards.adminOnly,
      schema: {
        params: idParamsSchema,
        body: categoryInputSchema,
        response: { 200: categorySchema },
      },
    },
    async (request) => {
      const { name, slug, parentId } = request.body;
      const category = await catalog.updateCategory(request.params.id, {
        name,
        slug: slug ? slug : undefined,
        parentId,
      });
      if (!category) throw noSuchCategory();
      changes.publish('products');
      return category;
    },
  );

  app.delete(
    '/categories/:id',
    {
      onRequest: guards.adminOnly,
      schema: { params: idParamsSchema, response: { 204: z.null() } },
    },
    async (request, reply) => {
      if (!(await catalog.removeCategory(request.params.id))) throw noSuchCategory();
      changes.publish('products');
      return reply.code(204).send(null);
    },
  );
};
