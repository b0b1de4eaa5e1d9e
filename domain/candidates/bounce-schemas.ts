// A bounce as the API shows it, on a message (GET /api/messages/{id}, the
// candidate's messages) and on the candidate whose address bounced hard.
// Browser-safe: zod only.
import { z } from 'zod';
import { timestamp } from '../schemas/answers.ts';

export const BOUNCE_TYPES = ['hard', 'soft'] as const;

export const bounceSchema = z.object({
  /** hard: the address does not take mail (suppressed); soft: the message is tried again later. */
  type: z.enum(BOUNCE_TYPES),
  /** RFC 3463 status, e.g. "5.1.1". */
  status: z.string().nullable(),
  /** The receiving server's words (Diagnostic-Code). */
  diagnostic: z.string().nullable(),
  recipient: z.string().nullable(),
  /** For people: "Email address bounced (5.1.1 ...)". */
  reason: z.string(),
  at: timestamp,
});
export type Bounce = z.infer<typeof bounceSchema>;
