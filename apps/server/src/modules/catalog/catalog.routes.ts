import { productListSchema } from '@toolyard/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { CatalogRepository } from './catalog.repository.js';

/** Product routes: the spec's `/api/tool`. */
export const catalogRoutes: FastifyPluginAsyncZod<{ catalog: CatalogRepository }> = async (
  app,
  { catalog },
) => {
  app.get('/tool', { schema: { response: { 200: productListSchema } } }, async () =>
    catalog.listProducts(),
  );
};
