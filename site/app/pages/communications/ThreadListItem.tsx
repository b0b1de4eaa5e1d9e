// One thread in the list: candidate, subject, last message (and WhatsApp when it went that way; a template
// we sent as the candidate read it), sentiment, unread state, whether it needs a reply.
import { Badge, Group, Paper, Text, UnstyledButton } from '@mantine/core';
import { formatDateTime } from '#app/lib/formatDate.ts';
import type { ThreadSummary } from '#domain/messages/schemas.ts';
import { SentimentBadge } from '#app/panels/SentimentBadge.tsx';
import { ChannelLabel } from '#app/panels/whatsapp/ChannelLabel.tsx';
import { useT } from '#app/i18n/useT.ts';
import { useSentTemplateText } from '#app/messaging/whatsapp.ts';

export function ThreadListItem({ thread, selected, onOpen }: { thread: ThreadSummary; selected: boolean; onOpen: () => void }) {
  const unread = thread.unreadCount > 0;
  const t = useT();
  const last = thread.lastMessage;
  const snippet = useSentTemplateText(last.direction === 'out' ? last.whatsappTemplate : null, last.content);
  return (
    <UnstyledButton onClick={onOpen} w="100%" aria-current={selected ? 'true' : undefined}
      data-testid={`thread-row-${thread.threadId}`} data-unread={unread ? 'true' : 'false'} data-needs-reply={thread.needsReply ? 'true' : 'false'}>
      <Paper withBorder p="sm" bg={selected ? 'var(--mantine-color-blue-light)' : undefined}>
        {/* The labels go under the name when the row is narrow (a phone): cut, they say nothing. */}
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text fw={unread ? 700 : 500} size="sm" truncate maw="100%">{thread.candidate.name}</Text>
          <Group gap={6} wrap="wrap">
            {thread.lastMessage.channel === 'whatsapp' && <ChannelLabel channel="whatsapp" />}
            {thread.needsReply && <Badge size="sm" color="orange" variant="light" data-testid="needs-reply-badge">{t('communications.threads.needsReply')}</Badge>}
            {unread && <Badge size="sm" color="blue" data-testid="unread-badge">{t('communications.threads.unread', { count: thread.unreadCount })}</Badge>}
            <SentimentBadge sentiment={thread.sentiment} />
          </Group>
        </Group>
        <Text size="sm" fw={unread ? 600 : 400} truncate>{thread.subject || t('communications.noSubject')}</Text>
        <Text size="xs" c="dimmed" lineClamp={1} data-testid="thread-snippet">
          {last.direction === 'in' ? '' : t('communications.threads.youPrefix')}{snippet}
        </Text>
        <Text size="xs" c="dimmed">{formatDateTime(thread.lastMessageAt)}</Text>
      </Paper>
    </UnstyledButton>
  );
}
