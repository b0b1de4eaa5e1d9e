// One message of an open thread. A WhatsApp template we sent reads as the candidate read it: its text
// from Meta (GET /api/whatsapp, when WHATSAPP_BUSINESS_ACCOUNT_ID is set) filled with the parameters sent.
import { Badge, Group, Paper, Text } from '@mantine/core';
import { formatDateTime } from '#app/lib/formatDate.ts';
import type { Message } from '#domain/messages/schemas.ts';
import { SentimentBadge } from '#app/panels/SentimentBadge.tsx';
import { ReplyFlagBadges } from '#app/panels/ReplyFlagBadges.tsx';
import { BounceNote } from '#app/panels/BounceBadge.tsx';
import { useT } from '#app/i18n/useT.ts';
import { codeText } from '#app/i18n/serverText.ts';
import { ChannelLabel } from '#app/panels/whatsapp/ChannelLabel.tsx';
import { DeliveryStatus } from '#app/panels/whatsapp/DeliveryStatus.tsx';
import { useSentTemplateText } from '#app/messaging/whatsapp.ts';

export function ThreadMessage({ message, candidateName }: { message: Message; candidateName: string }) {
  const inbound = message.direction === 'in';
  const t = useT();
  const templateLanguage = (code: string) => (code === 'en' || code === 'nl' ? t(`panels.whatsapp.templateLanguages.${code}`) : code);
  const content = useSentTemplateText(inbound ? null : message.whatsappTemplate, message.content);
  return (
    <Paper withBorder p="sm" ml={inbound ? 0 : 'xl'} mr={inbound ? 'xl' : 0}
      bg={inbound ? undefined : 'var(--mantine-color-gray-light)'} data-testid={`thread-message-${message.id}`} data-direction={message.direction}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text size="sm" fw={600}>{inbound ? candidateName : t('communications.you')}</Text>
        <Group gap={6} wrap="nowrap">
          {inbound ? <><ReplyFlagBadges flags={message} /><SentimentBadge sentiment={message.sentiment} /></>
            : <>
              {message.kind && <Badge size="sm" variant="light" color="grape" data-testid="message-kind">{t(`communications.messageKinds.${message.kind}`)}</Badge>}
              <Badge size="sm" variant="outline">{t(`communications.messageStatuses.${message.status}`)}</Badge>
            </>}
        </Group>
      </Group>
      <Group gap={6} wrap="wrap">
        <ChannelLabel channel={message.channel} />
        <Text size="xs" c="dimmed">{formatDateTime(message.createdAt)}{message.subject ? ` · ${message.subject}` : ''}</Text>
      </Group>
      {message.mailbox && (
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }} data-testid="message-mailbox">
          {t(`communications.mailbox.${message.direction}`, { mailbox: message.mailbox })}
        </Text>
      )}
      {message.whatsappTemplate && (
        <Text size="xs" c="dimmed" mt={4} data-testid="message-template">
          {t('panels.whatsapp.templateSent', { name: message.whatsappTemplate.name, language: templateLanguage(message.whatsappTemplate.language) })}
          {message.whatsappTemplate.parameters.length > 0 ? `: ${message.whatsappTemplate.parameters.join(' · ')}` : ''}
        </Text>
      )}
      {content && <Text size="sm" mt={6} style={{ whiteSpace: 'pre-wrap' }} data-testid="message-content">{content}</Text>}
      {message.bounce && <BounceNote bounce={message.bounce} />}
      {/* WhatsApp: Meta's delivery status; a failure's reason is shown with it. */}
      {!inbound && <DeliveryStatus message={message} />}
      {message.error && message.error !== message.bounce?.reason && !(message.deliveryStatus?.status === 'failed')
        && <Text size="xs" c="red" mt={4} data-testid="message-error">{codeText(message.errorCode, message.errorParams, message.error)}</Text>}
    </Paper>
  );
}
