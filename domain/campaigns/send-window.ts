// When a campaign's mail may go out (issue 12): a step's delay in calendar or
// business days, and the next moment inside the send window, both in local
// wall-clock time of a zone (the candidate's, or the organisation's). Local time
// and the instant it names are domain/schemas/local-time.ts: one rule and one DST
// policy with the slots and the booking page (a window that opens in a DST gap opens
// at the transition; a time that occurs twice is its earlier occurrence).
import {
  addDays as addCalendarDays, dayOfWeek, instantOfWallTime, localDate, localTimeInstant, startOfLocalDay, wallMidnight, wallTime, type CalendarDate,
} from '../schemas/local-time.ts';
import { minutesOf } from './sequence-schemas.ts';

/** A send window as the campaign stores it: "HH:MM" local times, end after start. */
export interface Window {
  start: string;
  end: string;
  weekdaysOnly: boolean;
}

const MINUTE = 60_000;
const isWeekday = (date: CalendarDate) => dayOfWeek(date) <= 5;

/**
 * The first moment at or after `from` inside the window in `zone`: `from` itself when it is inside,
 * else the window's start on the next day it is open (a weekday if weekdaysOnly).
 */
export function nextInWindow(from: Date, window: Window, zone: string): Date {
  const wall = wallTime(from.getTime(), zone);
  const start = minutesOf(window.start);
  const end = minutesOf(window.end);
  let day = localDate(from.getTime(), zone);
  const minute = Math.floor((wall - wallMidnight(day)) / MINUTE);
  const open = (date: CalendarDate) => !window.weekdaysOnly || isWeekday(date);
  if (open(day) && minute >= start && minute < end) return from;
  if (!(open(day) && minute < start)) {
    day = addCalendarDays(day, 1);
    while (!open(day)) day = addCalendarDays(day, 1);
  }
  return new Date(localTimeInstant(day, start, zone).instant);
}

/**
 * `days` after `from` at the same local time in `zone`; counting only Monday to Friday when
 * businessDaysOnly (Friday + 1 business day is Monday; a weekend start counts from Monday).
 */
export function addDays(from: Date, days: number, businessDaysOnly: boolean, zone: string): Date {
  const wall = wallTime(from.getTime(), zone);
  let day = localDate(from.getTime(), zone);
  const timeOfDay = wall - wallMidnight(day);
  if (!businessDaysOnly) day = addCalendarDays(day, days);
  for (let left = businessDaysOnly ? days : 0; left > 0;) {
    day = addCalendarDays(day, 1);
    if (isWeekday(day)) left -= 1;
  }
  return new Date(instantOfWallTime(wallMidnight(day) + timeOfDay, zone).instant);
}

/** The first moment of the day after `date` in `zone`: when a pause that lasts through `date` is over. */
export function dayAfter(date: CalendarDate, zone: string): Date {
  return new Date(startOfLocalDay(addCalendarDays(date, 1), zone));
}
