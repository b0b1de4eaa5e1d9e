// Time zones for the booking page, with the browser's (or Node's) own time-zone
// data through Intl.DateTimeFormat: no library, so the page stays small. The rules
// match domain/meetings/slots.ts: a local date runs from the first instant its clock
// reads 00:00 (in a DST gap at midnight: the moment the clock jumps past it) to the
// first instant the next date's does.

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** A calendar date, "2026-03-29". */
export type CalendarDate = string;

const clockFormats = new Map<string, Intl.DateTimeFormat>();

function clockFormat(timeZone: string): Intl.DateTimeFormat {
  let format = clockFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric',
    });
    clockFormats.set(timeZone, format);
  }
  return format;
}

/** What a clock in `timeZone` reads at `instant` (epoch milliseconds), as if that wall time were UTC. */
export function wallTime(instant: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const part of clockFormat(timeZone).formatToParts(instant)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second);
}

/** The zone's offset from UTC at `instant`, in minutes (Amsterdam in summer: 120). */
export function offsetMinutes(instant: number, timeZone: string): number {
  const wholeSecond = Math.floor(instant / 1000) * 1000;
  return Math.round((wallTime(wholeSecond, timeZone) - wholeSecond) / MINUTE);
}

const isoDate = (utcMidnight: number): CalendarDate => new Date(utcMidnight).toISOString().slice(0, 10);
const utcMidnight = (date: CalendarDate): number => Date.parse(`${date}T00:00:00Z`);

/** The local date in `timeZone` at `instant`. */
export function localDate(instant: number, timeZone: string): CalendarDate {
  return isoDate(wallTime(instant, timeZone));
}

export function addDays(date: CalendarDate, days: number): CalendarDate {
  return isoDate(utcMidnight(date) + days * DAY);
}

/** The first instant of `date` in `timeZone` (epoch milliseconds). */
export function startOfLocalDay(date: CalendarDate, timeZone: string): number {
  const wall = utcMidnight(date);
  // A change happens at most once around a date: the offsets a day either side are the candidates.
  const offsets = [...new Set([wall - DAY, wall, wall + DAY].map((at) => offsetMinutes(at, timeZone)))];
  const exact = offsets.map((offset) => wall - offset * MINUTE).filter((instant, i) => offsetMinutes(instant, timeZone) === offsets[i]);
  if (exact.length) return Math.min(...exact);
  // Midnight falls in a gap: the day starts when the clock jumps past it. Search the minute it changes.
  let before = (wall - Math.max(...offsets) * MINUTE) / MINUTE;
  let after = (wall - Math.min(...offsets) * MINUTE) / MINUTE;
  const offsetBefore = offsetMinutes(before * MINUTE, timeZone);
  while (after - before > 1) {
    const middle = Math.floor((before + after) / 2);
    if (offsetMinutes(middle * MINUTE, timeZone) === offsetBefore) before = middle;
    else after = middle;
  }
  return after * MINUTE;
}

export interface Week {
  /** The seven local dates, first to last. */
  dates: CalendarDate[];
  /** The first instant of the first date and of the date after the last: what the slots API is asked. */
  from: number;
  to: number;
}

/** Week `index` (0 = the one starting today) of seven days from `today` in `timeZone`. */
export function weekFrom(today: CalendarDate, index: number, timeZone: string): Week {
  const first = addDays(today, index * 7);
  const dates = Array.from({ length: 7 }, (_, day) => addDays(first, day));
  return { dates, from: startOfLocalDay(first, timeZone), to: startOfLocalDay(addDays(first, 7), timeZone) };
}

function zoneName(timeZone: string, at: number, style: 'longGeneric' | 'long'): string | undefined {
  try {
    return new Intl.DateTimeFormat('en', { timeZone, timeZoneName: style }).formatToParts(at).find((p) => p.type === 'timeZoneName')?.value;
  } catch {
    return undefined; // an engine without 'longGeneric'
  }
}

/** The zone spelled out: "Central European Time (Europe/Amsterdam)"; where it has no name, "GMT-05:00 (Etc/GMT+5)". */
export function zoneLabel(timeZone: string, at = Date.now()): string {
  const generic = zoneName(timeZone, at, 'longGeneric');
  // A bare offset ("GMT+00:00" for UTC) is less telling than the specific name ("Coordinated Universal Time").
  const name = generic && !generic.startsWith('GMT') ? generic : zoneName(timeZone, at, 'long') ?? generic;
  return name && name !== timeZone ? `${name} (${timeZone})` : timeZone;
}

/** Whether the engine knows `timeZone`. */
export function isKnownZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/**
 * Zones the tz database renamed that ICU (Chrome, Node) still lists and reports by the old
 * name: a candidate in India should find "Asia/Kolkata", not "Asia/Calcutta".
 */
const RENAMED: Record<string, string> = {
  'Africa/Asmera': 'Africa/Asmara', 'America/Buenos_Aires': 'America/Argentina/Buenos_Aires',
  'America/Catamarca': 'America/Argentina/Catamarca', 'America/Coral_Harbour': 'America/Atikokan',
  'America/Cordoba': 'America/Argentina/Cordoba', 'America/Godthab': 'America/Nuuk',
  'America/Indianapolis': 'America/Indiana/Indianapolis', 'America/Jujuy': 'America/Argentina/Jujuy',
  'America/Louisville': 'America/Kentucky/Louisville', 'America/Mendoza': 'America/Argentina/Mendoza',
  'Asia/Calcutta': 'Asia/Kolkata', 'Asia/Katmandu': 'Asia/Kathmandu', 'Asia/Rangoon': 'Asia/Yangon',
  'Asia/Saigon': 'Asia/Ho_Chi_Minh', 'Atlantic/Faeroe': 'Atlantic/Faroe', 'Europe/Kiev': 'Europe/Kyiv',
  'Pacific/Enderbury': 'Pacific/Kanton', 'Pacific/Ponape': 'Pacific/Pohnpei', 'Pacific/Truk': 'Pacific/Chuuk',
};

/** A zone's current name, when the engine knows it by that name too. */
export function currentZoneName(timeZone: string): string {
  const renamed = RENAMED[timeZone];
  return renamed && isKnownZone(renamed) ? renamed : timeZone;
}

/** The browser's zone (by its current name), or `fallback` when it reports none we can use. */
export function detectedZone(fallback: string): string {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone && isKnownZone(zone) ? currentZoneName(zone) : fallback;
}

/** Every zone the engine lists (by current names), plus UTC and those given, sorted, each once. */
export function zoneChoices(...include: string[]): string[] {
  const listed = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set([...listed, 'UTC', ...include].map(currentZoneName))].sort();
}
