// The dashboard's "Upcoming meetings": the recruiter's next 5, or where to set
// availability when there are none.
import { Alert, Anchor, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { errorText } from '#app/api/ApiError.ts';
import { browserTimeZone } from '#site/scripts/booking/zones.ts';
import { useT } from '#app/i18n/useT.ts';
import { appLinkProps } from '#app/router/Link.tsx';
import { useUpcomingMeetings } from './bookingQueries.ts';
import { UpcomingMeetingList } from './UpcomingMeetingList.tsx';

export const DASHBOARD_MEETING_COUNT = 5;

export function UpcomingMeetingsCard() {
  const t = useT();
  const meetings = useUpcomingMeetings({ recruiter: 'me', limit: DASHBOARD_MEETING_COUNT });
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="upcoming-meetings-title" data-testid="upcoming-meetings-card">
      <Stack gap="sm">
        <Group justify="space-between" align="baseline" gap="xs">
          <Title order={2} size="h4" id="upcoming-meetings-title">{t('dashboard.upcomingMeetings')}</Title>
          <Anchor size="sm" {...appLinkProps('/app/meetings')}>{t('dashboard.allMeetings')}</Anchor>
        </Group>
        {meetings.isPending && <Loader size="sm" aria-label={t('dashboard.loadingMeetings')} />}
        {meetings.isError && <Alert color="red" p="xs">{t('dashboard.meetingsLoadFailed', { error: errorText(meetings.error) })}</Alert>}
        {meetings.data && (meetings.data.length === 0 ? (
          <Text size="sm" c="dimmed" data-testid="no-upcoming-meetings">
            {t('dashboard.noMeetingsBefore')}<Anchor {...appLinkProps('/app/meeting-booking')}>{t('dashboard.setAvailability')}</Anchor>
            {t('dashboard.noMeetingsAfter')}
          </Text>
        ) : (
          <>
            <Text size="xs" c="dimmed">{t('dashboard.timesIn', { zone: browserTimeZone() })}</Text>
            <UpcomingMeetingList meetings={meetings.data} showCandidate />
          </>
        ))}
      </Stack>
    </Card>
  );
}
