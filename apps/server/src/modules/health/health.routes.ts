import { healthSchema } from '@toolyard/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.js';
import type { RedisConnection } from '../../plugins/redis.js';

/**
 * Liveness, database and Redis reachability for load balancers and people. Only the database
 * makes it 503: without Redis the shop still sells (rate limits let requests through), and a
 * Redis shared by every instance must not take them all out of the load balancer at once.
 */
export const healthRoutes: FastifyPluginAsyncZod<{
  database: Database;
  redis: Pick<RedisConnection, 'ping'> | undefined;
}> = async (app, { database, redis }) => {
  app.get(
    '/health',
    { schema: { response: { 200: healthSchema, 503: healthSchema } } },
    async (_request, reply) => {
      const [databaseUp, redisUp] = await Promise.all([database.ping(), redis?.ping()]);
      const redisState = redisUp === undefined ? 'off' : redisUp ? 'up' : 'down';
      reply.header('Cache-Control', 'no-store');
      return reply.code(databaseUp ? 200 : 503).send({
        status: databaseUp && redisState !== 'down' ? 'ok' : 'degraded',
        database: databaseUp ? 'up' : 'down',
        redis: redisState,
        uptimeSeconds: Math.round(process.uptime()),
      });
    },
  );
};
