// Consent per channel: a switch each (the server records the change in the
// ledger, source "recruiter"), then the ledger itself. Granting asks for the
// evidence ("said yes on the phone on 3 Nov"); a candidate's own opt-out
// cannot be undone here, and the section says why and what the candidate can do.
import { Alert, Button, Group, Modal, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { formatDateTime } from '#app/lib/formatDate.ts';
import { useT } from '#app/i18n/useT.ts';
import { channelLabel } from './consentLabels.ts';
import { ConsentHistory } from './ConsentHistory.tsx';
import { DetailSection } from './DetailSection.tsx';
import { useSetConsent } from './peopleQueries.ts';
import type { CandidateDetail } from '#domain/candidates/schemas.ts';

type Channel = 'email' | 'whatsapp';

/** When the candidate opted out of this channel themselves (only they can reverse it), else null. */
function ownOptOut(candidate: CandidateDetail, channel: Channel): string | null {
  return channel === 'email' ? candidate.unsubscribedAt : candidate.whatsappOptedOutAt ?? null;
}

export function ConsentSection({ candidate }: { candidate: CandidateDetail }) {
  const t = useT();
  const setConsent = useSetConsent();
  const [granting, setGranting] = useState<Channel | null>(null);
  const [wording, setWording] = useState('');
  const pending = (channel: Channel) => setConsent.isPending && setConsent.variables?.channel === channel;
  const toggle = (channel: Channel, granted: boolean) => {
    if (granted) { setWording(''); setGranting(channel); return; }
    setConsent.mutate({ id: candidate.id, channel, granted });
  };
  const confirmGrant = () => {
    if (!granting || !wording.trim()) return;
    setConsent.mutate({ id: candidate.id, channel: granting, granted: true, consentWording: wording.trim() },
      { onSuccess: () => setGranting(null) });
  };
  const optOuts = (['email', 'whatsapp'] as const).flatMap((channel) => {
    const at = ownOptOut(candidate, channel);
    return at ? [{ channel, at }] : [];
  });
  return (
    <DetailSection title={t('people.consent.title')} testId="candidate-consent">
      <Stack gap="xs">
        <Group gap="xl">
          {(['email', 'whatsapp'] as const).map((channel) => (
            <Switch
              key={channel}
              label={channelLabel(channel)}
              checked={channel === 'email' ? candidate.allowsEmail : candidate.allowsWhatsapp}
              disabled={pending(channel) || Boolean(ownOptOut(candidate, channel))}
              onChange={(event) => toggle(channel, event.currentTarget.checked)}
              data-testid={`consent-${channel}`}
            />
          ))}
        </Group>
        {candidate.emailBounce && (
          <Alert color="red" variant="light" title={t('people.consent.emailBounced')} data-testid="email-bounced">
            <Text size="sm">
              {t('people.consent.bouncedBody', { reason: candidate.emailBounce.reason, date: formatDateTime(candidate.emailBounce.at), name: candidate.name })}
            </Text>
          </Alert>
        )}
        {optOuts.map(({ channel, at }) => (
          <Alert key={channel} color="yellow" variant="light" title={t('people.consent.optedOutTitle', { channel: channelLabel(channel) })} data-testid={`opt-out-${channel}`}>
            <Text size="sm">
              {t('people.consent.optedOutBody', { name: candidate.name, date: formatDateTime(at) })}
            </Text>
          </Alert>
        ))}
        <ConsentHistory events={candidate.consentHistory ?? []} />
      </Stack>
      <Modal opened={granting !== null} onClose={() => setGranting(null)} title={t('people.consent.recordTitle', { channel: granting ? channelLabel(granting) : '' })}>
        <form onSubmit={(event) => { event.preventDefault(); confirmGrant(); }}>
          <Stack>
            <Text size="sm">{t('people.consent.recordBody', { name: candidate.name })}</Text>
            <TextInput
              label={t('people.consent.howAgreed')}
              placeholder={t('people.consent.howAgreedPlaceholder')}
              value={wording}
              onChange={(event) => setWording(event.currentTarget.value)}
              required
              maxLength={500}
              data-autofocus
              data-testid="consent-wording"
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setGranting(null)}>{t('people.actions.cancel')}</Button>
              <Button type="submit" disabled={!wording.trim()} loading={setConsent.isPending} data-testid="consent-confirm">{t('people.consent.record')}</Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </DetailSection>
  );
}
