// The invitation parsed back with ical.js, as a calendar reads it: iTIP method,
// the UID kept and SEQUENCE raised across a reschedule, TZID with our VTIMEZONE,
// and the wall time converted through that VTIMEZONE landing on the meeting's
// instant, also on the days after the DST changes and in zones with odd rules.
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { Temporal } from 'temporal-polyfill';
import { meetingIcs, type IcsMeeting } from '#domain/meetings/ics.server.ts';
import { vtimezone } from '#domain/meetings/vtimezone.ts';

const MINUTE = 60_000;

/** A meeting at a wall time in the recruiter's zone. */
function meetingAt(wallTime: string, timeZone = 'Europe/Amsterdam', changes: Partial<IcsMeeting> = {}): IcsMeeting {
  const start = Temporal.PlainDateTime.from(wallTime).toZonedDateTime(timeZone).toInstant();
  return {
    uid: '6f1c2d3e-0000-4000-8000-000000000001@talentloop',
    sequence: 0,
    start: start.toString(),
    end: start.add({ minutes: 30 }).toString(),
    timeZone,
    title: 'Intro call',
    description: 'Intro call with Rita Jansen (30 minutes).\nNote: Looking forward to it\nReschedule: https://talentloop.test/book/abc/reschedule',
    location: 'Microsoft Teams',
    organizer: { name: 'Rita Jansen', email: 'rita@talentloop.test' },
    attendee: { name: 'Anna de Vries', email: 'anna@example.org' },
    stamp: '2026-03-01T10:00:00Z',
    ...changes,
  };
}

interface Parsed {
  calendar: ICAL.Component;
  event: ICAL.Component;
  /** DTSTART/DTEND as instants: a TZID time converted through the calendar's own VTIMEZONE (nothing registered globally). */
  startMs: number;
  endMs: number;
  /** The TZID of DTSTART, null when written in UTC. */
  tzid: string | null;
}

function parse(ics: string): Parsed {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  const events = calendar.getAllSubcomponents('vevent');
  expect(events).toHaveLength(1);
  const [event] = events;
  const instant = (name: string) => {
    const property = event.getFirstProperty(name)!;
    const time = (property.getFirstValue() as ICAL.Time).clone();
    const tzid = (property.getParameter('tzid') as string | undefined) ?? null;
    if (tzid === null) {
      expect(time.zone).toBe(ICAL.Timezone.utcTimezone);
    } else {
      const vtimezones = calendar.getAllSubcomponents('vtimezone').filter((tz) => tz.getFirstPropertyValue('tzid') === tzid);
      expect(vtimezones).toHaveLength(1);
      time.zone = new ICAL.Timezone(vtimezones[0]);
    }
    return time.toUnixTime() * 1000;
  };
  const tzid = (event.getFirstProperty('dtstart')!.getParameter('tzid') as string | undefined) ?? null;
  return { calendar, event, startMs: instant('dtstart'), endMs: instant('dtend'), tzid };
}

/** Whether the zone's clock shows this wall time twice (the repeated hour in autumn). */
function repeated(epochMs: number, timeZone: string): boolean {
  const wall = Temporal.Instant.fromEpochMilliseconds(epochMs).toZonedDateTimeISO(timeZone).toPlainDateTime();
  return !wall.toZonedDateTime(timeZone, { disambiguation: 'earlier' }).equals(wall.toZonedDateTime(timeZone, { disambiguation: 'later' }));
}

