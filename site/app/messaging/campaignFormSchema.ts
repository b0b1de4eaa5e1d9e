// The campaign wizard's form (spec §3 "Campaign payload", §5), with issue 12's
// follow-ups, send window and "join late" (sequenceForm.ts). Fields are checked
// by the shared API schemas, so the wizard shows the server's words.
import { z } from 'zod';
import { campaignTypeSchema } from '#domain/ai/schemas.ts';
import { languageSchema } from '#domain/schemas/language.ts';
import { newCampaignSchema, type NewCampaignBody } from '#domain/campaigns/schemas.ts';
import { sequenceInputSchema } from '#domain/campaigns/sequence-schemas.ts';
import { templateFormField, templateIssues } from './templateField.ts';
import { WIZARD_DEFAULT_LANGUAGE } from './constants.ts';
import { computeScheduledAt } from './schedule.ts';
import { DEFAULT_SEND_WINDOW, sequencePayload, type SequenceBody } from './sequenceForm.ts';

const followUpFormSchema = z.object({
  delayDays: z.number(),
  businessDaysOnly: z.boolean(),
  subject: z.string(),
  content: z.string(),
  selectedTemplate: z.string(),
});

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
  followUps: z.array(followUpFormSchema),
  sendWindowOn: z.boolean(),
  sendWindow: z.object({ start: z.string(), end: z.string(), weekdaysOnly: z.boolean(), candidateTimeZone: z.boolean() }),
  joinLate: z.boolean(),
  /** Issue 14: the first step goes by this WhatsApp template to those who allow WhatsApp (the rest get the email). */
  whatsappOn: z.boolean(),
  whatsappTemplate: templateFormField.nullable(),
}).superRefine((value, ctx) => {
  for (const issue of whatsappTemplateIssues(value)) ctx.addIssue({ code: 'custom', ...issue });
  const checked = newCampaignSchema.safeParse(campaignPayload(value));
  for (const issue of checked.error?.issues ?? []) {
    const field = issue.path[0];
    if (typeof field === 'string' && field in value) ctx.addIssue({ code: 'custom', path: [field], message: issue.message });
  }
  // The API's `steps[i]` are the form's `followUps[i]`.
  const sequence = sequenceInputSchema.safeParse(sequencePayload(value));
  for (const issue of sequence.error?.issues ?? []) {
    const [field, ...rest] = issue.path;
    const path = field === 'steps' ? ['followUps', ...rest] : [field, ...rest];
    ctx.addIssue({ code: 'custom', path: path.map((part) => (typeof part === 'symbol' ? String(part) : part)), message: issue.message });
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
  followUps: [],
  sendWindowOn: false,
  sendWindow: DEFAULT_SEND_WINDOW,
  joinLate: false,
  whatsappOn: false,
  whatsappTemplate: null,
};

/** With the WhatsApp option on: a template must be picked and every parameter filled (the API's own rule). */
export function whatsappTemplateIssues(value: Pick<CampaignFormValues, 'whatsappOn' | 'whatsappTemplate'>): { path: (string | number)[]; message: string }[] {
  return value.whatsappOn ? templateIssues(value.whatsappTemplate) : [];
}

/** Which fields each step needs before Next (spec §4). */
export const STEP_FIELDS = [
  ['campaignType', 'name', 'talentPoolId'],
  ['emailSubject', 'emailContent'],
] as const satisfies readonly (readonly (keyof CampaignFormValues)[])[];

export function stepComplete(values: Pick<CampaignFormValues, 'campaignType' | 'name' | 'talentPoolId' | 'emailSubject' | 'emailContent'>, step: number): boolean {
  const fields = STEP_FIELDS.slice(0, step + 1).flat();
  return fields.every((field) => String(values[field] ?? '').trim() !== '');
}

/** POST /api/campaigns: the spec's payload plus the sequence fields the recruiter used. */
export type CampaignBody = NewCampaignBody & SequenceBody;

/** POST /api/campaigns body (messageTemplate is the content). */
export function campaignPayload(values: CampaignFormValues, now: Date = new Date()): CampaignBody {
  const spec = {
    name: values.name.trim(),
    campaignType: values.campaignType,
    talentPoolId: values.talentPoolId ? Number(values.talentPoolId) : null,
    emailSubject: values.emailSubject,
    emailContent: values.emailContent,
    messageTemplate: values.emailContent,
    scheduledAt: computeScheduledAt(values.scheduleOption, now, values.customScheduledAt).toISOString(),
    language: values.language,
  } satisfies NewCampaignBody;
  // Only when chosen: the spec's payload stays as it was otherwise.
  const whatsapp = values.whatsappOn && values.whatsappTemplate ? { whatsappTemplate: values.whatsappTemplate } : {};
  return { ...spec, ...sequencePayload(values), ...whatsapp };
}
