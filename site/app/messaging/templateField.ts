// The WhatsApp template a form picks (compose, reply, the wizard's first step): the API's
// shape with its parameters as typed, checked on submit by the API's own whatsappTemplateSchema.
import { z } from 'zod';
import { TEMPLATE_LANGUAGES, whatsappTemplateSchema, type WhatsAppTemplate } from '#domain/whatsapp/schemas.ts';
import { msg } from '#domain/i18n/codes.ts';

export const templateFormField = z.object({ name: z.string(), language: z.enum(TEMPLATE_LANGUAGES), parameters: z.array(z.string()) });

/** What is wrong with the picked template, at the form's paths: none picked, or what the API's schema says of it. */
export function templateIssues(template: WhatsAppTemplate | null | undefined): { path: (string | number)[]; message: string }[] {
  if (!template) return [{ path: ['whatsappTemplate', 'name'], message: msg('validation.template_required') }];
  return (whatsappTemplateSchema.safeParse(template).error?.issues ?? [])
    .map((issue) => ({ path: ['whatsappTemplate', ...issue.path.map((part) => (typeof part === 'symbol' ? String(part) : part))], message: issue.message }));
}
