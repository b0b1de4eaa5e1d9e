// Meeting times as the recruiter reads them: local dates and clock times in the
// browser's zone, and the instants the API's from/to filters take. Through the
// browser's own time-zone data (Intl, site/scripts/booking/zones.ts, shared with the
// booking page), never hand-made offsets, and without Temporal: the dashboard and
// the candidate drawer show meetings too, so this stays out of their bundles.
import type { Meeting } from '#domain/meetings/meeting-schemas.ts';
import type { Slot } from '#domain/meetings/schemas.ts';
import { clockFormat, locale } from '#app/i18n/format.ts';
import { i18n } from '#app/i18n/i18n.ts';
import { addDays as addCalendarDays, localDate, startOfLocalDay, wallTime } from '#site/scripts/booking/zones.ts';

/** The local date in `timeZone` at an instant (epoch milliseconds). */
export function dateAt(epochMs: number, timeZone: string): string {
  return localDate(epochMs, timeZone);
}

/** The first instant of a local date in `timeZone` (ISO text, for ?from= and ?to=). */
export function startOfDay(date: string, timeZone: string): string {
  return new Date(startOfLocalDay(date, timeZone)).toISOString();
}

export function addDays(date: string, days: number): string {
  return addCalendarDays(date, days);
}

/** The Monday of the week `date` is in. */
export function mondayOf(date: string): string {
  const weekday = (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7;
  return addDays(date, -weekday);
}

/** The 7 dates from `monday`. */
export function weekDates(monday: string): string[] {
  return Array.from({ length: 7 }, (_, index) => addDays(monday, index));
}

/** "2026-03-04" and the time on the interface's clock ("10:00" / "10:00 AM") in `timeZone`. */
function clock(instant: string, timeZone: string): { date: string; time: string; minutes: number } {
  const wall = new Date(wallTime(Date.parse(instant), timeZone));
  return { date: wall.toISOString().slice(0, 10), time: clockFormat('UTC').format(wall), minutes: wall.getUTCHours() * 60 + wall.getUTCMinutes() };
}

const FORMATS = {
  long: { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' },
  medium: { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' },
  weekday: { weekday: 'short', timeZone: 'UTC' },
  monthDay: { month: 'short', day: 'numeric', timeZone: 'UTC' },
} satisfies Record<string, Intl.DateTimeFormatOptions>;
const made = new Map<string, Intl.DateTimeFormat>();
/** The interface language's formatter (en-US in English, as before; nl-NL in Dutch), made once per locale. */
const dateFormat = (kind: keyof typeof FORMATS) => {
  const key = `${locale()} ${kind}`;
  let format = made.get(key);
  if (!format) made.set(key, format = new Intl.DateTimeFormat(locale(), FORMATS[kind]));
  return format;
};
const atNoon = (date: string) => new Date(`${date}T12:00:00Z`);

/** "Wednesday, March 4, 2026" */
export function longDate(date: string): string {
  return dateFormat('long').format(atNoon(date));
}

/** "Wed, Mar 4" */
export function mediumDate(date: string): string {
  return dateFormat('medium').format(atNoon(date));
}

/** "Wed" */
export function weekdayName(date: string): string {
  return dateFormat('weekday').format(atNoon(date));
}

/** "Mar 2 – Mar 8, 2026" / "2 mrt – 8 mrt 2026" */
export function weekLabel(monday: string): string {
  const sunday = addDays(monday, 6);
  return i18n.t('meetings.week.label', {
    from: dateFormat('monthDay').format(atNoon(monday)), to: dateFormat('monthDay').format(atNoon(sunday)), year: sunday.slice(0, 4),
  });
}

/** A meeting or slot on the clock in `timeZone`: its local date and "10:00 – 10:30" (a later end date is named). */
export function localTimes(slot: Slot, timeZone: string): { date: string; range: string; startTime: string } {
  const start = clock(slot.start, timeZone);
  const end = clock(slot.end, timeZone);
  const endText = end.date === start.date ? end.time : `${end.time} (${mediumDate(end.date)})`;
  return { date: start.date, range: `${start.time} – ${endText}`, startTime: start.time };
}

/** "Wed, Mar 4, 10:00 – 10:30" */
export function dateAndTime(slot: Slot, timeZone: string): string {
  const local = localTimes(slot, timeZone);
  return `${mediumDate(local.date)}, ${local.range}`;
}

/** Minutes after local midnight of the start, and of the end (up to 1440 when it runs past midnight). */
export function minutesOfDayRange(slot: Slot, timeZone: string): { date: string; start: number; end: number } {
  const start = clock(slot.start, timeZone);
  const end = clock(slot.end, timeZone);
  return { date: start.date, start: start.minutes, end: end.date === start.date ? end.minutes : 24 * 60 };
}

/** Meetings grouped by the local date of their start, in the order given. */
export function meetingsByDate(meetings: readonly Meeting[], timeZone: string): Array<{ date: string; meetings: Meeting[] }> {
  const days: Array<{ date: string; meetings: Meeting[] }> = [];
  for (const meeting of meetings) {
    const { date } = localTimes(meeting, timeZone);
    const day = days.find((d) => d.date === date);
    if (day) day.meetings.push(meeting);
    else days.push({ date, meetings: [meeting] });
  }
  return days;
}
