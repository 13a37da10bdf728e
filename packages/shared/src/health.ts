import * as z from 'zod/mini';

/** GET /api/health: 200 when the database answers, 503 when it does not. */
export const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['up', 'down']),
  uptimeSeconds: z.number(),
});
export type Health = z.infer<typeof healthSchema>;
