// Consent per channel: a switch each (the server records the change in the
// ledger, source "recruiter"), then the ledger itself. Granting asks for the
// evidence ("said yes on the phone on 3 Nov"); a candidate's own opt-out
// cannot be undone here, and the section says why and what the candidate can do.
import { Alert, Button, Group, Modal, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { formatDateTime } from '#app/lib/formatDate.ts';
import { ConsentHistory } from './ConsentHistory.tsx';
import { DetailSection } from './DetailSection.tsx';
import { useSetConsent } from './peopleQueries.ts';
import type { CandidateDetail } from '#domain/candidates/schemas.ts';

type Channel = 'email' | 'whatsapp';
const LABEL: Record<Channel, string> = { email: 'Email', whatsapp: 'WhatsApp' };

/** When the candidate opted out of this channel themselves (only they can reverse it), else null. */
function ownOptOut(candidate: CandidateDetail, channel: Channel): string | null {
  return channel === 'email' ? candidate.unsubscribedAt : candidate.whatsappOptedOutAt ?? null;
}

export function ConsentSection({ candidate }: { candidate: CandidateDetail }) {
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
    <DetailSection title="Consent" testId="candidate-consent">
      <Stack gap="xs">
        <Group gap="xl">
          {(['email', 'whatsapp'] as const).map((channel) => (
            <Switch
              key={channel}
              label={LABEL[channel]}
              checked={channel === 'email' ? candidate.allowsEmail : candidate.allowsWhatsapp}
              disabled={pending(channel) || Boolean(ownOptOut(candidate, channel))}
              onChange={(event) => toggle(channel, event.currentTarget.checked)}
              data-testid={`consent-${channel}`}
            />
          ))}
        </Group>
        {candidate.emailBounce && (
          <Alert color="red" variant="light" title="Email bounced" data-testid="email-bounced">
            <Text size="sm">
              {candidate.emailBounce.reason}, on {formatDateTime(candidate.emailBounce.at)}. The address is on the suppression list:
              no email goes to it. Not an opt-out; with a new address {candidate.name} can be emailed again.
            </Text>
          </Alert>
        )}
        {optOuts.map(({ channel, at }) => (
          <Alert key={channel} color="yellow" variant="light" title={`Opted out of ${LABEL[channel]} by the candidate`} data-testid={`opt-out-${channel}`}>
            <Text size="sm">
              {candidate.name} opted out on {formatDateTime(at)}. Only the candidate can opt back in: with the
              “I changed my mind” button on the unsubscribe page of any email, or the consent box on the booking page.
            </Text>
          </Alert>
        ))}
        <ConsentHistory events={candidate.consentHistory ?? []} />
      </Stack>
      <Modal opened={granting !== null} onClose={() => setGranting(null)} title={`Record ${granting ? LABEL[granting] : ''} consent`}>
        <form onSubmit={(event) => { event.preventDefault(); confirmGrant(); }}>
          <Stack>
            <Text size="sm">Consent must be demonstrable. Say how and when {candidate.name} agreed; it is kept in the consent ledger.</Text>
            <TextInput
              label="How did the candidate agree?"
              placeholder="Said yes on the phone on 3 Nov"
              value={wording}
              onChange={(event) => setWording(event.currentTarget.value)}
              required
              maxLength={500}
              data-autofocus
              data-testid="consent-wording"
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setGranting(null)}>Cancel</Button>
              <Button type="submit" disabled={!wording.trim()} loading={setConsent.isPending} data-testid="consent-confirm">Record consent</Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </DetailSection>
  );
}
