import { healthSchema } from '@toolyard/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.js';

/** Liveness and database reachability for load balancers and people. */
export const healthRoutes: FastifyPluginAsyncZod<{ database: Database }> = async (
  app,
  { database },
) => {
  app.get(
    '/health',
    { schema: { response: { 200: healthSchema, 503: healthSchema } } },
    async (_request, reply) => {
      const up = await database.ping();
      reply.header('Cache-Control', 'no-store');
      return reply.code(up ? 200 : 503).send({
        status: up ? 'ok' : 'degraded',
        database: up ? 'up' : 'down',
        uptimeSeconds: Math.round(process.uptime()),
      });
    },
  );
};
