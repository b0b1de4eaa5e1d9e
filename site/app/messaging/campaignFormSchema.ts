// The campaign wizard's form (spec §3 "Campaign payload", §5). Required fields
// are checked by the shared API schema, so the wizard shows the server's words.
import { z } from 'zod';
import { campaignTypeSchema, languageSchema } from '#domain/ai/schemas.ts';
import { newCampaignSchema, type NewCampaignBody } from '#domain/campaigns/schemas.ts';
import { WIZARD_DEFAULT_LANGUAGE } from './constants.ts';
import { computeScheduledAt } from './schedule.ts';

export const campaignFormSchema = z.object({
  campaignType: z.union([campaignTypeSchema, z.literal('')]),
  name: z.string(),
  /** A Select value: the pool id as text, '' when none is chosen. */
  talentPoolId: z.string(),
  scheduleOption: z.enum(['now', 'in_1_hour', 'tomorrow_morning', 'custom']),
  /** A datetime-local value; optional (empty = now). */
  customScheduledAt: z.string(),
  language: languageSchema,
  selectedTemplate: z.string(),
  emailSubject: z.string(),
  emailContent: z.string(),
}).superRefine((value, ctx) => {
  const checked = newCampaignSchema.safeParse(campaignPayload(value));
  if (checked.success) return;
  for (const issue of checked.error.issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && field in value) ctx.addIssue({ code: 'custom', path: [field], message: issue.message });
  }
});

export type CampaignFormValues = z.infer<typeof campaignFormSchema>;

export const CAMPAIGN_FORM_DEFAULTS: CampaignFormValues = {
  campaignType: '',
  name: '',
  talentPoolId: '',
  scheduleOption: 'now',
  customScheduledAt: '',
  language: WIZARD_DEFAULT_LANGUAGE,
  selectedTemplate: '',
  emailSubject: '',
  emailContent: '',
};

/** Which fields each step needs before Next (spec §4). */
export const STEP_FIELDS = [
  ['campaignType', 'name', 'talentPoolId'],
  ['emailSubject', 'emailContent'],
] as const satisfies readonly (readonly (keyof CampaignFormValues)[])[];

export function stepComplete(values: Pick<CampaignFormValues, 'campaignType' | 'name' | 'talentPoolId' | 'emailSubject' | 'emailContent'>, step: number): boolean {
  const fields = STEP_FIELDS.slice(0, step + 1).flat();
  return fields.every((field) => String(values[field] ?? '').trim() !== '');
}

/** POST /api/campaigns body (messageTemplate is the content). */
export function campaignPayload(values: CampaignFormValues, now: Date = new Date()) {
  return {
    name: values.name.trim(),
    campaignType: values.campaignType,
    talentPoolId: values.talentPoolId ? Number(values.talentPoolId) : null,
    emailSubject: values.emailSubject,
    emailContent: values.emailContent,
    messageTemplate: values.emailContent,
    scheduledAt: computeScheduledAt(values.scheduleOption, now, values.customScheduledAt).toISOString(),
    language: values.language,
  } satisfies NewCampaignBody;
}
