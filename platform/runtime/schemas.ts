// What GET /api/health answers (200 when all is well, 503 "degraded" with reasons).
import { z } from 'zod';

/** How a dependency answered the health check. */
export const HEALTH_ANSWERS = ['ok', 'slow', 'unavailable'] as const;
export type HealthAnswer = typeof HEALTH_ANSWERS[number];

export const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(HEALTH_ANSWERS),
  /** 'off': no job queue runs in this process. */
  queue: z.enum([...HEALTH_ANSWERS, 'off']),
  /** Why it is degraded, one sentence per dependency. */
  reasons: z.array(z.string()).optional(),
});
export type Health = z.infer<typeof healthSchema>;
