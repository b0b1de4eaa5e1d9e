// Bookable slots, example by example: a normal week, overrides, buffers, notice,
// horizon, the daily maximum, and the two Amsterdam DST days with exact lists;
// then the settings' validation and the duration warning.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { meetingDurationWarning } from '#domain/meetings/availability.ts';
import { englishText } from '#domain/i18n/english.ts';
import {
  availabilitySettingsSchema, type AvailabilitySettings, type AvailabilitySettingsInput,
} from '#domain/meetings/schemas.ts';
import {
  blockedInterval, bookableSlots, epochMilliseconds, meetingsConflict, slotInZone, slotsByLocalDate,
  type SlotQuery,
} from '#domain/meetings/slots.ts';
import { issueMessage } from '#domain/schemas/issues.ts';
import { fieldName } from '#domain/schemas/text.ts';
import { walkImports } from '#tests/support/import-graph.ts';

const AMSTERDAM = 'Europe/Amsterdam';
const workday = [{ start: '09:00', end: '12:00' }, { start: '13:00', end: '17:00' }];

const baseSettings: AvailabilitySettingsInput = {
  timeZone: AMSTERDAM,
  availability: { monday: workday, tuesday: workday, wednesday: workday, thursday: workday, friday: workday },
  overrides: [],
  bufferBeforeMinutes: 0,
  bufferAfterMinutes: 0,
  minimumNoticeMinutes: 0,
  horizonDays: 60,
  slotStepMinutes: 60,
  maxPerDay: null,
};

function settings(changes: Partial<AvailabilitySettingsInput> = {}): AvailabilitySettings {
  return availabilitySettingsSchema.parse({ ...baseSettings, ...changes });
}

/** The week of Monday 2 June 2025 (CEST, +02:00), asked on the Sunday before. */
function weekQuery(changes: Partial<SlotQuery> = {}): SlotQuery {
  return {
    settings: settings(),
    durationMinutes: 60,
    confirmedMeetings: [],
    externalBusy: [],
    now: '2025-06-01T00:00:00Z',
    from: '2025-06-02T00:00:00+02:00',
    to: '2025-06-09T00:00:00+02:00',
    ...changes,
  };
}

/** Slots as "date time" on the recruiter's clock, for readable expectations. */
function localTimes(query: SlotQuery): string[] {
  return bookableSlots(query).map((slot) => {
    const local = slotInZone(slot, query.settings.timeZone);
    return `${local.date} ${local.startTime}`;
  });
}

/** Local start times per date. */
function byDate(query: SlotQuery): Record<string, string[]> {
  return Object.fromEntries(slotsByLocalDate(bookableSlots(query), query.settings.timeZone)
    .map((day) => [day.date, day.slots.map((slot) => slot.startTime)]));
}

const fullDay = ['09:00', '10:00', '11:00', '13:00', '14:00', '15:00', '16:00'];

describe('bookable slots in a normal week', () => {
  it('offers every hour of every weekday range, nothing at the weekend', () => {
    expect(byDate(weekQuery())).toEqual({
      '2025-06-02': fullDay, '2025-06-03': fullDay, '2025-06-04': fullDay, '2025-06-05': fullDay, '2025-06-06': fullDay,
    });
  });

  it('answers UTC ISO instants, end = start + duration, sorted', () => {
    const slots = bookableSlots(weekQuery({ durationMinutes: 45 }));
    expect(slots[0]).toEqual({ start: '2025-06-02T07:00:00.000Z', end: '2025-06-02T07:45:00.000Z' });
    expect(slots.map((s) => s.start)).toEqual([...slots.map((s) => s.start)].sort());
  });

  it('steps on the wall clock from each range start, and a slot must end inside its range', () => {
    const query = weekQuery({
      settings: settings({ slotStepMinutes: 45, availability: { monday: [{ start: '09:15', end: '12:00' }] } }),
      durationMinutes: 45,
    });
    // 11:30 is on the grid, but 11:30-12:15 would run past 12:00.
    expect(localTimes(query)).toEqual(['2025-06-02 09:15', '2025-06-02 10:00', '2025-06-02 10:45']);
  });

  it('takes slots that start in [from, to): windows that tile neither repeat nor lose one', () => {
    const whole = bookableSlots(weekQuery());
    const cut = '2025-06-04T11:00:00+02:00';
    const halves = [...bookableSlots(weekQuery({ to: cut })), ...bookableSlots(weekQuery({ from: cut }))];
    expect(halves).toEqual(whole);
  });

  it('offers a range ending at 24:00 up to midnight', () => {
    const query = weekQuery({ settings: settings({ availability: { friday: [{ start: '22:00', end: '24:00' }] } }) });
    expect(localTimes(query)).toEqual(['2025-06-06 22:00', '2025-06-06 23:00']);
  });

  it('answers nothing for an empty or backward window', () => {
    expect(bookableSlots(weekQuery({ from: '2025-06-03T00:00:00Z', to: '2025-06-03T00:00:00Z' }))).toEqual([]);
    expect(bookableSlots(weekQuery({ from: '2025-06-04T00:00:00Z', to: '2025-06-03T00:00:00Z' }))).toEqual([]);
  });
});

