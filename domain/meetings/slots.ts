// The times a candidate can book with one recruiter. Pure: the caller loads the
// settings, meetings and busy times and passes `now`; nothing here reads a clock,
// a database or the host's time zone. Browser-safe.
//
// The rules, precisely:
// - Availability is wall-clock time in the recruiter's zone. A range "S"-"E" on a
//   local date runs from the first instant the clock there reads S until the first
//   instant it reads E ("24:00" = the next midnight). A time inside a DST gap counts
//   as the moment the clock jumps past it. So on the Amsterdam change days
//   01:00-04:00 lasts 2 real hours in March and 4 in October.
// - Slots start on a wall-clock grid: S, S + step, S + 2·step ... (each range has its
//   own grid). A grid time that does not exist (March, 02:00-02:59) is not offered; one
//   that occurs twice (October, 02:00-02:59) is offered once, at its earlier instant
//   (domain/schemas/local-time.ts: the one DST policy, shared with send windows and the booking page).
//   A slot lasts `durationMinutes` of real time and must end by the range's end.
// - Date overrides replace the weekday's ranges on that local date; no ranges = a day off.
// - A slot [start, end) is offered when: from <= start < to (so windows that tile
//   never repeat or lose a slot); start >= now + minimum notice; end <= the horizon
//   (now + horizonDays in the recruiter's zone, same wall time); it does not conflict
//   with a confirmed meeting (meetingsConflict: the two buffered intervals overlap);
//   it does not overlap external busy time (bare intervals: the external calendar's
//   own blocks get no buffers, and the slot's buffers are not held against them);
//   and its start's local date has fewer confirmed meetings than the daily maximum (maxPerDay), its local
//   week (Monday to Sunday) fewer than the weekly one (maxPerWeek)
//   (a local date runs from the first instant its clock reads 00:00 to the first
//   instant the next date's does; a meeting counts on the date its start falls in).
// - Output: { start, end } as UTC ISO 8601 text ("2025-06-02T07:00:00.000Z"), sorted
//   by start, no duplicates.
import { Temporal } from 'temporal-polyfill';
import { MINUTES_PER_DAY, minutesOfDay, weekdayOf } from './availability.ts';
import { localTimeInstant, type PlacedWallTime } from '../schemas/local-time.ts';
import type { AvailabilitySettings, Slot, SlotInZone, TimeRange } from './schemas.ts';

const MINUTE = 60_000;

/** An instant: ISO 8601 text with "Z" or an offset, or a Date (what pg gives for timestamptz). */
export type InstantInput = string | Date;

/** A meeting and the time it keeps free before and after itself. */
export interface BufferedMeeting {
  start: InstantInput;
  end: InstantInput;
  bufferBeforeMinutes: number;
  bufferAfterMinutes: number;
}

/** A confirmed meeting of the recruiter; without buffers of its own it keeps the settings' buffers. */
export interface ConfirmedMeeting {
  start: InstantInput;
  end: InstantInput;
  bufferBeforeMinutes?: number;
  bufferAfterMinutes?: number;
}

/** Busy time from another calendar (e.g. Outlook free/busy). */
export interface BusyInterval {
  start: InstantInput;
  end: InstantInput;
}

export interface SlotQuery {
  settings: AvailabilitySettings;
  durationMinutes: number;
  /** The recruiter's confirmed meetings around the window, from every booking link (not the cancelled ones). */
  confirmedMeetings: readonly ConfirmedMeeting[];
  externalBusy: readonly BusyInterval[];
  now: InstantInput;
  /** Slots starting at or after `from` and before `to`. */
  from: InstantInput;
  to: InstantInput;
}

// Plain UTC text (what the API and PostgreSQL produce) goes to Date.parse, which is
// exact for this form and ~15x faster than Temporal's parser (it matters with hundreds
// of meetings per computation); the pattern and the day check keep it strict (no
// 24:00, no Feb 30). Anything else (offsets) goes to Temporal.
const UTC_TEXT = /^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])T([01][0-9]|2[0-3]):[0-5][0-9](:[0-5][0-9](\.[0-9]{1,3})?)?Z$/;

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/** Milliseconds since the epoch of an instant; a RangeError for text that is not an instant. */
export function epochMilliseconds(value: InstantInput): number {
  if (value instanceof Date) {
    const ms = value.getTime();
    if (Number.isNaN(ms)) throw new RangeError('Invalid Date');
    return ms;
  }
  if (UTC_TEXT.test(value) && Number(value.slice(8, 10)) <= daysInMonth(Number(value.slice(0, 4)), Number(value.slice(5, 7)))) {
    return Date.parse(value);
  }
  return Temporal.Instant.from(value).epochMilliseconds;
}

