// Property tests of the bookable slots (fast-check): random settings, meetings and
// windows across 2020-2030, with a share of the runs forced onto the days the
// recruiter's zone changes its clocks (Amsterdam's last Sundays of March and October,
// New York's, Lord Howe's half hour, Santiago's midnight). Every offered slot is checked
// by converting it back to wall-clock time with Temporal, and, on short windows, the
// whole list is compared with a slow reference that tries every grid time.
import fc from 'fast-check';
import { Temporal } from 'temporal-polyfill';
import { describe, expect, it } from 'vitest';
import { minutesOfDay, weekdayOf, WEEKDAYS } from '#domain/meetings/availability.ts';
import { availabilitySettingsSchema, type Slot, type TimeRange } from '#domain/meetings/schemas.ts';
import { bookableSlots, meetingsConflict, slotInZone, type SlotQuery } from '#domain/meetings/slots.ts';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const RECRUITER_ZONES = ['Europe/Amsterdam', 'Europe/Amsterdam', 'Europe/Amsterdam', 'America/New_York', 'Asia/Kolkata', 'Australia/Lord_Howe', 'America/Santiago'];
const CANDIDATE_ZONES = ['America/New_York', 'Asia/Kolkata', 'UTC', 'Pacific/Chatham'];
const FIRST = Date.UTC(2020, 0, 1);
const LAST = Date.UTC(2030, 11, 31);

const instantOf = (value: string | Date) => Temporal.Instant.from(typeof value === 'string' ? value : value.toISOString());
const zoned = (value: string | Date | Temporal.Instant, zone: string) =>
  (value instanceof Temporal.Instant ? value : instantOf(value)).toZonedDateTimeISO(zone);

// ---- Generators ----

/** Boundaries, in 5-minute units, on and around the clock changes: 00:00-04:00 and 24:00. */
const nearChangeBoundaryArb = fc.constantFrom(0, 6, 12, 18, 21, 24, 27, 30, 33, 36, 39, 42, 48, 288);
const boundaryArb = fc.oneof({ weight: 2, arbitrary: fc.integer({ min: 0, max: 288 }) }, { weight: 1, arbitrary: nearChangeBoundaryArb });

/** 0-3 disjoint ranges on a 5-minute grid; an end at 1440 is written "24:00". */
const rangesFrom = (boundaries: fc.Arbitrary<number>) => fc.uniqueArray(boundaries, { maxLength: 6 }).map((points) => {
  const sorted = [...points].sort((a, b) => a - b);
  const ranges: TimeRange[] = [];
  const text = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
  for (let i = 0; i + 1 < sorted.length; i += 2) {
    if (sorted[i] * 5 < 1440) ranges.push({ start: text(sorted[i] * 5), end: text(sorted[i + 1] * 5) });
  }
  return ranges;
});
const dayRangesArb = rangesFrom(boundaryArb);

/** A moment across 2020-2030, or one within three days before one of the zone's clock changes. */
function nowArb(zone: string) {
  const anywhere = fc.integer({ min: FIRST, max: LAST });
  const nearChange = fc.tuple(fc.integer({ min: FIRST, max: LAST }), fc.integer({ min: 0, max: 3 * DAY })).map(([at, before]) => {
    const change = Temporal.Instant.fromEpochMilliseconds(at).toZonedDateTimeISO(zone).getTimeZoneTransition('next');
    return change ? change.epochMilliseconds - before : at;
  });
  return fc.oneof({ weight: 1, arbitrary: anywhere }, { weight: 1, arbitrary: nearChange });
}

const minutesArb = (values: number[]) => fc.constantFrom(...values);

