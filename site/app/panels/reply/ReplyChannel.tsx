// Which channel the reply goes on (issue 14): back on WhatsApp when the candidate wrote there and
// WhatsApp can be used now (with the same window/template explanation as compose), else by email.
import { Alert, Group, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { useT } from '#app/i18n/useT.ts';
import type { Channel, Message } from '#domain/messages/schemas.ts';
import type { WhatsAppChannel } from '#domain/whatsapp/schemas.ts';
import { ChannelLabel } from '../whatsapp/ChannelLabel.tsx';
import { WhatsAppChannelNote } from '../whatsapp/WhatsAppChannelNote.tsx';

/** The reply's channel: null while WhatsApp is still being checked. */
export function replyChannel(original: Message | undefined, whatsapp: WhatsAppChannel | undefined): Channel | null {
  if (original?.channel !== 'whatsapp') return 'email';
  if (!whatsapp) return null;
  return whatsapp.allowed && whatsapp.mode ? 'whatsapp' : 'email';
}

export function ReplyChannel({ original, whatsapp }: { original: Message; whatsapp: UseQueryResult<WhatsAppChannel> }) {
  const t = useT();
  const channel = replyChannel(original, whatsapp.data);
  return (
    <>
      <Group gap="xs" data-testid="reply-channel" data-channel={channel ?? ''}>
        <Text size="sm" fw={500}>{t('panels.reply.channel')}</Text>
        {channel === 'whatsapp'
          ? <><ChannelLabel channel="whatsapp" size="sm" /><Text size="sm" c="dimmed">({t('panels.reply.byWhatsApp')})</Text></>
          : channel === 'email' ? <ChannelLabel channel="email" size="sm" /> : null}
      </Group>
      {original.channel === 'whatsapp' && (channel === 'email'
        ? <Alert color="yellow" data-testid="reply-email-instead">{t('panels.reply.emailInstead')}</Alert>
        : <WhatsAppChannelNote query={whatsapp} />)}
    </>
  );
}
