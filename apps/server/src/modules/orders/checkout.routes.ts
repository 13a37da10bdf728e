import {
  checkoutSchema,
  idempotencyHeadersSchema,
  idParamsSchema,
  orderDetailSchema,
  reorderResultSchema,
} from '@toolyard/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SessionGuards } from '../auth/session.js';
import type { Idempotency } from '../idempotency/idempotency.service.js';
import { sendOutcome } from '../idempotency/send-outcome.js';
import type { CheckoutService } from './checkout.service.js';

/** `POST /api/checkout` (the cart becomes one order) and "Order again", both signed in. */
export const checkoutRoutes: FastifyPluginAsyncZod<{
  guards: SessionGuards;
  checkout: CheckoutService;
  idempotency: Idempotency;
}> = async (app, { guards, checkout, idempotency }) => {
  app.post(
    '/checkout',
    {
      onRequest: guards.signedIn,
      schema: {
        headers: idempotencyHeadersSchema,
        body: checkoutSchema,
        response: { 201: orderDetailSchema },
      },
    },
    async (request, reply) => {
      const actor = await guards.requireUser(request);
      const { Contact, Address } = request.body;
      // As POST /api/order: the order's id is chosen before its first attempt, so a retry
      // with the same key is the same order (ADR 013).
      const outcome = await idempotency.handle({
        userId: actor.id,
        scope: 'checkout',
        key: request.headers['idempotency-key'],
        fingerprint: { Contact, Address },
        rerunnable: true,
        run: async (id) => ({
          statusCode: 201,
          body: await checkout.checkout(actor, { id, Contact, Address }),
        }),
      });
      return sendOutcome(reply, outcome);
    },
  );

  app.post(
    '/order/:id/reorder',
    {
      onRequest: guards.signedIn,
      schema: { params: idParamsSchema, response: { 200: reorderResultSchema } },
    },
    async (request) => checkout.reorder(await guards.requireUser(request), request.params.id),
  );
};
