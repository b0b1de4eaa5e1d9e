// Campaigns (spec §7 /api/campaigns): the compose dialog's pool send and the
// wizard's payload, with the spec's §5 validation texts, and the answers.
import { z } from 'zod';
import { campaignTypeSchema } from '../ai/schemas.ts';
import { languageSchema } from '../schemas/language.ts';
import { channelSchema } from '../messages/schemas.ts';
import { sentimentSchema } from '../ai/schemas.ts';
import { isId } from '../schemas/ids.ts';
import { msg } from '../i18n/codes.ts';
import { codeParamsSchema, timestamp } from '../schemas/answers.ts';
import { campaignStepInputSchema, campaignStepSchema, exitReasonSchema, sendWindowSchema, sequenceInputSchema } from './sequence-schemas.ts';
import { followUpSubjects } from './follow-up-subjects.ts';
import { whatsappTemplateInfoSchema, whatsappTemplateSchema } from '../whatsapp/schemas.ts';

/** A date and time that parses, in years PostgreSQL and people both mean (1000-9999). */
function isStorableTime(text: string): boolean {
  const year = new Date(text).getUTCFullYear();
  return year >= 1000 && year <= 9999;
}

// No type message of its own: parse() says "name must be text, not a number".
const text = (max: number, tooLong: string) => z.string().max(max, tooLong).nullish();

export const newCampaignSchema = z.object({
  name: text(200, msg('validation.campaign_name_too_long')),
  campaignType: z.union([campaignTypeSchema, z.literal('')], { error: msg('validation.campaign_type_required') }).nullish(),
  talentPoolId: z.union([z.number(), z.string().trim()], { error: msg('validation.talent_pool_required') }).nullish(),
  emailSubject: text(300, msg('validation.email_subject_too_long')),
  emailContent: text(50_000, msg('validation.email_content_too_long')),
  messageTemplate: text(50_000, msg('validation.message_template_too_long')),
  whatsappContent: text(4_000, msg('validation.whatsapp_content_too_long')),
  scheduledAt: z.string({ error: msg('validation.date_and_time') }).nullish(),
  language: languageSchema.nullish(),
  channels: z.array(channelSchema).max(2).nullish(),
  primaryChannel: channelSchema.nullish(),
  // Issue 12: follow-ups, send window, joining late (all optional: the spec's payload is a one-step campaign).
  ...sequenceInputSchema.shape,
  // Issue 14: the first step goes by this approved WhatsApp template to those who may get WhatsApp, by email to the rest.
  whatsappTemplate: whatsappTemplateSchema.nullish(),
}).superRefine((value, ctx) => {
  const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
  // The compose dialog's pool send has no type (it becomes a 'quick' campaign); the wizard always sends one.
  if (!value.campaignType && !value.channels) issue('campaignType', msg('validation.campaign_type_required'));
  if (!value.name?.trim()) issue('name', msg('validation.campaign_name_required'));
  if (value.talentPoolId === null || value.talentPoolId === undefined || value.talentPoolId === '') {
    issue('talentPoolId', msg('validation.talent_pool_required'));
  } else if (!isId(Number(value.talentPoolId))) {
    issue('talentPoolId', msg('validation.talent_pool_id'));
  }
  if (!value.emailSubject?.trim()) issue('emailSubject', msg('validation.email_subject_required'));
  if (!(value.emailContent ?? value.messageTemplate)?.trim()) issue('emailContent', msg('validation.email_content_required'));
  if (value.scheduledAt && value.scheduledAt !== 'now' && !isStorableTime(value.scheduledAt)) {
    issue('scheduledAt', msg('validation.date_and_time'));
  }
  // A follow-up's subject made by "Re: " (follow-up-subjects.ts) is held to the rule of a typed one, as the wizard holds it.
  followUpSubjects(value.emailSubject ?? '', (value.steps ?? []).map((step) => step.subject)).forEach(({ subject }, i) => {
    if (value.steps?.[i]?.subject?.trim()) return; // typed: the step's own schema checked it
    const checked = campaignStepInputSchema.shape.subject.safeParse(subject);
    if (!checked.success) ctx.addIssue({ code: 'custom', path: ['steps', i, 'subject'], message: checked.error.issues[0].message });
  });
}).transform((value) => {
  const content = (value.emailContent ?? value.messageTemplate)!.trim();
  return {
    name: value.name!.trim(),
    campaignType: value.campaignType || 'quick' as const,
    talentPoolId: Number(value.talentPoolId),
    emailSubject: value.emailSubject!.trim(),
    emailContent: content,
    messageTemplate: value.messageTemplate?.trim() || content,
    whatsappContent: value.whatsappContent?.trim() || null,
    scheduledAt: !value.scheduledAt || value.scheduledAt === 'now' ? new Date() : new Date(value.scheduledAt),
    language: value.language ?? null,
    channels: value.channels?.length ? [...new Set(value.channels)] : ['email' as const],
    primaryChannel: value.primaryChannel ?? 'email' as const,
    steps: value.steps ?? [],
    sendWindow: value.sendWindow ?? null,
    joinLate: value.joinLate ?? false,
    whatsappTemplate: value.whatsappTemplate ?? null,
  };
});
export type NewCampaign = z.infer<typeof newCampaignSchema>;
/** The body POST /api/campaigns reads. */
export type NewCampaignBody = z.input<typeof newCampaignSchema>;

