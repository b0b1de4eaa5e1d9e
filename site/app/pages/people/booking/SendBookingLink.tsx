// "Send booking link" in the candidate drawer's footer: choose the meeting type
// (a menu when there is a choice) and open the compose dialog with a short message
// that carries {{bookingLink}}: the link is made when the message is sent, so a
// cancelled message leaves none behind. A candidate who cannot be emailed still
// gets a link to copy and share another way ("Create booking link"); the
// Meetings section says why (BookingLinkNotes).
import { Alert, Anchor, Button, Menu, Text } from '@mantine/core';
import { openPanel } from '#app/drawers/drawerStore.ts';
import { appLinkProps } from '#app/router/Link.tsx';
import { useCurrentUser } from '#app/session/CurrentUser.tsx';
import { useT } from '#app/i18n/useT.ts';
import { toast } from '#app/toast/toast.ts';
import type { CandidateDetail } from '#domain/candidates/schemas.ts';
import { useMeetingTypes } from '#app/pages/meeting-booking/bookingQueries.ts';
import { useCreateBookingLink } from './bookingQueries.ts';
import { BOOKING_LINK_FIELD, bookingInvitation } from './bookingText.ts';

type BookingCandidate = Pick<CandidateDetail, 'id' | 'name' | 'contactBlockers'>;

/** Why the candidate cannot be emailed (the catalogue's errors.blockers, in the interface's language). */
const cannotEmailReasons = (t: ReturnType<typeof useT>, candidate: BookingCandidate) =>
  candidate.contactBlockers.email.map((code) => t(`errors.blockers.${code}`));

export function SendBookingLinkButton({ candidate }: { candidate: BookingCandidate }) {
  const t = useT();
  const user = useCurrentUser();
  const typesQuery = useMeetingTypes();
  const create = useCreateBookingLink();
  const types = typesQuery.data?.meetingTypes;
  const cannotEmail = candidate.contactBlockers.email.length > 0;
  const label = cannotEmail ? t('people.booking.create') : t('people.booking.send');

  const send = (meetingTypeId: number | undefined) => {
    if (!cannotEmail) {
      const message = bookingInvitation(candidate.name, BOOKING_LINK_FIELD, user.displayName || user.username);
      openPanel('compose', { candidateId: candidate.id, candidateName: candidate.name, ...message, bookingMeetingTypeId: meetingTypeId });
      return;
    }
    create.mutate({ candidateId: candidate.id, ...(meetingTypeId ? { meetingTypeId } : {}) }, {
      onSuccess: () => toast({ title: t('people.booking.created'), description: t('people.booking.createdBody'), variant: 'success' }),
    });
  };

  // Without meeting types the Meetings section points to where they are set up.
  if (types && types.length === 0) return null;
  if (!types || types.length === 1) {
    return (
      <Button variant="light" onClick={() => send(types?.[0]?.id)} loading={create.isPending} disabled={typesQuery.isPending}>
        {label}
      </Button>
    );
  }
  return (
    <Menu position="top-end" withinPortal>
      <Menu.Target>
        <Button variant="light" loading={create.isPending} rightSection={<span aria-hidden="true">▾</span>}>{label}</Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('people.booking.meetingType')}</Menu.Label>
        {types.map((type) => (
          <Menu.Item key={type.id} onClick={() => send(type.id)}>{t('people.booking.typeOption', { name: type.name, minutes: type.durationMinutes })}</Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

/** In the Meetings section: why a link cannot be mailed, or where meeting types are set up. */
export function BookingLinkNotes({ candidate }: { candidate: BookingCandidate }) {
  const t = useT();
  const typesQuery = useMeetingTypes();
  const cannotEmail = cannotEmailReasons(t, candidate);
  if (typesQuery.data?.meetingTypes.length === 0) {
    return (
      <Text size="sm" c="dimmed" data-testid="no-meeting-types">
        {t('people.booking.noTypesBefore')}<Anchor {...appLinkProps('/app/meeting-booking')}>{t('people.booking.setUp')}</Anchor>{t('people.booking.noTypesAfter')}
      </Text>
    );
  }
  if (!cannotEmail.length) return null;
  return (
    <Alert color="yellow" p="xs" data-testid="booking-link-cannot-email">
      {t('people.booking.cannotEmail', { reasons: cannotEmail.join('; ') })}
    </Alert>
  );
}