describe('date overrides', () => {
  it('a day off removes that date only', () => {
    const days = byDate(weekQuery({ settings: settings({ overrides: [{ date: '2025-06-04', ranges: [] }] }) }));
    expect(days['2025-06-04']).toBeUndefined();
    expect(days['2025-06-03']).toEqual(fullDay);
    expect(days['2025-06-05']).toEqual(fullDay);
  });

  it('different hours replace the weekday ranges, also on a weekend', () => {
    const days = byDate(weekQuery({
      settings: settings({
        overrides: [
          { date: '2025-06-03', ranges: [{ start: '14:00', end: '16:00' }] },
          { date: '2025-06-07', ranges: [{ start: '10:00', end: '12:00' }] },
        ],
      }),
    }));
    expect(days['2025-06-03']).toEqual(['14:00', '15:00']);
    expect(days['2025-06-07']).toEqual(['10:00', '11:00']);
    expect(days['2025-06-02']).toEqual(fullDay);
  });
});

describe('buffers and busy time', () => {
  const tuesdayMorning = { tuesday: [{ start: '09:00', end: '12:00' }] };
  // Tuesday 3 June 10:00-11:00 Amsterdam.
  const meeting = { start: '2025-06-03T08:00:00Z', end: '2025-06-03T09:00:00Z' };

  it('a confirmed meeting and its buffers keep the time around it free', () => {
    const query = weekQuery({
      settings: settings({ availability: tuesdayMorning, slotStepMinutes: 15, bufferBeforeMinutes: 15, bufferAfterMinutes: 0 }),
      durationMinutes: 30,
      confirmedMeetings: [meeting],
    });
    // Blocked by the meeting: [09:45, 11:00). A slot needs its own 15 minutes before it free too.
    expect(localTimes(query)).toEqual(['2025-06-03 09:00', '2025-06-03 09:15', '2025-06-03 11:15', '2025-06-03 11:30']);
  });

  it('a meeting booked with other buffers keeps its own', () => {
    const query = weekQuery({
      settings: settings({ availability: tuesdayMorning, slotStepMinutes: 15 }),
      durationMinutes: 30,
      confirmedMeetings: [{ ...meeting, bufferBeforeMinutes: 0, bufferAfterMinutes: 30 }],
    });
    expect(localTimes(query)).toEqual([
      '2025-06-03 09:00', '2025-06-03 09:15', '2025-06-03 09:30', '2025-06-03 11:30',
    ]);
  });

  it('external busy time blocks exactly its own interval, without buffers', () => {
    const query = weekQuery({
      settings: settings({ availability: tuesdayMorning, bufferBeforeMinutes: 15, bufferAfterMinutes: 15 }),
      externalBusy: [{ start: '2025-06-03T08:00:00Z', end: '2025-06-03T09:00:00Z' }],
    });
    expect(localTimes(query)).toEqual(['2025-06-03 09:00', '2025-06-03 11:00']);
  });

  it('busy time given with an offset or as a Date means the same instant', () => {
    const asOffset = { start: '2025-06-03T10:00:00+02:00', end: '2025-06-03T11:00:00+02:00' };
    const asDate = { start: new Date('2025-06-03T08:00:00Z'), end: new Date('2025-06-03T09:00:00Z') };
    const run = (busy: SlotQuery['externalBusy'][number]) =>
      localTimes(weekQuery({ settings: settings({ availability: tuesdayMorning }), externalBusy: [busy] }));
    expect(run(asOffset)).toEqual(['2025-06-03 09:00', '2025-06-03 11:00']);
    expect(run(asDate)).toEqual(run(asOffset));
  });

  it('meetingsConflict: blocked intervals [start − before, end + after) overlap', () => {
    const at = (start: string, end: string, before = 0, after = 0) =>
      ({ start: `2025-06-03T${start}:00Z`, end: `2025-06-03T${end}:00Z`, bufferBeforeMinutes: before, bufferAfterMinutes: after });
    expect(meetingsConflict(at('10:00', '11:00'), at('11:00', '12:00'))).toBe(false); // back to back
    expect(meetingsConflict(at('10:00', '11:00'), at('10:59', '12:00'))).toBe(true);
    // 15 after the first + 10 before the second: the gap must be 25 minutes.
    expect(meetingsConflict(at('10:00', '11:00', 0, 15), at('11:24', '12:00', 10, 0))).toBe(true);
    expect(meetingsConflict(at('10:00', '11:00', 0, 15), at('11:25', '12:00', 10, 0))).toBe(false);
    expect(meetingsConflict(at('11:25', '12:00', 10, 0), at('10:00', '11:00', 0, 15))).toBe(false); // symmetric
    expect(meetingsConflict(at('09:00', '13:00'), at('10:00', '11:00'))).toBe(true); // inside
    expect(blockedInterval(at('10:00', '11:00', 10, 15))).toEqual({ start: '2025-06-03T09:50:00.000Z', end: '2025-06-03T11:15:00.000Z' });
  });
});

