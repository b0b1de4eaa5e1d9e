// Validation messages in the interface's language. The forms validate with the API's own
// schemas, whose messages are English and name the field ("horizonDays must be a whole
// number of days from 1 to 365"); English shows them as they are, another language
// matches them here and says the same in its words. A message no rule knows (a new one,
// a server's) shows as it is.
import { activeLanguage, i18n } from '#app/i18n/i18n.ts';
import { WEEKDAYS, type Weekday } from '#domain/meetings/availability.ts';
import { locale } from '#app/i18n/format.ts';
import { meetingBooking as english } from '#domain/i18n/en/meetingBooking.ts';

export interface MessageRule {
  pattern: RegExp;
  text: (match: RegExpMatchArray) => string;
}

/** `message` in the interface's language by the first rule that matches it, else unchanged. */
export function translateMessage(message: string, rules: readonly MessageRule[]): string {
  if (activeLanguage() === 'en') return message;
  for (const rule of rules) {
    const match = message.match(rule.pattern);
    if (match) return rule.text(match);
  }
  return message;
}

/** "Monday" / "maandag": the weekday's name in the interface's language (Intl: 2024-01-01 was a Monday). */
export function weekdayLabel(day: Weekday, { capital = true } = {}): string {
  const date = new Date(Date.UTC(2024, 0, 1 + WEEKDAYS.indexOf(day), 12));
  const name = new Intl.DateTimeFormat(locale(), { weekday: 'long', timeZone: 'UTC' }).format(date);
  return capital ? capitalise(name) : name;
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

type FieldName = keyof typeof english.fieldNames;
type Unit = keyof typeof english.units;

const field = (name: string) => (name in english.fieldNames ? i18n.t(`meetingBooking.fieldNames.${name as FieldName}`) : name);

/** "availability.monday.1" → "tijdvak 2 op maandag"; "overrides.0.ranges.1" → "tijdvak 2 van uitzondering 1". */
function rangeName(path: string): string {
  const weekday = /^availability\.(\w+)\.(\d+)$/.exec(path);
  if (weekday && (WEEKDAYS as readonly string[]).includes(weekday[1])) {
    return i18n.t('meetingBooking.rangeNames.weekday', {
      number: Number(weekday[2]) + 1, day: weekdayLabel(weekday[1] as Weekday, { capital: false }),
    });
  }
  const override = /^overrides\.(\d+)\.ranges\.(\d+)$/.exec(path);
  if (override) {
    return i18n.t('meetingBooking.rangeNames.override', { number: Number(override[2]) + 1, override: Number(override[1]) + 1 });
  }
  return path;
}

const RULES: MessageRule[] = [
  {
    pattern: /^(\w+) must be a whole number of (minutes|days|meetings) from (\d+) to (\d+)$/,
    text: ([, name, unit, min, max]) => i18n.t('meetingBooking.messages.wholeNumber', {
      field: field(name), unit: i18n.t(`meetingBooking.units.${unit as Unit}`), min, max,
    }),
  },
  {
    pattern: /^(\S+)\.start must be a time like 09:00$/,
    text: ([, path]) => i18n.t('meetingBooking.messages.startTime', { range: rangeName(path) }),
  },
  {
    pattern: /^(\S+)\.end must be a time like 17:00 \(or 24:00 for the end of the day\)$/,
    text: ([, path]) => i18n.t('meetingBooking.messages.endTime', { range: rangeName(path) }),
  },
  {
    pattern: /^(\S+)\.end \(([^)]*)\) must be after \S+\.start \(([^)]*)\)$/,
    text: ([, path, end, start]) => i18n.t('meetingBooking.messages.endAfterStart', { range: rangeName(path), end, start }),
  },
  {
    pattern: /^(\S+) \(([^)]*)\) overlaps (\S+) \(([^)]*)\)$/,
    text: ([, path, times, other, otherTimes]) => capitalise(i18n.t('meetingBooking.messages.overlaps', {
      range: rangeName(path), times, other: rangeName(other), otherTimes,
    })),
  },
  {
    pattern: /^overrides\.(\d+)\.date must be a date like 2025-12-24$/,
    text: ([, index]) => i18n.t('meetingBooking.messages.date', { index: Number(index) + 1 }),
  },
  {
    pattern: /^overrides\.(\d+)\.date \(([^)]*)\) is already given in overrides\.(\d+)$/,
    text: ([, index, date, other]) => i18n.t('meetingBooking.messages.dateTwice', {
      index: Number(index) + 1, date, other: Number(other) + 1,
    }),
  },
  { pattern: /^timeZone must be an IANA time zone like Europe\/Amsterdam$/, text: () => i18n.t('meetingBooking.messages.timeZone') },
  { pattern: /^name is required$/, text: () => i18n.t('meetingBooking.messages.nameRequired') },
  { pattern: /^name must be text$/, text: () => i18n.t('meetingBooking.messages.nameText') },
  {
    pattern: /^(\w+) must be at most (\d+) characters$/,
    text: ([, name, max]) => i18n.t('meetingBooking.messages.tooLong', { field: field(name), max }),
  },
  { pattern: /^locationDetail must give the phone number to call$/, text: () => i18n.t('meetingBooking.messages.phoneRequired') },
  { pattern: /^locationDetail must give the address$/, text: () => i18n.t('meetingBooking.messages.addressRequired') },
];

/** A booking form's field error (the schema's or the server's) in the interface's language. */
export function bookingMessage(message: string | undefined): string | undefined {
  return message === undefined ? undefined : translateMessage(message, RULES);
}
