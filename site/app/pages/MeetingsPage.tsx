// /app/meetings: the meetings candidates booked, upcoming and past, as a list
// by day or as a week calendar, in the recruiter's (the browser's) time zone.
// The view, tab, filters, week, open meeting (?meeting=) and open candidate
// (?candidate=) live in the URL (meetings/pageParams.ts).
import { Alert, Button, Center, Group, Loader, Stack, Tabs, Text } from '@mantine/core';
import { useLocation, useNavigate, useSearch } from '#app/router/RouterView.tsx';
import { useState } from 'react';
import { errorText } from '#app/api/ApiError.ts';
import { useT } from '#app/i18n/useT.ts';
import { appLinkProps } from '#app/router/Link.tsx';
import { navigate as navigateTo } from '#app/router/navigate.ts';
import type { Meeting } from '#domain/meetings/meeting-schemas.ts';
import { MeetingDetailDrawer } from './meetings/MeetingDetailDrawer.tsx';
import { MeetingFilters, ViewSwitch } from './meetings/MeetingFilters.tsx';
import { useMeetingList } from './meetings/meetingQueries.ts';
import { listRequest, meetingsOfTab, shownMonday, weekRequest } from './meetings/meetingRange.ts';
import { MeetingResults } from './meetings/MeetingResults.tsx';
import { dateAt, mondayOf, weekDates } from './meetings/meetingTime.ts';
import { browserTimeZone } from '#site/scripts/booking/zones.ts';
import { MEETING_TABS, meetingsSearchSchema, statusList, type MeetingsSearch, type MeetingTab } from './meetings/pageParams.ts';
import { useNow } from './meetings/useNow.ts';
import { WeekCalendar } from './meetings/WeekCalendar.tsx';
import { WeekNavigation } from './meetings/WeekNavigation.tsx';
import { PageHeader } from './PageHeader.tsx';
import { CandidateDetailDrawer } from './people/CandidateDetailDrawer.tsx';
import { urlWithParams } from './people/candidateUrl.ts';

export function MeetingsPage() {
  const t = useT();
  const search = useSearch(meetingsSearchSchema);
  const { pathname, searchStr } = useLocation();
  const navigate = useNavigate();
  const setSearch = (changes: MeetingsSearch, { replace = false } = {}) =>
    void navigate({ search: (current) => ({ ...current, ...changes }), replace, resetScroll: false });

  const [timeZone] = useState(browserTimeZone);
  const now = useNow();
  const today = dateAt(now, timeZone);
  const view = search.view ?? 'list';
  const tab = search.tab ?? 'upcoming';
  const monday = shownMonday(search, today);
  const meetings = useMeetingList(view === 'week' ? weekRequest(search, timeZone, monday) : listRequest(search, tab, timeZone, today));

  // The open meeting as last seen: it stays open when a change moves it out of the list (cancelled under a status filter).
  const [pinned, setPinned] = useState<Meeting | null>(null);
  const openMeeting = (meeting: Meeting) => {
    setPinned(meeting);
    setSearch({ meeting: meeting.id, candidate: undefined });
  };
  const selected = search.meeting
    ? meetings.data?.find((m) => m.id === search.meeting) ?? (pinned?.id === search.meeting ? pinned : null)
    : null;
  const candidateHref = (candidateId: number) => urlWithParams(pathname, searchStr, { candidate: String(candidateId), meeting: null });
  const statuses = statusList(search);
  const filters = <MeetingFilters search={search} statuses={statuses} onChange={(changes) => setSearch(changes, { replace: true })} />;

  return (
    <>
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <PageHeader title={t('meetings.page.title')} description={t('meetings.page.description')} />
        <Button component="a" variant="default" mb={{ base: 'md', sm: 0 }} {...appLinkProps('/app/meeting-booking')}>{t('meetings.page.bookingSettings')}</Button>
      </Group>
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <ViewSwitch search={search} onChange={setSearch} />
          <Text size="sm" c="dimmed" data-testid="meetings-time-zone">{t('meetings.page.timesIn', { zone: timeZone })}</Text>
        </Group>
        {view === 'list' ? (
          <Tabs value={tab} keepMounted={false}
            onChange={(next) => setSearch({ tab: next === 'past' ? 'past' : undefined, meeting: undefined })}>
            <Tabs.List mb="md">
              <Tabs.Tab value="upcoming">{t('meetings.page.upcoming')}</Tabs.Tab>
              <Tabs.Tab value="past">{t('meetings.page.past')}</Tabs.Tab>
            </Tabs.List>
            {filters}
            {MEETING_TABS.map((value: MeetingTab) => (
              <Tabs.Panel key={value} value={value} pt="md">
                <MeetingResults
                  query={meetings}
                  shown={meetingsOfTab(meetings.data ?? [], value, now)}
                  tab={value}
                  filtered={statuses.length > 0 || Boolean(search.to) || (value === 'upcoming' && Boolean(search.from))}
                  pastFromSet={Boolean(search.from)}
                  onClearFilters={() => setSearch({ status: undefined, from: undefined, to: undefined })}
                  timeZone={timeZone}
                  candidateHref={candidateHref}
                  onOpen={openMeeting}
                />
              </Tabs.Panel>
            ))}
          </Tabs>
        ) : (
          <Stack gap="md">
            <WeekNavigation monday={monday} thisMonday={mondayOf(today)} onWeek={(week) => setSearch({ week })} />
            {filters}
            {meetings.isError && <Alert color="red" title={t('meetings.page.loadFailed')}>{errorText(meetings.error)}</Alert>}
            {meetings.isPending
              ? <Center py="xl"><Loader aria-label={t('meetings.page.loading')} /></Center>
              : <WeekCalendar key={monday} dates={weekDates(monday)} meetings={meetings.data ?? []} timeZone={timeZone} today={today}
                  onOpen={openMeeting} />}
            {meetings.data?.length === 0 && <Text size="sm" c="dimmed" ta="center">{t('meetings.page.noMeetingsThisWeek')}</Text>}
          </Stack>
        )}
      </Stack>
      <MeetingDetailDrawer
        meetingId={search.meeting ?? null}
        meeting={selected}
        timeZone={timeZone}
        today={today}
        now={now}
        candidateHref={candidateHref}
        onClose={() => setSearch({ meeting: undefined }, { replace: true })}
        onChanged={setPinned}
      />
      <CandidateDetailDrawer
        candidateId={search.candidate ?? null}
        onClose={() => setSearch({ candidate: undefined }, { replace: true })}
        onEdit={(candidate) => navigateTo(`/app/people?candidate=${candidate.id}`)}
      />
    </>
  );
}
