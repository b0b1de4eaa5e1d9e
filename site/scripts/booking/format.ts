// The booking page's words and times, shared by the server render and the island.
// The words are the page's language (English unless given, domain/i18n/*/publicBooking.ts), their
// {{values}} filled in by the catalogue's engine (words() below); in English the clock (12 or 24 hours, date
// order) follows the browser's English variant.
import type { PublicBooking, PublicMeeting } from '#domain/meetings/booking-schemas.ts';
import type { Slot } from '#domain/meetings/schemas.ts';
import { textsTranslator, type Translate } from '#domain/i18n/translator.ts';
import { ENGLISH_BOOKING, type BookingTexts } from '../texts.ts';
import { localDate, zoneLabel, type CalendarDate } from './zones.ts';

/** The server's English when the browser names none: day before month, 24-hour clock. */
export const DEFAULT_LOCALE = 'en-GB';

/** Dutch pages use nl-NL ("dinsdag 3 maart"); English ones the browser's English variant (below). */
export const DUTCH_LOCALE = 'nl-NL';

/** The browser's first English variant ("en-US" gives 9:00 AM), else en-GB. */
export function englishLocale(languages: readonly string[]): string {
  const english = languages.find((tag) => /^en(-|$)/i.test(tag));
  if (!english) return DEFAULT_LOCALE;
  try {
    return Intl.DateTimeFormat.supportedLocalesOf(english).length ? english : DEFAULT_LOCALE;
  } catch {
    return DEFAULT_LOCALE; // not a well-formed tag
  }
}

/**
 * The booking texts by key, {{values}} filled in by the catalogue's engine: the same texts the server rendered
 * with are the ones the island gets (data-texts), so both fill them in alike. One instance per texts.
 */
export function words(texts: BookingTexts): Translate<BookingTexts> {
  return textsTranslator(texts);
}

const formats = new Map<string, Intl.DateTimeFormat>();
function format(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let found = formats.get(key);
  if (!found) formats.set(key, found = new Intl.DateTimeFormat(locale, options));
  return found;
}

/** A slot's start on the clock: "09:00" or "9:00 AM". */
export function clockTime(instant: number, timeZone: string, locale: string): string {
  return format(locale, { timeZone, hour: 'numeric', minute: '2-digit' }).format(instant);
}

/** A date as a day heading: "Tuesday 3 March" / "Tuesday, March 3". */
export function dayHeading(date: CalendarDate, locale: string): string {
  return format(locale, { timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'long' }).format(Date.parse(`${date}T00:00:00Z`));
}

/** A day on the phone's day picker: "Mon 30 Nov". */
export function dayShort(date: CalendarDate, locale: string): string {
  return format(locale, { timeZone: 'UTC', weekday: 'short', day: 'numeric', month: 'short' }).format(Date.parse(`${date}T00:00:00Z`));
}

/** The dates a week shows: "3 – 9 Mar 2026". */
export function weekHeading(first: CalendarDate, last: CalendarDate, locale: string): string {
  return format(locale, { timeZone: 'UTC', day: 'numeric', month: 'short', year: 'numeric' })
    .formatRange(Date.parse(`${first}T00:00:00Z`), Date.parse(`${last}T00:00:00Z`));
}

