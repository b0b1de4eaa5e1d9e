// @vitest-environment jsdom
// One clock per interface language, wherever a time shows: 24-hour in Dutch; in
// English the browser's own preference (12-hour for en-US, as the spec shows dates).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setInterfaceLanguage } from '#app/i18n/i18n.ts';
import { clockFormat, formatClockTime, formatDateTime, uses24HourClock } from '#app/i18n/format.ts';
import { localTimes } from '#app/pages/meetings/meetingTime.ts';

const slot = { start: '2026-03-05T14:07:00.000Z', end: '2026-03-05T14:37:00.000Z' };

afterEach(async () => {
  vi.unstubAllGlobals();
  await setInterfaceLanguage('en');
});

describe('the interface clock', () => {
  it('English in an en-US browser: 12-hour in dates, meetings and times alike', () => {
    vi.stubGlobal('navigator', { ...navigator, language: 'en-US' });
    expect(uses24HourClock()).toBe(false);
    expect(formatDateTime('2026-03-05T14:07:00')).toBe('Mar 5, 2026 at 2:07 PM');
    expect(localTimes(slot, 'UTC').range).toBe('2:07 PM – 2:37 PM');
    expect(clockFormat('UTC').format(new Date(slot.start))).toBe('2:07 PM');
    // A time field's value, as the wizard's send window shows it.
    expect(formatClockTime('09:00')).toBe('9:00 AM');
  });

  it('English in an en-GB browser: its 24-hour clock everywhere', () => {
    vi.stubGlobal('navigator', { ...navigator, language: 'en-GB' });
    expect(formatDateTime('2026-03-05T14:07:00')).toBe('Mar 5, 2026 at 14:07');
    expect(localTimes(slot, 'UTC').range).toBe('14:07 – 14:37');
    expect(formatClockTime('09:00')).toBe('09:00');
  });

  it('Dutch: 24-hour, whatever the browser', async () => {
    vi.stubGlobal('navigator', { ...navigator, language: 'en-US' });
    await setInterfaceLanguage('nl');
    expect(formatDateTime('2026-03-05T14:07:00')).toBe('5 mrt 2026 om 14:07');
    expect(formatClockTime('17:30')).toBe('17:30');
    expect(localTimes({ start: '2026-03-05T09:05:00.000Z', end: '2026-03-05T09:35:00.000Z' }, 'UTC').range).toBe('09:05 – 09:35');
  });
});
