// What applies before a WhatsApp send (issue 14), from GET /api/candidates/{id}/whatsapp: inside the
// 24-hour window a free text (and when the window closes), outside it only an approved template, or
// why nothing can be sent. The texts come from the answer's fields, so they read in either language.
import { Alert, Center, List, Loader, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { errorText } from '#app/api/ApiError.ts';
import { useT } from '#app/i18n/useT.ts';
import { codeText } from '#app/i18n/serverText.ts';
import { formatDateTime } from '#app/lib/formatDate.ts';
import type { WhatsAppChannel } from '#domain/whatsapp/schemas.ts';

/** Why a WhatsApp message cannot go to this candidate, in the interface's language. */
export function useWhatsAppBlockTexts() {
  const t = useT();
  return (channel: WhatsAppChannel): string[] => {
    if (!channel.configured) return [t('panels.whatsapp.notConfigured')];
    if (channel.blockers.length) return channel.blockers.map((reason) => codeText(`blockers.${reason}`, undefined, reason));
    if (!channel.number) return [t('panels.whatsapp.invalidNumber')];
    return channel.reason ? [codeText(channel.reasonCode, undefined, channel.reason)] : [];
  };
}

export function WhatsAppChannelNote({ query }: { query: UseQueryResult<WhatsAppChannel> }) {
  const t = useT();
  const blockTexts = useWhatsAppBlockTexts();
  if (query.isError) {
    return <Alert color="red" title={t('panels.whatsapp.checkFailed')} data-testid="whatsapp-note">{errorText(query.error)}</Alert>;
  }
  const channel = query.data;
  if (!channel) return <Center py="xs"><Loader size="sm" aria-label={t('panels.whatsapp.checking')} /></Center>;
  if (!channel.allowed || !channel.mode) {
    return (
      <Alert color="red" title={t('panels.whatsapp.cannotSend')} data-testid="whatsapp-note" data-mode="blocked" role="status">
        <List size="sm">{blockTexts(channel).map((text) => <List.Item key={text}>{text}</List.Item>)}</List>
      </Alert>
    );
  }
  const to = channel.number ? t('panels.whatsapp.to', { number: channel.number }) : '';
  if (channel.mode === 'text') {
    return (
      <Alert color="teal" title={t('panels.whatsapp.windowOpen')} data-testid="whatsapp-note" data-mode="text" role="status">
        <Text size="sm">
          {channel.window.closesAt ? t('panels.whatsapp.windowClosesAt', { date: formatDateTime(channel.window.closesAt) }) : t('panels.whatsapp.windowOpenBody')}
          {to && ` ${to}`}
        </Text>
      </Alert>
    );
  }
  return (
    <Alert color="yellow" title={t('panels.whatsapp.windowClosed')} data-testid="whatsapp-note" data-mode="template" role="status">
      <Text size="sm">
        {channel.window.lastInboundAt
          ? t('panels.whatsapp.windowClosedSince', { date: formatDateTime(channel.window.closesAt ?? channel.window.lastInboundAt) })
          : t('panels.whatsapp.neverWrote')}
        {' '}{t('panels.whatsapp.templateOnly')}{to && ` ${to}`}
      </Text>
    </Alert>
  );
}
