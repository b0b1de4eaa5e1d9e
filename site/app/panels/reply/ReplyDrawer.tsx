// The Reply drawer (spec §2, §5, §8), opened with openPanel('reply', { messageId }).
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Center, Loader, Text, Textarea } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { errorText } from '#app/api/ApiError.ts';
import { ContextDrawer } from '#app/drawers/ContextDrawer.tsx';
import { closePanel, useDrawerState } from '#app/drawers/drawerStore.ts';
import { REPLY_ROWS } from '#app/messaging/constants.ts';
import { refreshMessaging, sendCandidateMessage, useMessage } from '#app/messaging/queries.ts';
import type { Message } from '#domain/messages/schemas.ts';
import { replySubject } from '#domain/messages/reply-subject.ts';
import { toast } from '#app/toast/toast.ts';
import { OriginalMessage } from './OriginalMessage.tsx';
import { replyFormSchema, type ReplyFormValues } from './replyFormSchema.ts';

function sendReply({ original, content }: { original: Message; content: string }) {
  return sendCandidateMessage(original.candidate.id, {
    subject: replySubject(original.subject),
    content,
    channel: 'email',
    originalMessageId: original.id,
  });
}

export function ReplyDrawer() {
  const { open, messageId } = useDrawerState('reply');
  const messageQuery = useMessage(messageId, open);
  const client = useQueryClient();
  const { register, handleSubmit, reset, formState: { errors } } = useForm<ReplyFormValues>({
    resolver: zodResolver(replyFormSchema),
    defaultValues: { content: '' },
  });
  useEffect(() => {
    if (open) reset({ content: '' });
  }, [open, messageId, reset]);

  const reply = useMutation({
    mutationFn: sendReply,
    onSuccess: async () => {
      toast({ title: 'Reply Sent', description: 'Your reply has been sent successfully.', variant: 'success' });
      closePanel('reply');
      await refreshMessaging(client);
    },
    onError: (error) => {
      toast({ title: 'Error', description: errorText(error, 'Failed to send reply'), variant: 'destructive' });
    },
  });

  const original = messageQuery.data;
  const close = () => closePanel('reply');
  const submit = handleSubmit(({ content }) => {
    if (original) reply.mutate({ original, content });
  });

  return (
    <ContextDrawer
      opened={open}
      onClose={close}
      title="Reply to Message"
      footer={(
        <>
          <Button variant="default" onClick={close}>Cancel</Button>
          <Button type="submit" form="reply-form" loading={reply.isPending} disabled={!original}>Send Reply</Button>
        </>
      )}
    >
      {messageQuery.isError ? (
        <Alert color="red" title="Could not load the message">{errorText(messageQuery.error)}</Alert>
      ) : !original ? (
        <Center py="lg"><Loader aria-label="Loading message" /></Center>
      ) : (
        <>
          <OriginalMessage message={original} />
          <Text size="sm" data-testid="reply-subject"><Text span fw={500}>Subject:</Text> {replySubject(original.subject)}</Text>
        </>
      )}
      <form id="reply-form" onSubmit={(event) => void submit(event)} noValidate>
        <Textarea label="Your reply" rows={REPLY_ROWS} withAsterisk {...register('content')} error={errors.content?.message} />
      </form>
    </ContextDrawer>
  );
}
