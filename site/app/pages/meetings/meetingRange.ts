// Which meetings a view asks the API for, and which of the answer it shows.
// Dates in the URL are local dates in the recruiter's zone; the API takes instants.
import type { Meeting } from '#domain/meetings/meeting-schemas.ts';
import type { MeetingListParams } from './meetingQueries.ts';
import { addDays, mondayOf, startOfDay } from './meetingTime.ts';
import type { MeetingsSearch, MeetingTab } from './pageParams.ts';

/** The status filter and whose meetings: one host's, or mine (the default) or everyone's. */
function whose(search: MeetingsSearch): Pick<MeetingListParams, 'status' | 'recruiter' | 'host'> {
  return search.host ? { status: search.status, host: search.host } : { status: search.status, recruiter: search.recruiter ?? 'me' };
}

/** Past meetings without a start date: this many days back (the API answers at most 500). */
export const PAST_DAYS = 90;

/** Upcoming: from today (a meeting that has not ended still counts); past: up to today, PAST_DAYS back by default. */
export function listRequest(search: MeetingsSearch, tab: MeetingTab, timeZone: string, today: string): MeetingListParams {
  const base = whose(search);
  const until = search.to ? addDays(search.to, 1) : undefined;
  if (tab === 'upcoming') {
    const from = search.from && search.from > today ? search.from : today;
    return { ...base, from: startOfDay(from, timeZone), to: until && startOfDay(until, timeZone) };
  }
  const tomorrow = addDays(today, 1);
  return {
    ...base,
    from: startOfDay(search.from ?? addDays(today, -PAST_DAYS), timeZone),
    to: startOfDay(until && until < tomorrow ? until : tomorrow, timeZone),
  };
}

export function weekRequest(search: MeetingsSearch, timeZone: string, monday: string): MeetingListParams {
  return {
    ...whose(search),
    from: startOfDay(monday, timeZone),
    to: startOfDay(addDays(monday, 7), timeZone),
  };
}

export function shownMonday(search: MeetingsSearch, today: string): string {
  return mondayOf(search.week ?? today);
}

/** Upcoming: not ended yet, soonest first; past: ended, latest first. */
export function meetingsOfTab(meetings: readonly Meeting[], tab: MeetingTab, now: number): Meeting[] {
  const byStart = [...meetings].sort((a, b) => Date.parse(a.start) - Date.parse(b.start));
  return tab === 'upcoming'
    ? byStart.filter((m) => Date.parse(m.end) > now)
    : byStart.filter((m) => Date.parse(m.end) <= now).reverse();
}
