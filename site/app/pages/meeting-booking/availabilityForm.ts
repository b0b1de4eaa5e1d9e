// The availability form's values, its validation (the API's own schema, so the
// browser says what the server says) and the field paths a server error can name.
import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import { MINUTES_PER_DAY, minutesOfDay, timeText, WEEKDAYS } from '#domain/meetings/availability.ts';
import type { BookingSettings } from '#domain/meetings/booking-schemas.ts';
import { availabilitySettingsSchema, type AvailabilitySettings, type TimeRange } from '#domain/meetings/schemas.ts';

/** The form holds the settings as the API answers them: every weekday present. */
export type AvailabilityFormValues = BookingSettings;

export const availabilityResolver = zodResolver(availabilitySettingsSchema) as unknown as
  Resolver<AvailabilityFormValues, unknown, AvailabilitySettings>;

export const DEFAULT_RANGE: TimeRange = { start: '09:00', end: '17:00' };

/** A range to add after `ranges`: from the last one's end, an hour long (touching is allowed). */
export function nextRange(ranges: readonly TimeRange[]): TimeRange {
  const last = ranges.at(-1);
  if (!last) return DEFAULT_RANGE;
  const lastEnd = minutesOfDay(last.end, { asEnd: true });
  if (lastEnd === null || lastEnd >= MINUTES_PER_DAY) return { start: '23:00', end: '24:00' };
  return { start: timeText(lastEnd), end: timeText(Math.min(lastEnd + 60, MINUTES_PER_DAY)) };
}

export const SETTINGS_SCALAR_FIELDS = [
  'timeZone', 'bufferBeforeMinutes', 'bufferAfterMinutes', 'minimumNoticeMinutes', 'horizonDays', 'slotStepMinutes', 'maxPerDay', 'maxPerWeek',
] as const;

function rangePaths(at: string, ranges: readonly TimeRange[]): string[] {
  return [at, ...ranges.flatMap((_, index) => [`${at}.${index}`, `${at}.${index}.start`, `${at}.${index}.end`])];
}

/** Every path the form shows an error at ("availability.monday.1", "overrides.0.date"): what a 422's `field` can land on. */
export function settingsFieldPaths(values: AvailabilityFormValues): string[] {
  return [
    ...SETTINGS_SCALAR_FIELDS,
    ...WEEKDAYS.flatMap((day) => rangePaths(`availability.${day}`, values.availability[day])),
    ...values.overrides.flatMap((override, index) => [`overrides.${index}.date`, ...rangePaths(`overrides.${index}.ranges`, override.ranges)]),
  ];
}

/** Moves focus to the first input of a path (inputs carry `data-field`), so a keyboard user lands on the error. */
export function focusField(path: string): void {
  const inputs = document.querySelectorAll<HTMLElement>('[data-field]');
  const target = [...inputs].find((input) => {
    const field = input.dataset.field ?? '';
    return field === path || field.startsWith(`${path}.`);
  });
  target?.focus();
}
