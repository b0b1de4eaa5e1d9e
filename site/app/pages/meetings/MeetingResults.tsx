// What the list view shows under its filters: loading, an error with Retry,
// an empty state that says what to do, or the meetings by day.
import { Alert, Anchor, Button, Center, Loader, Stack, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { errorText } from '#app/api/ApiError.ts';
import { en } from '#domain/i18n/en.ts';
import { useT } from '#app/i18n/useT.ts';
import { appLinkProps } from '#app/router/Link.tsx';
import type { Meeting } from '#domain/meetings/meeting-schemas.ts';
import { MeetingList } from './MeetingList.tsx';
import { MEETING_LIST_LIMIT } from './meetingQueries.ts';
import { PAST_DAYS } from './meetingRange.ts';
import type { MeetingTab } from './pageParams.ts';

/** The English text (tests read it); the page shows the interface language's. */
export const NO_UPCOMING = en.meetings.results.noUpcoming;

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
}

export function MeetingResults({ query, shown, tab, filtered, pastFromSet, onClearFilters, ...listProps }: MeetingResultsProps) {
  const t = useT();
  if (query.isError) {
    return (
      <Alert color="red" title={t('meetings.page.loadFailed')}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{errorText(query.error)}</Text>
          <Button size="xs" variant="light" color="red" onClick={() => void query.refetch()}>{t('meetings.results.tryAgain')}</Button>
        </Stack>
      </Alert>
    );
  }
  if (query.isPending) return <Center py="xl"><Loader aria-label={t('meetings.page.loading')} /></Center>;
  if (shown.length === 0) {
    return (
      <Stack gap="xs" py="lg" align="center" data-testid="meetings-empty">
        {filtered ? <>
          <Text c="dimmed">{t('meetings.results.noMatch')}</Text>
          <Button size="xs" variant="subtle" onClick={onClearFilters}>{t('meetings.results.clearFilters')}</Button>
        </> : tab === 'upcoming' ? <>
          <Text c="dimmed" ta="center">{t('meetings.results.noUpcoming')}</Text>
          <Anchor size="sm" {...appLinkProps('/app/people')}>{t('meetings.results.goToPeople')}</Anchor>
        </> : (
          <Text c="dimmed">{pastFromSet ? t('meetings.results.noPastInDates') : t('meetings.results.noPastInDays', { days: PAST_DAYS })}</Text>
        )}
      </Stack>
    );
  }
  return (
    <Stack gap="sm">
      {query.data.length >= MEETING_LIST_LIMIT && (
        <Alert color="yellow">{t('meetings.results.limit', { limit: MEETING_LIST_LIMIT })}</Alert>
      )}
      {tab === 'past' && !pastFromSet && <Text size="xs" c="dimmed">{t('meetings.results.lastDays', { days: PAST_DAYS })}</Text>}
      <MeetingList meetings={shown} {...listProps} />
    </Stack>
  );
}
