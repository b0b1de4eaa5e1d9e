// Message requests (spec §7 POST /api/candidates/{id}/messages: compose and reply),
// with the spec's §5 validation texts. Required fields are checked in the
// refinement so that the spec's wording is used, not a generic "x is required".
import { z } from 'zod';
import { isId } from '../schemas/ids.ts';

export const channelSchema = z.enum(['email', 'whatsapp'], { error: 'channel must be email or whatsapp' });
export const sentimentSchema = z.enum(['positive', 'negative', 'neutral', 'other'], {
  error: 'sentiment must be positive, negative, neutral or other',
});

// No type message of its own: parse() says "content must be text, not a number".
const text = (max: number, tooLong: string) => z.string().max(max, tooLong).nullish();
const id = z.union([z.number(), z.string().trim()]).nullish()
  .transform((value) => (value === null || value === undefined || value === '' ? null : Number(value)));

/** Compose: { content, platform, channel, subject (email) }. */
export const composeMessageSchema = z.object({
  content: text(20_000, 'Message content is too long'),
  subject: text(300, 'Subject is too long'),
  channel: channelSchema.nullish(),
  platform: channelSchema.nullish(),
  allowWhatsAppReplies: z.boolean({ error: 'allowWhatsAppReplies must be true or false' }).nullish(),
}).superRefine((value, ctx) => {
  if (!value.content?.trim()) ctx.addIssue({ code: 'custom', path: ['content'], message: 'Message content is required' });
  const channel = value.channel ?? value.platform ?? 'email';
  if (channel === 'email' && !value.subject?.trim()) ctx.addIssue({ code: 'custom', path: ['subject'], message: 'Subject is required for email messages' });
}).transform((value) => ({
  kind: 'compose' as const,
  content: value.content!.trim(),
  subject: value.subject?.trim() || null,
  channel: value.channel ?? value.platform ?? 'email',
  allowWhatsAppReplies: value.allowWhatsAppReplies ?? true,
}));

/** Reply: { subject, content, channel: 'email', originalMessageId }. */
export const replyMessageSchema = z.object({
  content: text(20_000, 'Reply content is too long'),
  subject: text(300, 'Subject is too long'),
  channel: z.literal('email', { error: 'Replies are sent by email' }).nullish(),
  originalMessageId: id,
}).superRefine((value, ctx) => {
  if (!value.content?.trim()) ctx.addIssue({ code: 'custom', path: ['content'], message: 'Reply content is required' });
  if (!isId(value.originalMessageId)) {
    ctx.addIssue({ code: 'custom', path: ['originalMessageId'], message: 'originalMessageId must be a message id' });
  }
}).transform((value) => ({
  kind: 'reply' as const,
  content: value.content!.trim(),
  subject: value.subject?.trim() || null,
  channel: 'email' as const,
  originalMessageId: value.originalMessageId!,
}));

export type ComposeMessage = z.infer<typeof composeMessageSchema>;
export type ReplyMessage = z.infer<typeof replyMessageSchema>;
export type NewMessage = ComposeMessage | ReplyMessage;

/** A body with an originalMessageId is a reply; anything else is a new message. */
export function newMessageSchemaFor(body: unknown) {
  const hasOriginal = typeof body === 'object' && body !== null && (body as Record<string, unknown>).originalMessageId != null;
  return hasOriginal ? replyMessageSchema : composeMessageSchema;
}

export const threadListQuerySchema = z.object({
  sentiment: sentimentSchema.optional(),
  candidateId: z.coerce.number({ error: 'candidateId must be a number' }).int().positive('candidateId must be a positive number').optional(),
  unread: z.enum(['true', 'false'], { error: 'unread must be true or false' }).optional(),
  limit: z.coerce.number({ error: 'limit must be a number' }).int().min(1, 'limit must be at least 1').max(200, 'limit must be at most 200').default(50),
  offset: z.coerce.number({ error: 'offset must be a number' }).int().min(0, 'offset must be 0 or more').default(0),
});
export type ThreadListQuery = z.infer<typeof threadListQuerySchema>;

export const outboxReplySchema = z.object({
  content: text(20_000, 'Reply content is too long'),
}).superRefine((value, ctx) => {
  if (!value.content?.trim()) ctx.addIssue({ code: 'custom', path: ['content'], message: 'Reply content is required' });
}).transform((value) => ({ content: value.content!.trim() }));
