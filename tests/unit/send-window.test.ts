// Send windows and step delays in local wall-clock time (domain/campaigns/send-window.ts):
// across zones and across the March and October DST changes.
import { describe, expect, it } from 'vitest';
import { addDays, nextInWindow } from '#domain/campaigns/send-window.ts';
import { sendWindowSchema, sequenceInputSchema } from '#domain/campaigns/sequence-schemas.ts';
import { schemaText } from '#tests/support/schema-text.ts';

const at = (iso: string) => new Date(iso);
const morning = { start: '09:00', end: '11:00', weekdaysOnly: false };
const weekdays = { ...morning, weekdaysOnly: true };

describe('nextInWindow', () => {
  it('keeps a moment inside the window, and moves one before it to that day\'s start', () => {
    // 2026-01-15 is a Thursday; Amsterdam is UTC+1 in winter.
    expect(nextInWindow(at('2026-01-15T09:30:00Z'), morning, 'Europe/Amsterdam')).toEqual(at('2026-01-15T09:30:00Z'));
    expect(nextInWindow(at('2026-01-15T06:00:00Z'), morning, 'Europe/Amsterdam')).toEqual(at('2026-01-15T08:00:00Z'));
  });

  it('moves a moment at or after the end to the next day, and a Friday evening to Monday on weekdays only', () => {
    expect(nextInWindow(at('2026-01-15T10:00:00Z'), morning, 'Europe/Amsterdam')).toEqual(at('2026-01-16T08:00:00Z'));
    expect(nextInWindow(at('2026-01-16T17:00:00Z'), morning, 'Europe/Amsterdam')).toEqual(at('2026-01-17T08:00:00Z'));
    expect(nextInWindow(at('2026-01-16T17:00:00Z'), weekdays, 'Europe/Amsterdam')).toEqual(at('2026-01-19T08:00:00Z'));
    expect(nextInWindow(at('2026-01-17T09:30:00Z'), weekdays, 'Europe/Amsterdam')).toEqual(at('2026-01-19T08:00:00Z'));
  });

  it('gives each zone its own morning for the same instant', () => {
    const instant = at('2026-01-15T12:00:00Z');
    expect(nextInWindow(instant, morning, 'Europe/Amsterdam')).toEqual(at('2026-01-16T08:00:00Z'));
    expect(nextInWindow(instant, morning, 'Europe/London')).toEqual(at('2026-01-16T09:00:00Z'));
    expect(nextInWindow(instant, morning, 'America/New_York')).toEqual(at('2026-01-15T14:00:00Z'));
    expect(nextInWindow(instant, morning, 'Asia/Tokyo')).toEqual(at('2026-01-16T00:00:00Z'));
    expect(nextInWindow(instant, morning, 'Australia/Sydney')).toEqual(at('2026-01-15T22:00:00Z'));
  });

  it('follows the March change: 09:00 is 08:00Z before it and 07:00Z after it in Amsterdam', () => {
    // Clocks go forward on Sunday 2026-03-29 at 02:00 local.
    expect(nextInWindow(at('2026-03-28T12:00:00Z'), morning, 'Europe/Amsterdam')).toEqual(at('2026-03-29T07:00:00Z'));
    expect(nextInWindow(at('2026-03-27T12:00:00Z'), weekdays, 'Europe/Amsterdam')).toEqual(at('2026-03-30T07:00:00Z'));
    // New York changed on 2026-03-08: between the two changes the zones are 5 hours apart, not 6.
    expect(nextInWindow(at('2026-03-16T00:00:00Z'), morning, 'America/New_York')).toEqual(at('2026-03-16T13:00:00Z'));
    expect(nextInWindow(at('2026-03-16T00:00:00Z'), morning, 'Europe/Amsterdam')).toEqual(at('2026-03-16T08:00:00Z'));
  });

  it('follows the October change: 09:00 is 07:00Z before it and 08:00Z after it in Amsterdam', () => {
    // Clocks go back on Sunday 2026-10-25 at 03:00 local.
    expect(nextInWindow(at('2026-10-24T12:00:00Z'), morning, 'Europe/Amsterdam')).toEqual(at('2026-10-25T08:00:00Z'));
    expect(nextInWindow(at('2026-10-23T06:59:00Z'), morning, 'Europe/Amsterdam')).toEqual(at('2026-10-23T07:00:00Z'));
    expect(nextInWindow(at('2026-10-23T12:00:00Z'), weekdays, 'Europe/Amsterdam')).toEqual(at('2026-10-26T08:00:00Z'));
  });

  it('moves a start that the March change skips to the first moment after the gap', () => {
    const night = { start: '02:30', end: '04:00', weekdaysOnly: false };
    // 02:30 does not exist on 2026-03-29 in Amsterdam: the clock jumps from 02:00 CET to 03:00 CEST (01:00Z),
    // the first moment after the gap (decision 033; Temporal's 'compatible' gave 03:30, half an hour into the window).
    expect(nextInWindow(at('2026-03-28T23:00:00Z'), night, 'Europe/Amsterdam')).toEqual(at('2026-03-29T01:00:00Z'));
  });

  it('never sends after a window that the March change cuts short: 02:30-03:15 opens at 03:00', () => {
    const short = { start: '02:30', end: '03:15', weekdaysOnly: false };
    // 'compatible' put the start at 03:30, after the window's end; the transition (03:00) is inside it.
    const amsterdam = nextInWindow(at('2026-03-28T23:00:00Z'), short, 'Europe/Amsterdam');
    expect(amsterdam).toEqual(at('2026-03-29T01:00:00Z'));
    expect(nextInWindow(amsterdam, short, 'Europe/Amsterdam')).toEqual(amsterdam); // inside its own window
    // New York jumps from 02:00 EST to 03:00 EDT on 2026-03-08 (07:00Z).
    expect(nextInWindow(at('2026-03-08T05:00:00Z'), short, 'America/New_York')).toEqual(at('2026-03-08T07:00:00Z'));
  });

  it('opens a window whose start occurs twice in October at its earlier occurrence', () => {
    // 02:30 comes twice on 2026-10-25 in Amsterdam (CEST, then CET), 01:30 on 2026-11-01 in New York (EDT, then EST).
    expect(nextInWindow(at('2026-10-24T22:00:00Z'), { start: '02:30', end: '04:00', weekdaysOnly: false }, 'Europe/Amsterdam'))
      .toEqual(at('2026-10-25T00:30:00Z'));
    expect(nextInWindow(at('2026-11-01T03:00:00Z'), { start: '01:30', end: '04:00', weekdaysOnly: false }, 'America/New_York'))
      .toEqual(at('2026-11-01T05:30:00Z'));
  });
});