// ---- Answers (the API's responses; the browser reads these types) ----

/** A share in percent, 0-100 with one decimal (as the dashboard's rates). */
const rate = z.number().min(0).max(100);

/** public.campaigns.campaign_type: the wizard's four, and 'quick' (a compose dialog pool send). */
export const CAMPAIGN_KINDS = [...campaignTypeSchema.options, 'quick'] as const;
/** public.campaigns.status. */
export const CAMPAIGN_STATUSES = ['draft', 'scheduled', 'sending', 'paused', 'sent', 'cancelled', 'failed'] as const;
export type CampaignStatus = typeof CAMPAIGN_STATUSES[number];

/** One campaign in the list, with its recipients counted by status. */
export const campaignSummarySchema = z.object({
  id: z.number(),
  name: z.string(),
  campaignType: z.enum(CAMPAIGN_KINDS),
  status: z.enum(CAMPAIGN_STATUSES),
  /** Null once the pool is deleted. */
  talentPoolId: z.number().nullable(),
  talentPoolName: z.string().nullable(),
  emailSubject: z.string().nullable(),
  language: languageSchema,
  channels: z.array(channelSchema),
  primaryChannel: channelSchema,
  scheduledAt: timestamp,
  startedAt: timestamp.nullable(),
  completedAt: timestamp.nullable(),
  createdAt: timestamp,
  recipients: z.number(),
  pending: z.number(),
  sent: z.number(),
  skipped: z.number(),
  failed: z.number(),
  /** Of the sent: distinct recipients with an open that is not a machine's, 0-100 (one decimal); 0 before any is sent. */
  humanOpenRate: rate,
  /** Of the sent: distinct recipients who replied, 0-100. */
  replyRate: rate,
  /** Recipients who booked a meeting after the send. */
  meetingsBooked: z.number(),
});
export type CampaignSummary = z.infer<typeof campaignSummarySchema>;

/** GET /api/campaigns: the 200 newest. */
export const campaignListSchema = z.object({ campaigns: z.array(campaignSummarySchema) });

/** What of a campaign waits for a later moment, and why (./waiting.ts). */
export const campaignWaitingSchema = z.object({
  /** Queued for a later moment for another reason: a sequence's delay or a send window. */
  waitingForWindow: z.number(),
  /** Queued because the sender's daily cap or per-minute rate was reached. */
  waitingForLimit: z.number(),
  /** Of waitingForLimit, those held by the daily cap ("312 waiting for tomorrow's window"). */
  waitingForDailyCap: z.number(),
  /** The earliest moment one of them may go out. */
  nextSendAt: timestamp.nullable(),
});
export type CampaignWaiting = z.infer<typeof campaignWaitingSchema>;

