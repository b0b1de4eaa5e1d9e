// Wall-clock pieces of a recruiter's availability: weekday names, "HH:MM" times and
// time zone names. Where a local date and time falls on the real timeline is
// domain/schemas/local-time.ts (one rule and one DST policy with the send windows
// and the booking page). Browser-safe.
import { Temporal } from 'temporal-polyfill';
import type { AvailabilitySettings } from './schemas.ts';
import { WEEKDAYS, type Weekday } from './weekdays.ts';

export { WEEKDAYS, type Weekday };

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
import { coded, say, type Coded, type Said } from '../i18n/codes.ts';

export { ianaTimeZone };

/**
 * A warning, not an error (the settings still save): no slot of `durationMinutes`
 * can ever be offered because every range, weekly or override, is shorter, or
 * there are no ranges at all. null when at least one range fits the meeting.
 * Lengths are wall-clock minutes; a DST day's hour more or less is ignored here.
 */
/** A warning as code and params: what meetingDurationWarning finds. */
export type DurationWarning = Coded & { field: string };

export function meetingDurationWarning(settings: AvailabilitySettings, durationMinutes: number): DurationWarning | null {
  const ranges = [...WEEKDAYS.flatMap((day) => settings.availability[day]), ...settings.overrides.flatMap((override) => override.ranges)];
  const lengths = ranges.map((range) => (minutesOfDay(range.end, { asEnd: true }) ?? 0) - (minutesOfDay(range.start) ?? 0));
  if (lengths.length === 0) {
    return warningOf('availability', 'no_availability_ranges');
  }
  const longest = Math.max(...lengths);
  if (longest >= durationMinutes) return null;
  return warningOf('durationMinutes', say('duration_longer_than_ranges', { minutes: durationMinutes, longest }));
}

/** A warning: the field, and its code and params (decision 032); the server adds the English `message`. */
function warningOf(field: string, said: Said): DurationWarning {
  return { field, ...coded(said) };
}
