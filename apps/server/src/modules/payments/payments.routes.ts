import {
  idempotencyHeadersSchema,
  idParamsSchema,
  orderSchema,
  paymentConfigSchema,
  paymentIntentSchema,
  refundOrderSchema,
  testCardSchema,
} from '@toolyard/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { SessionGuards } from '../auth/session.js';
import type { Idempotency } from '../idempotency/idempotency.service.js';
import { sendOutcome } from '../idempotency/send-outcome.js';
import type { PaymentsService } from './payments.service.js';

/** Card payments for orders: the built-in test mode, or Stripe when it is configured. */
export const paymentsRoutes: FastifyPluginAsyncZod<{
  guards: SessionGuards;
  payments: PaymentsService;
  idempotency: Idempotency;
}> = async (app, { guards, payments, idempotency }) => {
  /** Per buyer, not per address: enough for typos and retries, too few for card testing. */
  const perBuyer = (name: string, max: number) => ({
    rateLimit: {
      max,
      timeWindow: '1 minute',
      // After the session guard, so the buyer is known.
      hook: 'preHandler' as const,
      keyGenerator: async (request: FastifyRequest) =>
        `${name}:${(await guards.currentUser(request))?.id ?? request.ip}`,
    },
  });

  app.get('/payments/config', { schema: { response: { 200: paymentConfigSchema } } }, async () =>
    payments.config(),
  );

  app.post(
    '/order/:id/pay',
    {
      onRequest: guards.signedIn,
      config: perBuyer('pay', 20),
      schema: {
        params: idParamsSchema,
        headers: idempotencyHeadersSchema,
        body: testCardSchema,
        response: { 200: orderSchema },
      },
    },
    async (request, reply) => {
      const actor = await guards.requireUser(request);
      const orderId = request.params.id;
      const outcome = await idempotency.handle({
        userId: actor.id,
        scope: 'pay',
        key: request.headers['idempotency-key'],
        // The card itself is not kept, only a digest of the request it was part of.
        fingerprint: { orderId, card: request.body },
        rerunnable: false,
        run: async () => ({
          statusCode: 200,
          body: await payments.payWithTestCard(actor, orderId, request.body),
        }),
      });
      return sendOutcome(reply, outcome);
    },
  );

  app.post(
    '/order/:id/payment-intent',
    {
      onRequest: guards.signedIn,
      config: perBuyer('payment-intent', 20),
      schema: { params: idParamsSchema, response: { 200: paymentIntentSchema } },
    },
    async (request) =>
      payments.startStripePayment(await guards.requireUser(request), request.params.id),
  );

  app.post(
    '/order/:id/payment-intent/check',
    {
      onRequest: guards.signedIn,
      config: perBuyer('payment-check', 30),
      schema: { params: idParamsSchema, response: { 200: orderSchema } },
    },
    async (request) =>
      payments.checkStripePayment(await guards.requireUser(request), request.params.id),
  );

  app.post(
    '/order/:id/refund',
    {
      onRequest: guards.adminOnly,
      // Without a body (the spec's clients send none), everything not yet refunded.
      schema: {
        params: idParamsSchema,
        headers: idempotencyHeadersSchema,
        body: z.nullish(refundOrderSchema),
        response: { 200: orderSchema },
      },
    },
    async (request, reply) => {
      const actor = await guards.requireAdmin(request);
      const orderId = request.params.id;
      const input = request.body ?? null;
      // The refund's id is chosen before its first attempt: a retry with the same key is the
      // same refund, here and at Stripe (ADR 013, ADR 023).
      const outcome = await idempotency.handle({
        userId: actor.id,
        scope: 'refund',
        key: request.headers['idempotency-key'],
        fingerprint: { orderId, input },
        rerunnable: true,
        run: async (refundId) => ({
          statusCode: 200,
          body: await payments.refund(actor, orderId, input, refundId),
        }),
      });
      return sendOutcome(reply, outcome);
    },
  );

  // Stripe signs the exact bytes it sends, so this route reads its body raw.
  await app.register(async (webhook) => {
    webhook.removeAllContentTypeParsers();
    webhook.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => {
      done(null, body);
    });
    webhook.post(
      '/payments/stripe/webhook',
      {
        schema: {
          headers: z.object({ 'stripe-signature': z.string().optional() }),
          response: { 200: z.object({ received: z.literal(true) }) },
        },
      },
      async (request) => {
        const signature = request.headers['stripe-signature'];
        return payments.handleStripeWebhook(
          Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
          typeof signature === 'string' ? signature : undefined,
        );
      },
    );
  });
};
