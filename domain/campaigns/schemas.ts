// Campaigns (spec §7 /api/campaigns): the compose dialog's pool send and the
// wizard's payload, with the spec's §5 validation texts, and the answers.
import { z } from 'zod';
import { campaignTypeSchema, languageSchema } from '../ai/schemas.ts';
import { channelSchema } from '../messages/schemas.ts';
import { isId } from '../schemas/ids.ts';
import { timestamp } from '../schemas/answers.ts';

/** A date and time that parses, in years PostgreSQL and people both mean (1000-9999). */
function isStorableTime(text: string): boolean {
  const year = new Date(text).getUTCFullYear();
  return year >= 1000 && year <= 9999;
}

// No type message of its own: parse() says "name must be text, not a number".
const text = (max: number, tooLong: string) => z.string().max(max, tooLong).nullish();

export const newCampaignSchema = z.object({
  name: text(200, 'Campaign name is too long'),
  campaignType: z.union([campaignTypeSchema, z.literal('')], { error: 'Campaign type is required' }).nullish(),
  talentPoolId: z.union([z.number(), z.string().trim()], { error: 'Talent pool is required' }).nullish(),
  emailSubject: text(300, 'Email subject is too long'),
  emailContent: text(50_000, 'Email content is too long'),
  messageTemplate: text(50_000, 'Message template is too long'),
  whatsappContent: text(4_000, 'WhatsApp content is too long'),
  scheduledAt: z.string({ error: 'scheduledAt must be a date and time' }).nullish(),
  language: languageSchema.nullish(),
  channels: z.array(channelSchema).max(2).nullish(),
  primaryChannel: channelSchema.nullish(),
}).superRefine((value, ctx) => {
  const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
  // The compose dialog's pool send has no type (it becomes a 'quick' campaign); the wizard always sends one.
  if (!value.campaignType && !value.channels) issue('campaignType', 'Campaign type is required');
  if (!value.name?.trim()) issue('name', 'Campaign name is required');
  if (value.talentPoolId === null || value.talentPoolId === undefined || value.talentPoolId === '') {
    issue('talentPoolId', 'Talent pool is required');
  } else if (!isId(Number(value.talentPoolId))) {
    issue('talentPoolId', 'talentPoolId must be a talent pool id');
  }
  if (!value.emailSubject?.trim()) issue('emailSubject', 'Email subject is required');
  if (!(value.emailContent ?? value.messageTemplate)?.trim()) issue('emailContent', 'Email content is required');
  if (value.scheduledAt && value.scheduledAt !== 'now' && !isStorableTime(value.scheduledAt)) {
    issue('scheduledAt', 'scheduledAt must be a date and time');
  }
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
  };
});
export type NewCampaign = z.infer<typeof newCampaignSchema>;
/** The body POST /api/campaigns reads. */
export type NewCampaignBody = z.input<typeof newCampaignSchema>;

// ---- Answers (the API's responses; the browser reads these types) ----

/** public.campaigns.campaign_type: the wizard's four, and 'quick' (a compose dialog pool send). */
export const CAMPAIGN_KINDS = [...campaignTypeSchema.options, 'quick'] as const;
/** public.campaigns.status. */
export const CAMPAIGN_STATUSES = ['draft', 'scheduled', 'sending', 'sent', 'cancelled', 'failed'] as const;
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
});
export type CampaignSummary = z.infer<typeof campaignSummarySchema>;

/** GET /api/campaigns: the 200 newest. */
export const campaignListSchema = z.object({ campaigns: z.array(campaignSummarySchema) });

/** GET /api/campaigns/{id}: the campaign with its texts and its progress. */
export const campaignDetailSchema = campaignSummarySchema.extend({
  emailContent: z.string().nullable(),
  messageTemplate: z.string().nullable(),
  whatsappContent: z.string().nullable(),
  progress: z.object({
    recipients: z.number(),
    pending: z.number(),
    sent: z.number(),
    skipped: z.number(),
    failed: z.number(),
    /** Recipients done (sent, skipped or failed), 0-100 (domain/campaigns/progress.ts). */
    percent: z.number(),
    /** Why recipients were skipped, most frequent first. */
    skipReasons: z.array(z.object({ reason: z.string(), count: z.number() })),
    /** Before dispatch: how many of the pool could receive it now. */
    eligibleNow: z.number(),
  }),
});
export type CampaignDetail = z.infer<typeof campaignDetailSchema>;

/** POST /api/campaigns: the campaign, stored scheduled (201). */
export const createdCampaignSchema = z.object({ success: z.literal(true), campaign: campaignDetailSchema });
