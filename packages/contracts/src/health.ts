import { z } from 'zod';

/** GET /api/health. */
export const HealthResponse = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['pglite', 'postgresql']),
});
export type HealthResponse = z.infer<typeof HealthResponse>;
