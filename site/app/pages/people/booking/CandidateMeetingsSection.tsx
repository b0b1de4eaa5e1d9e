// The candidate drawer's "Meetings": their upcoming meetings, their booking
// links with state and Copy link; "Send booking link" is in the drawer's footer.
import { Alert, Loader, Stack, Text } from '@mantine/core';
import { errorText } from '#app/api/ApiError.ts';
import { useT } from '#app/i18n/useT.ts';
import { browserTimeZone } from '#site/scripts/booking/zones.ts';
import { useCurrentUser } from '#app/session/CurrentUser.tsx';
import type { CandidateDetail } from '#domain/candidates/schemas.ts';
import { DetailSection } from '../DetailSection.tsx';
import { BookingLinkList } from './BookingLinkList.tsx';
import { useCandidateBookingLinks, useUpcomingMeetings } from './bookingQueries.ts';
import { BookingLinkNotes } from './SendBookingLink.tsx';
import { UpcomingMeetingList } from './UpcomingMeetingList.tsx';

export function CandidateMeetingsSection({ candidate }: { candidate: CandidateDetail }) {
  const t = useT();
  const user = useCurrentUser();
  // Every recruiter's meetings with this candidate: a colleague's interview matters here too.
  const meetings = useUpcomingMeetings({ candidateId: candidate.id, recruiter: 'all' });
  const links = useCandidateBookingLinks(candidate.id);
  return (
    <DetailSection title={t('people.meetings.title')} testId="candidate-meetings">
      <Stack gap="sm">
        {meetings.isPending && <Loader size="sm" aria-label={t('people.meetings.loading')} />}
        {meetings.isError && <Alert color="red" p="xs">{t('people.meetings.loadFailed', { error: errorText(meetings.error) })}</Alert>}
        {meetings.data && (meetings.data.length === 0
          ? <Text size="sm" c="dimmed">{t('people.meetings.none')}</Text>
          : <>
            <Text size="xs" c="dimmed">{t('people.meetings.timesIn', { zone: browserTimeZone() })}</Text>
            <UpcomingMeetingList meetings={meetings.data} showCandidate={false} currentUserId={user.id} />
          </>)}
        <Text size="sm" fw={600}>{t('people.meetings.bookingLinks')}</Text>
        {links.isPending && <Loader size="sm" aria-label={t('people.meetings.loadingLinks')} />}
        {links.isError && <Alert color="red" p="xs">{t('people.meetings.linksLoadFailed', { error: errorText(links.error) })}</Alert>}
        {links.data && (links.data.bookingLinks.length === 0
          ? <Text size="sm" c="dimmed">{t('people.meetings.noLinks')}</Text>
          : <BookingLinkList links={links.data.bookingLinks} />)}
        <BookingLinkNotes candidate={candidate} />
      </Stack>
    </DetailSection>
  );
}
