// AI drafting (spec §7 /api/ai-templates, POST /api/ai-content/generate): requests
// and answers, shared by the API and the UI.
import { z } from 'zod';
import { languageSchema } from '../schemas/language.ts';
import { msg } from '../i18n/codes.ts';

/** How a candidate's reply reads (the built-in lexicon or the AI provider). */
export const sentimentSchema = z.enum(['positive', 'negative', 'neutral', 'other'], {
  error: msg('validation.choice', { field: 'sentiment', choices: 'positive, negative, neutral or other' }),
});
export type Sentiment = z.infer<typeof sentimentSchema>;


/** The wizard's four campaign types (a compose dialog pool send is stored as 'quick'). */
export const campaignTypeSchema = z.enum(['nurture', 'announcement', 'followup', 'event'], {
  error: msg('validation.choice', { field: 'campaignType', choices: 'nurture, announcement, followup or event' }),
});
export type CampaignType = z.infer<typeof campaignTypeSchema>;

const optionalText = (max: number) => z.string().trim().max(max).nullish();

/** What compose sends about the chosen candidate; unknown fields are ignored. */
export const candidateDataSchema = z.object({
  id: z.coerce.number().int().positive().nullish(),
  name: optionalText(200),
  jobFunction: optionalText(200),
  skillTags: z.array(z.string().trim().max(80)).max(50).nullish(),
  location: optionalText(200),
  preferredRole: optionalText(200),
  seniorityLevel: optionalText(40),
});
export type CandidateData = z.infer<typeof candidateDataSchema>;

/** The template choice that means "I write it myself": nothing to generate. */
export const MANUAL_TEMPLATE = 'manual';

export const generateContentSchema = z.object({
  templateId: z.string({ error: msg('validation.template_id_required') }).trim().min(1, msg('validation.template_id_required'))
    .max(64, msg('validation.too_long', { field: 'templateId' }))
    .refine((id) => id !== MANUAL_TEMPLATE, msg('validation.choose_template')),
  prompt: z.string().trim().max(4000, msg('validation.too_long', { field: 'prompt' })).nullish().transform((p) => p ?? ''),
  language: languageSchema.nullish().transform((l) => l ?? 'english'),
  additionalContext: z.union([z.string().max(4000, msg('validation.too_long', { field: 'additionalContext' })), z.record(z.string(), z.unknown())]).nullish(),
  candidateData: candidateDataSchema.nullish(),
  channel: z.enum(['email', 'whatsapp'], { error: msg('validation.choice', { field: 'channel', choices: 'email or whatsapp' }) }).nullish(),
});
export type GenerateContentInput = z.infer<typeof generateContentSchema>;

// ---- Answers (the API's responses; the browser reads these types) ----

/** public.ai_templates.category. */
export const TEMPLATE_CATEGORIES = ['nurture', 'announcement', 'followup', 'event', 'general'] as const;

/** GET /api/ai-templates: one entry per template family (nurture-checkin), with the languages it is written in. */
export const aiTemplateSchema = z.object({
  templateId: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  category: z.enum(TEMPLATE_CATEGORIES),
  languages: z.array(languageSchema),
});
export type AiTemplate = z.infer<typeof aiTemplateSchema>;
export const aiTemplateListSchema = z.array(aiTemplateSchema);

/** GET /api/ai-templates/suggestions/{campaignType}: the wizard's template cards. */
export const aiSuggestionSchema = z.object({
  id: z.number(),
  templateId: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  category: z.enum(TEMPLATE_CATEGORIES),
});
export type AiSuggestion = z.infer<typeof aiSuggestionSchema>;
export const aiSuggestionListSchema = z.object({ suggestions: z.array(aiSuggestionSchema) });

/** POST /api/ai-content/generate: a draft. A failure is a 4xx/5xx `{ success: false, error, content: '', subject: '' }`. */
export const generationSchema = z.object({
  success: z.literal(true),
  content: z.string(),
  subject: z.string(),
  error: z.null(),
  metadata: z.object({
    templateId: z.string(),
    templateName: z.string(),
    language: languageSchema,
    /** 'ai': written by the provider; 'template': the built-in drafter filled the template (no AI). */
    source: z.enum(['ai', 'template']),
    model: z.string().optional(),
    /** Placeholders the recruiter still has to fill. */
    placeholders: z.array(z.string()),
    /** Set when the template has no row in the requested language. */
    languageFallback: languageSchema.optional(),
    note: z.string().optional(),
    durationMs: z.number(),
  }),
});
export type Generation = z.infer<typeof generationSchema>;
