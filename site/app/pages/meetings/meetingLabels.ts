// How a meeting's status and location read on the page.
import type { Meeting, MeetingStatus } from '#domain/meetings/meeting-schemas.ts';

export const STATUS_LABELS: Record<MeetingStatus, string> = {
  confirmed: 'Confirmed', rescheduled: 'Rescheduled', cancelled: 'Cancelled', completed: 'Completed', no_show: 'No-show',
};

export const STATUS_COLOURS: Record<MeetingStatus, string> = {
  confirmed: 'green', rescheduled: 'blue', cancelled: 'gray', completed: 'teal', no_show: 'orange',
};

export function locationText({ kind, detail }: Meeting['location']): string {
  if (kind === 'teams') return 'Microsoft Teams';
  if (kind === 'phone') return detail ? `Phone: ${detail}` : 'Phone';
  return detail ? `On-site: ${detail}` : 'On-site';
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
