// The candidate's calendar invitation (RFC 5545/5546, iTIP): METHOD:REQUEST for a
// booked or moved meeting, METHOD:CANCEL for a cancelled one. One VEVENT whose UID
// stays for the meeting's whole life and whose SEQUENCE the booking raises on every
// change, so calendars update the entry they have instead of adding one. Times are
// written in the recruiter's zone (TZID) with its VTIMEZONE. Pure.
//
// One exception: a start or end inside the hour that a change to winter time repeats
// (02:30 happens twice). RFC 5545 reads such a local time as its first occurrence,
// some readers (ical.js) as the second, and the second cannot be written at all; so
// those meetings are written in UTC, which every reader takes as the same instant.
import { ICalAttendeeRole, ICalAttendeeStatus, ICalCalendar, ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import { Temporal } from 'temporal-polyfill';
import { epochMilliseconds, type InstantInput } from './slots.ts';
import { vtimezone } from './vtimezone.ts';

export type IcsMethod = 'REQUEST' | 'CANCEL';

export interface IcsMeeting {
  /** meetings.ics_uid */
  uid: string;
  /** meetings.sequence */
  sequence: number;
  start: InstantInput;
  end: InstantInput;
  /** The recruiter's IANA zone (meetings.time_zone): DTSTART/DTEND carry it as TZID. */
  timeZone: string;
  title: string;
  /** Plain text: what the meeting is, the candidate's note, the links to move or cancel it. */
  description: string;
  /** The Teams join URL, the phone number or the address. */
  location: string | null;
  organizer: { name: string; email: string };
  attendee: { name: string; email: string };
  /** DTSTAMP: when this version of the invitation was made. */
  stamp: InstantInput;
}

const zoned = (instant: InstantInput, timeZone: string) =>
  Temporal.Instant.fromEpochMilliseconds(epochMilliseconds(instant)).toZonedDateTimeISO(timeZone);

/** Whether the wall time of `time` occurs twice in its zone (the repeated hour of a change to winter time). */
function repeatedWallTime(time: Temporal.ZonedDateTime): boolean {
  const wall = time.toPlainDateTime();
  const earlier = wall.toZonedDateTime(time.timeZoneId, { disambiguation: 'earlier' });
  const later = wall.toZonedDateTime(time.timeZoneId, { disambiguation: 'later' });
  return !earlier.equals(later);
}

export function meetingIcs(meeting: IcsMeeting, method: IcsMethod): string {
  const start = zoned(meeting.start, meeting.timeZone);
  const end = zoned(meeting.end, meeting.timeZone);
  const inUtc = repeatedWallTime(start) || repeatedWallTime(end);
  const calendar = new ICalCalendar({
    prodId: { company: 'Talentloop', product: 'Meetings', language: 'EN' },
    method: method === 'CANCEL' ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST,
    // No calendar-wide zone (DTSTAMP stays UTC); the generator writes the event's zone.
    timezone: { name: null, generator: (timeZone) => vtimezone(timeZone, start.year) },
  });
  calendar.createEvent({
    id: meeting.uid,
    sequence: meeting.sequence,
    stamp: new Date(epochMilliseconds(meeting.stamp)),
    start: inUtc ? new Date(start.epochMilliseconds) : start,
    end: inUtc ? new Date(end.epochMilliseconds) : end,
    timezone: inUtc ? null : meeting.timeZone,
    summary: meeting.title,
    description: meeting.description,
    location: meeting.location,
    organizer: { name: meeting.organizer.name, email: meeting.organizer.email },
    attendees: [{
      name: meeting.attendee.name,
      email: meeting.attendee.email,
      rsvp: true,
      role: ICalAttendeeRole.REQ,
      status: ICalAttendeeStatus.NEEDSACTION,
    }],
    status: method === 'CANCEL' ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
  });
  return calendar.toString();
}