/** GET /api/campaigns/{id}: the campaign with its texts and its progress. */
export const campaignDetailSchema = campaignSummarySchema.extend({
  /** Why it paused by itself (too many bounces or complaints); null when a person paused it, or it runs. */
  pausedReason: z.string().nullable(),
  /** `pausedReason` as a code (errors.campaign_auto_paused, decision 032) and its params; null before codes. */
  pausedReasonCode: z.string().nullable().optional(),
  pausedReasonParams: codeParamsSchema.nullable().optional(),
  waiting: campaignWaitingSchema,
  emailContent: z.string().nullable(),
  /** Step 1 is the first email (emailSubject/emailContent); later ones are its follow-ups. */
  steps: z.array(campaignStepSchema),
  /** Null: each message goes out as soon as it is due. */
  sendWindow: sendWindowSchema.nullable(),
  /** Candidates added to the pool while the sequence runs join it at step 1. */
  joinLate: z.boolean(),
  messageTemplate: z.string().nullable(),
  whatsappContent: z.string().nullable(),
  /** The first step's WhatsApp template for those who allow WhatsApp (the rest get the email); null: email only. */
  whatsappTemplate: whatsappTemplateInfoSchema.omit({ parameters: true }).extend({ parameters: z.array(z.string()) }).nullable().optional(),
  progress: z.object({
    recipients: z.number(),
    pending: z.number(),
    sent: z.number(),
    skipped: z.number(),
    failed: z.number(),
    /** Recipients whose message was stopped by cancelling the campaign. */
    cancelled: z.number(),
    /** Recipients done (sent, skipped or failed), 0-100 (domain/campaigns/progress.ts). */
    percent: z.number(),
    /** Why recipients were skipped, most frequent first. */
    skipReasons: z.array(z.object({ reason: z.string(), code: z.string().nullable().optional(), count: z.number() })),
    /**
     * Scheduled for later: how many of the pool could receive it now. null otherwise: a campaign due now
     * is dispatched within seconds (then its recipients count), and counting a large pool would hold up
     * the Launch request (10 s at 100,000 members, bench/campaign-100k.ts).
     */
    eligibleNow: z.number().nullable(),
  }),
  /** Distinct recipients at each step (domain/campaigns/results.ts). */
  funnel: z.object({
    sent: z.number(),
    /** Sent minus bounced. */
    delivered: z.number(),
    /** Any open, machines (image proxies, privacy features, scanners) included. */
    opened: z.number(),
    humanOpened: z.number(),
    clicked: z.number(),
    /** An inbound message in the thread of the campaign's message. */
    replied: z.number(),
    /** The reply's sentiment is positive. */
    positive: z.number(),
    /** A meeting booked by the recipient after the send. */
    booked: z.number(),
    unsubscribed: z.number(),
  }),
});
export type CampaignDetail = z.infer<typeof campaignDetailSchema>;

/** POST /api/campaigns: the campaign, stored scheduled (201). */
export const createdCampaignSchema = z.object({ success: z.literal(true), campaign: campaignDetailSchema });

/** The step a campaign's control moves it to. */
export const CAMPAIGN_ACTIONS = ['pause', 'resume', 'cancel'] as const;
export type CampaignAction = typeof CAMPAIGN_ACTIONS[number];
/** The statuses each action starts from (the API refuses others with 409; the browser shows only these buttons). */
export const ACTION_FROM: Record<CampaignAction, readonly CampaignStatus[]> = {
  pause: ['scheduled', 'sending'],
  resume: ['paused'],
  cancel: ['scheduled', 'sending', 'paused'],
};

/** POST /api/campaigns/{id}/pause | resume | cancel: the campaign as it is now. */
export const campaignControlSchema = z.object({ success: z.literal(true), campaign: campaignDetailSchema });

