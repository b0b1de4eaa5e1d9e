// What the candidate's meeting email says (text and HTML) and what its invitation
// describes; and the meeting's reminder (by email, or the values of a WhatsApp template).
// The time is shown in the candidate's zone and the recruiter's, each spelled out (IANA
// name, long name, UTC offset), from the same zone data as the booking page (slotInZone).
// Every word comes from the catalogue (emails.meeting, emails.meetingReminder) in the
// locale the caller names: the candidate's (meeting-mail.server.ts meetingMailLocale).
import { lineText, renderParagraphs, type Line } from '../mail/paragraphs.ts';
import type { Locale } from '../i18n/locale.ts';
import { translator, type Translate } from '../i18n/translate.ts';
import { candidateValues } from '../placeholders/placeholders.ts';
import type { Resources } from '../i18n/en.ts';
import type { LocationKind } from './booking-schemas.ts';
import { epochMilliseconds, slotInZone, type InstantInput } from './slots.ts';
import { zoneAbbreviation } from './vtimezone.ts';

export type NotificationKind = 'confirmed' | 'rescheduled' | 'cancelled';

export interface MeetingMailFacts {
  kind: NotificationKind;
  title: string;
  start: InstantInput;
  end: InstantInput;
  /** The recruiter's zone (the meeting's). */
  timeZone: string;
  /** The zone the candidate chose on the booking page; null: unknown. */
  candidateTimeZone: string | null;
  locationKind: LocationKind;
  locationDetail: string | null;
  joinUrl: string | null;
  /** The candidate's note from the booking page. */
  note: string | null;
  cancelReason: string | null;
  cancelledBy: 'candidate' | 'recruiter' | null;
  /** The meeting type's description. */
  typeDescription: string | null;
  recruiter: { name: string; email: string };
  candidate: { name: string; email: string | null };
  /** The booking page's links (null when the meeting has no booking link). */
  links: { book: string; reschedule: string; cancel: string } | null;
  /** With Microsoft Graph, Outlook's invitation brings the Teams link. */
  calendarConfigured: boolean;
  /** The candidate's privacy page (mail/compose.server.ts privacyPageUrl), the email's last line "Your data: <link>". */
  privacyUrl?: string | null;
}

export interface MeetingMailContent {
  subject: string;
  text: string;
  html: string;
  /** For the ICS: DESCRIPTION and LOCATION. */
  calendarDescription: string;
  calendarLocation: string | null;
  /** For the ICS: SUMMARY. */
  calendarSummary: string;
}

/** The email's words in its language. */
type Words = Translate<Resources['emails']['meeting']>;

/** Dates and zone names: English as before (en-GB: "Monday 30 March 2026"), Dutch nl-NL ("maandag 30 maart 2026"). */
const DATE_LOCALES: Record<Locale, string> = { en: 'en-GB', nl: 'nl-NL' };

const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? '';

