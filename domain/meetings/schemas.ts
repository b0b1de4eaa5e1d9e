// A recruiter's availability settings (what /app/meeting-booking saves and the
// slot computation reads), the slots it offers, and how a slot reads in a time
// zone. Shared by the API and the booking page: browser-safe.
//
// Error messages name the field path from the settings object down
// ("availability.monday.1 (10:00-13:00) overlaps availability.monday.0 (09:00-12:00)").
import { z } from 'zod';
import { codeParamsSchema } from '../schemas/answers.ts';
import { msg } from '../i18n/codes.ts';
import { ianaTimeZone, isCalendarDate, minutesOfDay, timeText, WEEKDAYS, type Weekday } from './availability.ts';

/** A whole number of minutes (or days) within bounds, with one message naming the field. */
function boundedWholeNumber(field: string, min: number, max: number, unit: 'minutes' | 'days' | 'meetings') {
  const message = msg(`validation.whole_${unit}`, { field, min, max });
  return z.number({ error: message }).int(message).min(min, message).max(max, message);
}

export const MAX_RANGES_PER_DAY = 12;
export const MAX_OVERRIDES = 366;

/** A wall-clock range in the recruiter's zone, "09:00"-"12:00"; end may be "24:00". Checked in the settings' refinement, which knows the path. */
export const timeRangeSchema = z.object({
  start: z.string({ error: msg('validation.start_time') }),
  end: z.string({ error: msg('validation.end_time') }),
});
export type TimeRange = z.infer<typeof timeRangeSchema>;

const dayRanges = z.array(timeRangeSchema).max(MAX_RANGES_PER_DAY).default([]);

export const weeklyAvailabilitySchema = z.strictObject(
  Object.fromEntries(WEEKDAYS.map((day) => [day, dayRanges])) as Record<Weekday, typeof dayRanges>,
);
export type WeeklyAvailability = z.infer<typeof weeklyAvailabilitySchema>;

/** A specific local date: `ranges: []` is a day off; otherwise these ranges replace the weekday's. */
export const dateOverrideSchema = z.object({
  date: z.string({ error: msg('validation.date') }),
  ranges: z.array(timeRangeSchema).max(MAX_RANGES_PER_DAY),
});
export type DateOverride = z.infer<typeof dateOverrideSchema>;

type IssueSink = (path: Array<string | number>, message: string) => void;

/** Checks one day's ranges: formats, end after start, no two overlapping. `at` is the day's path. */
function checkRanges(ranges: readonly TimeRange[], at: Array<string | number>, report: IssueSink) {
  const name = (index: number) => [...at, index].join('.');
  const valid: Array<{ index: number; start: number; end: number }> = [];
  ranges.forEach((range, index) => {
    const start = minutesOfDay(range.start);
    const end = minutesOfDay(range.end, { asEnd: true });
    if (start === null) report([...at, index, 'start'], msg('validation.range_start', { field: name(index) }));
    if (end === null) report([...at, index, 'end'], msg('validation.range_end', { field: name(index) }));
    if (start === null || end === null) return;
    if (end <= start) {
      report([...at, index, 'end'], msg('validation.range_order', { field: name(index), end: range.end, start: range.start }));
      return;
    }
    valid.push({ index, start, end });
  });
  // Touching ranges (09:00-12:00 and 12:00-13:00) are fine; sharing any minute is not.
  for (const later of valid) {
    for (const earlier of valid) {
      if (earlier.index >= later.index) break;
      if (earlier.start < later.end && later.start < earlier.end) {
        const text = (r: typeof later) => `${timeText(r.start)}-${timeText(r.end)}`;
        report([...at, later.index], msg('validation.range_overlap', {
          field: name(later.index), times: text(later), otherField: name(earlier.index), otherTimes: text(earlier),
        }));
      }
    }
  }
}

