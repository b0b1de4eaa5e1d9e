// AI drafting requests (spec §7 POST /api/ai-content/generate), shared by the API and the UI.
import { z } from 'zod';

export const languageSchema = z.enum(['english', 'dutch'], { error: 'language must be english or dutch' });

export const campaignTypeSchema = z.enum(['nurture', 'announcement', 'followup', 'event'], {
  error: 'campaignType must be nurture, announcement, followup or event',
});

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

export const generateContentSchema = z.object({
  templateId: z.string({ error: 'templateId is required' }).trim().min(1, 'templateId is required').max(64, 'templateId is too long')
    .refine((id) => id !== 'manual', 'Choose a template to generate content'),
  prompt: z.string().trim().max(4000, 'prompt is too long').nullish().transform((p) => p ?? ''),
  language: languageSchema.nullish().transform((l) => l ?? 'english'),
  additionalContext: z.union([z.string().max(4000, 'additionalContext is too long'), z.record(z.string(), z.unknown())]).nullish(),
  candidateData: candidateDataSchema.nullish(),
  channel: z.enum(['email', 'whatsapp'], { error: 'channel must be email or whatsapp' }).nullish(),
});
export type GenerateContentInput = z.infer<typeof generateContentSchema>;