function blockedMilliseconds(meeting: BufferedMeeting): [number, number] {
  return [
    epochMilliseconds(meeting.start) - meeting.bufferBeforeMinutes * MINUTE,
    epochMilliseconds(meeting.end) + meeting.bufferAfterMinutes * MINUTE,
  ];
}

/**
 * The time a meeting keeps busy: [start − bufferBefore, end + bufferAfter), half-open.
 * The database's exclusion constraint uses the same range:
 * tstzrange(starts_at − buffer_before, ends_at + buffer_after, '[)') with &&.
 */
export function blockedInterval(meeting: BufferedMeeting): Slot {
  const [start, end] = blockedMilliseconds(meeting);
  return { start: new Date(start).toISOString(), end: new Date(end).toISOString() };
}

/**
 * Whether two meetings of one recruiter cannot both stand: their blocked intervals
 * overlap. Half-open, so with no buffers back-to-back meetings (10:00-11:00, 11:00-12:00)
 * are fine; with buffers the gap between them must hold the first's bufferAfter plus
 * the second's bufferBefore (a wrap-up and a preparation, one after the other).
 */
export function meetingsConflict(a: BufferedMeeting, b: BufferedMeeting): boolean {
  const [aStart, aEnd] = blockedMilliseconds(a);
  const [bStart, bEnd] = blockedMilliseconds(b);
  return aStart < bEnd && bStart < aEnd;
}

/** Sorted, non-overlapping [start, end) intervals, with a fast "does [start, end) touch any?". */
class BlockedTimes {
  private readonly starts: number[] = [];
  private readonly ends: number[] = [];

  constructor(intervals: Array<[number, number]>) {
    intervals.sort((a, b) => a[0] - b[0]);
    for (const [start, end] of intervals) {
      if (end <= start) continue;
      const last = this.ends.length - 1;
      if (last >= 0 && start <= this.ends[last]) this.ends[last] = Math.max(this.ends[last], end);
      else {
        this.starts.push(start);
        this.ends.push(end);
      }
    }
  }

  overlaps(start: number, end: number): boolean {
    // The first interval that ends after `start`; only it can begin before `end`.
    let low = 0;
    let high = this.ends.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.ends[middle] > start) high = middle;
      else low = middle + 1;
    }
    return low < this.starts.length && this.starts[low] < end;
  }
}

/** How many of the sorted `values` lie in [from, to). */
function countBetween(values: readonly number[], from: number, to: number): number {
  const firstAtOrAfter = (limit: number) => {
    let low = 0;
    let high = values.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (values[middle] < limit) low = middle + 1;
      else high = middle;
    }
    return low;
  };
  return firstAtOrAfter(to) - firstAtOrAfter(from);
}

function assertWholeMinutes(name: string, value: number) {
  if (!Number.isInteger(value) || value <= 0) throw new RangeError(`${name} must be a positive whole number of minutes, not ${value}`);
}

