import {
  idParamsSchema,
  productInputSchema,
  productListQuerySchema,
  productListSchema,
  productSchema,
  TOTAL_COUNT_HEADER,
} from '@toolyard/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../errors.js';
import type { SessionGuards } from '../auth/session.js';
import type { CatalogRepository } from './catalog.repository.js';

const noSuchProduct = () => notFound('That product does not exist or is no longer sold.');

/** Product routes: the spec's `/api/tool`, public to read, admin-only to change. */
export const catalogRoutes: FastifyPluginAsyncZod<{
  catalog: CatalogRepository;
  guards: SessionGuards;
}> = async (app, { catalog, guards }) => {
  app.get(
    '/tool',
    { schema: { querystring: productListQuerySchema, response: { 200: productListSchema } } },
    async (request, reply) => {
      const { products, total } = await catalog.listProducts(request.query);
      reply.header(TOTAL_COUNT_HEADER, total);
      return products;
    },
  );

  app.get(
    '/tool/:id',
    { schema: { params: idParamsSchema, response: { 200: productSchema } } },
    async (request) =>
      (await catalog.getProduct(request.params.id)) ?? Promise.reject(noSuchProduct()),
  );

  app.post(
    '/tool',
    {
      onRequest: guards.adminOnly,
      schema: { body: productInputSchema, response: { 201: productSchema } },
    },
    async (request, reply) => reply.code(201).send(await catalog.createProduct(request.body)),
  );

  app.put(
    '/tool/:id',
    {
      onRequest: guards.adminOnly,
      schema: {
        params: idParamsSchema,
        body: productInputSchema,
        response: { 200: productSchema },
      },
    },
    async (request) =>
      (await catalog.updateProduct(request.params.id, request.body)) ??
      Promise.reject(noSuchProduct()),
  );

  app.delete(
    '/tool/:id',
    {
      onRequest: guards.adminOnly,
      schema: { params: idParamsSchema, response: { 204: z.null() } },
    },
    async (request, reply) => {
      if (!(await catalog.removeProduct(request.params.id))) throw noSuchProduct();
      return reply.code(204).send(null);
    },
  );
};
