// The reply form: its content rule and text come from the shared API schema (spec §5). A WhatsApp reply
// outside the 24-hour window is an approved template instead (issue 14): then the template is checked.
import { z } from 'zod';
import { replyMessageSchema } from '#domain/messages/schemas.ts';
import { templateFormField, templateIssues } from '#app/messaging/templateField.ts';

export const replyFormSchema = z.object({
  content: z.string(),
  whatsappTemplate: templateFormField.nullable(),
  /** Set by the drawer: the reply goes by WhatsApp template (outside the window). */
  templateOnly: z.boolean(),
}).superRefine((value, ctx) => {
  if (value.templateOnly) {
    for (const issue of templateIssues(value.whatsappTemplate)) ctx.addIssue({ code: 'custom', ...issue });
    return;
  }
  // originalMessageId is checked by the drawer itself; here only the content matters.
  const checked = replyMessageSchema.safeParse({ content: value.content, originalMessageId: 1 });
  if (checked.success) return;
  for (const issue of checked.error.issues) {
    if (issue.path[0] === 'content') ctx.addIssue({ code: 'custom', path: ['content'], message: issue.message });
  }
});
export type ReplyFormValues = z.infer<typeof replyFormSchema>;
export const REPLY_FORM_DEFAULTS: ReplyFormValues = { content: '', whatsappTemplate: null, templateOnly: false };
