// "Send booking link" in the candidate drawer: choose the meeting type (when
// there is a choice), create the link, and open the compose dialog with a short
// message that carries it. A candidate who cannot be emailed still gets a link
// to copy and share another way.
import { Alert, Anchor, Button, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { openPanel } from '#app/drawers/drawerStore.ts';
import { appLinkProps } from '#app/router/Link.tsx';
import { useCurrentUser } from '#app/session/CurrentUser.tsx';
import { toast } from '#app/toast/toast.ts';
import type { CandidateDetail } from '#domain/candidates/schemas.ts';
import { BLOCKER_TEXT } from '#domain/consent/eligibility.ts';
import { useMeetingTypes } from '#app/pages/meeting-booking/bookingQueries.ts';
import { useCreateBookingLink } from './bookingQueries.ts';
import { bookingInvitation } from './bookingText.ts';

export function SendBookingLink({ candidate }: { candidate: Pick<CandidateDetail, 'id' | 'name' | 'contactBlockers'> }) {
  const user = useCurrentUser();
  const typesQuery = useMeetingTypes();
  const create = useCreateBookingLink();
  const [chosenType, setChosenType] = useState<string | null>(null);
  const types = typesQuery.data?.meetingTypes;
  const typeId = chosenType ?? (types?.[0] ? String(types[0].id) : null);
  const cannotEmail = candidate.contactBlockers.email.map((code) => BLOCKER_TEXT[code]);

  const send = () => {
    create.mutate({ candidateId: candidate.id, ...(typeId ? { meetingTypeId: Number(typeId) } : {}) }, {
      onSuccess: (link) => {
        if (cannotEmail.length > 0) {
          toast({ title: 'Booking link created', description: 'Copy it from the list below to share it.', variant: 'success' });
          return;
        }
        const message = bookingInvitation(candidate.name, link.url, user.displayName || user.username);
        openPanel('compose', { candidateId: candidate.id, candidateName: candidate.name, ...message });
      },
    });
  };

  if (types && types.length === 0) {
    return (
      <Text size="sm" c="dimmed" data-testid="no-meeting-types">
        You have no meeting types yet. <Anchor {...appLinkProps('/app/meeting-booking')}>Set up meeting booking</Anchor> to send booking links.
      </Text>
    );
  }
  return (
    <Stack gap="xs">
      {types && types.length > 1 && (
        <Select
          label="Meeting type"
          data={types.map((type) => ({ value: String(type.id), label: `${type.name} (${type.durationMinutes} min)` }))}
          value={typeId}
          onChange={setChosenType}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
      )}
      {cannotEmail.length > 0 && (
        <Alert color="yellow" p="xs" data-testid="booking-link-cannot-email">
          This candidate cannot be emailed ({cannotEmail.join('; ')}). Create a link and share it another way.
        </Alert>
      )}
      <Button
        variant="light"
        onClick={send}
        loading={create.isPending}
        disabled={typesQuery.isPending}
        style={{ alignSelf: 'flex-start' }}
      >
        {cannotEmail.length > 0 ? 'Create booking link' : 'Send booking link'}
      </Button>
    </Stack>
  );
}