describe('addDays', () => {
  it('keeps the local time of day across the DST changes', () => {
    // Friday 09:00 CET + 3 days = Monday 09:00 CEST (71 hours later, not 72).
    expect(addDays(at('2026-03-27T08:00:00Z'), 3, false, 'Europe/Amsterdam')).toEqual(at('2026-03-30T07:00:00Z'));
    expect(addDays(at('2026-10-24T07:00:00Z'), 1, false, 'Europe/Amsterdam')).toEqual(at('2026-10-25T08:00:00Z'));
  });

  it('counts Monday to Friday only for business days', () => {
    // Friday + 1 business day = Monday; Wednesday + 5 = the next Wednesday; Saturday + 1 = Monday.
    expect(addDays(at('2026-01-16T10:00:00Z'), 1, true, 'Europe/Amsterdam')).toEqual(at('2026-01-19T10:00:00Z'));
    expect(addDays(at('2026-01-14T10:00:00Z'), 5, true, 'Europe/Amsterdam')).toEqual(at('2026-01-21T10:00:00Z'));
    expect(addDays(at('2026-01-17T10:00:00Z'), 1, true, 'Europe/Amsterdam')).toEqual(at('2026-01-19T10:00:00Z'));
    // Friday + 3 calendar days = Monday; + 3 business days = Wednesday.
    expect(addDays(at('2026-01-16T10:00:00Z'), 3, false, 'Europe/Amsterdam')).toEqual(at('2026-01-19T10:00:00Z'));
    expect(addDays(at('2026-01-16T10:00:00Z'), 3, true, 'Europe/Amsterdam')).toEqual(at('2026-01-21T10:00:00Z'));
  });

  it('lands a local time the March change skips on the transition, and one October repeats on its earlier occurrence', () => {
    // Saturday 02:30 CET + 1 day: 02:30 on 2026-03-29 does not exist in Amsterdam, so 03:00 CEST (01:00Z), not 03:30.
    expect(addDays(at('2026-03-28T01:30:00Z'), 1, false, 'Europe/Amsterdam')).toEqual(at('2026-03-29T01:00:00Z'));
    expect(addDays(at('2026-03-07T07:30:00Z'), 1, false, 'America/New_York')).toEqual(at('2026-03-08T07:00:00Z'));
    // Saturday 02:30 CEST + 1 day: 02:30 comes twice on 2026-10-25; the earlier (CEST, 00:30Z). New York: 01:30 EDT.
    expect(addDays(at('2026-10-24T00:30:00Z'), 1, false, 'Europe/Amsterdam')).toEqual(at('2026-10-25T00:30:00Z'));
    expect(addDays(at('2026-10-31T05:30:00Z'), 1, false, 'America/New_York')).toEqual(at('2026-11-01T05:30:00Z'));
  });

  it('judges the weekday in the candidate\'s zone: Friday evening in New York is Saturday in Tokyo', () => {
    const fridayEveningNy = at('2026-01-16T23:00:00Z'); // 18:00 Friday in New York, 08:00 Saturday in Tokyo
    expect(addDays(fridayEveningNy, 1, true, 'America/New_York')).toEqual(at('2026-01-19T23:00:00Z'));
    expect(addDays(fridayEveningNy, 1, true, 'Asia/Tokyo')).toEqual(at('2026-01-18T23:00:00Z'));
  });
});

