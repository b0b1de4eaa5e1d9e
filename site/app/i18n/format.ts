// Dates and numbers in the interface's language. English keeps the spec's format
// ("Mar 5, 2026 at 2:07 PM"); Dutch uses Intl's nl-NL ("5 mrt 2026 om 14:07").
// One clock per interface language, everywhere a time is shown: 24-hour in Dutch;
// in English the browser's own preference (12-hour, as the spec shows it, unless
// the browser's language keeps a 24-hour clock).
import dayjs from 'dayjs';
import { WEEKDAYS, type Weekday } from '#domain/meetings/weekdays.ts';
import { activeLanguage, i18n } from './i18n.ts';
import { LOCALES } from './language.ts';

export function locale(): string {
  return LOCALES[activeLanguage()];
}

/** "Mar 5, 2026 at 2:07 PM" / "5 mrt 2026 om 14:07", or the language's "Date not available". */
export function formatDateTime(value: string | number | Date | null | undefined): string {
  const notAvailable = i18n.t('common.dateNotAvailable');
  if (value === null || value === undefined || value === '') return notAvailable;
  const date = dayjs(value);
  if (!date.isValid()) return notAvailable;
  if (activeLanguage() === 'en') return date.format(uses24HourClock() ? 'MMM D, YYYY [at] HH:mm' : 'MMM D, YYYY [at] h:mm A');
  return i18n.t('common.dateAtTime', { day: dayText(date), time: clockFormat().format(date.toDate()) });
}

/** Whether the interface shows a 24-hour clock: always in Dutch; in English when the browser's language does. */
export function uses24HourClock(): boolean {
  if (activeLanguage() !== 'en') return true;
  const browser = typeof navigator === 'undefined' ? 'en-US' : navigator.language || 'en-US';
  const cycle = new Intl.DateTimeFormat(browser, { hour: 'numeric' }).resolvedOptions().hourCycle;
  return cycle === 'h23' || cycle === 'h24';
}

const clockFormats = new Map<string, Intl.DateTimeFormat>();

/** The interface's clock ("14:07" / "2:07 PM"), in `timeZone` (the browser's own when not given). */
export function clockFormat(timeZone?: string): Intl.DateTimeFormat {
  const h24 = uses24HourClock();
  const key = `${locale()} ${h24} ${timeZone ?? ''}`;
  let format = clockFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale(), { hour: h24 ? '2-digit' : 'numeric', minute: '2-digit', hourCycle: h24 ? 'h23' : 'h12', timeZone });
    clockFormats.set(key, format);
  }
  return format;
}

/** A wall-clock time as a time field holds it ("09:00") on the interface's clock ("9:00 AM" / "09:00"); unreadable text as it is. */
export function formatClockTime(time: string): string {
  const match = /^(\d{1,2}):(\d{2})$/.exec(time);
  if (!match) return time;
  return clockFormat('UTC').format(new Date(Date.UTC(2000, 0, 1, Number(match[1]), Number(match[2]))));
}

/** "Mar 5, 2026" / "5 mrt 2026", or null when there is no valid date. */
export function formatDate(value: string | number | Date | null | undefined): string | null {
  const date = value === null || value === undefined || value === '' ? null : dayjs(value);
  return date?.isValid() ? dayText(date) : null;
}

function dayText(date: dayjs.Dayjs): string {
  if (activeLanguage() === 'en') return date.format('MMM D, YYYY');
  return new Intl.DateTimeFormat(locale(), { day: 'numeric', month: 'short', year: 'numeric' }).format(date.toDate()).replace('.', '');
}

/** "Monday" / "maandag": the weekday's name in the interface's language (Intl: 2024-01-01 was a Monday). */
export function weekdayLabel(day: Weekday, { capital = true } = {}): string {
  const date = new Date(Date.UTC(2024, 0, 1 + WEEKDAYS.indexOf(day), 12));
  const name = new Intl.DateTimeFormat(locale(), { weekday: 'long', timeZone: 'UTC' }).format(date);
  return capital ? name.charAt(0).toUpperCase() + name.slice(1) : name;
}

/** Formatters by locale and options: building one costs far more than using it, and a page formats many figures. */
const numberFormats = new Map<string, Intl.NumberFormat>();

export function formatNumber(value: number, options?: Intl.NumberFormatOptions): string {
  const key = `${locale()} ${JSON.stringify(options ?? {})}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale(), options);
    numberFormats.set(key, format);
  }
  return format.format(value);
}

/** A rate of 0-100 with at most one decimal: "41.5%" / "41,5%" (the API may send it as a number or a numeric string). */
export function formatPercent(value: number | string): string {
  return `${formatNumber(Number(value), { maximumFractionDigits: 1 })}%`;
}

/** "Sam, Anouk and Ben" / "Sam, Anouk en Ben": a list in the interface's language. */
export function formatList(items: readonly string[]): string {
  return new Intl.ListFormat(locale(), { type: 'conjunction' }).format(items);
}
