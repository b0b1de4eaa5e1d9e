// Messages (spec §7 POST /api/candidates/{id}/messages: compose and reply;
// threads; the dev outbox): requests with the spec's §5 validation texts, and
// answers. Required fields are checked in the refinement so that the spec's
// wording is used, not a generic "x is required".
import { z } from 'zod';
import { isId } from '../schemas/ids.ts';
import { msg } from '../i18n/codes.ts';
import { codeParamsSchema, timestamp } from '../schemas/answers.ts';
import { sentimentSchema } from '../ai/schemas.ts';
import { bounceSchema } from '../candidates/bounce-schemas.ts';
import { DELIVERY_STATUSES, whatsappTemplateSchema } from '../whatsapp/schemas.ts';

export const channelSchema = z.enum(['email', 'whatsapp'], { error: msg('validation.choice', { field: 'channel', choices: 'email or whatsapp' }) });
export type Channel = z.infer<typeof channelSchema>;

// No type message of its own: parse() says "content must be text, not a number".
const text = (max: number, tooLong: string) => z.string().max(max, tooLong).nullish();
const id = z.union([z.number(), z.string().trim()]).nullish()
  .transform((value) => (value === null || value === undefined || value === '' ? null : Number(value)));

/**
 * WhatsApp outside the 24-hour window: an approved template (issue 14). A message with one needs no content of
 * its own (the thread shows the template); it is refused on email.
 */
const whatsappTemplateField = whatsappTemplateSchema.nullish();
const templateOnEmail = (value: { whatsappTemplate?: unknown }, channel: Channel, ctx: z.RefinementCtx) => {
  if (value.whatsappTemplate && channel !== 'whatsapp') {
    ctx.addIssue({ code: 'custom', path: ['whatsappTemplate'], message: msg('validation.template_on_email') });
  }
};

/** Compose: { content, platform, channel, subject (email) }; WhatsApp may carry whatsappTemplate. */
export const composeMessageSchema = z.object({
  content: text(20_000, msg('validation.message_content_too_long')),
  subject: text(300, msg('validation.subject_too_long')),
  channel: channelSchema.nullish(),
  platform: channelSchema.nullish(),
  allowWhatsAppReplies: z.boolean({ error: msg('validation.true_or_false', { field: 'allowWhatsAppReplies' }) }).nullish(),
  whatsappTemplate: whatsappTemplateField,
  /** The meeting type of the link a {{bookingLink}} in the message makes when it is sent (else the recruiter's first). */
  bookingMeetingTypeId: id,
}).superRefine((value, ctx) => {
  const channel = value.channel ?? value.platform ?? 'email';
  if (!value.content?.trim() && !(channel === 'whatsapp' && value.whatsappTemplate)) {
    ctx.addIssue({ code: 'custom', path: ['content'], message: msg('validation.message_content_required') });
  }
  if (channel === 'email' && !value.subject?.trim()) ctx.addIssue({ code: 'custom', path: ['subject'], message: msg('validation.subject_required') });
  templateOnEmail(value, channel, ctx);
}).transform((value) => ({
  kind: 'compose' as const,
  content: value.content?.trim() ?? '',
  subject: value.subject?.trim() || null,
  channel: value.channel ?? value.platform ?? 'email',
  allowWhatsAppReplies: value.allowWhatsAppReplies ?? true,
  whatsappTemplate: value.whatsappTemplate ?? null,
  bookingMeetingTypeId: value.bookingMeetingTypeId,
}));

/**
 * Reply: { subject, content, channel, originalMessageId }. Without a channel the reply goes back on the one
 * the candidate used (WhatsApp when they wrote on WhatsApp and may be messaged there), else by email.
 */
export const replyMessageSchema = z.object({
  content: text(20_000, msg('validation.reply_content_too_long')),
  subject: text(300, msg('validation.subject_too_long')),
  channel: channelSchema.nullish(),
  originalMessageId: id,
  whatsappTemplate: whatsappTemplateField,
}).superRefine((value, ctx) => {
  if (!value.content?.trim() && !(value.channel !== 'email' && value.whatsappTemplate)) {
    ctx.addIssue({ code: 'custom', path: ['content'], message: msg('validation.reply_content_required') });
  }
  if (!isId(value.originalMessageId)) {
    ctx.addIssue({ code: 'custom', path: ['originalMessageId'], message: msg('validation.message_id', { field: 'originalMessageId' }) });
  }
  if (value.channel === 'email') templateOnEmail(value, 'email', ctx);
}).transform((value) => ({
  kind: 'reply' as const,
  content: value.content?.trim() ?? '',
  subject: value.subject?.trim() || null,
  /** Null: decided by the message replied to (createMessage). */
  channel: value.channel ?? null,
  originalMessageId: value.originalMessageId!,
  whatsappTemplate: value.whatsappTemplate ?? null,
}));