describe('the sequence input', () => {
  const window = { start: '09:00', end: '11:00', weekdaysOnly: true, candidateTimeZone: true };
  const issue = (result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
    result.error?.issues.map((i) => `${i.path.join('.')}: ${schemaText(i.message)}`);

  it('refuses a window that ends before it starts, a bad time and an unknown zone, naming the field', () => {
    expect(sendWindowSchema.safeParse(window).success).toBe(true);
    expect(issue(sendWindowSchema.safeParse({ ...window, end: '08:00' }))).toEqual(['end: The send window must end after it starts']);
    expect(issue(sendWindowSchema.safeParse({ ...window, start: '9am' }))).toEqual(['start: start must be a time like 09:00']);
    expect(issue(sendWindowSchema.safeParse({ ...window, timeZone: 'Mars/Olympus' })))
      .toEqual(['timeZone: timeZone must be an IANA time zone like Europe/Amsterdam']);
    expect(sendWindowSchema.parse({ ...window, timeZone: 'America/New_York' }).timeZone).toBe('America/New_York');
  });

  it('refuses a delay of 0 or 400 days and a follow-up without content', () => {
    const step = { delayDays: 3, content: 'Any news?' };
    expect(sequenceInputSchema.safeParse({ steps: [step] }).success).toBe(true);
    expect(issue(sequenceInputSchema.safeParse({ steps: [{ ...step, delayDays: 0 }] }))?.[0]).toMatch(/^steps\.0\.delayDays: /);
    expect(issue(sequenceInputSchema.safeParse({ steps: [step, { ...step, delayDays: 400 }] }))?.[0]).toMatch(/^steps\.1\.delayDays: /);
    expect(issue(sequenceInputSchema.safeParse({ steps: [{ delayDays: 2, content: '  ' }] }))).toEqual(['steps.0.content: Email content is required']);
    expect(issue(sequenceInputSchema.safeParse({ steps: [{ delayDays: 2 }] }))).toEqual(['steps.0.content: Email content is required']);
  });
});