/** The ingredients of a query: settings, meetings and busy time around the window. */
const queryInputArb = (timeZone: string, now: fc.Arbitrary<number>, maxWindowDays: number) => fc.record({
  timeZone: fc.constant(timeZone),
  now,
  fromBeforeNow: fc.integer({ min: -DAY, max: DAY }),
  windowLength: fc.integer({ min: 60 * MINUTE, max: maxWindowDays * DAY }),
  weekly: fc.tuple(...WEEKDAYS.map(() => dayRangesArb)),
  overrides: fc.array(fc.record({ dayOffset: fc.integer({ min: -1, max: maxWindowDays + 1 }), ranges: dayRangesArb }), { maxLength: 3 }),
  bufferBeforeMinutes: minutesArb([0, 0, 5, 10, 15, 30, 60]),
  bufferAfterMinutes: minutesArb([0, 0, 5, 10, 15, 30, 60]),
  minimumNoticeMinutes: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 600 }), fc.integer({ min: 0, max: 3 * 1440 })),
  horizonDays: fc.integer({ min: 1, max: 30 }),
  slotStepMinutes: minutesArb([10, 15, 20, 30, 45, 60, 90]),
  maxPerDay: fc.option(fc.integer({ min: 1, max: 4 }), { nil: null }),
  durationMinutes: minutesArb([10, 15, 30, 45, 60, 90, 120, 240]),
  meetings: fc.array(fc.record({
    at: fc.integer({ min: -DAY / MINUTE, max: (maxWindowDays + 1) * 1440 }),
    length: fc.integer({ min: 5, max: 180 }),
    ownBuffers: fc.option(fc.tuple(minutesArb([0, 10, 30]), minutesArb([0, 10, 30])), { nil: null }),
  }), { maxLength: 14 }),
  busy: fc.array(fc.record({ at: fc.integer({ min: -DAY / MINUTE, max: (maxWindowDays + 1) * 1440 }), length: fc.integer({ min: 1, max: 240 }) }), { maxLength: 8 }),
});
type QueryInput = ReturnType<typeof queryInputArb> extends fc.Arbitrary<infer T> ? T : never;

/** Random queries across 2020-2030, half of them starting shortly before a clock change. */
const queryArb = (maxWindowDays: number) => fc.constantFrom(...RECRUITER_ZONES)
  .chain((timeZone) => queryInputArb(timeZone, nowArb(timeZone), maxWindowDays))
  .map((input) => toQuery(input));

/**
 * Queries pinned on a clock-change day (or the day before it): that date gets an
 * override with ranges drawn around the change, and the window covers it.
 */
const changeDayQueryArb = fc.record({
  timeZone: fc.constantFrom('Europe/Amsterdam', 'Europe/Amsterdam', 'America/New_York', 'Australia/Lord_Howe', 'America/Santiago'),
  year: fc.integer({ min: 2020, max: 2030 }),
  secondChangeOfYear: fc.boolean(),
  dayBefore: fc.boolean(),
  lead: fc.integer({ min: 0, max: 2 * DAY }),
  ranges: rangesFrom(nearChangeBoundaryArb),
}).chain((pick) => {
  let change = Temporal.ZonedDateTime.from({ timeZone: pick.timeZone, year: pick.year, month: 1, day: 1 }).getTimeZoneTransition('next')!;
  if (pick.secondChangeOfYear) change = change.getTimeZoneTransition('next')!;
  const date = change.toInstant().subtract({ milliseconds: pick.dayBefore ? 1 : 0 }).toZonedDateTimeISO(pick.timeZone).toPlainDate();
  const now = date.toZonedDateTime(pick.timeZone).epochMilliseconds - pick.lead;
  return queryInputArb(pick.timeZone, fc.constant(now), 3).map((input) =>
    toQuery({ ...input, fromBeforeNow: 0, windowLength: pick.lead + 2 * DAY }, { date: date.toString(), ranges: pick.ranges }));
});

function toQuery(input: QueryInput, pinned?: { date: string; ranges: TimeRange[] }): SlotQuery {
  const from = input.now - input.fromBeforeNow;
  const iso = (ms: number) => new Date(ms).toISOString();
  const firstDate = Temporal.Instant.fromEpochMilliseconds(from).toZonedDateTimeISO(input.timeZone).toPlainDate();
  const seen = new Set<string>();
  const overrides = [
    ...(pinned ? [pinned] : []),
    ...input.overrides.map((override) => ({ date: firstDate.add({ days: override.dayOffset }).toString(), ranges: override.ranges })),
  ].filter((override) => !seen.has(override.date) && seen.add(override.date));
  const settings = availabilitySettingsSchema.parse({
    timeZone: input.timeZone,
    availability: Object.fromEntries(WEEKDAYS.map((day, i) => [day, input.weekly[i]])),
    overrides,
    bufferBeforeMinutes: input.bufferBeforeMinutes,
    bufferAfterMinutes: input.bufferAfterMinutes,
    minimumNoticeMinutes: input.minimumNoticeMinutes,
    horizonDays: input.horizonDays,
    slotStepMinutes: input.slotStepMinutes,
    maxPerDay: input.maxPerDay,
  });
  return {
    settings,
    durationMinutes: input.durationMinutes,
    // Whole minutes, as the database keeps them; some given as Dates, as pg gives them.
    confirmedMeetings: input.meetings.map((meeting, i) => {
      const start = Math.floor(from / MINUTE) * MINUTE + meeting.at * MINUTE;
      const end = start + meeting.length * MINUTE;
      return {
        start: i % 2 ? new Date(start) : iso(start),
        end: i % 2 ? new Date(end) : iso(end),
        ...(meeting.ownBuffers ? { bufferBeforeMinutes: meeting.ownBuffers[0], bufferAfterMinutes: meeting.ownBuffers[1] } : {}),
      };
    }),
    externalBusy: input.busy.map((busy) => ({ start: iso(from + busy.at * MINUTE), end: iso(from + (busy.at + busy.length) * MINUTE) })),
    now: iso(input.now),
    from: iso(from),
    to: iso(from + input.windowLength),
  };
}

