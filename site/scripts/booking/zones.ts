// Time zones for the booking page and the recruiter's meeting views, with the browser's (or Node's)
// own time-zone data through Intl.DateTimeFormat: no library, so the page stays small. Local time and
// the instant it names are domain/schemas/local-time.ts (one rule and one DST policy with the slots and
// the send windows): a local date runs from the first instant its clock reads 00:00 (in a DST gap at
// midnight: the moment the clock jumps past it) to the first instant the next date's does.
import { addDays, startOfLocalDay, type CalendarDate } from '#domain/schemas/local-time.ts';

export { addDays, localDate, offsetMinutes, startOfLocalDay, wallTime, type CalendarDate } from '#domain/schemas/local-time.ts';

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

/** The zone this browser is in, as it reports it (the recruiter's zone in the app; the candidate's first guess here). */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** The browser's zone (by its current name), or `fallback` when it reports none we can use. */
export function detectedZone(fallback: string): string {
  const zone = browserTimeZone();
  return zone && isKnownZone(zone) ? currentZoneName(zone) : fallback;
}

/** Every zone the engine lists (by current names), plus UTC and those given, sorted, each once. */
export function zoneChoices(...include: string[]): string[] {
  const listed = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set([...listed, 'UTC', ...include].map(currentZoneName))].sort();
}
