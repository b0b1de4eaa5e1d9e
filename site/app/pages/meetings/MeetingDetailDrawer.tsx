// One meeting in the context drawer: when (the recruiter's and the
// candidate's zones), who, where, Teams, the candidate's note, notes, and the
// actions: reschedule and cancel while it lies ahead, mark completed or
// no-show once it has started.
import { Alert, Anchor, Button, Divider, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { ContextDrawer } from '#app/drawers/ContextDrawer.tsx';
import { useT } from '#app/i18n/useT.ts';
import { appLinkProps } from '#app/router/Link.tsx';
import type { Meeting } from '#domain/meetings/meeting-schemas.ts';
import { DetailSection } from '../people/DetailSection.tsx';
import { FactList } from '../people/FactList.tsx';
import { CancelMeetingModal } from './CancelMeetingModal.tsx';
import { MeetingStatusBadge, MeetingTypeLabel } from './MeetingBadges.tsx';
import { hasEnded, hasStarted, isActiveMeeting, locationText, meetingWith } from './meetingLabels.ts';
import { MeetingNotes } from './MeetingNotes.tsx';
import { usePatchMeeting } from './meetingQueries.ts';
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
          { label: t('meetings.detail.recruiter'), value: meeting.recruiter.name },
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
