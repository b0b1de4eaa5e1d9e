// One meeting in the context drawer: when (the recruiter's and the
// candidate's zones), who, where, Teams, the candidate's note, notes, and the
// actions: reschedule and cancel while it lies ahead, mark completed or
// no-show once it has started.
import { Alert, Anchor, Button, Divider, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { ContextDrawer } from '#app/drawers/ContextDrawer.tsx';
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
  return (
    <ContextDrawer
      opened={meetingId !== null}
      onClose={onClose}
      title={meeting ? `Meeting with ${meetingWith(meeting)}` : 'Meeting'}
      description={meeting ? dateAndTime(meeting, rest.timeZone) : undefined}
    >
      {meeting
        ? <MeetingDetail key={meeting.id} meeting={meeting} {...rest} />
        : <Alert color="gray" title="Meeting not in this list">Change the dates or filters to find it.</Alert>}
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
  const [dialog, setDialog] = useState<'cancel' | 'reschedule' | null>(null);
  const mark = usePatchMeeting({ onChanged });
  const upcoming = isActiveMeeting(meeting) && !hasEnded(meeting, now);
  const markable = meeting.status !== 'cancelled' && hasStarted(meeting, now);

  const when = [
    { label: `Your time (${timeZone})`, value: timeIn(meeting, timeZone) },
    ...(meeting.timeZone !== timeZone ? [{ label: `Recruiter's zone (${meeting.timeZone})`, value: timeIn(meeting, meeting.timeZone) }] : []),
    { label: meeting.candidateTimeZone ? `Candidate's time (${meeting.candidateTimeZone})` : "Candidate's time",
      value: timeIn(meeting, meeting.candidateTimeZone) ?? 'Time zone not known' },
  ];

  return (
    <Stack gap="md" data-testid="meeting-detail">
      <Group gap="sm">
        <MeetingStatusBadge status={meeting.status} />
        <MeetingTypeLabel meetingType={meeting.meetingType} />
      </Group>
      <TeamsStatus meeting={meeting} onChanged={onChanged} />
      <DetailSection title="When"><FactList facts={when} /></DetailSection>
      <DetailSection title="Who and where">
        <FactList facts={[
          { label: 'Candidate', value: meeting.candidate
            ? <Anchor {...appLinkProps(candidateHref(meeting.candidate.id))}>{meeting.candidate.name}</Anchor>
            : null },
          { label: 'Booked by', value: [meeting.attendee.name, meeting.attendee.email].filter(Boolean).join(' · ') },
          { label: 'Location', value: locationText(meeting.location) },
          { label: 'Recruiter', value: meeting.recruiter.name },
        ]} />
      </DetailSection>
      {meeting.candidateNote && (
        <DetailSection title="Candidate's note">
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="candidate-note">{meeting.candidateNote}</Text>
        </DetailSection>
      )}
      {meeting.status === 'cancelled' && (
        <Alert color="gray" title={`Cancelled by ${meeting.cancelledBy ?? 'someone'}`}>{meeting.cancelReason ?? 'No reason given.'}</Alert>
      )}
      <Divider />
      <MeetingNotes meeting={meeting} onChanged={onChanged} />
      {(upcoming || markable) && <Divider />}
      <Group gap="sm" justify="flex-end">
        {markable && meeting.status !== 'completed' && (
          <Button variant="light" color="teal" loading={mark.isPending && mark.variables?.patch.status === 'completed'}
            onClick={() => mark.mutate({ id: meeting.id, patch: { status: 'completed' } })}>Mark completed</Button>
        )}
        {markable && meeting.status !== 'no_show' && (
          <Button variant="light" color="orange" loading={mark.isPending && mark.variables?.patch.status === 'no_show'}
            onClick={() => mark.mutate({ id: meeting.id, patch: { status: 'no_show' } })}>Mark no-show</Button>
        )}
        {upcoming && <Button variant="default" onClick={() => setDialog('reschedule')}>Reschedule</Button>}
        {upcoming && <Button color="red" variant="light" onClick={() => setDialog('cancel')}>Cancel meeting</Button>}
      </Group>
      <CancelMeetingModal meeting={meeting} timeZone={timeZone} opened={dialog === 'cancel'} onClose={() => setDialog(null)} onChanged={onChanged} />
      <RescheduleModal meeting={meeting} timeZone={timeZone} today={today} opened={dialog === 'reschedule'}
        onClose={() => setDialog(null)} onChanged={onChanged} />
    </Stack>
  );
}
