// The booking page's own time-zone and text logic (site/scripts/booking/), which uses
// Intl only (no Temporal in the page): checked against the domain's Temporal-based
// rules (domain/meetings/slots.ts) over the DST changes and odd offsets.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Temporal } from 'temporal-polyfill';
import { slotsByLocalDate } from '#domain/meetings/slots.ts';
import type { Slot } from '#domain/meetings/schemas.ts';
import { addDays, localDate, offsetMinutes, startOfLocalDay, weekFrom, zoneChoices, zoneLabel } from '#site/scripts/booking/zones.ts';
import {
  bookingTitle, confirmationText, durationText, emailHint, englishLocale, firstPanel, greeting, joinLink, locationText, meetingTime, problemText,
  slotsByDay, weekHeading, withFreshSlots,
} from '#site/scripts/booking/format.ts';
import { publicBooking as dutch } from '#domain/i18n/nl/publicBooking.ts';

const HOUR = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();
/** Temporal's first instant of a local date: the reference for startOfLocalDay. */
const temporalStartOfDay = (date: string, zone: string) =>
  Temporal.PlainDate.from(date).toZonedDateTime({ timeZone: zone }).epochMilliseconds;

// Amsterdam and New York change on different dates; Kolkata is +05:30; Santiago, Havana and Beirut
// change at midnight (a day without 00:00, and days whose 00:00 comes twice or after 23:00 again).
const ZONES = ['Europe/Amsterdam', 'America/New_York', 'Asia/Kolkata', 'America/Santiago', 'America/Havana', 'Asia/Beirut',
  'Australia/Lord_Howe', 'Pacific/Chatham', 'UTC'];

describe('startOfLocalDay', () => {
  it('is the first instant of the date on the DST change days', () => {
    expect(iso(startOfLocalDay('2026-03-29', 'Europe/Amsterdam'))).toBe('2026-03-28T23:00:00.000Z');
    expect(iso(startOfLocalDay('2026-03-30', 'Europe/Amsterdam'))).toBe('2026-03-29T22:00:00.000Z');
    expect(iso(startOfLocalDay('2026-10-25', 'Europe/Amsterdam'))).toBe('2026-10-24T22:00:00.000Z');
    expect(iso(startOfLocalDay('2026-10-26', 'Europe/Amsterdam'))).toBe('2026-10-25T23:00:00.000Z');
    expect(iso(startOfLocalDay('2026-03-08', 'America/New_York'))).toBe('2026-03-08T05:00:00.000Z');
    expect(iso(startOfLocalDay('2026-03-09', 'America/New_York'))).toBe('2026-03-09T04:00:00.000Z');
    expect(iso(startOfLocalDay('2026-03-09', 'Asia/Kolkata'))).toBe('2026-03-08T18:30:00.000Z');
  });

  it('starts a day whose midnight is skipped when the clock jumps past it (Santiago, September)', () => {
    // 2026-09-06 00:00 does not exist in Santiago: the clock goes from 23:59:59 on the 5th to 01:00.
    const start = startOfLocalDay('2026-09-06', 'America/Santiago');
    expect(iso(start)).toBe('2026-09-06T04:00:00.000Z');
    expect(localDate(start, 'America/Santiago')).toBe('2026-09-06');
    expect(localDate(start - 1, 'America/Santiago')).toBe('2026-09-05');
  });

  it('matches Temporal for any date in the zones that change at odd times', () => {
    fc.assert(fc.property(
      fc.integer({ min: 0, max: 365 * 6 }), fc.constantFrom(...ZONES),
      (days, zone) => {
        const date = addDays('2024-01-01', days);
        expect(iso(startOfLocalDay(date, zone))).toBe(iso(temporalStartOfDay(date, zone)));
      },
    ), { numRuns: 400 });
  });

  it('matches Temporal on every change day of 2026', () => {
    for (const zone of ZONES) {
      for (let day = 0; day < 366; day += 1) {
        const date = addDays('2026-01-01', day);
        const next = addDays(date, 1);
        // Only the days whose length is not 24 hours: those are the change days.
        if (temporalStartOfDay(next, zone) - temporalStartOfDay(date, zone) === 24 * HOUR) continue;
        expect(iso(startOfLocalDay(date, zone)), `${zone} ${date}`).toBe(iso(temporalStartOfDay(date, zone)));
        expect(iso(startOfLocalDay(next, zone)), `${zone} ${next}`).toBe(iso(temporalStartOfDay(next, zone)));
      }
    }
  });
});

