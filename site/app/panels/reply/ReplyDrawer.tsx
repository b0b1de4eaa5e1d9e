// The Reply drawer (spec §2, §5, §8), opened with openPanel('reply', { messageId }).
// Issue 14: the reply goes back on WhatsApp when the candidate wrote there and it may be used now.
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Center, Loader, Text, Textarea } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { errorText } from '#app/api/ApiError.ts';
import { ContextDrawer } from '#app/drawers/ContextDrawer.tsx';
import { closePanel, useDrawerState } from '#app/drawers/drawerStore.ts';
import { REPLY_ROWS } from '#app/messaging/constants.ts';
import { refreshMessaging, sendCandidateMessage, useMessage } from '#app/messaging/queries.ts';
import type { Channel, Message } from '#domain/messages/schemas.ts';
import { useWhatsAppChannel } from '#app/messaging/whatsapp.ts';
import type { WhatsAppTemplate } from '#domain/whatsapp/schemas.ts';
import { replySubject } from '#domain/mail/reply-subject.ts';
import { toast } from '#app/toast/toast.ts';
import { useT } from '#app/i18n/useT.ts';
import { issueText } from '#app/i18n/serverText.ts';
import { OriginalMessage } from './OriginalMessage.tsx';
import { REPLY_FORM_DEFAULTS, replyFormSchema, type ReplyFormValues } from './replyFormSchema.ts';
import { ReplyChannel, replyChannel } from './ReplyChannel.tsx';
import { WhatsAppTemplateFields } from '../whatsapp/WhatsAppTemplateFields.tsx';

interface ReplyInput { original: Message; content: string; channel: Channel; template: WhatsAppTemplate | null }

function sendReply({ original, content, channel, template }: ReplyInput) {
  if (channel === 'whatsapp') {
    // No subject on WhatsApp; outside the window the approved template is the message.
    return sendCandidateMessage(original.candidate.id, template
      ? { channel, whatsappTemplate: template, originalMessageId: original.id }
      : { content, channel, originalMessageId: original.id });
  }
  return sendCandidateMessage(original.candidate.id, {
    // Answering a WhatsApp message (no subject) by email: the server takes the thread's subject.
    subject: original.channel === 'whatsapp' && !original.subject ? undefined : replySubject(original.subject),
    content,
    channel: 'email',
    originalMessageId: original.id,
  });
}

export function ReplyDrawer() {
  const { open, messageId } = useDrawerState('reply');
  const messageQuery = useMessage(messageId, open);
  const client = useQueryClient();
  const t = useT();
  const { control, register, handleSubmit, reset, setValue, formState: { errors } } = useForm<ReplyFormValues>({
    resolver: zodResolver(replyFormSchema),
    defaultValues: REPLY_FORM_DEFAULTS,
  });
  useEffect(() => {
    if (open) reset(REPLY_FORM_DEFAULTS);
  }, [open, messageId, reset]);
  const original = messageQuery.data;
  const whatsapp = useWhatsAppChannel(original?.candidate.id, open && original?.channel === 'whatsapp');
  const channel = replyChannel(original, whatsapp.data);
  const templateOnly = channel === 'whatsapp' && whatsapp.data?.mode === 'template';
  useEffect(() => { setValue('templateOnly', templateOnly); }, [templateOnly, setValue]);
  const template = useWatch({ control, name: 'whatsappTemplate' });

  const reply = useMutation({
    mutationFn: sendReply,
    onSuccess: async () => {
      toast({ title: t('panels.reply.sent'), description: t('panels.reply.sentBody'), variant: 'success' });
      closePanel('reply');
      await refreshMessaging(client);
    },
    onError: (error) => {
      toast({ title: t('panels.error'), description: errorText(error, t('panels.reply.failed')), variant: 'destructive' });
    },
  });

  const close = () => closePanel('reply');
  const submit = handleSubmit(({ content }) => {
    if (original && channel) reply.mutate({ original, content, channel, template: templateOnly ? template : null });
  });

  return (
    <ContextDrawer
      opened={open}
      onClose={close}
      title={t('panels.reply.title')}
      footer={(
        <>
          <Button variant="default" onClick={close}>{t('panels.cancel')}</Button>
          <Button type="submit" form="reply-form" loading={reply.isPending} disabled={!original || !channel}>{t('panels.reply.send')}</Button>
        </>
      )}
    >
      {messageQuery.isError ? (
        <Alert color="red" title={t('panels.reply.loadFailed')}>{errorText(messageQuery.error)}</Alert>
      ) : !original ? (
        <Center py="lg"><Loader aria-label={t('panels.reply.loading')} /></Center>
      ) : (
        <>
          <OriginalMessage message={original} />
          <ReplyChannel original={original} whatsapp={whatsapp} />
          {channel === 'email' && (original.channel === 'email' || original.subject) && (
            <Text size="sm" data-testid="reply-subject"><Text span fw={500}>{t('panels.subjectLabel')}</Text> {replySubject(original.subject)}</Text>
          )}
        </>
      )}
      <form id="reply-form" onSubmit={(event) => void submit(event)} noValidate>
        {templateOnly ? (
          <Controller
            control={control}
            name="whatsappTemplate"
            render={({ field }) => (
              <WhatsAppTemplateFields templates={whatsapp.data?.templates ?? []} value={field.value} onChange={field.onChange}
                errors={{
                  name: errors.whatsappTemplate?.name?.message,
                  parameters: Array.isArray(errors.whatsappTemplate?.parameters)
                    ? (errors.whatsappTemplate.parameters as ({ message?: string } | undefined)[]).map((e) => e?.message) : undefined,
                }} />
            )}
          />
        ) : (
          <Textarea label={t('panels.reply.yourReply')} rows={REPLY_ROWS} withAsterisk data-autofocus {...register('content')} error={issueText(errors.content?.message)} />
        )}
      </form>
    </ContextDrawer>
  );
}
