// The VTIMEZONE of an IANA zone for an invitation, made from the same time zone
// database (Temporal) that computes the slots and writes the emails: the ICS can
// never disagree with the page. Static VTIMEZONE collections lag behind the tz
// database (Paraguay dropped DST in 2024, Morocco changes yearly).
//
// The observances are the zone's real transitions from the year before the
// meeting to the year after it. A transition that recurs on the same rule in all
// three years (e.g. the last Sunday of March at 02:00) becomes one component with
// an RRULE, the form Outlook and Exchange write themselves; any other one is a
// single dated observance. A zone without transitions gets one STANDARD.
import { Temporal } from 'temporal-polyfill';

interface Transition {
  /** Wall time when it happens, read on the clock before it (RFC 5545 3.6.5). */
  onset: Temporal.PlainDateTime;
  from: string;
  to: string;
  name: string | null;
}

const WEEKDAY_CODES = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'];

/** "+05:30" → "+0530" (seconds kept when there are any: "+00:19:32" → "+001932"). */
function offsetText(offset: string): string {
  return offset.replace(/:/g, '');
}

function dateTimeText(time: Temporal.PlainDateTime): string {
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${pad(time.year, 4)}${pad(time.month)}${pad(time.day)}T${pad(time.hour)}${pad(time.minute)}${pad(time.second)}`;
}

const shortNameFormats = new Map<string, Intl.DateTimeFormat>();
/** Making a formatter costs far more than using one. */
function shortNameFormat(locale: string, timeZone: string): Intl.DateTimeFormat {
  const key = `${locale}|${timeZone}`;
  let format = shortNameFormats.get(key);
  if (!format) shortNameFormats.set(key, format = new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: 'short' }));
  return format;
}

/** The zone's abbreviation at an instant ("CEST", "EDT"), or null where the locale data has none ("GMT+2"). */
export function zoneAbbreviation(epochMilliseconds: number, timeZone: string): string | null {
  for (const locale of ['en-GB', 'en-US']) {
    const name = shortNameFormat(locale, timeZone)
      .formatToParts(new Date(epochMilliseconds)).find((part) => part.type === 'timeZoneName')?.value;
    if (name && /^[A-Z]{2,6}$/.test(name)) return name;
  }
  return null;
}

function transitionsBetween(timeZone: string, fromYear: number, untilYear: number): Transition[] {
  const end = Temporal.PlainDate.from({ year: untilYear + 1, month: 1, day: 1 }).toZonedDateTime(timeZone);
  const transitions: Transition[] = [];
  let cursor: Temporal.ZonedDateTime | null = Temporal.PlainDate.from({ year: fromYear, month: 1, day: 1 }).toZonedDateTime(timeZone);
  while ((cursor = cursor.getTimeZoneTransition('next')) && Temporal.ZonedDateTime.compare(cursor, end) < 0) {
    const from = cursor.subtract({ nanoseconds: 1 }).offset;
    if (from === cursor.offset) continue; // only the name changed
    transitions.push({
      onset: cursor.toInstant().toZonedDateTimeISO(from).toPlainDateTime(),
      from,
      to: cursor.offset,
      name: zoneAbbreviation(cursor.epochMilliseconds, timeZone),
    });
  }
  return transitions;
}

function offsetMinutes(offset: string): number {
  const [, sign, hours, minutes] = /^([+-])(\d{2}):(\d{2})/.exec(offset)!;
  return (sign === '-' ? -1 : 1) * (Number(hours) * 60 + Number(minutes));
}

const kindOf = (t: Transition) => (offsetMinutes(t.to) > offsetMinutes(t.from) ? 'DAYLIGHT' : 'STANDARD');

/** "2SU" (second Sunday) and/or "-1SU" (last Sunday) for the date of `time`. */
function weekdayRules(time: Temporal.PlainDateTime): string[] {
  const code = WEEKDAY_CODES[time.dayOfWeek - 1];
  const rules: string[] = [];
  const nth = Math.ceil(time.day / 7);
  if (nth <= 4) rules.push(`${nth}${code}`);
  if (time.day + 7 > time.daysInMonth) rules.push(`-1${code}`);
  return rules;
}

/** The BYDAY rule that all `times` follow, if one does. */
function commonRule(times: Temporal.PlainDateTime[]): string | null {
  return weekdayRules(times[0]).find((rule) => times.every((time) => weekdayRules(time).includes(rule))) ?? null;
}

function component(kind: string, onset: Temporal.PlainDateTime, from: string, to: string, name: string | null, rrule?: string): string[] {
  return [
    `BEGIN:${kind}`,
    `DTSTART:${dateTimeText(onset)}`,
    ...(rrule ? [`RRULE:${rrule}`] : []),
    `TZOFFSETFROM:${offsetText(from)}`,
    `TZOFFSETTO:${offsetText(to)}`,
    ...(name ? [`TZNAME:${name}`] : []),
    `END:${kind}`,
  ];
}

/** BEGIN:VTIMEZONE ... END:VTIMEZONE for `timeZone`, right for any instant in `year`. */
export function vtimezone(timeZone: string, year: number): string {
  const transitions = transitionsBetween(timeZone, year - 1, year + 1);
  const lines = ['BEGIN:VTIMEZONE', `TZID:${timeZone}`, `X-LIC-LOCATION:${timeZone}`];
  const startOfYear = Temporal.PlainDateTime.from({ year, month: 1, day: 1 });
  // Before the first observance the offset is undefined: give the meeting's year a starting point.
  if (!transitions.some((t) => Temporal.PlainDateTime.compare(t.onset, startOfYear) < 0)) {
    const start = Temporal.PlainDate.from({ year: year - 1, month: 1, day: 1 }).toZonedDateTime(timeZone);
    lines.push(...component('STANDARD', Temporal.PlainDateTime.from('1970-01-01T00:00:00'), start.offset, start.offset,
      zoneAbbreviation(start.epochMilliseconds, timeZone)));
  }
  const groups = new Map<string, Transition[]>();
  for (const t of transitions) {
    const key = [kindOf(t), t.onset.month, t.onset.toPlainTime().toString(), t.from, t.to].join('|');
    groups.set(key, [...(groups.get(key) ?? []), t]);
  }
  for (const group of groups.values()) {
    const years = group.map((t) => t.onset.year);
    const rule = group.length === 3 && years.join() === [year - 1, year, year + 1].join() ? commonRule(group.map((t) => t.onset)) : null;
    if (rule) {
      const [first] = group;
      lines.push(...component(kindOf(first), first.onset, first.from, first.to, first.name, `FREQ=YEARLY;BYMONTH=${first.onset.month};BYDAY=${rule}`));
    } else {
      for (const t of group) lines.push(...component(kindOf(t), t.onset, t.from, t.to, t.name));
    }
  }
  lines.push('END:VTIMEZONE');
  return lines.join('\r\n');
}