describe('offsetMinutes and localDate', () => {
  it('read the zone’s clock', () => {
    expect(offsetMinutes(Date.parse('2026-07-01T12:00:00Z'), 'Europe/Amsterdam')).toBe(120);
    expect(offsetMinutes(Date.parse('2026-01-01T12:00:00Z'), 'Europe/Amsterdam')).toBe(60);
    expect(offsetMinutes(Date.parse('2026-01-01T12:00:00Z'), 'Asia/Kolkata')).toBe(330);
    expect(offsetMinutes(Date.parse('2026-01-01T12:00:00Z'), 'America/New_York')).toBe(-300);
    expect(localDate(Date.parse('2026-03-08T04:59:59Z'), 'America/New_York')).toBe('2026-03-07');
    expect(localDate(Date.parse('2026-03-08T05:00:00Z'), 'America/New_York')).toBe('2026-03-08');
  });
});

describe('weekFrom', () => {
  it('gives seven local days and their bounds across the Amsterdam spring change (a 167-hour week)', () => {
    const week = weekFrom('2026-03-23', 0, 'Europe/Amsterdam');
    expect(week.dates).toEqual(['2026-03-23', '2026-03-24', '2026-03-25', '2026-03-26', '2026-03-27', '2026-03-28', '2026-03-29']);
    expect(iso(week.from)).toBe('2026-03-22T23:00:00.000Z');
    expect(iso(week.to)).toBe('2026-03-29T22:00:00.000Z');
    expect(week.to - week.from).toBe(167 * HOUR);
  });

  it('pages a week at a time, and in New York (changing two weeks earlier) the autumn week has 169 hours', () => {
    const second = weekFrom('2026-10-19', 1, 'America/New_York');
    expect(second.dates[0]).toBe('2026-10-26');
    expect(iso(second.from)).toBe('2026-10-26T04:00:00.000Z');
    expect(iso(second.to)).toBe('2026-11-02T05:00:00.000Z');
    expect(second.to - second.from).toBe(169 * HOUR);
  });

  it('tiles: each week ends where the next starts, so no slot is asked twice or skipped', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 365 * 3 }), fc.integer({ min: 0, max: 52 }), fc.constantFrom(...ZONES), (days, index, zone) => {
      const today = addDays('2025-01-01', days);
      const week = weekFrom(today, index, zone);
      expect(weekFrom(today, index + 1, zone).from).toBe(week.to);
      expect(localDate(week.from, zone)).toBe(week.dates[0]);
      expect(localDate(week.to - 1, zone)).toBe(week.dates[6]);
    }), { numRuns: 200 });
  });
});

describe('slotsByDay', () => {
  const slots: Slot[] = [
    { start: '2026-03-09T03:30:00.000Z', end: '2026-03-09T04:00:00.000Z' }, // New York: 23:30 on the 8th; Kolkata: 09:00 on the 9th
    { start: '2026-03-08T18:00:00.000Z', end: '2026-03-08T18:30:00.000Z' }, // Kolkata: 23:30 on the 8th
    { start: '2026-03-08T18:30:00.000Z', end: '2026-03-08T19:00:00.000Z' }, // Kolkata: 00:00 on the 9th
    { start: '2026-03-09T04:00:00.000Z', end: '2026-03-09T04:30:00.000Z' }, // New York: 00:00 on the 9th (EDT)
  ];

  it('groups by the start’s local date in the chosen zone, in time order', () => {
    expect(slotsByDay(slots, 'Asia/Kolkata').map((day) => [day.date, day.slots.length])).toEqual([['2026-03-08', 1], ['2026-03-09', 3]]);
    expect(slotsByDay(slots, 'America/New_York').map((day) => [day.date, day.slots.length])).toEqual([['2026-03-08', 3], ['2026-03-09', 1]]);
    expect(slotsByDay(slots, 'America/New_York')[0].slots[0].start).toBe('2026-03-08T18:00:00.000Z');
  });

  it('agrees with the domain’s grouping (which the email and the recruiter see) for random slots', () => {
    const slot = fc.integer({ min: Date.parse('2026-01-01T00:00:00Z') / 900_000, max: Date.parse('2026-12-31T00:00:00Z') / 900_000 })
      .map((quarter): Slot => ({ start: iso(quarter * 900_000), end: iso(quarter * 900_000 + 30 * 60_000) }));
    fc.assert(fc.property(fc.uniqueArray(slot, { selector: (s) => s.start, maxLength: 30 }), fc.constantFrom(...ZONES), (some, zone) => {
      const sorted = [...some].sort((a, b) => a.start.localeCompare(b.start));
      const ours = slotsByDay(some, zone).map((day) => ({ date: day.date, starts: day.slots.map((s) => s.start) }));
      const domain = slotsByLocalDate(sorted, zone).map((day) => ({ date: day.date, starts: day.slots.map((s) => s.start) }));
      expect(ours).toEqual(domain);
    }), { numRuns: 150 });
  });
});