describe('notice, horizon and the daily maximum', () => {
  it('starts no earlier than now + minimum notice', () => {
    const query = weekQuery({
      settings: settings({ minimumNoticeMinutes: 120, slotStepMinutes: 30 }),
      durationMinutes: 30,
      now: '2025-06-03T09:10:00+02:00',
    });
    expect(byDate(query)['2025-06-03']).toEqual(['11:30', '13:00', '13:30', '14:00', '14:30', '15:00', '15:30', '16:00', '16:30']);
    expect(byDate(query)['2025-06-02']).toBeUndefined();
  });

  it('ends by the horizon: now + horizonDays at the same wall time', () => {
    const query = weekQuery({ settings: settings({ horizonDays: 2 }), now: '2025-06-02T10:00:00+02:00' });
    const days = byDate(query);
    expect(days['2025-06-02']).toEqual(['10:00', '11:00', '13:00', '14:00', '15:00', '16:00']);
    expect(days['2025-06-04']).toEqual(['09:00']); // 09:00-10:00 ends exactly at the horizon
    expect(days['2025-06-05']).toBeUndefined();
  });

  it('a local day with the maximum of confirmed meetings offers nothing; days count in the recruiter zone', () => {
    const query = weekQuery({
      settings: settings({ maxPerDay: 2 }),
      confirmedMeetings: [
        { start: '2025-06-02T06:00:00Z', end: '2025-06-02T06:30:00Z' }, // Monday 08:00 local
        // Tuesday 00:30 local is still Monday in UTC: it counts for Tuesday.
        { start: '2025-06-02T22:30:00Z', end: '2025-06-02T23:00:00Z' },
        { start: '2025-06-03T16:00:00Z', end: '2025-06-03T16:30:00Z' }, // Tuesday 18:00 local
      ],
    });
    const days = byDate(query);
    expect(days['2025-06-02']).toEqual(fullDay);
    expect(days['2025-06-03']).toBeUndefined();
    expect(days['2025-06-04']).toEqual(fullDay);
  });
});

