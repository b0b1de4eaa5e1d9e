// How a meeting's status and location read on the page.
import type { ReminderChannel } from '#domain/meetings/booking-schemas.ts';
import type { Meeting, MeetingStatus } from '#domain/meetings/meeting-schemas.ts';
import { formatList } from '#app/i18n/format.ts';
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

/** "15 min", "1 h", "24 h": how long before a meeting a reminder goes. */
export function leadTimeText(minutesBefore: number): string {
  return minutesBefore % 60 === 0
    ? i18n.t('meetings.reminders.hours', { count: minutesBefore / 60 })
    : i18n.t('meetings.reminders.minutes', { count: minutesBefore });
}

/** "24 h before by email". */
export function reminderText({ minutesBefore, channel }: { minutesBefore: number; channel: ReminderChannel }): string {
  return i18n.t('meetings.reminders.item', { lead: leadTimeText(minutesBefore), channel: i18n.t(`meetings.reminders.channels.${channel}`) });
}

/** Whether the meeting's hosts are worth naming to `viewerId`: several of them, or not the viewer. */
export function othersHost(meeting: Meeting, viewerId: string): boolean {
  return meeting.hosts.length > 1 || (meeting.hosts[0]?.id ?? meeting.recruiter.id) !== viewerId;
}

/** "Sam Jansen and Anouk de Vries": the meeting's hosts (its recruiter when the answer names none). */
export function hostNames(meeting: Meeting): string {
  return formatList((meeting.hosts.length ? meeting.hosts : [meeting.recruiter]).map((host) => host.name));
}
