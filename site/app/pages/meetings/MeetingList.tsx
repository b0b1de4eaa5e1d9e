// The list view: meetings grouped by their day in the recruiter's zone.
import { Stack, Title } from '@mantine/core';
import type { Meeting } from '#domain/meetings/meeting-schemas.ts';
import { MeetingRow } from './MeetingRow.tsx';
import { longDate, meetingsByDate } from './meetingTime.ts';

interface MeetingListProps {
  meetings: Meeting[];
  timeZone: string;
  candidateHref: (candidateId: number) => string;
  onOpen: (meeting: Meeting) => void;
}

export function MeetingList({ meetings, timeZone, ...rowProps }: MeetingListProps) {
  return (
    <Stack gap="lg" data-testid="meeting-list">
      {meetingsByDate(meetings, timeZone).map(({ date, meetings: ofDay }) => (
        <Stack key={date} gap="xs" component="section" aria-labelledby={`meetings-day-${date}`} data-testid={`meeting-day-${date}`}>
          <Title order={2} size="h5" id={`meetings-day-${date}`}>{longDate(date)}</Title>
          <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {ofDay.map((meeting) => <MeetingRow key={meeting.id} meeting={meeting} timeZone={timeZone} {...rowProps} />)}
          </Stack>
        </Stack>
      ))}
    </Stack>
  );
}
