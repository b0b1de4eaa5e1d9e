// Local time → instant, the one rule with one DST policy (domain/schemas/local-time.ts, decision 033):
// the same wall times, in a spring gap and an autumn overlap in Amsterdam and New York, through the
// function and through its three callers (the slots, the send windows, the booking page), which used to
// place a gap three ways; then the function against Temporal's time-zone arithmetic for any time.
import fc from 'fast-check';
import { Temporal } from 'temporal-polyfill';
import { describe, expect, it } from 'vitest';
import { nextInWindow } from '#domain/campaigns/send-window.ts';
import { availabilitySettingsSchema } from '#domain/meetings/schemas.ts';
import { bookableSlots } from '#domain/meetings/slots.ts';
import { localTimeInstant, OFFSET_CACHE_FROM, OFFSET_CACHE_UNTIL, startOfLocalDay } from '#domain/schemas/local-time.ts';
import { weekFrom } from '#site/scripts/booking/zones.ts';

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const iso = (ms: number) => new Date(ms).toISOString();
const plusMinutes = (time: string, minutes: number) => {
  const total = minutesOf(time) + minutes;
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
};

// All four dates are Sundays (the changes happen on Sundays in both zones).
const CASES = [
  // Clocks jump from 02:00 CET to 03:00 CEST: 02:30 never shows; the transition is 01:00Z.
  { zone: 'Europe/Amsterdam', date: '2026-03-29', time: '02:30', instant: '2026-03-29T01:00:00.000Z', exists: false },
  // Clocks go back from 03:00 CEST to 02:00 CET: 02:30 shows twice, first at 00:30Z (CEST), again at 01:30Z.
  { zone: 'Europe/Amsterdam', date: '2026-10-25', time: '02:30', instant: '2026-10-25T00:30:00.000Z', exists: true, again: '2026-10-25T01:30:00.000Z' },
  // Clocks jump from 02:00 EST to 03:00 EDT at 07:00Z.
  { zone: 'America/New_York', date: '2026-03-08', time: '02:30', instant: '2026-03-08T07:00:00.000Z', exists: false },
  // Clocks go back from 02:00 EDT to 01:00 EST: 01:30 shows at 05:30Z (EDT) and again at 06:30Z (EST).
  { zone: 'America/New_York', date: '2026-11-01', time: '01:30', instant: '2026-11-01T05:30:00.000Z', exists: true, again: '2026-11-01T06:30:00.000Z' },
];

describe('one local time, one instant, whoever asks', () => {
  it.each(CASES)('$zone $date $time: the function', ({ zone, date, time, instant, exists }) => {
    const placed = localTimeInstant(date, minutesOf(time), zone);
    expect({ instant: iso(placed.instant), exists: placed.exists }).toEqual({ instant, exists });
  });

  it.each(CASES)('$zone $date $time: a send window that opens then opens at that instant', ({ zone, date, time, instant }) => {
    const window = { start: time, end: plusMinutes(time, 90), weekdaysOnly: false };
    expect(nextInWindow(new Date(startOfLocalDay(date, zone)), window, zone).toISOString()).toBe(instant);
  });

  it.each(CASES)('$zone $date $time: a booking range that starts then offers its first slot at that instant, never the gap, never twice', ({ zone, date, time, instant, again }) => {
    const range = [{ start: time, end: plusMinutes(time, 90) }];
    const settings = availabilitySettingsSchema.parse({
      timeZone: zone, availability: { sunday: range }, overrides: [], bufferBeforeMinutes: 0, bufferAfterMinutes: 0,
      minimumNoticeMinutes: 0, horizonDays: 60, slotStepMinutes: 30, maxPerDay: null,
    });
    const from = startOfLocalDay(date, zone);
    const slots = bookableSlots({
      settings, durationMinutes: 30, confirmedMeetings: [], externalBusy: [],
      now: iso(from - 7 * 24 * 3_600_000), from: iso(from), to: iso(startOfLocalDay('2026-12-31', zone)),
    }).filter((slot) => slot.start < iso(from + 24 * 3_600_000));
    // In a gap the range's first grid time does not exist and is not offered: the next one, 03:00, is the transition.
    expect(slots[0].start).toBe(instant);
    if (again) expect(slots.map((slot) => slot.start)).not.toContain(again);
    expect(new Set(slots.map((slot) => slot.start)).size).toBe(slots.length);
  });

  it('the booking page starts a day where the function places its midnight, also one the clock skips (Santiago)', () => {
    for (const [zone, date] of [['Europe/Amsterdam', '2026-03-29'], ['America/New_York', '2026-11-01'], ['America/Santiago', '2026-09-06']]) {
      const midnight = localTimeInstant(date, 0, zone);
      expect(weekFrom(date, 0, zone).from, `${zone} ${date}`).toBe(midnight.instant);
    }
    expect(localTimeInstant('2026-09-06', 0, 'America/Santiago')).toEqual({ instant: Date.parse('2026-09-06T04:00:00Z'), exists: false });
  });
});

