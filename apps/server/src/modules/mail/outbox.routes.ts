import { outboxListQuerySchema, outboxListSchema, TOTAL_COUNT_HEADER } from '@toolyard/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SessionGuards } from '../auth/session.js';
import type { OutboxRepository } from './outbox.repository.js';

/**
 * GET /api/outbox: the messages the shop sent or will send, newest first, for admins; only
 * where MAIL_OUTBOX_PAGE is on (by default where nobody else reaches the shop), since a
 * message can hold a sign-in or reset link. Elsewhere the route does not exist.
 */
export const outboxRoutes: FastifyPluginAsyncZod<{
  repo: OutboxRepository;
  guards: SessionGuards;
}> = async (app, { repo, guards }) => {
  app.get(
    '/outbox',
    {
      onRequest: guards.adminOnly,
      schema: { querystring: outboxListQuerySchema, response: { 200: outboxListSchema } },
    },
    async (request, reply) => {
      const { page, pageSize } = request.query;
      const { messages, total } = await repo.list(page, pageSize);
      reply.header(TOTAL_COUNT_HEADER, total);
      reply.header('cache-control', 'no-store');
      return messages;
    },
  );
};