export type ComposeMessage = z.infer<typeof composeMessageSchema>;
export type ReplyMessage = z.infer<typeof replyMessageSchema>;
export type NewMessage = ComposeMessage | ReplyMessage;

/** A body with an originalMessageId is a reply; anything else is a new message. */
export function newMessageSchemaFor(body: unknown) {
  const hasOriginal = typeof body === 'object' && body !== null && (body as Record<string, unknown>).originalMessageId != null;
  return hasOriginal ? replyMessageSchema : composeMessageSchema;
}

/**
 * Either body, as the API documents and the typed client sends it. The API
 * parses with newMessageSchemaFor(body), which picks one, so that an error
 * names the field in the spec's words (a union would answer "invalid input").
 */
export const newMessageBodySchema = z.union([composeMessageSchema, replyMessageSchema]);

/** The thread list's views: threads whose candidate wrote last ("Needs reply"), or all (campaign sends without a reply grouped apart). */
export const THREAD_VIEWS = ['needs-reply', 'all'] as const;
export type ThreadView = typeof THREAD_VIEWS[number];

export const threadListQuerySchema = z.object({
  view: z.enum(THREAD_VIEWS, { error: msg('validation.choice', { field: 'view', choices: 'needs-reply or all' }) }).default('all'),
  sentiment: sentimentSchema.optional(),
  candidateId: z.coerce.number({ error: msg('validation.must_be_number', { field: 'candidateId' }) }).int()
    .positive(msg('validation.positive_number', { field: 'candidateId' })).optional(),
  unread: z.enum(['true', 'false'], { error: msg('validation.true_or_false', { field: 'unread' }) }).optional(),
  limit: z.coerce.number({ error: msg('validation.must_be_number', { field: 'limit' }) }).int()
    .min(1, msg('validation.at_least', { field: 'limit', limit: 1 })).max(200, msg('validation.at_most', { field: 'limit', limit: 200 })).default(50),
  offset: z.coerce.number({ error: msg('validation.must_be_number', { field: 'offset' }) }).int().min(0, msg('validation.zero_or_more', { field: 'offset' })).default(0),
});
export type ThreadListQuery = z.infer<typeof threadListQuerySchema>;

export const outboxReplySchema = z.object({
  content: text(20_000, msg('validation.reply_content_too_long')),
}).superRefine((value, ctx) => {
  if (!value.content?.trim()) ctx.addIssue({ code: 'custom', path: ['content'], message: msg('validation.reply_content_required') });
}).transform((value) => ({ content: value.content!.trim() }));

// ---- Answers (the API's responses; the browser reads these types) ----

/** public.messages.direction: 'out' is what we sent, 'in' what the candidate wrote. */
export const MESSAGE_DIRECTIONS = ['in', 'out'] as const;
/** public.messages.status. */
export const MESSAGE_STATUSES = ['draft', 'queued', 'sending', 'sent', 'failed', 'received'] as const;

const messageCandidateSchema = z.object({ id: z.number(), name: z.string(), email: z.string().nullable() });

/** A WhatsApp template as it was sent: its name, language and the parameters filled in. */
const sentWhatsAppTemplateSchema = z.object({ name: z.string(), language: z.string(), parameters: z.array(z.string()) });
export type SentWhatsAppTemplate = z.infer<typeof sentWhatsAppTemplateSchema>;

