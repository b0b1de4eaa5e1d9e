// The meetings page's state in the URL: the view (list or week), the tab
// (upcoming or past), the status and date filters, the week shown, whose
// meetings (mine, everyone's or one host's), the open meeting (?meeting={id}) and the open candidate
// (?candidate={id}). Dates are local calendar dates in the recruiter's zone.
import type { MeetingStatus } from '#domain/meetings/meeting-schemas.ts';
import { everyValue, optionalDate, optionalEnum, optionalEnumList, optionalInt, optionalUuid, searchSchema, type SearchOf } from '#app/router/searchParams.ts';

export const MEETINGS_PATH = '/app/meetings';

/** Every status, in the order the filter lists them (the API's values). */
export const STATUSES = everyValue<MeetingStatus>()(['confirmed', 'rescheduled', 'completed', 'no_show', 'cancelled']);
export const MEETING_VIEWS = ['list', 'week'] as const;
export const MEETING_TABS = ['upcoming', 'past'] as const;
export type MeetingView = typeof MEETING_VIEWS[number];
export type MeetingTab = typeof MEETING_TABS[number];
export type RecruiterScope = 'me' | 'all';

/** The route's validateSearch: a value that is not valid is dropped (its default applies). */
export const meetingsSearchSchema = searchSchema({
  view: optionalEnum(MEETING_VIEWS),
  tab: optionalEnum(MEETING_TABS),
  /** Comma-separated statuses; none = every status. */
  status: optionalEnumList(STATUSES),
  /** The list's date range (inclusive local dates). */
  from: optionalDate(),
  to: optionalDate(),
  /** Any date in the week the calendar shows; default this week. */
  week: optionalDate(),
  /** Everyone's meetings; default the signed-in recruiter's own (the ones they host). */
  recruiter: optionalEnum(['me', 'all']),
  /** The meetings one colleague hosts (a user id); it takes the place of `recruiter`. */
  host: optionalUuid(),
  meeting: optionalInt(),
  candidate: optionalInt(),
});
export type MeetingsSearch = SearchOf<typeof meetingsSearchSchema.fields>;

export function statusList(search: MeetingsSearch): MeetingStatus[] {
  return search.status ? search.status.split(',') as MeetingStatus[] : [];
}