/** The recipient filters of GET /api/campaigns/{id}/recipients; not_delivered = skipped, failed, cancelled or bounced. */
export const RECIPIENT_FILTERS = ['pending', 'sent', 'skipped', 'failed', 'opened', 'clicked', 'replied', 'booked', 'not_delivered', 'exited'] as const;
export type RecipientFilter = typeof RECIPIENT_FILTERS[number];

const CURSOR = msg('validation.candidate_id', { field: 'cursor' });

export const recipientQuerySchema = z.object({
  status: z.enum(RECIPIENT_FILTERS, { error: msg('validation.one_of', { field: 'status', values: RECIPIENT_FILTERS.join(', ') }) }).optional(),
  /** Part of the recipient's name or email address. */
  q: z.string().trim().max(200, msg('validation.at_most_characters', { field: 'q', limit: 200 })).optional(),
  /** The last candidate id of the previous page (for reading all pages in turn) ... */
  cursor: z.coerce.number({ error: CURSOR }).int(CURSOR).positive(CURSOR).max(Number.MAX_SAFE_INTEGER, CURSOR).optional(),
  /** ... or how many matching recipients to pass over (for a page by number). */
  offset: z.coerce.number({ error: msg('validation.must_be_number', { field: 'offset' }) }).int(msg('validation.whole_number', { field: 'offset' }))
    .min(0, msg('validation.zero_or_more', { field: 'offset' })).max(10_000_000, msg('validation.too_large', { field: 'offset' })).optional(),
  limit: z.coerce.number({ error: msg('validation.must_be_number', { field: 'limit' }) }).int(msg('validation.whole_number', { field: 'limit' }))
    .min(1, msg('validation.between', { field: 'limit', min: 1, max: 100 })).max(100, msg('validation.between', { field: 'limit', min: 1, max: 100 })).optional(),
});
export type RecipientQuery = z.infer<typeof recipientQuerySchema>;

export const RECIPIENT_STATUSES = ['pending', 'sent', 'skipped', 'failed', 'cancelled'] as const;

export const campaignRecipientSchema = z.object({
  candidate: z.object({ id: z.number(), name: z.string() }),
  status: z.enum(RECIPIENT_STATUSES),
  /** Why they did not get it: the skip reason, the delivery error, the bounce, or the cancellation. */
  skipReason: z.string().nullable(),
  /** `skipReason` as a code (errors.<code>, decision 032) and its params (a failed message's delivery error's); null for a bounce's reason. */
  skipReasonCode: z.string().nullable().optional(),
  skipReasonParams: codeParamsSchema.nullable().optional(),
  sentAt: timestamp.nullable(),
  opened: z.boolean(),
  humanOpened: z.boolean(),
  clicked: z.boolean(),
  replied: z.boolean(),
  /** The latest reply's sentiment (null before the sentiment job has read it, or without a reply). */
  sentiment: sentimentSchema.nullable(),
  /** The message bounced (it was sent, yet did not arrive). */
  bounced: z.boolean(),
  booked: z.boolean(),
  /** The latest step written for them (1 = the first email). */
  currentStep: z.number(),
  /** Why they left the sequence (no later step), and when; null while in it. */
  exitReason: exitReasonSchema.nullable(),
  exitedAt: timestamp.nullable(),
  /**
   * YYYY-MM-DD: an automatic reply paused their sequence through this day (the return date it states, or two weeks);
   * no later step is written before the next day. Null when not paused (or after they left the sequence).
   */
  outOfOfficeUntil: z.string().nullable(),
});
export type CampaignRecipient = z.infer<typeof campaignRecipientSchema>;

/** GET /api/campaigns/{id}/recipients: up to 100 per page (`limit`), by candidate id; `total` matching the filters. */
export const campaignRecipientListSchema = z.object({
  recipients: z.array(campaignRecipientSchema), nextCursor: z.number().nullable(), total: z.number(),
});
export const RECIPIENTS_PAGE_SIZE = 100;

/** POST /api/campaigns/{id}/recipients/{candidateId}/remove: the recipient, out of the sequence. */
export const removedRecipientSchema = z.object({ success: z.literal(true), recipient: campaignRecipientSchema });