describe('meetingIcs', () => {
  it('writes a REQUEST with one VEVENT, organizer and attendee, in the recruiter zone with its VTIMEZONE', () => {
    const meeting = meetingAt('2026-03-30T09:00');
    const ics = meetingIcs(meeting, 'REQUEST');
    const { calendar, event, startMs, endMs } = parse(ics);
    expect(calendar.getFirstPropertyValue('method')).toBe('REQUEST');
    expect(event.getFirstPropertyValue('uid')).toBe(meeting.uid);
    expect(event.getFirstPropertyValue('sequence')).toBe(0);
    expect(event.getFirstPropertyValue('status')).toBe('CONFIRMED');
    expect(event.getFirstPropertyValue('summary')).toBe('Intro call');
    expect(event.getFirstPropertyValue('description')).toBe(meeting.description);
    expect(event.getFirstPropertyValue('location')).toBe('Microsoft Teams');
    expect(ics).toMatch(/^DTSTART;TZID=Europe\/Amsterdam:20260330T090000\r$/m);
    expect(ics).toMatch(/^DTEND;TZID=Europe\/Amsterdam:20260330T093000\r$/m);
    expect(ics).toMatch(/^DTSTAMP:20260301T100000Z\r$/m);
    // The day after the change to summer time: 09:00 CEST is 07:00 UTC.
    expect(new Date(startMs).toISOString()).toBe('2026-03-30T07:00:00.000Z');
    expect(endMs - startMs).toBe(30 * MINUTE);

    const organizer = event.getFirstProperty('organizer')!;
    expect(String(organizer.getFirstValue()).toLowerCase()).toBe('mailto:rita@talentloop.test');
    expect(organizer.getParameter('cn')).toBe('Rita Jansen');
    const attendees = event.getAllProperties('attendee');
    expect(attendees).toHaveLength(1);
    expect(String(attendees[0].getFirstValue()).toLowerCase()).toBe('mailto:anna@example.org');
    expect(attendees[0].getParameter('cn')).toBe('Anna de Vries');
    expect(attendees[0].getParameter('partstat')).toBe('NEEDS-ACTION');
    expect(attendees[0].getParameter('rsvp')).toBe('TRUE');
  });

  it('keeps the UID and raises SEQUENCE across a reschedule to after the change to winter time', () => {
    const booked = meetingAt('2026-03-30T09:00');
    const moved = meetingAt('2026-10-26T09:00', 'Europe/Amsterdam', { sequence: 1 });
    const first = parse(meetingIcs(booked, 'REQUEST'));
    const second = parse(meetingIcs(moved, 'REQUEST'));
    expect(second.event.getFirstPropertyValue('uid')).toBe(first.event.getFirstPropertyValue('uid'));
    expect(second.event.getFirstPropertyValue('sequence')).toBe(1);
    // 09:00 CET is 08:00 UTC.
    expect(new Date(second.startMs).toISOString()).toBe('2026-10-26T08:00:00.000Z');
    expect(second.startMs).toBe(Date.parse(moved.start as string));
  });

  it('a cancellation is METHOD:CANCEL with STATUS:CANCELLED for the same UID', () => {
    const meeting = meetingAt('2026-10-26T09:00', 'Europe/Amsterdam', { sequence: 2 });
    const { calendar, event, startMs } = parse(meetingIcs(meeting, 'CANCEL'));
    expect(calendar.getFirstPropertyValue('method')).toBe('CANCEL');
    expect(event.getFirstPropertyValue('status')).toBe('CANCELLED');
    expect(event.getFirstPropertyValue('uid')).toBe(meeting.uid);
    expect(event.getFirstPropertyValue('sequence')).toBe(2);
    expect(startMs).toBe(Date.parse(meeting.start as string));
  });

  it('writes a meeting in the hour that the change to winter time repeats in UTC', () => {
    // 02:30 CEST, the first of the two 02:30s on 25 October 2026.
    const meeting = meetingAt('2026-10-25T02:30', 'Europe/Amsterdam');
    expect(meeting.start).toBe('2026-10-25T00:30:00Z');
    const ics = meetingIcs(meeting, 'REQUEST');
    expect(ics).toMatch(/^DTSTART:20261025T003000Z\r$/m);
    expect(parse(ics).startMs).toBe(Date.parse('2026-10-25T00:30:00Z'));
  });

  it('writes Amsterdam as the yearly rule Outlook writes itself: last Sunday of March and October', () => {
    const text = vtimezone('Europe/Amsterdam', 2026);
    expect(text).toContain('BEGIN:DAYLIGHT\r\nDTSTART:20250330T020000\r\nRRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU\r\nTZOFFSETFROM:+0100\r\nTZOFFSETTO:+0200');
    expect(text).toContain('BEGIN:STANDARD\r\nDTSTART:20251026T030000\r\nRRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU\r\nTZOFFSETFROM:+0200\r\nTZOFFSETTO:+0100');
  });

  // Southern-hemisphere DST across the new year, a half-hour offset, a 30-minute DST
  // (Lord Howe), irregular yearly changes (Casablanca), a zone that dropped DST (Asuncion).
  const zones = ['Europe/Amsterdam', 'America/New_York', 'Australia/Sydney', 'Asia/Kolkata', 'Australia/Lord_Howe',
    'Africa/Casablanca', 'America/Asuncion', 'Europe/London'];
  it.each(zones)('every meeting in %s converts back to its instant through the VTIMEZONE', (timeZone) => {
    // Every 97 hours through 2026 (a day and an hour apart: every hour of the day), plus the hours around each transition.
    const instants: number[] = [];
    for (let t = Date.parse('2026-01-01T00:00:00Z'); t < Date.parse('2027-01-01T00:00:00Z'); t += 97 * 60 * MINUTE) instants.push(t);
    let cursor: Temporal.ZonedDateTime | null = Temporal.ZonedDateTime.from({ year: 2026, month: 1, day: 1, timeZone });
    while ((cursor = cursor.getTimeZoneTransition('next')) && cursor.year === 2026) {
      for (const hours of [-2, -1, 0, 1, 2]) instants.push(cursor.epochMilliseconds + hours * 60 * MINUTE);
    }
    for (const startMs of instants) {
      const start = new Date(startMs).toISOString();
      const endMs = startMs + 45 * MINUTE;
      const meeting = meetingAt('2026-01-01T00:00', timeZone, { start, end: new Date(endMs).toISOString() });
      const parsed = parse(meetingIcs(meeting, 'REQUEST'));
      expect({ start, parsed: new Date(parsed.startMs).toISOString() }).toEqual({ start, parsed: start });
      expect(parsed.endMs - parsed.startMs).toBe(45 * MINUTE);
      // In the recruiter's zone, except a start or end in a repeated hour: that one is written in UTC.
      const inRepeatedHour = repeated(startMs, timeZone) || repeated(endMs, timeZone);
      expect({ start, tzid: parsed.tzid }).toEqual({ start, tzid: inRepeatedHour ? null : timeZone });
    }
  });
});
