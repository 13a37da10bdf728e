import { idParamsSchema, orderSchema, paymentConfigSchema, testCardSchema } from '@toolyard/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors.js';
import type { SessionGuards } from '../auth/session.js';
import type { PaymentsService } from './payments.service.js';

/** Card payments for orders; test mode only until Stripe is configured (issue 5). */
export const paymentsRoutes: FastifyPluginAsyncZod<{
  guards: SessionGuards;
  payments: PaymentsService;
  testMode: boolean;
}> = async (app, { guards, payments, testMode }) => {
  app.get('/payments/config', { schema: { response: { 200: paymentConfigSchema } } }, async () => ({
    mode: testMode ? ('test' as const) : ('disabled' as const),
  }));

  app.post(
    '/order/:id/pay',
    {
      onRequest: guards.signedIn,
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: { params: idParamsSchema, body: testCardSchema, response: { 200: orderSchema } },
    },
    async (request) => {
      const actor = await guards.requireUser(request);
      if (!testMode) {
        throw new AppError(
          'service_unavailable',
          'Card payments are not available on this shop yet.',
          503,
        );
      }
      return payments.payWithTestCard(actor, request.params.id, request.body);
    },
  );

  app.post(
    '/order/:id/refund',
    {
      onRequest: guards.adminOnly,
      schema: { params: idParamsSchema, response: { 200: orderSchema } },
    },
    async (request) => payments.refund(request.params.id),
  );
};
