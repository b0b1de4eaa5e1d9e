// The reply form: its content rule and text come from the shared API schema (spec §5).
import { z } from 'zod';
import { replyMessageSchema } from '#domain/messages/schemas.ts';

export const replyFormSchema = z.object({ content: z.string() }).superRefine((value, ctx) => {
  // originalMessageId is checked by the drawer itself; here only the content matters.
  const checked = replyMessageSchema.safeParse({ content: value.content, originalMessageId: 1 });
  if (checked.success) return;
  for (const issue of checked.error.issues) {
    if (issue.path[0] === 'content') ctx.addIssue({ code: 'custom', path: ['content'], message: issue.message });
  }
});
export type ReplyFormValues = z.infer<typeof replyFormSchema>;
