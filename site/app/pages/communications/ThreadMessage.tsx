// One message of an open thread.
import { Badge, Group, Paper, Text } from '@mantine/core';
import { formatDateTime } from '#app/lib/formatDate.ts';
import type { Message } from '#domain/messages/schemas.ts';
import { SentimentBadge } from '#app/panels/SentimentBadge.tsx';
import { ReplyFlagBadges } from '#app/panels/ReplyFlagBadges.tsx';
import { BounceNote } from '#app/panels/BounceBadge.tsx';

export function ThreadMessage({ message, candidateName }: { message: Message; candidateName: string }) {
  const inbound = message.direction === 'in';
  return (
    <Paper withBorder p="sm" ml={inbound ? 0 : 'xl'} mr={inbound ? 'xl' : 0}
      bg={inbound ? undefined : 'var(--mantine-color-gray-light)'} data-testid={`thread-message-${message.id}`} data-direction={message.direction}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text size="sm" fw={600}>{inbound ? candidateName : 'You'}</Text>
        <Group gap={6} wrap="nowrap">
          {inbound ? <><ReplyFlagBadges flags={message} /><SentimentBadge sentiment={message.sentiment} /></>
            : <Badge size="sm" variant="outline">{message.status}</Badge>}
        </Group>
      </Group>
      <Text size="xs" c="dimmed">{formatDateTime(message.createdAt)}{message.subject ? ` · ${message.subject}` : ''}</Text>
      <Text size="sm" mt={6} style={{ whiteSpace: 'pre-wrap' }}>{message.content}</Text>
      {message.bounce && <BounceNote bounce={message.bounce} />}
      {message.error && message.error !== message.bounce?.reason && <Text size="xs" c="red" mt={4}>{message.error}</Text>}
    </Paper>
  );
}