describe('the Amsterdam DST days', () => {
  /** That Sunday only (an override), asked from noon UTC the day before. */
  const sundayQuery = (date: string, ranges: Array<{ start: string; end: string }>, durationMinutes: number, slotStepMinutes = 30): SlotQuery => {
    const dayBefore = new Date(Date.parse(`${date}T12:00:00Z`) - 24 * 3_600_000).toISOString();
    return {
      settings: settings({ overrides: [{ date, ranges }], slotStepMinutes }),
      durationMinutes,
      confirmedMeetings: [],
      externalBusy: [],
      now: dayBefore,
      from: dayBefore,
      to: `${date}T23:59:00Z`,
    };
  };
  const starts = (query: SlotQuery) => bookableSlots(query).map((slot) => slot.start);

  describe('30 March 2025: 02:00 jumps to 03:00', () => {
    const night = [{ start: '01:00', end: '04:00' }];

    it('skips the hour that does not exist; 01:00-04:00 holds 2 real hours', () => {
      expect(starts(sundayQuery('2025-03-30', night, 30))).toEqual([
        '2025-03-30T00:00:00.000Z', // 01:00 CET
        '2025-03-30T00:30:00.000Z', // 01:30 CET
        '2025-03-30T01:00:00.000Z', // 03:00 CEST
        '2025-03-30T01:30:00.000Z', // 03:30 CEST
      ]);
      expect(localTimes(sundayQuery('2025-03-30', night, 30))).toEqual([
        '2025-03-30 01:00', '2025-03-30 01:30', '2025-03-30 03:00', '2025-03-30 03:30',
      ]);
      expect(starts(sundayQuery('2025-03-30', night, 60))).toEqual([
        '2025-03-30T00:00:00.000Z', '2025-03-30T00:30:00.000Z', '2025-03-30T01:00:00.000Z',
      ]);
      expect(starts(sundayQuery('2025-03-30', night, 120))).toEqual(['2025-03-30T00:00:00.000Z']);
      expect(starts(sundayQuery('2025-03-30', night, 150))).toEqual([]);
    });

    it('does not shift a grid time out of the gap onto another time', () => {
      // Grid from 01:00 every 45 minutes: 01:00, 01:45, (02:30 does not exist), 03:15, 04:00.
      expect(localTimes(sundayQuery('2025-03-30', [{ start: '01:00', end: '05:00' }], 30, 45))).toEqual([
        '2025-03-30 01:00', '2025-03-30 01:45', '2025-03-30 03:15', '2025-03-30 04:00',
      ]);
    });

    it('a range starting inside the gap starts when the clock jumps; one inside it is empty', () => {
      expect(localTimes(sundayQuery('2025-03-30', [{ start: '02:30', end: '04:00' }], 30))).toEqual([
        '2025-03-30 03:00', '2025-03-30 03:30',
      ]);
      expect(starts(sundayQuery('2025-03-30', [{ start: '02:00', end: '03:00' }], 30, 5))).toEqual([]);
      // Until 02:30 = until the jump to 03:00 CEST: one real hour after 01:00.
      expect(starts(sundayQuery('2025-03-30', [{ start: '01:00', end: '02:30' }], 30))).toEqual([
        '2025-03-30T00:00:00.000Z', '2025-03-30T00:30:00.000Z',
      ]);
      expect(starts(sundayQuery('2025-03-30', [{ start: '01:00', end: '02:30' }], 60))).toEqual(['2025-03-30T00:00:00.000Z']);
    });

    it('daytime hours keep their wall-clock times across the change', () => {
      expect(localTimes(sundayQuery('2025-03-30', [{ start: '09:00', end: '11:00' }], 60, 60))).toEqual([
        '2025-03-30 09:00', '2025-03-30 10:00',
      ]);
      expect(starts(sundayQuery('2025-03-30', [{ start: '09:00', end: '11:00' }], 60, 60))[0]).toBe('2025-03-30T07:00:00.000Z');
    });
  });

  describe('26 October 2025: 03:00 goes back to 02:00', () => {
    const night = [{ start: '01:00', end: '04:00' }];

    it('offers each repeated time once, at its earlier instant; 01:00-04:00 holds 4 real hours', () => {
      expect(starts(sundayQuery('2025-10-26', night, 30))).toEqual([
        '2025-10-25T23:00:00.000Z', // 01:00 CEST
        '2025-10-25T23:30:00.000Z', // 01:30 CEST
        '2025-10-26T00:00:00.000Z', // 02:00 CEST (the first 02:00)
        '2025-10-26T00:30:00.000Z', // 02:30 CEST (the first 02:30)
        '2025-10-26T02:00:00.000Z', // 03:00 CET
        '2025-10-26T02:30:00.000Z', // 03:30 CET
      ]);
      expect(starts(sundayQuery('2025-10-26', night, 240))).toEqual(['2025-10-25T23:00:00.000Z']);
      expect(starts(sundayQuery('2025-10-26', night, 241, 5))).toEqual([]);
    });

    it('a meeting may run through the repeated hour when it fits in real time', () => {
      expect(bookableSlots(sundayQuery('2025-10-26', night, 60))).toEqual([
        { start: '2025-10-25T23:00:00.000Z', end: '2025-10-26T00:00:00.000Z' },
        { start: '2025-10-25T23:30:00.000Z', end: '2025-10-26T00:30:00.000Z' },
        { start: '2025-10-26T00:00:00.000Z', end: '2025-10-26T01:00:00.000Z' },
        { start: '2025-10-26T00:30:00.000Z', end: '2025-10-26T01:30:00.000Z' }, // ends at the second 02:30
        { start: '2025-10-26T02:00:00.000Z', end: '2025-10-26T03:00:00.000Z' },
      ]);
    });

    it('a range ending at a repeated time ends at its first occurrence', () => {
      expect(starts(sundayQuery('2025-10-26', [{ start: '01:00', end: '02:30' }], 30))).toEqual([
        '2025-10-25T23:00:00.000Z', '2025-10-25T23:30:00.000Z', '2025-10-26T00:00:00.000Z',
      ]);
    });

    it('labels each slot with its own offset, for the recruiter and for candidates elsewhere', () => {
      const slots = bookableSlots(sundayQuery('2025-10-26', night, 30));
      // 02:30 CEST + 30 minutes is the moment the clocks go back: it reads 02:00 (CET).
      expect(slotInZone(slots[3], AMSTERDAM)).toMatchObject({ date: '2025-10-26', startTime: '02:30', endTime: '02:00', utcOffset: '+02:00' });
      expect(slotInZone(slots[4], AMSTERDAM)).toMatchObject({ date: '2025-10-26', startTime: '03:00', utcOffset: '+01:00' });
      expect(slotInZone(slots[0], 'America/New_York')).toMatchObject({ date: '2025-10-25', startTime: '19:00', utcOffset: '-04:00' });
      expect(slotInZone(slots[0], 'Asia/Kolkata')).toMatchObject({ date: '2025-10-26', startTime: '04:30', endTime: '05:00', utcOffset: '+05:30' });
      expect(slotsByLocalDate(slots, 'America/New_York').map((day) => [day.date, day.slots.length])).toEqual([['2025-10-25', 6]]);
      expect(slotsByLocalDate(slots, 'UTC').map((day) => [day.date, day.slots.length])).toEqual([['2025-10-25', 2], ['2025-10-26', 4]]);
    });
  });
});

