// Upcoming meetings as a short list: time (the browser's zone), candidate
// (opens the drawer), type, status, and the Teams side (Join) as /app/meetings shows it.
import { Anchor, Group, Stack, Text } from '@mantine/core';
import { MeetingStatusBadge } from '#app/pages/meetings/MeetingBadges.tsx';
import { locationText } from '#app/pages/meetings/meetingLabels.ts';
import { dateAndTime } from '#app/pages/meetings/meetingTime.ts';
import { browserTimeZone } from '#site/scripts/booking/zones.ts';
import { TeamsStatus } from '#app/pages/meetings/TeamsStatus.tsx';
import { useT } from '#app/i18n/useT.ts';
import { appLinkProps } from '#app/router/Link.tsx';
import type { Meeting } from '#domain/meetings/meeting-schemas.ts';

interface UpcomingMeetingListProps {
  meetings: Meeting[];
  /** Show the candidate's name as a link to their drawer (not inside that drawer). */
  showCandidate: boolean;
  /** Name the recruiter when it is not this user. */
  currentUserId?: string;
}

export function UpcomingMeetingList({ meetings, showCandidate, currentUserId }: UpcomingMeetingListProps) {
  const t = useT();
  const timeZone = browserTimeZone();
  return (
    <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {meetings.map((meeting) => (
        <li key={meeting.id} data-testid="upcoming-meeting">
          <Stack gap={4}>
            <Text size="sm" fw={600}>{dateAndTime(meeting, timeZone)}</Text>
            {showCandidate && meeting.candidate && (
              <Anchor size="sm" {...appLinkProps(`/app/people?candidate=${meeting.candidate.id}`)}>{meeting.candidate.name}</Anchor>
            )}
            <Group gap={6}>
              <Text size="sm" c="dimmed">{meeting.meetingType?.name ?? meeting.title}</Text>
              <MeetingStatusBadge status={meeting.status} />
            </Group>
            {currentUserId && meeting.recruiter.id !== currentUserId && <Text size="xs" c="dimmed">{t('meetings.with', { name: meeting.recruiter.name })}</Text>}
            {meeting.location.kind === 'teams'
              ? <TeamsStatus meeting={meeting} />
              : <Text size="xs" c="dimmed">{locationText(meeting.location)}</Text>}
          </Stack>
        </li>
      ))}
    </Stack>
  );
}
