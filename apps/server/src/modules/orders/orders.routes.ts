import {
  idempotencyHeadersSchema,
  idParamsSchema,
  orderDetailSchema,
  orderListQuerySchema,
  orderListSchema,
  orderSchema,
  placeOrderSchema,
  shipOrderSchema,
  TOTAL_COUNT_HEADER,
} from '@toolyard/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { SessionGuards } from '../auth/session.js';
import type { Idempotency } from '../idempotency/idempotency.service.js';
import { sendOutcome } from '../idempotency/send-outcome.js';
import type { OrdersService } from './orders.service.js';

/** The spec's `/api/order` paths, every one signed in; admins see and move every order. */
export const ordersRoutes: FastifyPluginAsyncZod<{
  guards: SessionGuards;
  orders: OrdersService;
  idempotency: Idempotency;
}> = async (app, { guards, orders, idempotency }) => {
  app.post(
    '/order',
    {
      onRequest: guards.signedIn,
      schema: {
        headers: idempotencyHeadersSchema,
        body: placeOrderSchema,
        response: { 201: orderSchema },
      },
    },
    async (request, reply) => {
      const actor = await guards.requireUser(request);
      const { itemId, OrderQuantity, Contact, Address } = request.body;
      const input = { itemId, OrderQuantity, Contact, Address };
      // The order's id is chosen before its first attempt; a retry with the same key is the
      // same order, so running it again is harmless (ADR 013).
      const outcome = await idempotency.handle({
        userId: actor.id,
        scope: 'order',
        key: request.headers['idempotency-key'],
        fingerprint: input,
        rerunnable: true,
        run: async (id) => ({
          statusCode: 201,
          body: await orders.placeOrder(actor, { ...input, id }),
        }),
      });
      return sendOutcome(reply, outcome);
    },
  );

  app.get(
    '/order',
    {
      onRequest: guards.signedIn,
      schema: { querystring: orderListQuerySchema, response: { 200: orderListSchema } },
    },
    async (request, reply) => {
      const actor = await guards.requireUser(request);
      const { orders: list, total } = await orders.list(actor, request.query);
      reply.header(TOTAL_COUNT_HEADER, total);
      return list;
    },
  );

  app.get(
    '/order/:id',
    {
      onRequest: guards.signedIn,
      schema: { params: idParamsSchema, response: { 200: orderDetailSchema } },
    },
    async (request) => orders.detail(await guards.requireUser(request), request.params.id),
  );

  app.delete(
    '/order/:id',
    { onRequest: guards.signedIn, schema: { params: idParamsSchema, response: { 204: z.null() } } },
    async (request, reply) => {
      await orders.cancel(await guards.requireUser(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/order/:id/cancel',
    {
      onRequest: guards.adminOnly,
      schema: { params: idParamsSchema, response: { 200: orderSchema } },
    },
    async (request) => orders.cancel(await guards.requireAdmin(request), request.params.id),
  );

  app.post(
    '/order/:id/ship',
    {
      onRequest: guards.adminOnly,
      // The spec's client sends no body (Fastify's null); carrier and tracking are optional.
      schema: {
        params: idParamsSchema,
        body: z.nullish(shipOrderSchema),
        response: { 200: orderSchema },
      },
    },
    async (request) => orders.ship(request.params.id, request.body ?? {}),
  );
};
