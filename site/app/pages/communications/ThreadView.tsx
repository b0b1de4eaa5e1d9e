// An open thread: all its messages, oldest first, Reply (the reply drawer) and,
// while it needs a reply, "Mark done". Opening a thread with unread replies marks them read.
import { useOpenItemTitle } from '#app/router/useDocumentTitle.ts';
import { Alert, Button, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { errorText } from '#app/api/ApiError.ts';
import { openPanel } from '#app/drawers/drawerStore.ts';
import { useT } from '#app/i18n/useT.ts';
import { useMarkThreadDone, useMarkThreadRead, useThread } from '#app/messaging/queries.ts';
import { ThreadMessage } from './ThreadMessage.tsx';

/** `needsReply`: the thread list's word on it (the thread's answer does not carry the flag). */
export function ThreadView({ threadId, needsReply = false }: { threadId: number; needsReply?: boolean }) {
  const thread = useThread(threadId);
  const t = useT();
  const markRead = useMarkThreadRead();
  const markDone = useMarkThreadDone();
  const marked = useRef<string | null>(null);
  const data = thread.data;
  useOpenItemTitle(data ? data.subject || t('communications.noSubject') : null);

  useEffect(() => {
    const key = data ? `${data.threadId}:${data.messages.length}` : null;
    if (!data || data.unreadCount === 0 || marked.current === key) return;
    marked.current = key;
    markRead.mutate(data.messages[data.messages.length - 1].id);
  }, [data, markRead]);

  if (thread.isError) return <Alert color="red" title={t('communications.thread.loadFailed')}>{errorText(thread.error)}</Alert>;
  if (!data) return <Center py="xl"><Loader aria-label={t('communications.thread.loading')} /></Center>;

  // Reply to the candidate's latest message, or to the latest one when they have not written.
  const inbound = data.messages.filter((m) => m.direction === 'in');
  const replyTo = (inbound.length ? inbound : data.messages)[(inbound.length ? inbound : data.messages).length - 1];

  return (
    <Stack gap="sm" data-testid="thread-view">
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={3}>{data.subject || t('communications.noSubject')}</Title>
          <Text size="sm" c="dimmed">{data.candidate.name}{data.candidate.email ? ` · ${data.candidate.email}` : ''}</Text>
        </div>
        <Group gap="xs">
          {needsReply && (
            <Button variant="default" loading={markDone.isPending} onClick={() => markDone.mutate(data.threadId)}>{t('communications.thread.markDone')}</Button>
          )}
          {replyTo && <Button onClick={() => openPanel('reply', { messageId: replyTo.id })}>{t('communications.thread.reply')}</Button>}
        </Group>
      </Group>
      {markDone.isError && <Alert color="red" title={t('communications.thread.markDoneFailed')}>{errorText(markDone.error)}</Alert>}
      {data.messages.map((message) => <ThreadMessage key={message.id} message={message} candidateName={data.candidate.name} />)}
    </Stack>
  );
}