/** A meeting's time in a zone: "Tuesday 3 March 2026, 09:00–09:30". */
export function meetingTime(start: string, end: string, timeZone: string, locale: string): string {
  return format(locale, { timeZone, weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', hour: 'numeric', minute: '2-digit' })
    .formatRange(Date.parse(start), Date.parse(end));
}

/** The same, with the zone spelled out below it (for the confirmation's two zones). */
export function meetingTimeInZone(slot: Slot, timeZone: string, locale: string): { time: string; zone: string } {
  return { time: meetingTime(slot.start, slot.end, timeZone, locale), zone: zoneLabel(timeZone, Date.parse(slot.start)) };
}

/** "30 minutes", "1 hour", "1 hour 30 minutes" (in English: usable as a map callback). */
export function durationText(minutes: number): string {
  return durationIn(minutes, ENGLISH_BOOKING);
}

/** The same in the page's language: "1 uur 30 minuten". */
export function durationIn(minutes: number, texts: BookingTexts): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const t = words(texts);
  const parts = [
    ...hours ? [t(hours === 1 ? 'hour' : 'hours', { count: hours })] : [],
    ...rest || !hours ? [t(rest === 1 ? 'minute' : 'minutes', { count: rest })] : [],
  ];
  return parts.join(' ');
}

type Location = Pick<PublicMeeting, 'locationKind' | 'locationDetail'>;

/** Where the meeting happens, one line. */
export function locationText({ locationKind, locationDetail }: Location, texts: BookingTexts = ENGLISH_BOOKING): string {
  if (locationKind === 'teams') return texts.teams;
  if (locationKind === 'phone') return locationDetail ? words(texts)('phoneAt', { detail: locationDetail }) : texts.phone;
  return locationDetail ? words(texts)('inPersonAt', { detail: locationDetail }) : texts.inPerson;
}

/** The Teams join link when Outlook made one (https only: it becomes an href). */
export function joinLink(meeting: Pick<PublicMeeting, 'joinUrl'>): string | null {
  return meeting.joinUrl && /^https:\/\//i.test(meeting.joinUrl) ? meeting.joinUrl : null;
}

export const TEAMS_LINK_LATER = ENGLISH_BOOKING.teamsLinkLater;

/** "Book an Intro call with Rita Jansen". */
export function bookingTitle(booking: Pick<PublicBooking, 'meetingType' | 'recruiter'>, texts: BookingTexts = ENGLISH_BOOKING): string {
  const name = booking.meetingType.name;
  return words(texts)(/^[aeiou]/i.test(name) ? 'titleAn' : 'titleA', { type: name, recruiter: booking.recruiter.name });
}

/** "Hi Anna," or "Hi," without a first name. */
export function greeting(booking: Pick<PublicBooking, 'candidate'>, texts: BookingTexts = ENGLISH_BOOKING): string {
  const first = booking.candidate.firstName?.trim();
  return first ? words(texts)('greeting', { name: first }) : texts.greetingNoName;
}

/**
 * Where the confirmation goes: the candidate's address on record, never the one typed on the page
 * (decision 015); without one, that none is emailed. `text`: invitationWent on a page opened
 * after booking, confirmationOnItsWay right after booking.
 */
export function confirmationText(booking: Pick<PublicBooking, 'candidate'>, text: 'invitationWent' | 'confirmationOnItsWay',
  texts: BookingTexts = ENGLISH_BOOKING): string {
  return booking.candidate.email ? words(texts)(text, { email: booking.candidate.email }) : texts.noConfirmationEmail;
}

/** The email field's hint: the address typed is for the recruiter; the confirmation goes to the one on record. */
export function emailHint(booking: Pick<PublicBooking, 'candidate' | 'recruiter'>, texts: BookingTexts = ENGLISH_BOOKING): string {
  const name = booking.recruiter.name;
  const t = words(texts);
  return booking.candidate.email ? t('emailHint', { name, email: booking.candidate.email }) : t('emailHintNoAddress', { name });
}

export interface SlotDay {
  date: CalendarDate;
  slots: Slot[];
}

/** Slots grouped by their start's local date in `timeZone`, in time order. */
export function slotsByDay(slots: readonly Slot[], timeZone: string): SlotDay[] {
  const days: SlotDay[] = [];
  for (const slot of [...slots].sort((a, b) => Date.parse(a.start) - Date.parse(b.start))) {
    const date = localDate(Date.parse(slot.start), timeZone);
    const last = days.at(-1);
    if (last?.date === date) last.slots.push(slot);
    else days.push({ date, slots: [slot] });
  }
  return days;
}

/**
 * The week's slots after a 409: the fresh ones (which cover some window around the
 * taken time) replace the shown ones inside that window; the taken one goes.
 */
export function withFreshSlots(shown: readonly Slot[], fresh: readonly Slot[], taken: string, week: { from: number; to: number }): Slot[] {
  const at = (slot: Slot) => Date.parse(slot.start);
  const inWeek = fresh.filter((slot) => at(slot) >= week.from && at(slot) < week.to);
  const first = Math.min(...inWeek.map(at));
  const last = Math.max(...inWeek.map(at));
  const kept = shown.filter((slot) => !(at(slot) >= first && at(slot) <= last));
  const takenAt = Date.parse(taken);
  return [...kept, ...inWeek].filter((slot) => at(slot) !== takenAt).sort((a, b) => at(a) - at(b));
}

/** Which page the link opened: /book/{token}, /book/{token}/reschedule or /book/{token}/cancel. */
export type BookingRoute = 'book' | 'reschedule' | 'cancel';

/** What the main panel shows. */
export type Panel = 'picker' | 'confirm' | 'done' | 'cancel' | 'cancelled' | 'nothing-booked';

/** The panel a page opens with for the link's state; expired and used links get their friendly page instead. */
export function firstPanel(route: BookingRoute, state: PublicBooking['state']): Panel | 'expired' | 'used' {
  if (state === 'expired' || state === 'used') return state;
  if (route === 'cancel') return state === 'booked' ? 'cancel' : state === 'cancelled' ? 'cancelled' : 'nothing-booked';
  return route === 'book' && state === 'booked' ? 'done' : 'picker';
}

/** Why there is nothing to book: what the friendly page says. */
export type Problem = 'not-found' | 'busy' | 'unavailable' | 'expired' | 'used';

/**
 * The friendly page's words. Expired and used links name the recruiter to write to
 * (`contact`); an unknown token says nothing about any link, recruiter or candidate.
 */
export function problemText(problem: Problem, texts: BookingTexts = ENGLISH_BOOKING): { title: string; text: string; contact: boolean } {
  const words = texts.problems[problem === 'not-found' ? 'notFound' : problem];
  return { ...words, contact: problem === 'expired' || problem === 'used' };
}
