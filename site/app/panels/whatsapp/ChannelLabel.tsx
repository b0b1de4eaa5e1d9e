// A message's channel as icon + text ("Email" / "WhatsApp"): the text is what a screen reader reads,
// the icon is decoration (issue 14: the channel shown on each message).
import { Group, Text } from '@mantine/core';
import { MailIcon } from '#app/shell/icons.tsx';
import { useT } from '#app/i18n/useT.ts';
import type { Channel } from '#domain/messages/schemas.ts';

/** A speech bubble (no icon package is installed; shell/icons.tsx draws the same way). */
function ChatIcon({ size = 14 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2}
      strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d="M4 20.5 5.3 16A8.5 8.5 0 1 1 8 18.7L4 20.5Z" />
    </svg>
  );
}

export function ChannelLabel({ channel, size = 'xs' }: { channel: Channel; size?: 'xs' | 'sm' }) {
  const t = useT();
  const whatsapp = channel === 'whatsapp';
  return (
    <Group gap={4} wrap="nowrap" c={whatsapp ? 'teal.8' : 'dimmed'} data-testid="message-channel" data-channel={channel}>
      {whatsapp ? <ChatIcon /> : <MailIcon size={14} />}
      <Text size={size} c="inherit" fw={500}>{whatsapp ? t('panels.whatsapp.channelWhatsApp') : t('panels.whatsapp.channelEmail')}</Text>
    </Group>
  );
}
