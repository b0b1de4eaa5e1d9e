// The dev outbox's answers (/api/outbox): mail "sent" while no mail service is
// configured (what became of a reply written as the candidate: ../messages/inbound-email-schemas.ts).
import { z } from 'zod';
import { timestamp } from '../schemas/answers.ts';

/** How mail leaves: a mail server, Microsoft Graph, or the dev outbox. */
export const MAIL_TRANSPORTS = ['smtp', 'graph', 'outbox'] as const;

export const outboxEmailSummarySchema = z.object({
  id: z.number(),
  /** The message it was sent for (null once that message is deleted). */
  messageId: z.number().nullable(),
  from: z.string(),
  to: z.string(),
  subject: z.string(),
  createdAt: timestamp,
});
export type OutboxEmailSummary = z.infer<typeof outboxEmailSummarySchema>;

/** GET /api/outbox: the 100 newest, and which transport sends mail now. */
export const outboxListSchema = z.object({ transport: z.enum(MAIL_TRANSPORTS), emails: z.array(outboxEmailSummarySchema) });

/** GET /api/outbox/{id}: the whole mail, its top-level headers and the raw RFC 822 text. */
export const outboxEmailSchema = outboxEmailSummarySchema.extend({
  internetMessageId: z.string(),
  replyTo: z.string().nullable(),
  text: z.string().nullable(),
  html: z.string().nullable(),
  headers: z.record(z.string(), z.string()),
  raw: z.string(),
});
export type OutboxEmail = z.infer<typeof outboxEmailSchema>;