describe('slot labels', () => {
  it('do not depend on the host time zone', () => {
    const slot = { start: '2025-03-30T01:00:00.000Z', end: '2025-03-30T01:30:00.000Z' };
    const before = process.env.TZ;
    try {
      const seen = ['Asia/Kolkata', 'America/New_York', 'UTC'].map((host) => {
        process.env.TZ = host;
        return [slotInZone(slot, AMSTERDAM), slotInZone(slot, 'America/New_York')];
      });
      expect(seen[1]).toEqual(seen[0]);
      expect(seen[2]).toEqual(seen[0]);
      expect(seen[0][0]).toMatchObject({ startTime: '03:00', endTime: '03:30', utcOffset: '+02:00' });
    } finally {
      if (before === undefined) delete process.env.TZ;
      else process.env.TZ = before;
    }
  });

  it('mark a meeting that ends on the next local day', () => {
    const slot = { start: '2025-06-02T21:30:00.000Z', end: '2025-06-02T22:30:00.000Z' };
    expect(slotInZone(slot, AMSTERDAM)).toMatchObject({ date: '2025-06-02', startTime: '23:30', endDate: '2025-06-03', endTime: '00:30' });
  });
});

describe('reading instants', () => {
  it('accepts UTC text, offsets and Dates, and refuses what is not an instant', () => {
    expect(epochMilliseconds('2025-06-03T08:00:00Z')).toBe(Date.UTC(2025, 5, 3, 8));
    expect(epochMilliseconds('2025-06-03T08:00Z')).toBe(Date.UTC(2025, 5, 3, 8));
    expect(epochMilliseconds('2025-06-03T10:00:00.250+02:00')).toBe(Date.UTC(2025, 5, 3, 8, 0, 0, 250));
    expect(epochMilliseconds(new Date(Date.UTC(2025, 5, 3, 8)))).toBe(Date.UTC(2025, 5, 3, 8));
    for (const bad of ['2025-02-30T08:00:00Z', '2025-06-03T08:00:00', '2025-06-03', 'tomorrow', '']) {
      expect(() => epochMilliseconds(bad), bad).toThrow(RangeError);
    }
    expect(() => epochMilliseconds(new Date('nope'))).toThrow(RangeError);
  });
});

