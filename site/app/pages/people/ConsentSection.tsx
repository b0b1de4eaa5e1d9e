// Consent per channel: a switch each (the server records the change in the
// ledger, source "recruiter"), then the ledger itself.
import { Group, Stack, Switch } from '@mantine/core';
import { ConsentHistory } from './ConsentHistory.tsx';
import { DetailSection } from './DetailSection.tsx';
import { useSetConsent } from './peopleQueries.ts';
import type { CandidateDetail } from './peopleTypes.ts';

export function ConsentSection({ candidate }: { candidate: CandidateDetail }) {
  const setConsent = useSetConsent();
  const pending = (channel: 'email' | 'whatsapp') => setConsent.isPending && setConsent.variables?.channel === channel;
  const toggle = (channel: 'email' | 'whatsapp', granted: boolean) =>
    setConsent.mutate({ id: candidate.id, channel, granted });
  return (
    <DetailSection title="Consent" testId="candidate-consent">
      <Stack gap="xs">
        <Group gap="xl">
          <Switch
            label="Email"
            checked={candidate.allowsEmail}
            disabled={pending('email')}
            onChange={(event) => toggle('email', event.currentTarget.checked)}
            data-testid="consent-email"
          />
          <Switch
            label="WhatsApp"
            checked={candidate.allowsWhatsapp}
            disabled={pending('whatsapp')}
            onChange={(event) => toggle('whatsapp', event.currentTarget.checked)}
            data-testid="consent-whatsapp"
          />
        </Group>
        <ConsentHistory events={candidate.consentHistory ?? []} />
      </Stack>
    </DetailSection>
  );
}
