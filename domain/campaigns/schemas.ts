// Campaign requests (spec §7 POST /api/campaigns): the compose dialog's pool
// send and the wizard's payload, with the spec's §5 validation texts.
import { z } from 'zod';
import { campaignTypeSchema, languageSchema } from '../ai/schemas.ts';
import { channelSchema } from '../messages/schemas.ts';
import { isId } from '../schemas/ids.ts';

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
