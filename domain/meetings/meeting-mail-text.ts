// What the candidate's meeting email says (text and HTML) and what its invitation
// describes. The time is shown in the candidate's zone and the recruiter's, each
// spelled out (IANA name, long name, UTC offset), from the same zone data as the
// booking page (slotInZone). English: candidates have no language of their own yet.
import { escapeHtml } from '../html.ts';
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
}

export interface MeetingMailContent {
  subject: string;
  text: string;
  html: string;
  /** For the ICS: DESCRIPTION and LOCATION. */
  calendarDescription: string;
  calendarLocation: string | null;
}

/** A line of the email: plain text, or a label with a link. */
type Line = string | { label: string; url: string };

const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? '';

function dateText(epochMs: number, timeZone: string): string {
  const parts = Object.fromEntries(new Intl.DateTimeFormat('en-GB', { timeZone, weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' })
    .formatToParts(new Date(epochMs)).map((part) => [part.type, part.value]));
  return `${parts.weekday} ${parts.day} ${parts.month} ${parts.year}`;
}

function zoneLongName(epochMs: number, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone, timeZoneName: 'long' })
    .formatToParts(new Date(epochMs)).find((part) => part.type === 'timeZoneName')?.value ?? timeZone;
}

const utcOffsetText = (offset: string) => (offset === '+00:00' ? 'UTC' : `UTC${offset}`);

interface ZonedTimes { when: string; zone: string; short: string }

/** "Monday 30 March 2026, 09:00–09:30", "Europe/Amsterdam (Central European Summer Time, UTC+02:00)", "… at 09:00 CEST". */
function zonedTimes(start: InstantInput, end: InstantInput, timeZone: string): ZonedTimes {
  const startMs = epochMilliseconds(start);
  const endMs = epochMilliseconds(end);
  const local = slotInZone({ start: new Date(startMs).toISOString(), end: new Date(endMs).toISOString() }, timeZone);
  const day = dateText(startMs, timeZone);
  const endText = local.endDate === local.date ? local.endTime : `${local.endTime} (${dateText(endMs, timeZone)})`;
  const offset = utcOffsetText(local.utcOffset);
  return {
    when: `${day}, ${local.startTime}–${endText}`,
    zone: `${local.timeZone} (${zoneLongName(startMs, timeZone)}, ${offset})`,
    short: `${day} at ${local.startTime} ${zoneAbbreviation(startMs, timeZone) ?? offset}`,
  };
}

function whereText(facts: MeetingMailFacts): Line {
  const detail = facts.locationDetail ?? '';
  switch (facts.locationKind) {
    case 'phone': return `Where: by phone, ${detail}`;
    case 'in_person': return `Where: ${detail}`;
    default:
      if (facts.joinUrl) return { label: 'Where: Microsoft Teams, join at', url: facts.joinUrl };
      return facts.calendarConfigured
        ? 'Where: Microsoft Teams. The Microsoft Teams link follows in the calendar invitation.'
        : `Where: Microsoft Teams. ${firstName(facts.recruiter.name) || 'Your recruiter'} will send you the link to join.`;
  }
}

function calendarLocation(facts: MeetingMailFacts): string | null {
  switch (facts.locationKind) {
    case 'phone': return facts.locationDetail ? `Phone: ${facts.locationDetail}` : null;
    case 'in_person': return facts.locationDetail;
    default: return facts.joinUrl ?? 'Microsoft Teams';
  }
}

const SUBJECT_PREFIX: Record<NotificationKind, string> = {
  confirmed: 'Meeting confirmed',
  rescheduled: 'Meeting moved',
  cancelled: 'Meeting cancelled',
};

