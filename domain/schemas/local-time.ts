// Local wall-clock time in an IANA zone and the instant it names: the one rule (issue 26, decision 033)
// for a recruiter's availability and the slots (domain/meetings), a campaign's send window and step
// delays (domain/campaigns/send-window.ts), and the booking page and the recruiter's meeting views
// (site/scripts/booking/zones.ts). Through the engine's own time-zone data (Intl.DateTimeFormat, which
// temporal-polyfill reads too), never hand-made offsets, and without a library: the booking page's
// JavaScript budget. Browser-safe: no imports.
//
// The DST policy, one for every caller:
// - a wall time that occurs twice (the autumn change: 02:30 on 25 October 2026 in Amsterdam) is its
//   EARLIER occurrence (02:30 CEST, 00:30Z), so nothing is offered, opened or counted twice;
// - a wall time that does not exist (the spring change: 02:30 on 29 March 2026 in Amsterdam) is the
//   moment the clock jumps past it (the transition, 03:00 CEST, 01:00Z), marked `exists: false`: no
//   booking slot starts there, a send window that opens in the gap opens at the transition, a day
//   whose midnight is skipped starts at the transition, a range's end in the gap ends there.

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const DAY = 24 * 60 * MINUTE;

/** A calendar date, "2026-03-29". */
export type CalendarDate = string;

/** Where a local wall time falls on the timeline. */
export interface PlacedWallTime {
  /** Epoch milliseconds: the earlier occurrence of a time that occurs twice; the transition for one in a gap. */
  instant: number;
  /** false when the clock never reads this time (a DST gap). */
  exists: boolean;
}

const clockFormats = new Map<string, Intl.DateTimeFormat>();

function clockFormat(timeZone: string): Intl.DateTimeFormat {
  let format = clockFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric',
    });
    clockFormats.set(timeZone, format);
  }
  return format;
}

/** What the engine's clock in `timeZone` reads at `instant`, as the epoch milliseconds of that wall time read as UTC. */
function engineWallTime(instant: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const part of clockFormat(timeZone).formatToParts(instant)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  const milliseconds = ((instant % SECOND) + SECOND) % SECOND;
  return Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second) + milliseconds;
}

// Most UTC days have one offset from start to end: one Intl call per zone and day answers every question
// about them (it was a third of a month's slots for five hosts). A day whose start and end offsets differ
// holds a change: there the engine is asked each time. (No day in the time-zone data has two changes that
// cancel out, which would hide one: tests/unit/local-time.test.ts checks every zone over the years cached.)
const MAX_CACHED_DAYS = 20_000;
/** The years the cache serves (bookings, send windows, meetings); other instants always ask the engine. */
export const OFFSET_CACHE_FROM = Date.UTC(2020, 0, 1);
export const OFFSET_CACHE_UNTIL = Date.UTC(2040, 0, 1);
const dayOffsets = new Map<string, Map<number, number | null>>();

const engineOffset = (instant: number, timeZone: string) => engineWallTime(instant, timeZone) - instant;

/** The zone's offset from UTC at `instant`, in milliseconds. */
function offsetAt(instant: number, timeZone: string): number {
  if (instant < OFFSET_CACHE_FROM || instant >= OFFSET_CACHE_UNTIL) return engineOffset(instant, timeZone);
  let zone = dayOffsets.get(timeZone);
  if (!zone) {
    zone = new Map();
    dayOffsets.set(timeZone, zone);
  }
  const day = Math.floor(instant / DAY);
  let offset = zone.get(day);
  if (offset === undefined) {
    if (zone.size >= MAX_CACHED_DAYS) zone.clear();
    const atStart = engineOffset(day * DAY, timeZone);
    offset = atStart === engineOffset((day + 1) * DAY, timeZone) ? atStart : null;
    zone.set(day, offset);
  }
  return offset ?? engineOffset(instant, timeZone);
}

/** What a clock in `timeZone` reads at `instant` (epoch milliseconds), as the epoch milliseconds of that wall time read as UTC. */
export function wallTime(instant: number, timeZone: string): number {
  return instant + offsetAt(instant, timeZone);
}

/** The zone's offset from UTC at `instant`, in minutes (Amsterdam in summer: 120). */
export function offsetMinutes(instant: number, timeZone: string): number {
  return Math.round(offsetAt(instant, timeZone) / MINUTE);
}

const isoDate = (utcMidnight: number): CalendarDate => new Date(utcMidnight).toISOString().slice(0, 10);
/** A calendar date's midnight read as UTC (the wall-time scale of wallTime()). */
export const wallMidnight = (date: CalendarDate): number => Date.parse(`${date}T00:00:00Z`);

/** The local date in `timeZone` at `instant`. */
export function localDate(instant: number, timeZone: string): CalendarDate {
  return isoDate(wallTime(instant, timeZone));
}

/** The date `days` after `date` (calendar days; negative: before). */
export function addDays(date: CalendarDate, days: number): CalendarDate {
  return isoDate(wallMidnight(date) + days * DAY);
}

/** The weekday of a date, Monday 1 to Sunday 7 (as Temporal's dayOfWeek). */
export function dayOfWeek(date: CalendarDate): number {
  return ((new Date(wallMidnight(date)).getUTCDay() + 6) % 7) + 1;
}

/**
 * Where the wall time `wall` (epoch milliseconds of that wall time read as UTC, as wallTime() gives it) falls in
 * `timeZone`, by the policy above.
 */
export function instantOfWallTime(wall: number, timeZone: string): PlacedWallTime {
  // An offset changes at most once around a wall time: the offsets a day either side are the candidates.
  const offsets = [...new Set([wall - DAY, wall, wall + DAY].map((at) => offsetAt(at, timeZone)))];
  // No change around it (most days): the one offset places it.
  if (offsets.length === 1) return { instant: wall - offsets[0], exists: true };
  const exact = offsets.map((offset) => wall - offset).filter((instant, i) => offsetAt(instant, timeZone) === offsets[i]);
  if (exact.length) return { instant: Math.min(...exact), exists: true };
  // In a gap: the clock jumps past it between these two instants. Find the second its offset changes.
  let before = Math.floor((wall - Math.max(...offsets)) / SECOND);
  let after = Math.ceil((wall - Math.min(...offsets)) / SECOND);
  const offsetBefore = offsetAt(before * SECOND, timeZone);
  while (after - before > 1) {
    const middle = Math.floor((before + after) / 2);
    if (offsetAt(middle * SECOND, timeZone) === offsetBefore) before = middle;
    else after = middle;
  }
  return { instant: after * SECOND, exists: false };
}

/** Where `minutes` after midnight of `date` in `timeZone` falls (1440: the next midnight), by the policy above. */
export function localTimeInstant(date: CalendarDate, minutes: number, timeZone: string): PlacedWallTime {
  return instantOfWallTime(wallMidnight(date) + minutes * MINUTE, timeZone);
}

/** The first instant of `date` in `timeZone` (epoch milliseconds): its midnight, or the transition when midnight is skipped. */
export function startOfLocalDay(date: CalendarDate, timeZone: string): number {
  return localTimeInstant(date, 0, timeZone).instant;
}
