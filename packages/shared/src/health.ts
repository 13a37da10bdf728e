import * as z from 'zod/mini';

/**
 * GET /api/health: 503 only when the database does not answer. Redis down (rate limits let
 * requests through, the shop still sells) is `degraded` with 200, so that a load balancer does
 * not take every instance out for one shared Redis. `redis` is `off` when REDIS_URL is unset.
 */
export const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['up', 'down']),
  redis: z.enum(['up', 'down', 'off']),
  uptimeSeconds: z.number(),
});
export type Health = z.infer<typeof healthSchema>;