describe('withFreshSlots (after "This time was just taken")', () => {
  const at = (hour: number): Slot => ({ start: `2026-03-10T${String(hour).padStart(2, '0')}:00:00.000Z`, end: `2026-03-10T${String(hour).padStart(2, '0')}:30:00.000Z` });
  const week = { from: Date.parse('2026-03-09T00:00:00Z'), to: Date.parse('2026-03-16T00:00:00Z') };

  it('drops the taken time and takes the fresh list inside the window it covers', () => {
    const shown = [at(8), at(9), at(10), at(11), at(14)];
    const fresh = [at(9), at(11)]; // 10:00 was taken; 09:00-11:00 is what the server looked at again
    expect(withFreshSlots(shown, fresh, at(10).start, week).map((s) => s.start)).toEqual([at(8), at(9), at(11), at(14)].map((s) => s.start));
  });

  it('with no fresh slots, only drops the taken one; fresh slots outside the week are ignored', () => {
    expect(withFreshSlots([at(8), at(9)], [], at(9).start, week)).toEqual([at(8)]);
    const outside = { start: '2026-03-20T09:00:00.000Z', end: '2026-03-20T09:30:00.000Z' };
    expect(withFreshSlots([at(8), at(9)], [outside], at(9).start, week)).toEqual([at(8)]);
  });
});

describe('zone labels', () => {
  it('spell the zone out with its id', () => {
    const january = Date.parse('2026-01-15T12:00:00Z');
    expect(zoneLabel('Europe/Amsterdam', january)).toBe('Central European Time (Europe/Amsterdam)');
    expect(zoneLabel('America/New_York', january)).toBe('Eastern Time (America/New_York)');
    expect(zoneLabel('Asia/Kolkata', january)).toBe('India Standard Time (Asia/Kolkata)');
    expect(zoneLabel('UTC', january)).toBe('Coordinated Universal Time (UTC)');
  });

  it('the list holds every zone the engine knows by its current name, plus UTC and the detected one, once each', () => {
    const zones = zoneChoices('Asia/Calcutta', 'Europe/Amsterdam');
    expect(zones).toContain('UTC');
    expect(zones).toContain('Asia/Kolkata');
    expect(zones).toContain('Europe/Kyiv');
    expect(zones).not.toContain('Asia/Calcutta');
    expect(zones.length).toBeGreaterThan(300);
    expect(new Set(zones).size).toBe(zones.length);
  });
});