// ---- What every slot must satisfy, checked from the outside ----

const rangesOn = (query: SlotQuery, date: Temporal.PlainDate) =>
  query.settings.overrides.find((override) => override.date === date.toString())?.ranges
  ?? query.settings.availability[weekdayOf(date)];

/** The wall clock of `date` at `minutes` (1440 = the next midnight). */
const wallAt = (date: Temporal.PlainDate, minutes: number) => date.toPlainDateTime().add({ minutes });

/** The zone's offset changes from `from` to `to`. */
function offsetChanges(zone: string, from: Temporal.Instant, to: Temporal.Instant): Temporal.Instant[] {
  const found: Temporal.Instant[] = [];
  for (let next = from.toZonedDateTimeISO(zone).getTimeZoneTransition('next'); next && Temporal.Instant.compare(next.toInstant(), to) <= 0;
    next = next.getTimeZoneTransition('next')) found.push(next.toInstant());
  return found;
}

/**
 * Whether the recruiter's clock stays below `limit` during [start, end): the wall time
 * only falls back at an offset change, so its highest readings are just before the end
 * and just before each change inside the slot.
 */
function clockStaysBelow(rules: Rules, start: Temporal.Instant, end: Temporal.Instant, limit: Temporal.PlainDateTime): boolean {
  const inside = rules.offsetChanges.filter((at) => Temporal.Instant.compare(at, start) > 0 && Temporal.Instant.compare(at, end) < 0);
  return [end, ...inside].every((at) => {
    const wall = at.subtract({ milliseconds: 1 }).toZonedDateTimeISO(rules.query.settings.timeZone).toPlainDateTime();
    return Temporal.PlainDateTime.compare(wall, limit) < 0;
  });
}

/** What the rules below compare with, read once per query. */
interface Rules {
  query: SlotQuery;
  from: number;
  to: number;
  earliest: number;
  horizonEnd: Temporal.Instant;
  meetings: Array<{ start: string; end: string; bufferBeforeMinutes: number; bufferAfterMinutes: number }>;
  busy: Array<[number, number]>;
  /** Confirmed meetings per local date of their start, in the recruiter's zone. */
  meetingsPerDate: Map<string, number>;
  /** The zone's offset changes around the window. */
  offsetChanges: Temporal.Instant[];
}

function rulesOf(query: SlotQuery): Rules {
  const { settings } = query;
  const now = instantOf(query.now);
  const meetingsPerDate = new Map<string, number>();
  for (const meeting of query.confirmedMeetings) {
    const date = zoned(meeting.start, settings.timeZone).toPlainDate().toString();
    meetingsPerDate.set(date, (meetingsPerDate.get(date) ?? 0) + 1);
  }
  return {
    query,
    from: instantOf(query.from).epochMilliseconds,
    to: instantOf(query.to).epochMilliseconds,
    earliest: now.epochMilliseconds + settings.minimumNoticeMinutes * MINUTE,
    horizonEnd: now.toZonedDateTimeISO(settings.timeZone).add({ days: settings.horizonDays }).toInstant(),
    meetings: query.confirmedMeetings.map((meeting) => ({
      start: instantOf(meeting.start).toString(),
      end: instantOf(meeting.end).toString(),
      bufferBeforeMinutes: meeting.bufferBeforeMinutes ?? settings.bufferBeforeMinutes,
      bufferAfterMinutes: meeting.bufferAfterMinutes ?? settings.bufferAfterMinutes,
    })),
    busy: query.externalBusy.map((busy) => [instantOf(busy.start).epochMilliseconds, instantOf(busy.end).epochMilliseconds]),
    meetingsPerDate,
    offsetChanges: offsetChanges(settings.timeZone, instantOf(query.from).subtract({ hours: 48 }), instantOf(query.to).add({ hours: 48 })),
  };
}

