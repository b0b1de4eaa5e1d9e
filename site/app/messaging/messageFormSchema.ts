// The compose form (spec §3 "Message form", §5). Subject and content are
// checked by the shared API schema, so the form shows the server's words.
// Issue 14 adds WhatsApp for one candidate (the spec's §5 rules already name
// it): no subject, and outside the 24-hour window an approved template.
import { z } from 'zod';
import { MANUAL_TEMPLATE } from '#domain/ai/schemas.ts';
import { msg } from '#domain/i18n/codes.ts';
import { languageSchema, type Language } from '#domain/schemas/language.ts';
import { composeMessageSchema } from '#domain/messages/schemas.ts';
import { COMPOSE_DEFAULT_LANGUAGE } from './constants.ts';
import { templateFormField, templateIssues } from './templateField.ts';

export const messageFormSchema = z.object({
  recipientType: z.enum(['individual', 'pool'], { error: msg('validation.recipient_type') }),
  candidateId: z.number().int().positive().nullable(),
  talentPoolId: z.number().int().positive().nullable(),
  channel: z.enum(['email', 'whatsapp'], { error: msg('validation.channel_email') }),
  subject: z.string(),
  content: z.string(),
  allowWhatsAppReplies: z.boolean(),
  selectedTemplate: z.string(),
  aiPrompt: z.string(),
  language: languageSchema,
  /** WhatsApp outside the window: the approved template picked, parameters as typed. */
  whatsappTemplate: templateFormField.nullable().optional(),
  /** What GET /api/candidates/{id}/whatsapp said applies (set by the dialog; null: not known or cannot send). */
  whatsappMode: z.enum(['text', 'template']).nullable().optional(),
  /** The meeting type for {{bookingLink}} (from "Send booking link"); null: the recruiter's first. */
  bookingMeetingTypeId: z.number().int().positive().nullable().optional(),
}).superRefine((value, ctx) => {
  if (value.channel === 'whatsapp' && value.whatsappMode === 'template') {
    for (const issue of templateIssues(value.whatsappTemplate)) ctx.addIssue({ code: 'custom', ...issue });
    return;
  }
  const checked = composeMessageSchema.safeParse({ subject: value.subject, content: value.content, channel: value.channel });
  if (checked.success) return;
  for (const issue of checked.error.issues) {
    if (issue.path[0] === 'subject' || issue.path[0] === 'content') {
      ctx.addIssue({ code: 'custom', path: [issue.path[0]], message: issue.message });
    }
  }
});

export type MessageFormValues = z.infer<typeof messageFormSchema>;

export function messageFormDefaults(preset: {
  candidateId?: number; talentPoolId?: number; subject?: string; content?: string; bookingMeetingTypeId?: number;
  /** The organisation's default language, once read (organisationDefaults.ts). */
  language?: Language | null;
} = {}): MessageFormValues {
  return {
    // A preset pool (and no candidate) means a pool send.
    recipientType: preset.talentPoolId && !preset.candidateId ? 'pool' : 'individual',
    candidateId: preset.candidateId ?? null,
    talentPoolId: preset.talentPoolId ?? null,
    channel: 'email',
    subject: preset.subject ?? '',
    content: preset.content ?? '',
    allowWhatsAppReplies: true,
    selectedTemplate: MANUAL_TEMPLATE,
    aiPrompt: '',
    language: preset.language ?? COMPOSE_DEFAULT_LANGUAGE,
    whatsappTemplate: null,
    whatsappMode: null,
    bookingMeetingTypeId: preset.bookingMeetingTypeId ?? null,
  };
}