describe('availability settings validation', () => {
  /** The API's wording: [field, message] of each issue. */
  function problems(changes: Record<string, unknown>): Array<[string, string]> {
    const result = availabilitySettingsSchema.safeParse({ ...baseSettings, ...changes }, { reportInput: true });
    if (result.success) return [];
    return result.error.issues.map((issue) => {
      const field = fieldName(issue.path, 'body');
      return [field, issueMessage(issue, field)];
    });
  }

  it('accepts good settings and normalises the time zone name', () => {
    expect(problems({})).toEqual([]);
    expect(settings({ timeZone: 'europe/amsterdam' }).timeZone).toBe(AMSTERDAM);
    expect(settings().availability.sunday).toEqual([]);
    expect(problems({ maxPerDay: null, availability: { monday: [{ start: '00:00', end: '24:00' }] } })).toEqual([]);
    expect(problems({ availability: { monday: [{ start: '09:00', end: '12:00' }, { start: '12:00', end: '13:00' }] } })).toEqual([]);
  });

  it('refuses overlapping ranges on a day, naming both', () => {
    expect(problems({ availability: { monday: [{ start: '09:00', end: '12:00' }, { start: '11:00', end: '13:00' }] } })).toEqual([
      ['availability.monday.1', 'availability.monday.1 (11:00-13:00) overlaps availability.monday.0 (09:00-12:00)'],
    ]);
    expect(problems({ overrides: [{ date: '2025-12-24', ranges: [{ start: '10:00', end: '11:00' }, { start: '08:00', end: '17:00' }] }] })).toEqual([
      ['overrides.0.ranges.1', 'overrides.0.ranges.1 (08:00-17:00) overlaps overrides.0.ranges.0 (10:00-11:00)'],
    ]);
  });

  it('refuses an end before its start and times that are not times', () => {
    expect(problems({ availability: { tuesday: [{ start: '12:00', end: '09:00' }] } })).toEqual([
      ['availability.tuesday.0.end', 'availability.tuesday.0.end (09:00) must be after availability.tuesday.0.start (12:00)'],
    ]);
    expect(problems({ availability: { tuesday: [{ start: '10:00', end: '10:00' }] } })[0][0]).toBe('availability.tuesday.0.end');
    expect(problems({ availability: { friday: [{ start: '9:00', end: '25:00' }] } })).toEqual([
      ['availability.friday.0.start', 'availability.friday.0.start must be a time like 09:00'],
      ['availability.friday.0.end', 'availability.friday.0.end must be a time like 17:00 (or 24:00 for the end of the day)'],
    ]);
    expect(problems({ availability: { friday: [{ start: '24:00', end: '24:00' }] } })[0][0]).toBe('availability.friday.0.start');
    expect(problems({ availability: { funday: [] } })).toEqual([['availability', 'availability has unknown fields: funday']]);
  });

  it('refuses an unknown time zone and fixed offsets', () => {
    for (const timeZone of ['Mars/Olympus', '+01:00', '', 'CET+1']) {
      expect(problems({ timeZone }), timeZone).toEqual([['timeZone', 'timeZone must be an IANA time zone like Europe/Amsterdam']]);
    }
    expect(problems({ timeZone: 5 })).toEqual([['timeZone', 'timeZone must be an IANA time zone like Europe/Amsterdam']]);
  });

  it('refuses bad override dates and a date given twice', () => {
    expect(problems({ overrides: [{ date: '2025-02-30', ranges: [] }] })).toEqual([
      ['overrides.0.date', 'overrides.0.date must be a date like 2025-12-24'],
    ]);
    expect(problems({ overrides: [{ date: '2025-12-24', ranges: [] }, { date: '2025-12-25', ranges: [] }, { date: '2025-12-24', ranges: [] }] })).toEqual([
      ['overrides.2.date', 'overrides.2.date (2025-12-24) is already given in overrides.0'],
    ]);
  });

  it('keeps step, buffers, notice, horizon and daily maximum within bounds', () => {
    const limits: Array<[string, unknown[], unknown[], string]> = [
      ['slotStepMinutes', [5, 240], [4, 241, 15.5], 'slotStepMinutes must be a whole number of minutes from 5 to 240'],
      ['bufferBeforeMinutes', [0, 240], [-1, 241], 'bufferBeforeMinutes must be a whole number of minutes from 0 to 240'],
      ['bufferAfterMinutes', [0, 240], [-1, 241], 'bufferAfterMinutes must be a whole number of minutes from 0 to 240'],
      ['minimumNoticeMinutes', [0, 43_200], [-1, 43_201], 'minimumNoticeMinutes must be a whole number of minutes from 0 to 43200'],
      ['horizonDays', [1, 365], [0, 366], 'horizonDays must be a whole number of days from 1 to 365'],
      ['maxPerDay', [1, 50, null], [0, 51, '3'], 'maxPerDay must be a whole number of meetings from 1 to 50'],
    ];
    for (const [field, good, bad, message] of limits) {
      for (const value of good) expect(problems({ [field]: value }), `${field} ${String(value)}`).toEqual([]);
      for (const value of bad) expect(problems({ [field]: value }), `${field} ${String(value)}`).toEqual([[field, message]]);
    }
    expect(problems({ slotStepMinutes: undefined })).toEqual([['slotStepMinutes', 'slotStepMinutes is required']]);
  });
});