/** GET /api/messages/{id}: one message, with its candidate. */
export const messageSchema = z.object({
  id: z.number(),
  subject: z.string().nullable(),
  content: z.string(),
  sentiment: sentimentSchema.nullable(),
  createdAt: timestamp,
  candidate: messageCandidateSchema,
  direction: z.enum(MESSAGE_DIRECTIONS),
  channel: channelSchema,
  status: z.enum(MESSAGE_STATUSES),
  /** The thread's first message (its own id for that first message). */
  threadId: z.number(),
  originalMessageId: z.number().nullable(),
  campaignId: z.number().nullable(),
  /** Why delivery failed, for a failed message (or why it waits to be sent again), in English. */
  error: z.string().nullable(),
  /** `error` as a code (errors.<code>, decision 032) and its params (a provider's own words are one: its `detail`); null for a bounce's reason and rows written before. */
  errorCode: z.string().nullable().optional(),
  errorParams: codeParamsSchema.nullable().optional(),
  attempts: z.number(),
  sentAt: timestamp.nullable(),
  readAt: timestamp.nullable(),
  removalRequested: z.boolean(),
  /** May be a request to stop mailing: for a recruiter to read ("May want to opt out: review"); consent unchanged. */
  optOutReview: z.boolean(),
  /** An automatic reply (out of office); its sentiment is 'other'. */
  autoReply: z.boolean(),
  /** YYYY-MM-DD: when the auto-reply's sender is back, if it says. */
  autoReplyUntil: z.string().nullable(),
  /** Its latest bounce (domain/mail/bounces.ts), if it bounced. */
  bounce: bounceSchema.nullable().optional(),
  /** WhatsApp: Meta's furthest status of an outbound message (sent, delivered, read, failed: then `error` says why), and when. */
  deliveryStatus: z.object({ status: z.enum(DELIVERY_STATUSES), at: timestamp }).nullable().optional(),
  /** WhatsApp: the approved template it was sent as (outside the 24-hour window). */
  whatsappTemplate: sentWhatsAppTemplateSchema.nullable().optional(),
  /** The recruiter's own mailbox it went out from (out) or was read from (in) (decision 039); null: the shared sender or the inbound route. */
  mailbox: z.string().nullable().optional(),
  /** Written by the system, not a recruiter: consent_renewal (the consent renewal email, domain/privacy/renewal.server.ts); null: ordinary. */
  kind: z.enum(['consent_renewal']).nullable().optional(),
});
export type Message = z.infer<typeof messageSchema>;

/** POST /api/candidates/{id}/messages: the message, stored queued (201). */
export const sentMessageSchema = z.object({ success: z.literal(true), message: messageSchema });

/** GET /api/messages/{id}/thread: the thread a message belongs to, oldest first. */
export const threadSchema = z.object({
  threadId: z.number(),
  subject: z.string().nullable(),
  candidate: messageCandidateSchema,
  unreadCount: z.number(),
  messages: z.array(messageSchema),
});
export type Thread = z.infer<typeof threadSchema>;

/** One thread in the list: newest activity, the latest reply's sentiment, unread replies. */
export const threadSummarySchema = z.object({
  threadId: z.number(),
  subject: z.string().nullable(),
  messageCount: z.number(),
  unreadCount: z.number(),
  lastMessageAt: timestamp,
  sentiment: sentimentSchema.nullable(),
  candidate: z.object({ id: z.number(), name: z.string() }),
  /** The candidate wrote last and nobody has answered or marked the thread done. */
  needsReply: z.boolean(),
  /** The latest message, its content cut to 280 characters. */
  lastMessage: z.object({
    id: z.number(),
    content: z.string(),
    direction: z.enum(MESSAGE_DIRECTIONS),
    status: z.enum(MESSAGE_STATUSES),
    /** Email or WhatsApp: the list shows which way the conversation last went. */
    channel: channelSchema,
    createdAt: timestamp,
    /** WhatsApp: the approved template it was sent as (the list shows the text the candidate read). */
    whatsappTemplate: sentWhatsAppTemplateSchema.nullable().optional(),
  }),
});
export type ThreadSummary = z.infer<typeof threadSummarySchema>;

/**
 * GET /api/messages: threads, newest activity first. Without a candidate filter, a thread that is
 * only a campaign's message with no reply is left out: GET /api/messages/campaign-groups counts them.
 */
export const threadListSchema = z.object({ threads: z.array(threadSummarySchema) });

/** One campaign whose sends have no reply yet, listed once instead of one thread per recipient. */
export const campaignGroupSchema = z.object({
  campaignId: z.number(),
  name: z.string(),
  /** Threads that are only this campaign's message: nobody answered and we wrote nothing more. */
  unanswered: z.number(),
  lastSentAt: timestamp,
});
export type CampaignGroup = z.infer<typeof campaignGroupSchema>;

/** GET /api/messages/campaign-groups: newest send first. */
export const campaignGroupListSchema = z.object({ groups: z.array(campaignGroupSchema) });

/** POST /api/messages/{id}/done: the thread no longer needs a reply. */
export const threadDoneSchema = z.object({ success: z.literal(true), threadId: z.number() });

/** POST /api/messages/{id}/read: the replies up to this one are read; what is left unread in the thread. */
export const threadReadSchema = z.object({ success: z.literal(true), threadId: z.number(), unreadCount: z.number() });
export type ThreadRead = Omit<z.infer<typeof threadReadSchema>, 'success'>;
