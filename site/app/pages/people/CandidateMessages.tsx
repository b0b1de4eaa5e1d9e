// The messages exchanged with this candidate so far, newest first.
import { Badge, Group, Stack, Text } from '@mantine/core';
import { formatDateTime } from '#app/lib/formatDate.ts';
import { useT } from '#app/i18n/useT.ts';
import { channelLabel } from './consentLabels.ts';
import { DetailSection } from './DetailSection.tsx';
import type { CandidateMessage } from '#domain/candidates/schemas.ts';
import { messageStatusLabel } from './peopleLabels.ts';
import { ReplyFlagBadges } from '#app/panels/ReplyFlagBadges.tsx';
import { SentimentBadge } from '#app/panels/SentimentBadge.tsx';
import { BounceNote } from '#app/panels/BounceBadge.tsx';

export function CandidateMessages({ messages }: { messages: CandidateMessage[] }) {
  const t = useT();
  const newestFirst = [...messages].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
  return (
    <DetailSection title={t('people.messages.title')} testId="candidate-messages">
      {newestFirst.length === 0 ? <Text size="sm" c="dimmed">{t('people.messages.none')}</Text> : (
        <Stack gap="xs">
          {newestFirst.map((message) => (
            <Stack key={message.id} gap={2} data-testid="candidate-message">
              <Group gap={6} wrap="nowrap" justify="space-between">
                <Text size="sm" fw={600} truncate>{message.subject || t('people.messages.noSubject')}</Text>
                <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>{formatDateTime(message.createdAt)}</Text>
              </Group>
              <Group gap={4}>
                <Badge size="xs" variant="outline" color="gray" data-testid="message-direction">{t(`people.messages.directions.${message.direction}`)}</Badge>
                <Badge size="xs" variant="outline" color="gray">{channelLabel(message.channel)}</Badge>
                {message.status && <Badge size="xs" variant="light" color="gray">{messageStatusLabel(message.status)}</Badge>}
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
