// What the list view shows under its filters: loading, an error with Retry,
// an empty state that says what to do, or the meetings by day.
import { Alert, Anchor, Button, Center, Loader, Stack, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { errorText } from '#app/api/ApiError.ts';
import { appLinkProps } from '#app/router/Link.tsx';
import type { Meeting } from '#domain/meetings/meeting-schemas.ts';
import { MeetingList } from './MeetingList.tsx';
import { MEETING_LIST_LIMIT } from './meetingQueries.ts';
import { PAST_DAYS } from './meetingRange.ts';
import type { MeetingTab } from './pageParams.ts';

export const NO_UPCOMING = 'No upcoming meetings. Send a candidate a booking link from their profile.';

interface MeetingResultsProps {
  query: UseQueryResult<Meeting[]>;
  /** The answer's meetings that belong to this tab, in order. */
  shown: Meeting[];
  tab: MeetingTab;
  filtered: boolean;
  pastFromSet: boolean;
  onClearFilters: () => void;
  timeZone: string;
  candidateHref: (candidateId: number) => string;
  onOpen: (meeting: Meeting) => void;
  showRecruiter: boolean;
}

export function MeetingResults({ query, shown, tab, filtered, pastFromSet, onClearFilters, ...listProps }: MeetingResultsProps) {
  if (query.isError) {
    return (
      <Alert color="red" title="Could not load meetings">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{errorText(query.error)}</Text>
          <Button size="xs" variant="light" color="red" onClick={() => void query.refetch()}>Try again</Button>
        </Stack>
      </Alert>
    );
  }
  if (query.isPending) return <Center py="xl"><Loader aria-label="Loading meetings" /></Center>;
  if (shown.length === 0) {
    return (
      <Stack gap="xs" py="lg" align="center" data-testid="meetings-empty">
        {filtered ? <>
          <Text c="dimmed">No meetings match these filters.</Text>
          <Button size="xs" variant="subtle" onClick={onClearFilters}>Clear filters</Button>
        </> : tab === 'upcoming' ? <>
          <Text c="dimmed" ta="center">{NO_UPCOMING}</Text>
          <Anchor size="sm" {...appLinkProps('/app/people')}>Go to People</Anchor>
        </> : (
          <Text c="dimmed">{pastFromSet ? 'No past meetings in these dates.' : `No past meetings in the last ${PAST_DAYS} days.`}</Text>
        )}
      </Stack>
    );
  }
  return (
    <Stack gap="sm">
      {query.data.length >= MEETING_LIST_LIMIT && (
        <Alert color="yellow">Showing the first {MEETING_LIST_LIMIT} meetings. Narrow the dates to see the rest.</Alert>
      )}
      {tab === 'past' && !pastFromSet && <Text size="xs" c="dimmed">The last {PAST_DAYS} days; set From to look further back.</Text>}
      <MeetingList meetings={shown} {...listProps} />
    </Stack>
  );
}
