// Meta's delivery status of an outbound WhatsApp message (sent, delivered, read, failed with the
// reason in the interface's language), as text next to a badge so it reads on a phone and by keyboard alike.
import { Badge, Group, Text } from '@mantine/core';
import { useT } from '#app/i18n/useT.ts';
import { codeText } from '#app/i18n/serverText.ts';
import { formatDateTime } from '#app/lib/formatDate.ts';
import type { Message } from '#domain/messages/schemas.ts';

const COLOURS = { sent: 'gray', delivered: 'blue', read: 'teal', failed: 'red' } as const;

export function DeliveryStatus({ message }: { message: Pick<Message, 'deliveryStatus' | 'error' | 'errorCode' | 'errorParams'> }) {
  const t = useT();
  const delivery = message.deliveryStatus;
  if (!delivery) return null;
  return (
    <Group gap={6} wrap="wrap" mt={4} data-testid="delivery-status" data-status={delivery.status}>
      <Badge size="xs" variant="light" color={COLOURS[delivery.status]}>{t(`panels.whatsapp.delivery.${delivery.status}`)}</Badge>
      <Text size="xs" c={delivery.status === 'failed' ? 'red' : 'dimmed'}>
        {delivery.status === 'failed' && message.error ? `${codeText(message.errorCode, message.errorParams, message.error)} · ` : ''}{formatDateTime(delivery.at)}
      </Text>
    </Group>
  );
}