describe('page text', () => {
  const booking = {
    candidate: { firstName: 'Anna', name: 'Anna de Vries', email: 'anna@example.org', language: null },
    recruiter: { name: 'Rita Jansen', email: 'rita@example.com', timeZone: 'Europe/Amsterdam' },
    meetingType: { name: 'Intro call', durationMinutes: 30, description: null, locationKind: 'teams' as const, locationDetail: null, colour: 'blue' as const },
  };

  it('greets and names the meeting', () => {
    expect(greeting(booking)).toBe('Hi Anna,');
    expect(greeting({ candidate: { firstName: null, name: null, email: null, language: null } })).toBe('Hi,');
    expect(bookingTitle(booking)).toBe('Book an Intro call with Rita Jansen');
    expect(bookingTitle({ ...booking, meetingType: { ...booking.meetingType, name: 'Technical interview' } })).toBe('Book a Technical interview with Rita Jansen');
  });

  it('promises the confirmation only to the candidate\'s address on record, and says when there is none', () => {
    // Whatever address was typed on the page: the mail goes to the one on record (decision 015).
    expect(confirmationText(booking, 'confirmationOnItsWay')).toBe('A confirmation with a calendar invitation is on its way to anna@example.org.');
    expect(confirmationText(booking, 'invitationWent')).toBe('The invitation went to anna@example.org.');
    expect(emailHint(booking)).toBe('So Rita Jansen can reach you. The confirmation and calendar invitation go to anna@example.org.');
    const noAddress = { ...booking, candidate: { ...booking.candidate, email: null } };
    expect(confirmationText(noAddress, 'confirmationOnItsWay'))
      .toBe('No confirmation is emailed: we have no email address on file for you. Note the time, or come back to this page.');
    expect(confirmationText(noAddress, 'invitationWent')).toBe(confirmationText(noAddress, 'confirmationOnItsWay'));
    expect(emailHint(noAddress)).toBe('So Rita Jansen can reach you. No confirmation is emailed: we have no email address on file for you.');
    expect(emailHint(noAddress, dutch)).toBe('Zodat Rita Jansen je kan bereiken. Er wordt geen bevestiging gemaild: we hebben geen e-mailadres van je.');
    expect(confirmationText(booking, 'invitationWent', dutch)).toBe('De uitnodiging is naar anna@example.org gestuurd.');
  });

  it('says durations and places in words', () => {
    expect([10, 30, 60, 90, 120, 150].map(durationText)).toEqual(['10 minutes', '30 minutes', '1 hour', '1 hour 30 minutes', '2 hours', '2 hours 30 minutes']);
    expect(locationText({ locationKind: 'teams', locationDetail: null })).toBe('Microsoft Teams');
    expect(locationText({ locationKind: 'phone', locationDetail: '+31 20 123 4567' })).toBe('Phone call: +31 20 123 4567');
    expect(locationText({ locationKind: 'in_person', locationDetail: 'Keizersgracht 1, Amsterdam' })).toBe('In person: Keizersgracht 1, Amsterdam');
  });

  it('writes one instant on both clocks, 12-hour for en-US and 24-hour otherwise', () => {
    expect(englishLocale(['en-US', 'nl'])).toBe('en-US');
    expect(englishLocale(['nl-NL', 'de'])).toBe('en-GB');
    const start = '2026-03-10T14:00:00.000Z';
    const end = '2026-03-10T14:30:00.000Z';
    expect(meetingTime(start, end, 'America/New_York', 'en-US')).toMatch(/^Tuesday, March 10, 2026, 10:00\s?–\s?10:30\sAM$/);
    expect(meetingTime(start, end, 'Europe/Amsterdam', 'en-GB')).toMatch(/^Tuesday,? 10 March 2026,? 15:00\s?–\s?15:30$/);
    expect(weekHeading('2026-03-09', '2026-03-15', 'en-GB')).toMatch(/^9\s?–\s?15 Mar 2026$/);
  });

  it('opens each page on the panel the link’s state calls for', () => {
    expect(firstPanel('book', 'open')).toBe('picker');
    expect(firstPanel('book', 'cancelled')).toBe('picker');
    expect(firstPanel('book', 'booked')).toBe('done');
    expect(firstPanel('reschedule', 'booked')).toBe('picker');
    expect(firstPanel('cancel', 'booked')).toBe('cancel');
    expect(firstPanel('cancel', 'cancelled')).toBe('cancelled');
    expect(firstPanel('cancel', 'open')).toBe('nothing-booked');
    expect(firstPanel('reschedule', 'expired')).toBe('expired');
    expect(firstPanel('book', 'used')).toBe('used');
  });

  it('says why a link cannot book, naming the recruiter only for a real link', () => {
    expect(problemText('expired')).toMatchObject({ title: 'This booking link has expired', contact: true });
    expect(problemText('used')).toMatchObject({ title: 'This meeting has already taken place', contact: true });
    expect(problemText('not-found')).toMatchObject({ title: 'This link is not valid', contact: false });
  });

  it('links only to an https Teams join URL', () => {
    expect(joinLink({ joinUrl: 'https://teams.microsoft.com/l/meetup-join/abc' })).toBe('https://teams.microsoft.com/l/meetup-join/abc');
    expect(joinLink({ joinUrl: 'javascript:alert(1)' })).toBeNull();
    expect(joinLink({ joinUrl: null })).toBeNull();
  });
});
