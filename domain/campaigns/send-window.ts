// When a campaign's mail may go out (issue 12): a step's delay in calendar or
// business days, and the next moment inside the send window, both in local
// wall-clock time of a zone (the candidate's, or the organisation's). All zone
// arithmetic goes through Temporal, so DST changes come from the time zone
// database (as domain/meetings/availability.ts).
import { Temporal } from 'temporal-polyfill';
import { minutesOf } from './sequence-schemas.ts';

/** A send window as the campaign stores it: "HH:MM" local times, end after start. */
export interface Window {
  start: string;
  end: string;
  weekdaysOnly: boolean;
}

const isWeekday = (date: Temporal.PlainDate | Temporal.ZonedDateTime) => date.dayOfWeek <= 5;

const zoned = (at: Date, zone: string) => Temporal.Instant.fromEpochMilliseconds(at.getTime()).toZonedDateTimeISO(zone);

/** The instant of a local date and minute of the day; a time skipped by DST moves forward. */
function instantOf(date: Temporal.PlainDate, minutes: number, zone: string): Date {
  const local = date.toPlainDateTime({ hour: Math.floor(minutes / 60), minute: minutes % 60 });
  return new Date(local.toZonedDateTime(zone, { disambiguation: 'compatible' }).epochMilliseconds);
}

/**
 * The first moment at or after `from` inside the window in `zone`: `from` itself when it is inside,
 * else the window's start on the next day it is open (a weekday if weekdaysOnly).
 */
export function nextInWindow(from: Date, window: Window, zone: string): Date {
  const local = zoned(from, zone);
  const start = minutesOf(window.start);
  const end = minutesOf(window.end);
  const minute = local.hour * 60 + local.minute;
  let day = local.toPlainDate();
  const open = (date: Temporal.PlainDate) => !window.weekdaysOnly || isWeekday(date);
  if (open(day) && minute >= start && minute < end) return from;
  if (!(open(day) && minute < start)) {
    day = day.add({ days: 1 });
    while (!open(day)) day = day.add({ days: 1 });
  }
  return instantOf(day, start, zone);
}

/**
 * `days` after `from` at the same local time in `zone`; counting only Monday to Friday when
 * businessDaysOnly (Friday + 1 business day is Monday; a weekend start counts from Monday).
 */
export function addDays(from: Date, days: number, businessDaysOnly: boolean, zone: string): Date {
  let local = zoned(from, zone);
  if (!businessDaysOnly) return new Date(local.add({ days }).epochMilliseconds);
  for (let left = days; left > 0;) {
    local = local.add({ days: 1 });
    if (isWeekday(local)) left -= 1;
  }
  return new Date(local.epochMilliseconds);
}
