import { cartLineBodySchema, cartLineParamsSchema, cartSchema } from '@toolyard/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SessionGuards } from '../auth/session.js';
import type { CartService } from './cart.service.js';

/** `/api/cart`: the signed-in buyer's own cart, and only theirs (there is no cart id to ask by). */
export const cartRoutes: FastifyPluginAsyncZod<{
  guards: SessionGuards;
  cart: CartService;
}> = async (app, { guards, cart }) => {
  app.get(
    '/cart',
    { onRequest: guards.signedIn, schema: { response: { 200: cartSchema } } },
    async (request) => cart.get((await guards.requireUser(request)).id),
  );

  app.put(
    '/cart/lines/:itemId',
    {
      onRequest: guards.signedIn,
      schema: {
        params: cartLineParamsSchema,
        body: cartLineBodySchema,
        response: { 200: cartSchema },
      },
    },
    async (request) => {
      const actor = await guards.requireUser(request);
      return cart.setLine(actor.id, request.params.itemId, request.body.quantity);
    },
  );

  app.delete(
    '/cart/lines/:itemId',
    {
      onRequest: guards.signedIn,
      schema: { params: cartLineParamsSchema, response: { 200: cartSchema } },
    },
    async (request) => {
      const actor = await guards.requireUser(request);
      return cart.removeLine(actor.id, request.params.itemId);
    },
  );
};
