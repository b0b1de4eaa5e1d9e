// One meeting in the context drawer: when (the recruiter's and the
// candidate's zones), who, where, Teams, the candidate's note, notes, and the
// actions: reschedule and cancel while it lies ahead, mark completed or
// no-show once it has started; its hosts and reminders; a no-show's candidate
// can be sent a new booking link.
import { Alert, Anchor, Button, Divider, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { ContextDrawer } from '#app/drawers/ContextDrawer.tsx';
import { useT } from '#app/i18n/useT.ts';
import { appLinkProps } from '#app/router/Link.tsx';
import type { Meeting } from '#domain/meetings/meeting-schemas.ts';
import { DetailSection } from '../people/DetailSection.tsx';
import { FactList } from '../people/FactList.tsx';
import { CopyLinkButton } from '../people/booking/CopyLinkButton.tsx';
import { CancelMeetingModal } from './CancelMeetingModal.tsx';
import { MeetingStatusBadge, MeetingTypeLabel } from './MeetingBadges.tsx';
import { hasEnded, hasStarted, hostNames, isActiveMeeting, locationText, meetingWith } from './meetingLabels.ts';
import { MeetingNotes } from './MeetingNotes.tsx';
import { usePatchMeeting, useRebookMeeting } from './meetingQueries.ts';
import { MeetingReminders } from './MeetingReminders.tsx';
import { dateAndTime } from './meetingTime.ts';
import { RescheduleModal } from './RescheduleModal.tsx';
import { TeamsStatus } from './TeamsStatus.tsx';

interface MeetingDetailDrawerProps {
  /** The meeting asked for (?meeting=), and what is known of it (null: not in the list shown). */
  meetingId: number | null;
  meeting: Meeting | null;
  timeZone: string;
  today: string;
  now: number;
  candidateHref: (candidateId: number) => string;
  onClose: () => void;
  onChanged: (meeting: Meeting) => void;
}

export function MeetingDetailDrawer({ meetingId, meeting, onClose, ...rest }: MeetingDetailDrawerProps) {
  const t = useT();
  return (
    <ContextDrawer
      opened={meetingId !== null}
      onClose={onClose}
      title={meeting ? t('meetings.detail.title', { name: meetingWith(meeting) }) : t('meetings.detail.titleUnknown')}
      description={meeting ? dateAndTime(meeting, rest.timeZone) : undefined}
    >
      {meeting
        ? <MeetingDetail key={meeting.id} meeting={meeting} {...rest} />
        : <Alert color="gray" title={t('meetings.detail.notInList')}>{t('meetings.detail.notInListBody')}</Alert>}
    </ContextDrawer>
  );
}

type MeetingDetailProps = Omit<MeetingDetailDrawerProps, 'meetingId' | 'meeting' | 'onClose'> & { meeting: Meeting };

/** The meeting on the clock in `zone`, or null for a zone this browser does not know. */
function timeIn(meeting: Meeting, zone: string | null): string | null {
  if (!zone) return null;
  try {
    return dateAndTime(meeting, zone);
  } catch {
    return null;
  }
}

function MeetingDetail({ meeting, timeZone, today, now, candidateHref, onChanged }: MeetingDetailProps) {
  const t = useT();
  const [dialog, setDialog] = useState<'cancel' | 'reschedule' | null>(null);
  const mark = usePatchMeeting({ onChanged });
  const rebook = useRebookMeeting();
  const rebookable = meeting.status === 'no_show' && meeting.candidate !== null;
  const upcoming = isActiveMeeting(meeting) && !hasEnded(meeting, now);
  const markable = meeting.status !== 'cancelled' && hasStarted(meeting, now);

  const when = [
    { label: t('meetings.detail.yourTime', { zone: timeZone }), value: timeIn(meeting, timeZone) },
    ...(meeting.timeZone !== timeZone
      ? [{ label: t('meetings.detail.recruiterZone', { zone: meeting.timeZone }), value: timeIn(meeting, meeting.timeZone) }]
      : []),
    { label: meeting.candidateTimeZone ? t('meetings.detail.candidateTimeIn', { zone: meeting.candidateTimeZone }) : t('meetings.detail.candidateTime'),
      value: timeIn(meeting, meeting.candidateTimeZone) ?? t('meetings.detail.zoneUnknown') },
  ];

  return (
    <Stack gap="md" data-testid="meeting-detail">
      <Group gap="sm">
        <MeetingStatusBadge status={meeting.status} />
        <MeetingTypeLabel meetingType={meeting.meetingType} />
      </Group>
      <TeamsStatus meeting={meeting} onChanged={onChanged} />
      <DetailSection title={t('meetings.detail.when')}><FactList facts={when} /></DetailSection>
      <DetailSection title={t('meetings.detail.whoAndWhere')}>
        <FactList facts={[
          { label: t('meetings.detail.candidate'), value: meeting.candidate
            ? <Anchor {...appLinkProps(candidateHref(meeting.candidate.id))}>{meeting.candidate.name}</Anchor>
            : null },
          { label: t('meetings.detail.bookedBy'), value: [meeting.attendee.name, meeting.attendee.email].filter(Boolean).join(' · ') },
          { label: t('meetings.detail.location'), value: locationText(meeting.location) },
          meeting.hosts.length > 1
            ? { label: t('meetings.detail.hosts'), value: <span data-testid="meeting-detail-hosts">{hostNames(meeting)}</span> }
            : { label: t('meetings.detail.recruiter'), value: meeting.recruiter.name },
        ]} />
      </DetailSection>
      {meeting.candidateNote && (
        <DetailSection title={t('meetings.detail.candidateNote')}>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="candidate-note">{meeting.candidateNote}</Text>
        </DetailSection>
      )}
      {meeting.status === 'cancelled' && (
        <Alert color="gray" title={t('meetings.detail.cancelledBy', { name: meeting.cancelledBy ?? t('meetings.someone') })}>
          {meeting.cancelReason ?? t('meetings.detail.noReason')}
        </Alert>
      )}
      <MeetingReminders reminders={meeting.reminders} />
      {rebookable && (
        <Alert color="orange" variant="light" data-testid="rebook">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t('meetings.detail.rebookHint')}</Text>
            <Button size="xs" variant="filled" color="orange" loading={rebook.isPending} onClick={() => rebook.mutate(meeting)}>
              {t('meetings.detail.rebook')}
            </Button>
            {rebook.data && (
              <Group gap="xs" w="100%" wrap="wrap" align="flex-end">
                <TextInput readOnly label={t('meetings.detail.newLink')} value={rebook.data.bookingLink.url} size="xs"
                  style={{ flex: '1 1 14rem' }} onFocus={(event) => event.currentTarget.select()} data-testid="rebook-link" />
                <CopyLinkButton url={rebook.data.bookingLink.url} />
              </Group>
            )}
          </Stack>
        </Alert>
      )}
      <Divider />
      <MeetingNotes meeting={meeting} onChanged={onChanged} />
      {(upcoming || markable) && <Divider />}
      <Group gap="sm" justify="flex-end">
        {markable && meeting.status !== 'completed' && (
          <Button variant="light" color="teal" loading={mark.isPending && mark.variables?.patch.status === 'completed'}
            onClick={() => mark.mutate({ id: meeting.id, patch: { status: 'completed' } })}>{t('meetings.detail.markCompleted')}</Button>
        )}
        {markable && meeting.status !== 'no_show' && (
          <Button variant="light" color="orange" loading={mark.isPending && mark.variables?.patch.status === 'no_show'}
            onClick={() => mark.mutate({ id: meeting.id, patch: { status: 'no_show' } })}>{t('meetings.detail.markNoShow')}</Button>
        )}
        {upcoming && <Button variant="default" onClick={() => setDialog('reschedule')}>{t('meetings.detail.reschedule')}</Button>}
        {upcoming && <Button color="red" variant="light" onClick={() => setDialog('cancel')}>{t('meetings.detail.cancelMeeting')}</Button>}
      </Group>
      <CancelMeetingModal meeting={meeting} timeZone={timeZone} opened={dialog === 'cancel'} onClose={() => setDialog(null)} onChanged={onChanged} />
      <RescheduleModal meeting={meeting} timeZone={timeZone} today={today} opened={dialog === 'reschedule'}
        onClose={() => setDialog(null)} onChanged={onChanged} />
    </Stack>
  );
}
