// The messages exchanged with this candidate so far, newest first.
import { Badge, Group, Stack, Text } from '@mantine/core';
import { formatDateTime } from '#app/lib/formatDate.ts';
import { channelLabel } from './consentLabels.ts';
import { DetailSection } from './DetailSection.tsx';
import type { CandidateMessage } from '#domain/candidates/schemas.ts';
import { capitalize } from './capitalize.ts';
import { ReplyFlagBadges } from '#app/panels/ReplyFlagBadges.tsx';
import { SentimentBadge } from '#app/panels/SentimentBadge.tsx';
import { BounceNote } from '#app/panels/BounceBadge.tsx';

/** Keyed by the API's own directions ('in' is what the candidate wrote), so a label cannot miss one. */
const DIRECTION_LABELS: Record<CandidateMessage['direction'], string> = { in: 'Received', out: 'Sent' };

export function CandidateMessages({ messages }: { messages: CandidateMessage[] }) {
  const newestFirst = [...messages].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
  return (
    <DetailSection title="Messages" testId="candidate-messages">
      {newestFirst.length === 0 ? <Text size="sm" c="dimmed">No messages yet.</Text> : (
        <Stack gap="xs">
          {newestFirst.map((message) => (
            <Stack key={message.id} gap={2} data-testid="candidate-message">
              <Group gap={6} wrap="nowrap" justify="space-between">
                <Text size="sm" fw={600} truncate>{message.subject || '(no subject)'}</Text>
                <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>{formatDateTime(message.createdAt)}</Text>
              </Group>
              <Group gap={4}>
                <Badge size="xs" variant="outline" color="gray" data-testid="message-direction">{DIRECTION_LABELS[message.direction]}</Badge>
                <Badge size="xs" variant="outline" color="gray">{channelLabel(message.channel)}</Badge>
                {message.status && <Badge size="xs" variant="light" color="gray">{capitalize(message.status)}</Badge>}
                {message.sentiment && <SentimentBadge sentiment={message.sentiment} size="xs" />}
                <ReplyFlagBadges flags={message} size="xs" />
              </Group>
              {message.bounce && <BounceNote bounce={message.bounce} />}
            </Stack>
          ))}
        </Stack>
      )}
    </DetailSection>
  );
}