function dateText(epochMs: number, timeZone: string, locale: Locale): string {
  const parts = Object.fromEntries(new Intl.DateTimeFormat(DATE_LOCALES[locale], { timeZone, weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' })
    .formatToParts(new Date(epochMs)).map((part) => [part.type, part.value]));
  return `${parts.weekday} ${parts.day} ${parts.month} ${parts.year}`;
}

function zoneLongName(epochMs: number, timeZone: string, locale: Locale): string {
  return new Intl.DateTimeFormat(DATE_LOCALES[locale], { timeZone, timeZoneName: 'long' })
    .formatToParts(new Date(epochMs)).find((part) => part.type === 'timeZoneName')?.value ?? timeZone;
}

const utcOffsetText = (offset: string) => (offset === '+00:00' ? 'UTC' : `UTC${offset}`);

interface ZonedTimes { when: string; zone: string; short: string }

/** "Monday 30 March 2026, 09:00–09:30", "Europe/Amsterdam (Central European Summer Time, UTC+02:00)", "… at 09:00 CEST". */
function zonedTimes(start: InstantInput, end: InstantInput, timeZone: string, locale: Locale, t: Words): ZonedTimes {
  const startMs = epochMilliseconds(start);
  const endMs = epochMilliseconds(end);
  const local = slotInZone({ start: new Date(startMs).toISOString(), end: new Date(endMs).toISOString() }, timeZone);
  const day = dateText(startMs, timeZone, locale);
  const endText = local.endDate === local.date ? local.endTime : `${local.endTime} (${dateText(endMs, timeZone, locale)})`;
  const offset = utcOffsetText(local.utcOffset);
  return {
    when: `${day}, ${local.startTime}–${endText}`,
    zone: `${local.timeZone} (${zoneLongName(startMs, timeZone, locale)}, ${offset})`,
    short: t('shortTime', { day, time: local.startTime, zone: zoneAbbreviation(startMs, timeZone) ?? offset }),
  };
}

function whereText(facts: MeetingMailFacts, t: Words): Line {
  const detail = facts.locationDetail ?? '';
  switch (facts.locationKind) {
    case 'phone': return t('whereByPhone', { number: detail });
    case 'in_person': return t('wherePlace', { place: detail });
    default:
      if (facts.joinUrl) return { label: t('whereTeamsJoin'), url: facts.joinUrl };
      return facts.calendarConfigured
        ? t('whereTeamsInvitation')
        : t('whereTeamsLater', { recruiter: firstName(facts.recruiter.name) || t('yourRecruiter') });
  }
}

function calendarLocation(facts: MeetingMailFacts, t: Words): string | null {
  switch (facts.locationKind) {
    case 'phone': return facts.locationDetail ? t('calendar.phone', { number: facts.locationDetail }) : null;
    case 'in_person': return facts.locationDetail;
    default: return facts.joinUrl ?? t('calendar.teams');
  }
}

function opening(facts: MeetingMailFacts, t: Words): Line[] {
  const recruiter = facts.recruiter.name;
  if (facts.kind === 'confirmed') return [t('opening.confirmed', { recruiter })];
  if (facts.kind === 'rescheduled') return [t('opening.rescheduled', { recruiter })];
  const lines: Line[] = [facts.cancelledBy === 'candidate' ? t('opening.cancelledByCandidate', { recruiter })
    : facts.cancelledBy === 'recruiter' ? t('opening.cancelledByRecruiter', { recruiter })
    : t('opening.cancelled', { recruiter })];
  if (facts.cancelReason?.trim()) lines.push(t('reason', { reason: facts.cancelReason.trim() }));
  return lines;
}

/** The meeting's time: in one zone when the candidate's is the recruiter's (or unknown), else in both. */
function meetingTimes(facts: Pick<MeetingMailFacts, 'start' | 'end' | 'timeZone' | 'candidateTimeZone' | 'recruiter'>, locale: Locale, t: Words) {
  const recruiterZone = zonedTimes(facts.start, facts.end, facts.timeZone, locale, t);
  const candidateZone = facts.candidateTimeZone ? zonedTimes(facts.start, facts.end, facts.candidateTimeZone, locale, t) : recruiterZone;
  const recruiterFirst = firstName(facts.recruiter.name) || facts.recruiter.name;
  const lines: Line[] = !facts.candidateTimeZone || facts.candidateTimeZone === facts.timeZone
    ? [t('when', { when: recruiterZone.when }), t('sharedTimeZone', { zone: recruiterZone.zone, recruiter: recruiterFirst })]
    : [t('whenYours', { when: candidateZone.when }), t('yourTimeZone', { zone: candidateZone.zone }),
      t('whenTheirs', { recruiter: recruiterFirst, when: recruiterZone.when }), t('theirTimeZone', { recruiter: recruiterFirst, zone: recruiterZone.zone })];
  return { lines, candidateShort: candidateZone.short };
}

const durationMinutes = (facts: Pick<MeetingMailFacts, 'start' | 'end'>) =>
  Math.round((epochMilliseconds(facts.end) - epochMilliseconds(facts.start)) / 60_000);

function whatLines(facts: MeetingMailFacts, t: Words): Line[] {
  return [t('what', { title: facts.title, minutes: durationMinutes(facts) }), ...(facts.typeDescription?.trim() ? [facts.typeDescription.trim()] : [])];
}

function greeting(facts: Pick<MeetingMailFacts, 'candidate'>, t: Words): string {
  const candidateFirst = firstName(facts.candidate.name);
  return candidateFirst ? t('greeting', { name: candidateFirst }) : t('greetingNoName');
}

/**
 * Paragraphs of lines → text, HTML and the invitation's summary and description, in `locale`
 * (the candidate's language as meeting-mail.server.ts chooses it).
 */
export function composeMeetingMail(facts: MeetingMailFacts, locale: Locale): MeetingMailContent {
  const t: Words = translator(locale, 'emails.meeting');
  const times = meetingTimes(facts, locale, t);
  const minutes = durationMinutes(facts);
  const cancelled = facts.kind === 'cancelled';
  const note = facts.note?.trim() || null;

  const what = whatLines(facts, t);
  const links: Line[] = !facts.links ? []
    : cancelled ? [{ label: t('bookAgain'), url: facts.links.book }]
    : [{ label: t('reschedule'), url: facts.links.reschedule }, { label: t('cancel'), url: facts.links.cancel }];

  const paragraphs: Line[][] = [
    [greeting(facts, t)],
    opening(facts, t),
    what,
    times.lines,
    ...(cancelled ? [] : [[whereText(facts, t)]]),
    ...(note && !cancelled ? [[t('yourNote', { note })]] : []),
    ...(links.length ? [links] : []),
    [`${facts.recruiter.name}`, facts.recruiter.email],
    ...privacyFooter(facts, locale),
  ];

  const description = [
    t('calendar.intro', { title: facts.title, recruiter: facts.recruiter.name, minutes }),
    ...(facts.typeDescription?.trim() ? [facts.typeDescription.trim()] : []),
    ...(cancelled ? opening(facts, t).map(lineText) : [lineText(whereText(facts, t))]),
    ...(note && !cancelled ? [t('calendar.note', { note })] : []),
    ...links.map(lineText),
  ].join('\n');

  return {
    subject: t(`subject.${facts.kind}`, { title: facts.title, when: times.candidateShort }),
    ...renderParagraphs(paragraphs, locale),
    calendarDescription: description,
    calendarLocation: calendarLocation(facts, t),
    calendarSummary: t('calendar.summary', { title: facts.title }),
  };
}

/** A reminder is about a meeting that holds its time: the facts of its emails without a cancellation. */
export type MeetingReminderFacts = Omit<MeetingMailFacts, 'kind' | 'cancelReason' | 'cancelledBy'>;

/** Every email's footer links to the candidate's privacy page, in the email's language (emails.message.privacy). */
function privacyFooter(facts: Pick<MeetingMailFacts, 'privacyUrl'>, locale: Locale): Line[][] {
  return facts.privacyUrl ? [[{ label: `${translator(locale, 'emails.message')('privacy')}:`, url: facts.privacyUrl }]] : [];
}

const asMailFacts = (facts: MeetingReminderFacts): MeetingMailFacts => ({ ...facts, kind: 'confirmed', cancelReason: null, cancelledBy: null });

/** The reminder email: what, when (the candidate's time first), where, and the links to move or cancel it. */
export function composeMeetingReminder(facts: MeetingReminderFacts, locale: Locale): { subject: string; text: string; html: string } {
  const t: Words = translator(locale, 'emails.meeting');
  const reminder = translator(locale, 'emails.meetingReminder');
  const mail = asMailFacts(facts);
  const times = meetingTimes(mail, locale, t);
  const links: Line[] = facts.links
    ? [{ label: t('reschedule'), url: facts.links.reschedule }, { label: t('cancel'), url: facts.links.cancel }] : [];
  const paragraphs: Line[][] = [
    [greeting(mail, t)],
    [reminder('opening', { recruiter: facts.recruiter.name })],
    whatLines(mail, t),
    times.lines,
    [whereText(mail, t)],
    ...(links.length ? [links] : []),
    [`${facts.recruiter.name}`, facts.recruiter.email],
    ...privacyFooter(facts, locale),
  ];
  return { subject: reminder('subject', { title: facts.title, when: times.candidateShort }), ...renderParagraphs(paragraphs, locale) };
}

/** The meeting's time as a subject says it, in the candidate's zone (the recruiter's when unknown): "Monday 30 March 2026 at 12:30 IST". */
export function candidateShortTime(facts: Pick<MeetingMailFacts, 'start' | 'end' | 'timeZone' | 'candidateTimeZone'>, locale: Locale): string {
  return zonedTimes(facts.start, facts.end, facts.candidateTimeZone ?? facts.timeZone, locale, translator(locale, 'emails.meeting')).short;
}

/** How many values a WhatsApp reminder template can take (reminderTemplateValues). */
export const REMINDER_TEMPLATE_VALUES = 4;

/**
 * The values of a WhatsApp reminder template's {{1}}…{{4}}, in this order: the candidate's first name (a
 * word in its place when unknown), the meeting's time in the candidate's zone ("Monday 30 March 2026 at
 * 12:30 IST"), where ("Where: Microsoft Teams, join at https://…"), and the link to move or cancel it (the
 * booking page). A template with fewer takes the first ones. One line each, never empty (Meta's rules).
 */
export function reminderTemplateValues(facts: MeetingReminderFacts, locale: Locale): string[] {
  const t: Words = translator(locale, 'emails.meeting');
  const mail = asMailFacts(facts);
  const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();
  return [
    candidateValues({ name: facts.candidate.name }, locale === 'nl' ? 'dutch' : 'english').firstName,
    candidateShortTime(facts, locale),
    lineText(whereText(mail, t)),
    facts.links?.book ?? facts.recruiter.email,
  ].map(oneLine);
}