describe('meeting duration warning', () => {
  it('warns when the meeting is longer than every range, weekly and override', () => {
    const short = settings({ availability: { monday: [{ start: '09:00', end: '10:00' }], friday: [{ start: '13:00', end: '13:45' }] } });
    expect(meetingDurationWarning(short, 60)).toBeNull();
    const warning = meetingDurationWarning(short, 90);
    expect(warning).toEqual({ field: 'durationMinutes', code: 'duration_longer_than_ranges', params: { minutes: 90, longest: 60 } });
    expect(englishText(warning!))
      .toBe('A 90-minute meeting is longer than every availability range (the longest is 60 minutes): candidates will see no times to book');
    const withLongOverride = settings({ ...short, overrides: [{ date: '2025-12-24', ranges: [{ start: '08:00', end: '12:00' }] }] });
    expect(meetingDurationWarning(withLongOverride, 90)).toBeNull();
  });

  it('warns when there are no ranges at all', () => {
    const warning = meetingDurationWarning(settings({ availability: {} }), 30);
    expect(warning).toEqual({ field: 'availability', code: 'no_availability_ranges' });
    expect(englishText(warning!)).toBe('availability has no time ranges: candidates will see no times to book');
  });
});

describe('browser safety', () => {
  it('the slot code and the schemas load only temporal-polyfill and zod (the booking page imports them)', () => {
    const root = path.resolve(import.meta.dirname, '../..');
    for (const entry of ['domain/meetings/slots.ts', 'domain/meetings/schemas.ts']) {
      const packages = walkImports(entry, { root }).edges.filter((edge) => edge.to === null).map((edge) => edge.specifier);
      expect(packages.filter((name) => name !== 'temporal-polyfill' && name !== 'zod'), entry).toEqual([]);
      expect(packages, entry).toContain('temporal-polyfill');
    }
  });
});
