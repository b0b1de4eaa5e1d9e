// "Reply as the candidate": answers an outbox mail through the real inbound
// path, so the reply shows up in the thread (dev only, no mail server).
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { outboxReplySchema } from '#domain/messages/schemas.ts';
import { errorText } from '#app/api/ApiError.ts';
import { useT } from '#app/i18n/useT.ts';
import { codeText, issueText } from '#app/i18n/serverText.ts';
import { useOutboxReply } from '#app/messaging/queries.ts';
import { toast } from '#app/toast/toast.ts';

// The shared schema's text ("Reply content is required") on a plain form shape.
const formSchema = z.object({ content: z.string() }).superRefine((value, ctx) => {
  const checked = outboxReplySchema.safeParse(value);
  if (!checked.success) for (const issue of checked.error.issues) ctx.addIssue({ code: 'custom', path: ['content'], message: issue.message });
});

export function OutboxReplyForm({ outboxId }: { outboxId: number }) {
  const reply = useOutboxReply();
  const t = useT();
  const { register, handleSubmit, reset, formState: { errors } } = useForm<{ content: string }>({
    resolver: zodResolver(formSchema),
    defaultValues: { content: '' },
  });
  const submit = handleSubmit(({ content }) => reply.mutate({ id: outboxId, content }, {
    onSuccess: (result) => {
      reset({ content: '' });
      if (result.status === 'stored') {
        toast({ title: t('communications.outbox.replyReceived'), description: t('communications.outbox.replyReceivedBody'), variant: 'success' });
      } else {
        const why = result.status === 'unmatched' ? codeText(result.code, result.params, result.reason) : t('communications.outbox.replyWas', { status: result.status });
        toast({ title: t('communications.outbox.notThreaded'), description: why, variant: 'warning' });
      }
    },
    onError: (error) => toast({ title: t('communications.outbox.error'), description: errorText(error, t('communications.outbox.replyFailed')), variant: 'destructive' }),
  }));
  return (
    <form onSubmit={(event) => void submit(event)} noValidate data-testid="outbox-reply-form">
      <Stack gap="xs">
        <Text fw={600} size="sm">{t('communications.outbox.replyTitle')}</Text>
        <Textarea label={t('communications.outbox.replyLabel')} rows={4} {...register('content')} error={issueText(errors.content?.message)} />
        <Button type="submit" loading={reply.isPending} style={{ alignSelf: 'flex-start' }}>{t('communications.outbox.sendAsCandidate')}</Button>
      </Stack>
    </form>
  );
}