/** The bookable slots of one recruiter in the window [from, to); see the rules at the top. */
export function bookableSlots(query: SlotQuery): Slot[] {
  const { settings, durationMinutes } = query;
  const timeZone = settings.timeZone;
  const step = settings.slotStepMinutes;
  assertWholeMinutes('durationMinutes', durationMinutes);
  assertWholeMinutes('slotStepMinutes', step);
  const duration = durationMinutes * MINUTE;

  const now = epochMilliseconds(query.now);
  const earliestStart = Math.max(epochMilliseconds(query.from), now + settings.minimumNoticeMinutes * MINUTE);
  const startsBefore = epochMilliseconds(query.to);
  const horizonEnd = Temporal.Instant.fromEpochMilliseconds(now).toZonedDateTimeISO(timeZone)
    .add({ days: settings.horizonDays }).epochMilliseconds;
  const latestStart = Math.min(startsBefore - 1, horizonEnd - duration);
  if (latestStart < earliestStart) return [];

  const meetings = query.confirmedMeetings.map((meeting) => ({
    start: epochMilliseconds(meeting.start),
    end: epochMilliseconds(meeting.end),
    before: (meeting.bufferBeforeMinutes ?? settings.bufferBeforeMinutes) * MINUTE,
    after: (meeting.bufferAfterMinutes ?? settings.bufferAfterMinutes) * MINUTE,
  }));
  // A slot with the settings' buffers conflicts with a meeting (meetingsConflict) exactly when
  // the bare slot overlaps the meeting's blocked interval widened by the slot's buffers:
  // the widening is done once per meeting instead of once per slot.
  const slotBefore = settings.bufferBeforeMinutes * MINUTE;
  const slotAfter = settings.bufferAfterMinutes * MINUTE;
  const blocked = new BlockedTimes([
    ...meetings.map((meeting): [number, number] => [meeting.start - meeting.before - slotAfter, meeting.end + meeting.after + slotBefore]),
    ...query.externalBusy.map((busy): [number, number] => [epochMilliseconds(busy.start), epochMilliseconds(busy.end)]),
  ]);
  const meetingStarts = meetings.map((meeting) => meeting.start).sort((a, b) => a - b);
  const overrides = new Map(settings.overrides.map((override) => [override.date, override.ranges]));

  const localDate = (ms: number) => Temporal.Instant.fromEpochMilliseconds(ms).toZonedDateTimeISO(timeZone).toPlainDate();
  const firstDate = localDate(earliestStart);
  const lastDate = localDate(latestStart);
  const transitions = offsetChanges(timeZone, firstDate, lastDate);

  // A local week runs Monday 00:00 to the next Monday 00:00; a meeting counts in the week its start falls in.
  const weekCounts = new Map<string, number>();
  const meetingsInWeek = (date: Temporal.PlainDate) => {
    const monday = date.subtract({ days: date.dayOfWeek - 1 });
    const key = monday.toString();
    let count = weekCounts.get(key);
    if (count === undefined) {
      count = countBetween(meetingStarts, wallTimeInstant(monday, 0, timeZone).instant, wallTimeInstant(monday.add({ days: 7 }), 0, timeZone).instant);
      weekCounts.set(key, count);
    }
    return count;
  };

  const starts: number[] = [];
  let dayStart = wallTimeInstant(firstDate, 0, timeZone);
  for (let date = firstDate; Temporal.PlainDate.compare(date, lastDate) <= 0; date = date.add({ days: 1 })) {
    const nextDayStart = wallTimeInstant(date.add({ days: 1 }), 0, timeZone);
    const [begins, ends] = [dayStart.instant, nextDayStart.instant];
    const day: LocalDay = {
      date,
      timeZone,
      start: begins,
      // On a day whose midnight exists and whose offset never changes, wall-clock minutes
      // and real minutes advance together from midnight: no Temporal call per slot.
      steady: dayStart.exists && !transitions.some((at) => at > begins && at < ends),
    };
    dayStart = nextDayStart;

    const ranges = overrides.get(date.toString()) ?? settings.availability[weekdayOf(date)];
    if (ranges.length === 0) continue;
    if (settings.maxPerDay !== null && countBetween(meetingStarts, begins, ends) >= settings.maxPerDay) continue;
    if (settings.maxPerWeek != null && meetingsInWeek(date) >= settings.maxPerWeek) continue;
    for (const range of ranges) {
      for (const start of rangeStarts(day, range, step, duration)) {
        if (start >= earliestStart && start <= latestStart && !blocked.overlaps(start, start + duration)) starts.push(start);
      }
    }
  }

  starts.sort((a, b) => a - b);
  const slots: Slot[] = [];
  for (let i = 0; i < starts.length; i++) {
    if (i > 0 && starts[i] === starts[i - 1]) continue; // overlapping ranges in unchecked input
    slots.push({ start: new Date(starts[i]).toISOString(), end: new Date(starts[i] + duration).toISOString() });
  }
  return slots;
}

/** Where `minutes` after midnight of a local date falls (domain/schemas/local-time.ts). */
function wallTimeInstant(date: Temporal.PlainDate, minutes: number, timeZone: string): PlacedWallTime {
  return localTimeInstant(date.toString(), minutes, timeZone);
}

/** The instants (epoch ms) at which the zone's UTC offset changes, from the start of `first` to the end of `last`. */
function offsetChanges(timeZone: string, first: Temporal.PlainDate, last: Temporal.PlainDate): number[] {
  const until = wallTimeInstant(last, MINUTES_PER_DAY, timeZone).instant;
  const found: number[] = [];
  let next = Temporal.Instant.fromEpochMilliseconds(wallTimeInstant(first, 0, timeZone).instant).toZonedDateTimeISO(timeZone)
    .getTimeZoneTransition('next');
  while (next && next.epochMilliseconds <= until) {
    found.push(next.epochMilliseconds);
    next = next.getTimeZoneTransition('next');
  }
  return found;
}