export const availabilitySettingsSchema = z.object({
  timeZone: z.string({ error: msg('validation.time_zone') })
    .transform((name, ctx) => {
      const zone = ianaTimeZone(name);
      if (zone === null) ctx.addIssue({ code: 'custom', message: msg('validation.time_zone') });
      return zone ?? name;
    }),
  availability: weeklyAvailabilitySchema,
  overrides: z.array(dateOverrideSchema).max(MAX_OVERRIDES).default([]),
  /** Kept free before each meeting (preparation), in minutes. */
  bufferBeforeMinutes: boundedWholeNumber('bufferBeforeMinutes', 0, 240, 'minutes'),
  /** Kept free after each meeting (notes, a break), in minutes. */
  bufferAfterMinutes: boundedWholeNumber('bufferAfterMinutes', 0, 240, 'minutes'),
  /** How far ahead of now the earliest slot starts (0 to 30 days), in minutes. */
  minimumNoticeMinutes: boundedWholeNumber('minimumNoticeMinutes', 0, 30 * 24 * 60, 'minutes'),
  /** How many days ahead candidates can book. */
  horizonDays: boundedWholeNumber('horizonDays', 1, 365, 'days'),
  /** Slots start every this many minutes of wall-clock time from each range's start. */
  slotStepMinutes: boundedWholeNumber('slotStepMinutes', 5, 240, 'minutes'),
  /** Most meetings on one local day of the recruiter; null = no limit. */
  maxPerDay: boundedWholeNumber('maxPerDay', 1, 50, 'meetings').nullable(),
  /** Most meetings in one local week (Monday to Sunday) of the recruiter, every type counted; null = no limit. */
  maxPerWeek: boundedWholeNumber('maxPerWeek', 1, 200, 'meetings').nullable().default(null),
}).superRefine((settings, ctx) => {
  const report: IssueSink = (path, message) => ctx.addIssue({ code: 'custom', path, message });
  for (const day of WEEKDAYS) checkRanges(settings.availability[day], ['availability', day], report);
  const firstIndexOfDate = new Map<string, number>();
  settings.overrides.forEach((override, index) => {
    if (!isCalendarDate(override.date)) {
      report(['overrides', index, 'date'], msg('validation.override_date', { field: `overrides.${index}` }));
    } else if (firstIndexOfDate.has(override.date)) {
      report(['overrides', index, 'date'], msg('validation.override_date_twice', {
        field: `overrides.${index}`, date: override.date, otherField: `overrides.${firstIndexOfDate.get(override.date)}`,
      }));
    } else {
      firstIndexOfDate.set(override.date, index);
    }
    checkRanges(override.ranges, ['overrides', index, 'ranges'], report);
  });
});
/** Settings as saved and as the slot computation reads them (after parsing). */
export type AvailabilitySettings = z.output<typeof availabilitySettingsSchema>;
/** Settings as sent by the form (days and overrides may be left out). */
export type AvailabilitySettingsInput = z.input<typeof availabilitySettingsSchema>;

/** A meeting's length; the same bounds as booking_links.duration_minutes. */
export const meetingDurationSchema = boundedWholeNumber('durationMinutes', 10, 240, 'minutes');

/** Something the API can show next to saved settings that is allowed but probably not meant: its English text and its code (errors.<code>). */
export const availabilityWarningSchema = z.object({ field: z.string(), message: z.string(), code: z.string().optional(), params: codeParamsSchema.optional() });
export type AvailabilityWarning = z.infer<typeof availabilityWarningSchema>;

// ---- Answers ----

/** A bookable slot: ISO 8601 instants in UTC ("2025-03-31T07:00:00.000Z"), end = start + duration. */
export const slotSchema = z.object({ start: z.string(), end: z.string() });
export type Slot = z.infer<typeof slotSchema>;

/** A slot as it reads on a clock in `timeZone` (the booking page, the email, the ICS file). */
export const slotInZoneSchema = slotSchema.extend({
  timeZone: z.string(),
  /** Local date of the start, "2025-03-31". */
  date: z.string(),
  /** Local wall time of the start, "09:00". */
  startTime: z.string(),
  /** Local date of the end: differs from `date` when the meeting runs past midnight there. */
  endDate: z.string(),
  endTime: z.string(),
  /** The zone's UTC offset at the start, "+05:30". */
  utcOffset: z.string(),
});
export type SlotInZone = z.infer<typeof slotInZoneSchema>;
