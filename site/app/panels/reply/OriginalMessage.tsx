// The message being answered: subject, content, sentiment badge and date (spec §2). A WhatsApp template
// we sent shows as the candidate read it (useSentTemplateText).
import { Group, Paper, Stack, Text } from '@mantine/core';
import { formatDateTime } from '#app/lib/formatDate.ts';
import type { Message } from '#domain/messages/schemas.ts';
import { useT } from '#app/i18n/useT.ts';
import { useSentTemplateText } from '#app/messaging/whatsapp.ts';
import { SentimentBadge } from '../SentimentBadge.tsx';

export function OriginalMessage({ message }: { message: Message }) {
  const t = useT();
  const content = useSentTemplateText(message.direction === 'out' ? message.whatsappTemplate : null, message.content);
  return (
    <Paper withBorder p="sm" data-testid="original-message">
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Text fw={600} data-testid="original-subject">{message.subject || t('panels.noSubject')}</Text>
          <SentimentBadge sentiment={message.sentiment} />
        </Group>
        <Text size="xs" c="dimmed" data-testid="original-date">
          {message.candidate.name} · {formatDateTime(message.createdAt)}
        </Text>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="original-content">{content}</Text>
      </Stack>
    </Paper>
  );
}
