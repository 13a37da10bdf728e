import {
  contactInputSchema,
  contactListQuerySchema,
  contactMessageListSchema,
  contactMessageSchema,
  TOTAL_COUNT_HEADER,
} from '@toolyard/shared';
import type {} from '@fastify/rate-limit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors.js';
import type { SessionGuards } from '../auth/session.js';
import type { ContactService } from './contact.service.js';

/** The home page's contact form (`POST /api/contact`) and the admin's messages list. */
export const contactRoutes: FastifyPluginAsyncZod<{
  contact: ContactService;
  guards: SessionGuards;
  limitPerHour: number;
}> = async (app, { contact, guards, limitPerHour }) => {
  app.post(
    '/contact',
    {
      config: {
        rateLimit: {
          max: limitPerHour,
          timeWindow: '1 hour',
          // After validation: a message refused for a typo does not use up the sender's quota.
          hook: 'preHandler',
          keyGenerator: (request) => `contact:${request.ip}`,
          errorResponseBuilder: () =>
            new AppError('rate_limited', 'Too many messages from this address.', 429),
        },
      },
      schema: { body: contactInputSchema, response: { 201: contactMessageSchema } },
    },
    async (request, reply) => {
      const sender = await guards.currentUser(request);
      return reply.code(201).send(await contact.send(sender, request.body));
    },
  );

  app.get(
    '/contact',
    {
      onRequest: guards.adminOnly,
      schema: { querystring: contactListQuerySchema, response: { 200: contactMessageListSchema } },
    },
    async (request, reply) => {
      const { page, pageSize } = request.query;
      const { messages, total } = await contact.list(page, pageSize);
      reply.header(TOTAL_COUNT_HEADER, total);
      return messages;
    },
  );
};