/** One local date of the recruiter and how to place its wall-clock minutes in real time. */
interface LocalDay {
  date: Temporal.PlainDate;
  timeZone: string;
  /** The first instant of the date (epoch ms). */
  start: number;
  /** No offset change during the day and midnight exists: minute m is `start` + m minutes. */
  steady: boolean;
}

/** Where `minutes` after midnight of `day` falls (1440 = the next midnight), and whether that wall time exists. */
function placeOnDay(day: LocalDay, minutes: number): { at: number; exists: boolean } {
  if (day.steady) return { at: day.start + minutes * MINUTE, exists: true };
  const wall = wallTimeInstant(day.date, minutes, day.timeZone);
  return { at: wall.instant, exists: wall.exists };
}

/** Start instants (epoch ms) of the grid slots that fit fully inside one range on `day`. */
function rangeStarts(day: LocalDay, range: TimeRange, step: number, duration: number): number[] {
  const startMinutes = minutesOfDay(range.start);
  const endMinutes = minutesOfDay(range.end, { asEnd: true });
  if (startMinutes === null || endMinutes === null) throw new RangeError(`not a time range: ${range.start}-${range.end}`);
  const rangeEnd = placeOnDay(day, endMinutes).at;
  const found: number[] = [];
  for (let minutes = startMinutes; minutes < endMinutes; minutes += step) {
    const start = placeOnDay(day, minutes);
    if (!start.exists) continue; // inside a DST gap: that time never shows on the clock
    if (start.at + duration > rangeEnd) break; // later grid times start later still
    found.push(start.at);
  }
  return found;
}

const clockText = (time: Temporal.ZonedDateTime) => time.toPlainTime().toString({ smallestUnit: 'minute' });

/** How a slot reads on a clock in `timeZone` (the candidate's, on the page, in the email and the ICS). */
export function slotInZone(slot: Slot, timeZone: string): SlotInZone {
  const start = Temporal.Instant.fromEpochMilliseconds(epochMilliseconds(slot.start)).toZonedDateTimeISO(timeZone);
  const end = Temporal.Instant.fromEpochMilliseconds(epochMilliseconds(slot.end)).toZonedDateTimeISO(timeZone);
  return {
    start: slot.start,
    end: slot.end,
    timeZone: start.timeZoneId,
    date: start.toPlainDate().toString(),
    startTime: clockText(start),
    endDate: end.toPlainDate().toString(),
    endTime: clockText(end),
    utcOffset: start.offset,
  };
}

/** Sorted slots grouped by their start's local date in `timeZone`, for a day-by-day list. */
export function slotsByLocalDate(slots: readonly Slot[], timeZone: string): Array<{ date: string; slots: SlotInZone[] }> {
  const days: Array<{ date: string; slots: SlotInZone[] }> = [];
  for (const slot of slots) {
    const local = slotInZone(slot, timeZone);
    const last = days.at(-1);
    if (last?.date === local.date) last.slots.push(local);
    else days.push({ date: local.date, slots: [local] });
  }
  return days;
}

/** Round-robin: a time at least one host has free. Collective: a time every host has free (a panel). */
export type HostsNeeded = 'any' | 'all';

/**
 * The slots of a team: each host's own bookableSlots (their zone, hours, buffers, limits and busy time),
 * combined by start: `any` offers a start some host has (the union), `all` one every host has (the
 * intersection). Sorted by start, no duplicates.
 */
export function teamSlots(perHost: ReadonlyArray<readonly Slot[]>, needed: HostsNeeded): Slot[] {
  if (perHost.length === 1) return [...perHost[0]];
  const count = new Map<string, { slot: Slot; hosts: number }>();
  for (const slots of perHost) {
    for (const slot of slots) {
      const seen = count.get(slot.start);
      if (seen) seen.hosts += 1;
      else count.set(slot.start, { slot, hosts: 1 });
    }
  }
  const wanted = needed === 'all' ? perHost.length : 1;
  return [...count.values()].filter((entry) => entry.hosts >= wanted).map((entry) => entry.slot)
    .sort((a, b) => epochMilliseconds(a.start) - epochMilliseconds(b.start));
}
