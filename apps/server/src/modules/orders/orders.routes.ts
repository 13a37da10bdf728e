import {
  idParamsSchema,
  orderListQuerySchema,
  orderListSchema,
  orderSchema,
  placeOrderSchema,
  TOTAL_COUNT_HEADER,
} from '@toolyard/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { SessionGuards } from '../auth/session.js';
import type { OrdersService } from './orders.service.js';

/** The spec's `/api/order` paths, every one signed in; admins see and move every order. */
export const ordersRoutes: FastifyPluginAsyncZod<{
  guards: SessionGuards;
  orders: OrdersService;
}> = async (app, { guards, orders }) => {
  app.post(
    '/order',
    {
      onRequest: guards.signedIn,
      schema: { body: placeOrderSchema, response: { 201: orderSchema } },
    },
    async (request, reply) => {
      const actor = await guards.requireUser(request);
      const { itemId, OrderQuantity, Contact, Address } = request.body;
      return reply
        .code(201)
        .send(await orders.placeOrder(actor, { itemId, OrderQuantity, Contact, Address }));
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
      schema: { params: idParamsSchema, response: { 200: orderSchema } },
    },
    async (request) => orders.get(await guards.requireUser(request), request.params.id),
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
      schema: { params: idParamsSchema, response: { 200: orderSchema } },
    },
    async (request) => orders.ship(request.params.id),
  );
};