describe('the function against Temporal', () => {
  const ZONES = ['Europe/Amsterdam', 'America/New_York', 'Asia/Kolkata', 'America/Santiago', 'America/Havana', 'Asia/Beirut',
    'Australia/Lord_Howe', 'Pacific/Chatham', 'UTC'];
  /** The policy in Temporal's words: the earlier of two, and in a gap the transition the clock jumps at. */
  const reference = (date: string, minutes: number, zone: string) => {
    const wall = Temporal.PlainDate.from(date).toPlainDateTime().add({ minutes });
    const earlier = wall.toZonedDateTime(zone, { disambiguation: 'earlier' });
    if (earlier.toPlainDateTime().equals(wall)) return { instant: earlier.epochMilliseconds, exists: true };
    return { instant: earlier.getTimeZoneTransition('next')!.epochMilliseconds, exists: false };
  };

  it('agrees for any date and minute of the day in zones that change at odd times', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 365 * 6 }), fc.integer({ min: 0, max: 24 * 60 }), fc.constantFrom(...ZONES), (days, minutes, zone) => {
      const date = Temporal.PlainDate.from('2024-01-01').add({ days }).toString();
      expect(localTimeInstant(date, minutes, zone)).toEqual(reference(date, minutes, zone));
    }), { numRuns: 500 });
  });

  it('agrees every quarter hour of every change day of 2026', () => {
    for (const zone of ZONES) {
      for (let day = Temporal.PlainDate.from('2026-01-01'); day.year === 2026; day = day.add({ days: 1 })) {
        if (day.toZonedDateTime(zone).hoursInDay === 24) continue;
        for (let minutes = 0; minutes <= 24 * 60; minutes += 15) {
          expect(localTimeInstant(day.toString(), minutes, zone), `${zone} ${day.toString()} +${minutes}`).toEqual(reference(day.toString(), minutes, zone));
        }
      }
    }
  });
});

describe('the offset cache (one Intl call per zone and UTC day without a change)', () => {
  it('holds because no UTC day of the years it serves, in any zone the engine knows, has two offset changes that cancel out', () => {
    const DAY = 86_400_000;
    const until = OFFSET_CACHE_UNTIL;
    const offset = (zone: string, at: number) => Temporal.Instant.fromEpochMilliseconds(at).toZonedDateTimeISO(zone).offsetNanoseconds;
    const hidden: string[] = [];
    for (const zone of Intl.supportedValuesOf('timeZone')) {
      let next = Temporal.Instant.fromEpochMilliseconds(OFFSET_CACHE_FROM).toZonedDateTimeISO(zone).getTimeZoneTransition('next');
      while (next && next.epochMilliseconds < until) {
        const day = Math.floor(next.epochMilliseconds / DAY);
        // A change at midnight UTC starts its day: the whole day has the new offset.
        const inside = next.epochMilliseconds % DAY !== 0;
        if (inside && offset(zone, day * DAY) === offset(zone, (day + 1) * DAY)) hidden.push(`${zone} ${next.toString()}`);
        next = next.getTimeZoneTransition('next');
      }
    }
    expect(hidden).toEqual([]);
  });
});
