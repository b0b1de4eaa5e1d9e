// How a meeting's status and location read on the page.
import type { Meeting, MeetingStatus } from '#domain/meetings/meeting-schemas.ts';
import { i18n } from '#app/i18n/i18n.ts';

export const STATUS_COLOURS: Record<MeetingStatus, string> = {
  confirmed: 'green', rescheduled: 'blue', cancelled: 'gray', completed: 'teal', no_show: 'orange',
};

export function locationText({ kind, detail }: Meeting['location']): string {
  if (kind === 'teams') return 'Microsoft Teams';
  if (kind === 'phone') return detail ? i18n.t('meetings.location.phoneAt', { detail }) : i18n.t('meetings.location.phone');
  return detail ? i18n.t('meetings.location.onSiteAt', { detail }) : i18n.t('meetings.location.onSite');
}

/** Who the meeting is with: the candidate, else whoever booked, else its title. */
export function meetingWith(meeting: Meeting): string {
  return meeting.candidate?.name ?? meeting.attendee.name ?? meeting.title;
}

/** The meeting still holds a time (it can be moved or cancelled while it has not ended). */
export function isActiveMeeting(meeting: Meeting): boolean {
  return meeting.status === 'confirmed' || meeting.status === 'rescheduled';
}

export function hasEnded(meeting: Meeting, now: number): boolean {
  return Date.parse(meeting.end) <= now;
}

export function hasStarted(meeting: Meeting, now: number): boolean {
  return Date.parse(meeting.start) <= now;
}
