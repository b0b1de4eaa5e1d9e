// The answers of /api/inbound: what became of a delivered mail, and the mail
// kept aside because it matched no candidate.
import { z } from 'zod';
import { messageSchema } from './schemas.ts';
import { codeParamsSchema, timestamp } from '../schemas/answers.ts';
import { sentimentSchema } from '../ai/schemas.ts';
import { bounceSchema } from '../candidates/bounce-schemas.ts';

export const MATCHED_BY = ['in-reply-to', 'references', 'reply-address', 'subject', 'quoted-text', 'sender'] as const;
export type MatchedBy = typeof MATCHED_BY[number];

/** POST /api/inbound/email: stored as a reply (201), a repeat (200), kept aside (202), an unsubscribe mail or a bounce (200). */
export const inboundResultSchema = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('stored'),
    messageId: z.number(),
    threadId: z.number(),
    candidateId: z.number(),
    /** How the reply found its thread (or 'sender': a new thread with a known candidate). */
    matchedBy: z.enum(MATCHED_BY),
    sentiment: sentimentSchema,
    /** The candidate asked to stop: email consent was withdrawn. */
    removalRequested: z.boolean(),
    /** It may ask to stop: a recruiter should read it. */
    optOutReview: z.boolean(),
    autoReply: z.boolean(),
    /** An out-of-office's return date (YYYY-MM-DD), when it says one. */
    autoReplyUntil: z.string().nullable(),
  }),
  /** Delivered before (same Message-ID): nothing stored again. */
  z.object({ status: z.literal('duplicate'), messageId: z.number().nullable() }),
  /** Kept aside: `reason` in English, `code` and `params` say it (errors.unmatched.*, or an unreadable mail's refusal; decision 032). */
  z.object({ status: z.literal('unmatched'), unmatchedId: z.number(), reason: z.string(), code: z.string().optional(), params: codeParamsSchema.optional() }),
  /** Mail to the List-Unsubscribe address: email consent withdrawn (or already), nothing stored in the thread. */
  z.object({ status: z.literal('unsubscribed'), candidateId: z.number(), messageId: z.number(), already: z.boolean() }),
  /** A delivery-status notification about one of our messages (domain/mail/bounces.ts). */
  z.object({
    status: z.literal('bounce'),
    messageId: z.number(),
    candidateId: z.number(),
    bounce: bounceSchema,
    /**
     * suppressed: a hard bounce, the address is on the suppression list; retry_scheduled: a soft bounce, the message
     * goes out again at retryAt; gave_up: a soft bounce after the last retry, the message failed; recorded: noted only
     * (a resend is already queued); duplicate: this report was received before.
     */
    outcome: z.enum(['suppressed', 'retry_scheduled', 'gave_up', 'recorded', 'duplicate']),
    retry: z.number().nullable(),
    retryAt: timestamp.nullable(),
  }),
]);
export type InboundResult = z.infer<typeof inboundResultSchema>;

/** A mail kept aside (no candidate or thread found), its text cut to 2000 characters. */
export const unmatchedEmailSchema = z.object({
  id: z.number(),
  internetMessageId: z.string().nullable(),
  from: z.string().nullable(),
  to: z.string().nullable(),
  subject: z.string().nullable(),
  text: z.string().nullable(),
  reason: z.string(),
  /** `reason` as a code and its params (decision 032); null for mail kept before codes. */
  reasonCode: z.string().nullable().optional(),
  reasonParams: codeParamsSchema.nullable().optional(),
  receivedAt: timestamp,
});
export type UnmatchedEmail = z.infer<typeof unmatchedEmailSchema>;

/** GET /api/inbound/unmatched: the 200 newest. */
export const unmatchedEmailListSchema = z.object({ emails: z.array(unmatchedEmailSchema) });

/** GET /api/inbound/unmatched/{id}: the whole text and the raw RFC 822 message. */
export const unmatchedEmailDetailSchema = unmatchedEmailSchema.extend({ raw: z.string() });
export type UnmatchedEmailDetail = z.infer<typeof unmatchedEmailDetailSchema>;

/**
 * POST /api/outbox/{id}/reply: what the inbound path made of the reply; when
 * stored (201), with the message as the thread shows it.
 */
const [storedReply, ...notStored] = inboundResultSchema.options;
export const outboxReplyResultSchema = z.discriminatedUnion('status', [
  storedReply.extend({ message: messageSchema.nullable() }),
  ...notStored,
]);
export type OutboxReplyResult = z.infer<typeof outboxReplyResultSchema>;