/** Conflicts, notice, horizon, window and the daily maximum: the rules that do not depend on the range. */
function breaksARule(rules: Rules, start: Temporal.Instant, end: Temporal.Instant): string | null {
  const { settings } = rules.query;
  const [startMs, endMs] = [start.epochMilliseconds, end.epochMilliseconds];
  if (startMs < rules.from) return 'before from';
  if (startMs >= rules.to) return 'at or after to';
  if (startMs < rules.earliest) return 'inside the minimum notice';
  if (Temporal.Instant.compare(end, rules.horizonEnd) > 0) return 'past the horizon';
  const slot = { start: start.toString(), end: end.toString(), bufferBeforeMinutes: settings.bufferBeforeMinutes, bufferAfterMinutes: settings.bufferAfterMinutes };
  if (rules.meetings.some((meeting) => meetingsConflict(slot, meeting))) return 'conflicts with a meeting';
  if (rules.busy.some(([busyStart, busyEnd]) => startMs < busyEnd && busyStart < endMs)) return 'overlaps busy time';
  const date = start.toZonedDateTimeISO(settings.timeZone).toPlainDate().toString();
  if (settings.maxPerDay !== null && (rules.meetingsPerDate.get(date) ?? 0) >= settings.maxPerDay) return 'day is full';
  return null;
}

/** Why an offered slot is wrong, or null. Everything is read back through Temporal in the recruiter's zone. */
function whyWrong(rules: Rules, slot: Slot): string | null {
  const { query } = rules;
  const zone = query.settings.timeZone;
  const start = instantOf(slot.start);
  const end = instantOf(slot.end);
  if (end.epochMilliseconds - start.epochMilliseconds !== query.durationMinutes * MINUTE) return 'wrong length';
  const local = start.toZonedDateTimeISO(zone);
  const wall = local.toPlainDateTime();
  if (wall.second !== 0 || wall.millisecond !== 0) return 'not on a whole minute';
  // A time that occurs twice is offered at its earlier instant only.
  if (!wall.toZonedDateTime(zone, { disambiguation: 'earlier' }).toInstant().equals(start)) return 'the later of two equal wall times';
  const date = local.toPlainDate();
  const minutes = wall.hour * 60 + wall.minute;
  const inside = rangesOn(query, date).some((range) => {
    const rangeStart = minutesOfDay(range.start)!;
    const rangeEnd = minutesOfDay(range.end, { asEnd: true })!;
    return minutes >= rangeStart && minutes < rangeEnd
      && (minutes - rangeStart) % query.settings.slotStepMinutes === 0 // on the range's wall-clock grid
      && clockStaysBelow(rules, start, end, wallAt(date, rangeEnd));
  });
  if (!inside) return 'not inside an availability range on its grid';
  return breaksARule(rules, start, end);
}

/** The slow reference: every grid time of every range on every nearby date, each rule checked directly. */
function referenceStarts(query: SlotQuery): string[] {
  const zone = query.settings.timeZone;
  const rules = rulesOf(query);
  const first = zoned(query.from, zone).toPlainDate().subtract({ days: 1 });
  const last = zoned(query.to, zone).toPlainDate().add({ days: 1 });
  const found = new Set<number>();
  for (let date = first; Temporal.PlainDate.compare(date, last) <= 0; date = date.add({ days: 1 })) {
    for (const range of rangesOn(query, date)) {
      const rangeEnd = minutesOfDay(range.end, { asEnd: true })!;
      for (let minutes = minutesOfDay(range.start)!; minutes < rangeEnd; minutes += query.settings.slotStepMinutes) {
        const wall = wallAt(date, minutes);
        const earlier = wall.toZonedDateTime(zone, { disambiguation: 'earlier' });
        if (!earlier.toPlainDateTime().equals(wall)) continue; // does not exist on this clock
        const start = earlier.toInstant();
        const end = start.add({ minutes: query.durationMinutes });
        if (!clockStaysBelow(rules, start, end, wallAt(date, rangeEnd))) continue;
        if (breaksARule(rules, start, end) === null) found.add(start.epochMilliseconds);
      }
    }
  }
  return [...found].sort((a, b) => a - b).map((ms) => new Date(ms).toISOString());
}

// ---- The properties ----

