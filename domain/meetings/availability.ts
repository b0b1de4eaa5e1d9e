// Wall-clock pieces of a recruiter's availability: weekday names, "HH:MM" times,
// time zone names, and where a local date and time falls on the real timeline.
// All zone arithmetic goes through Temporal, so DST changes are handled by the
// time zone database, never by hand-made offsets. Browser-safe.
import { Temporal } from 'temporal-polyfill';
import type { AvailabilitySettings, AvailabilityWarning } from './schemas.ts';

/** Keys of the weekly availability, Monday first (Temporal's dayOfWeek 1-7). */
export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export const MINUTES_PER_DAY = 24 * 60;

/** The weekday key of a local date. */
export function weekdayOf(date: Temporal.PlainDate): Weekday {
  return WEEKDAYS[date.dayOfWeek - 1];
}

const TIME = /^([01][0-9]|2[0-3]):([0-5][0-9])$/;

/**
 * Minutes after local midnight of a wall-clock time "HH:MM" ("09:30" → 570).
 * "24:00" (the end of the day, 1440) is allowed only as a range's end. null when not a time.
 */
export function minutesOfDay(time: string, { asEnd = false } = {}): number | null {
  if (asEnd && time === '24:00') return MINUTES_PER_DAY;
  const match = TIME.exec(time);
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}

/** "HH:MM" of minutes after midnight (1440 → "24:00"). */
export function timeText(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

const DATE = /^[0-9]{4}-[0-9]{2}-[0-9]{2}$/;

/** Whether `text` is a real calendar date "YYYY-MM-DD" (not 2025-02-30). */
export function isCalendarDate(text: string): boolean {
  if (!DATE.test(text)) return false;
  try {
    Temporal.PlainDate.from(text);
    return true;
  } catch {
    return false;
  }
}

import { ianaTimeZone } from '../schemas/time-zone.ts';

export { ianaTimeZone };

/** Where a local date + wall time falls: its instant, and whether that wall time exists at all. */
export interface WallTimeInstant {
  /** The first instant at which the clock reads this time; in a DST gap, the transition instant. */
  instant: Temporal.ZonedDateTime;
  /** false in a DST gap (e.g. 02:30 on the last Sunday of March in Amsterdam). */
  exists: boolean;
}

/**
 * Places `minutes` after midnight of `date` (1440 = the next midnight) in `timeZone`.
 * A time that occurs twice (the October change) is its earlier occurrence; a time
 * that does not exist (the March change) maps to the moment the clock jumps past
 * it, and is marked so that no slot starts there.
 */
export function wallTimeInstant(date: Temporal.PlainDate, minutes: number, timeZone: string): WallTimeInstant {
  const wall = date.toPlainDateTime().add({ minutes });
  const earlier = wall.toZonedDateTime(timeZone, { disambiguation: 'earlier' });
  if (earlier.toPlainDateTime().equals(wall)) return { instant: earlier, exists: true };
  // In a gap, 'earlier' lands just before the jump: the next transition is the jump itself.
  return { instant: earlier.getTimeZoneTransition('next') ?? earlier, exists: false };
}

/**
 * A warning, not an error (the settings still save): no slot of `durationMinutes`
 * can ever be offered because every range, weekly or override, is shorter, or
 * there are no ranges at all. null when at least one range fits the meeting.
 * Lengths are wall-clock minutes; a DST day's hour more or less is ignored here.
 */
export function meetingDurationWarning(settings: AvailabilitySettings, durationMinutes: number): AvailabilityWarning | null {
  const ranges = [...WEEKDAYS.flatMap((day) => settings.availability[day]), ...settings.overrides.flatMap((override) => override.ranges)];
  const lengths = ranges.map((range) => (minutesOfDay(range.end, { asEnd: true }) ?? 0) - (minutesOfDay(range.start) ?? 0));
  if (lengths.length === 0) {
    return { field: 'availability', message: 'availability has no time ranges: candidates will see no times to book' };
  }
  const longest = Math.max(...lengths);
  if (longest >= durationMinutes) return null;
  return {
    field: 'durationMinutes',
    message: `A ${durationMinutes}-minute meeting is longer than every availability range (the longest is ${longest} minutes): candidates will see no times to book`,
  };
}
