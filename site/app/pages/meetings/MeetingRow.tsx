// One meeting in the list: time, candidate (opens the candidate drawer), type,
// location, its hosts (unless it is the viewer's alone), status, Teams and notes,
// and a button that opens the meeting.
import { Anchor, Button, Group, Paper, Stack, Text } from '@mantine/core';
import type { Meeting } from '#domain/meetings/meeting-schemas.ts';
import { useT } from '#app/i18n/useT.ts';
import { appLinkProps } from '#app/router/Link.tsx';
import { useCurrentUser } from '#app/session/CurrentUser.tsx';
import { MeetingStatusBadge, MeetingTypeLabel } from './MeetingBadges.tsx';
import { hostNames, locationText, meetingWith, othersHost } from './meetingLabels.ts';
import { localTimes } from './meetingTime.ts';
import { TeamsStatus } from './TeamsStatus.tsx';

interface MeetingRowProps {
  meeting: Meeting;
  timeZone: string;
  /** The href that opens this meeting's candidate in the drawer. */
  candidateHref: (candidateId: number) => string;
  onOpen: (meeting: Meeting) => void;
}

export function MeetingRow({ meeting, timeZone, candidateHref, onOpen }: MeetingRowProps) {
  const t = useT();
  const viewer = useCurrentUser();
  const { range } = localTimes(meeting, timeZone);
  const cancelled = meeting.status === 'cancelled';
  return (
    <Paper component="li" withBorder p="sm" radius="md" data-testid={`meeting-row-${meeting.id}`} data-status={meeting.status}>
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={4} miw={0} style={{ flex: '1 1 16rem' }}>
          <Group gap="xs" wrap="wrap">
            <Text fw={600} td={cancelled ? 'line-through' : undefined} data-testid="meeting-time">{range}</Text>
            <MeetingStatusBadge status={meeting.status} />
          </Group>
          {meeting.candidate
            ? <Anchor {...appLinkProps(candidateHref(meeting.candidate.id))} fw={500} w="fit-content">{meeting.candidate.name}</Anchor>
            : <Text fw={500}>{meetingWith(meeting)}</Text>}
          <Group gap="md" wrap="wrap">
            <MeetingTypeLabel meetingType={meeting.meetingType} />
            <Text size="sm" c="dimmed">{locationText(meeting.location)}</Text>
            {othersHost(meeting, viewer.id) && (
              <Text size="sm" c="dimmed" data-testid="meeting-hosts">{t('meetings.row.withRecruiter', { name: hostNames(meeting) })}</Text>
            )}
          </Group>
          {cancelled && meeting.cancelReason && (
            <Text size="sm" c="dimmed">
              {t('meetings.row.cancelledBy', { name: meeting.cancelledBy ?? t('meetings.someone'), reason: meeting.cancelReason })}
            </Text>
          )}
          {meeting.notes && <Text size="sm" lineClamp={2} data-testid="meeting-notes">{t('meetings.row.notes', { notes: meeting.notes })}</Text>}
        </Stack>
        <Stack gap="xs" align="flex-end" style={{ flex: '0 1 auto' }}>
          <TeamsStatus meeting={meeting} />
          <Button variant="default" size="xs" onClick={() => onOpen(meeting)}
            aria-label={t('meetings.row.detailsLabel', { name: meetingWith(meeting), range })}>
            {t('meetings.row.details')}
          </Button>
        </Stack>
      </Group>
    </Paper>
  );
}