function opening(facts: MeetingMailFacts): Line[] {
  const recruiter = facts.recruiter.name;
  if (facts.kind === 'confirmed') return [`Thank you for booking. Your meeting with ${recruiter} is confirmed.`];
  if (facts.kind === 'rescheduled') return [`Your meeting with ${recruiter} has moved to a new time.`];
  const lines: Line[] = [facts.cancelledBy === 'candidate' ? `You cancelled your meeting with ${recruiter}.`
    : facts.cancelledBy === 'recruiter' ? `${recruiter} had to cancel your meeting.`
    : `Your meeting with ${recruiter} has been cancelled.`];
  if (facts.cancelReason?.trim()) lines.push(`Reason: ${facts.cancelReason.trim()}`);
  return lines;
}

/** Paragraphs of lines → text, HTML and the invitation's description. */
export function composeMeetingMail(facts: MeetingMailFacts): MeetingMailContent {
  const recruiterZone = zonedTimes(facts.start, facts.end, facts.timeZone);
  const candidateZone = facts.candidateTimeZone ? zonedTimes(facts.start, facts.end, facts.candidateTimeZone) : recruiterZone;
  const minutes = Math.round((epochMilliseconds(facts.end) - epochMilliseconds(facts.start)) / 60_000);
  const cancelled = facts.kind === 'cancelled';
  const recruiterFirst = firstName(facts.recruiter.name) || facts.recruiter.name;
  const note = facts.note?.trim() || null;

  const times: Line[] = !facts.candidateTimeZone || facts.candidateTimeZone === facts.timeZone
    ? [`When: ${recruiterZone.when}`, `Time zone: ${recruiterZone.zone} (yours and ${recruiterFirst}'s)`]
    : [`When (your time): ${candidateZone.when}`, `Your time zone: ${candidateZone.zone}`,
      `When (${recruiterFirst}'s time): ${recruiterZone.when}`, `${recruiterFirst}'s time zone: ${recruiterZone.zone}`];
  const what: Line[] = [`${facts.title} (${minutes} minutes)`, ...(facts.typeDescription?.trim() ? [facts.typeDescription.trim()] : [])];
  const links: Line[] = !facts.links ? []
    : cancelled ? [{ label: 'Would you like to meet after all? Book a new time:', url: facts.links.book }]
    : [{ label: 'Need another time? Reschedule:', url: facts.links.reschedule }, { label: 'Cannot make it? Cancel:', url: facts.links.cancel }];

  const greeting = firstName(facts.candidate.name) ? `Hi ${firstName(facts.candidate.name)},` : 'Hello,';
  const paragraphs: Line[][] = [
    [greeting],
    opening(facts),
    what,
    times,
    ...(cancelled ? [] : [[whereText(facts)]]),
    ...(note && !cancelled ? [[`Your note: ${note}`]] : []),
    ...(links.length ? [links] : []),
    [`${facts.recruiter.name}`, facts.recruiter.email],
  ];

  const lineText = (line: Line) => (typeof line === 'string' ? line : `${line.label} ${line.url}`);
  const lineHtml = (line: Line) => (typeof line === 'string'
    ? escapeHtml(line).replace(/\n/g, '<br>')
    : `${escapeHtml(line.label)} <a href="${escapeHtml(line.url)}">${escapeHtml(line.url)}</a>`);
  const text = `${paragraphs.map((lines) => lines.map(lineText).join('\n')).join('\n\n')}\n`;
  const html = '<!doctype html><html><body style="font-family:Arial,sans-serif;font-size:15px;line-height:1.5;color:#1f2937">\n' +
    paragraphs.map((lines) => `<p>${lines.map(lineHtml).join('<br>\n')}</p>`).join('\n') + '\n</body></html>';

  const description = [
    `${facts.title} with ${facts.recruiter.name} (${minutes} minutes).`,
    ...(facts.typeDescription?.trim() ? [facts.typeDescription.trim()] : []),
    ...(cancelled ? opening(facts).map(lineText) : [lineText(whereText(facts))]),
    ...(note && !cancelled ? [`Note: ${note}`] : []),
    ...links.map(lineText),
  ].join('\n');

  return {
    subject: `${SUBJECT_PREFIX[facts.kind]}: ${facts.title}, ${candidateZone.short}`,
    text,
    html,
    calendarDescription: description,
    calendarLocation: calendarLocation(facts),
  };
}