describe('bookable slots, properties', () => {
  it('every slot lies inside availability on its grid and keeps every rule; sorted, no duplicates', () => {
    fc.assert(fc.property(queryArb(14), (query) => {
      const slots = bookableSlots(query);
      const rules = rulesOf(query);
      for (let i = 1; i < slots.length; i++) {
        expect(Date.parse(slots[i].start), 'sorted and unique').toBeGreaterThan(Date.parse(slots[i - 1].start));
      }
      for (const slot of slots) expect(whyWrong(rules, slot), slot.start).toBeNull();
    }), { numRuns: 60 });
  });

  it('offers exactly the slots the slow reference finds: nothing skipped, nothing extra', () => {
    fc.assert(fc.property(queryArb(4), (query) => {
      expect(bookableSlots(query).map((slot) => slot.start)).toEqual(referenceStarts(query));
    }), { numRuns: 40 });
  });

  it('on clock-change days (Amsterdam, New York, Lord Howe, Santiago): the same, with ranges around the change', () => {
    fc.assert(fc.property(changeDayQueryArb, (query) => {
      const slots = bookableSlots(query);
      expect(slots.map((slot) => slot.start)).toEqual(referenceStarts(query));
      const rules = rulesOf(query);
      for (const slot of slots) expect(whyWrong(rules, slot), slot.start).toBeNull();
    }), { numRuns: 60 });
  });

  it('windows that tile give the same slots as one window', () => {
    fc.assert(fc.property(queryArb(6), fc.double({ min: 0, max: 1, noNaN: true }), fc.boolean(), (query, cut, atASlot) => {
      const whole = bookableSlots(query);
      const from = Date.parse(query.from as string);
      // Cut anywhere, or exactly at a slot's start (which then belongs to the second half).
      const middle = atASlot && whole.length > 0
        ? whole[Math.floor(cut * (whole.length - 1))].start
        : new Date(from + Math.floor((Date.parse(query.to as string) - from) * cut)).toISOString();
      const halves = [...bookableSlots({ ...query, to: middle }), ...bookableSlots({ ...query, from: middle })];
      expect(halves).toEqual(whole);
    }), { numRuns: 40 });
  });

  it('a slot reads the same instant in every zone, and its label converts back to it', () => {
    const labelled = queryArb(3).map((query) => ({ query, slots: bookableSlots(query) }))
      .filter(({ slots }) => slots.length > 0);
    fc.assert(fc.property(labelled, fc.constantFrom(...CANDIDATE_ZONES), ({ query, slots }, candidateZone) => {
      for (const slot of slots.slice(0, 12)) {
        for (const zone of [query.settings.timeZone, candidateZone]) {
          const local = slotInZone(slot, zone);
          // Back from the label, with its offset: the same instants.
          const start = Temporal.ZonedDateTime.from(`${local.date}T${local.startTime}${local.utcOffset}[${zone}]`);
          expect(start.epochMilliseconds).toBe(Date.parse(slot.start));
          const end = Temporal.PlainDateTime.from(`${local.endDate}T${local.endTime}`);
          expect(end.equals(zoned(slot.end, zone).toPlainDateTime())).toBe(true);
          // And the platform's own formatter agrees on the wall time.
          const parts = Object.fromEntries(new Intl.DateTimeFormat('en-GB', {
            timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23',
          }).formatToParts(new Date(slot.start)).map((part) => [part.type, part.value]));
          expect(`${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`).toBe(`${local.date} ${local.startTime}`);
        }
        // The recruiter's label is the wall time the slot was placed at.
        const recruiter = slotInZone(slot, query.settings.timeZone);
        expect(zoned(slot.start, query.settings.timeZone).toPlainTime().toString({ smallestUnit: 'minute' })).toBe(recruiter.startTime);
      }
    }), { numRuns: 30 });
  });

  it('meetingsConflict is symmetric and means the buffered intervals share an instant', () => {
    const meetingArb = fc.record({
      start: fc.integer({ min: 0, max: 600 }), length: fc.integer({ min: 1, max: 120 }),
      bufferBeforeMinutes: fc.integer({ min: 0, max: 60 }), bufferAfterMinutes: fc.integer({ min: 0, max: 60 }),
    }).map((m) => ({
      start: new Date(Date.UTC(2025, 5, 3) + m.start * MINUTE).toISOString(),
      end: new Date(Date.UTC(2025, 5, 3) + (m.start + m.length) * MINUTE).toISOString(),
      bufferBeforeMinutes: m.bufferBeforeMinutes, bufferAfterMinutes: m.bufferAfterMinutes,
    }));
    fc.assert(fc.property(meetingArb, meetingArb, (a, b) => {
      const busyMinutes = (m: typeof a) => {
        const from = (Date.parse(m.start) - Date.UTC(2025, 5, 3)) / MINUTE - m.bufferBeforeMinutes;
        const to = (Date.parse(m.end) - Date.UTC(2025, 5, 3)) / MINUTE + m.bufferAfterMinutes;
        return new Set(Array.from({ length: to - from }, (_, i) => from + i));
      };
      const shared = [...busyMinutes(a)].some((minute) => busyMinutes(b).has(minute));
      expect(meetingsConflict(a, b)).toBe(shared);
      expect(meetingsConflict(b, a)).toBe(shared);
    }), { numRuns: 200 });
  });
});
