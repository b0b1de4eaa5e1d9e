// Meetings reads and writes through the typed client (the API's own schemas,
// domain/meetings/meeting-schemas.ts). Every write answers with the meeting as
// it is now: it replaces the cached copy at once, then everything about
// meetings (lists, slots, a candidate's drawer) is fetched again.
import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { ApiError, errorText } from '#app/api/ApiError.ts';
import { api, call } from '#app/api/client.ts';
import { i18n } from '#app/i18n/i18n.ts';
import { toast } from '#app/toast/toast.ts';
import type { Meeting, MeetingPatch } from '#domain/meetings/meeting-schemas.ts';
import type { Slot } from '#domain/meetings/schemas.ts';
import type { RecruiterScope } from './pageParams.ts';

export const MEETINGS_KEY = '/api/meetings';
/** While Outlook is making a Teams link, the list looks again this often. */
const PENDING_REFRESH_MS = 10_000;
/** The API answers at most this many meetings per request. */
export const MEETING_LIST_LIMIT = 500;

export interface MeetingListParams {
  from?: string;
  to?: string;
  /** Comma-separated statuses. */
  status?: string;
  /** Mine (the meetings I host) or everyone's; left out when `host` says whose. */
  recruiter?: RecruiterScope;
  /** The meetings this user hosts (a collective one they are in included). */
  host?: string;
}

const idParam = (id: number) => ({ param: { id: String(id) } });

export function useMeetingList(params: MeetingListParams) {
  return useQuery({
    queryKey: [MEETINGS_KEY, params],
    queryFn: ({ signal }) => call((o) => api.meetings.$get({ query: params }, o), { signal }),
    select: (answer) => answer.meetings,
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.meetings.some((m) => m.teams.state === 'pending') ? PENDING_REFRESH_MS : false),
  });
}

/** Free times for moving a meeting, from `from` to `to`, read on the clock in `timeZone`. */
export function useRescheduleSlots(meetingId: number, range: { from: string; to: string }, timeZone: string) {
  const query = { from: range.from, to: range.to, timeZone };
  return useQuery({
    queryKey: [`${MEETINGS_KEY}/${meetingId}/slots`, query],
    queryFn: ({ signal }) => call((o) => api.meetings[':id'].slots.$get({ ...idParam(meetingId), query }, o), { signal }),
    staleTime: 0,
  });
}

/** The fresh times a 409 "This time was just taken" carries, or null for any other error. */
export function slotsOfConflict(error: unknown): Slot[] | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const body = error.body as { slots?: unknown } | null;
  return Array.isArray(body?.slots) ? body.slots as Slot[] : null;
}

function replaceCachedMeeting(client: QueryClient, meeting: Meeting) {
  client.setQueriesData<{ meetings: Meeting[] }>({ queryKey: [MEETINGS_KEY] }, (answer) =>
    answer && { meetings: answer.meetings.map((m) => (m.id === meeting.id ? meeting : m)) });
}

function refreshMeetings(client: QueryClient, meeting: Meeting) {
  const candidatePath = meeting.candidate ? `/api/candidates/${meeting.candidate.id}` : null;
  return client.invalidateQueries({
    predicate: ({ queryKey }) => {
      const path = queryKey[0];
      return typeof path === 'string' && (path.startsWith(MEETINGS_KEY) || (candidatePath !== null && path.startsWith(candidatePath)));
    },
  });
}

/** A meeting write: the success toast, the error toast (unless the form shows it), fresh data, `onChanged` with the answer. */
function useMeetingMutation<V>(
  write: (variables: V) => Promise<{ meeting: Meeting }>,
  success: (variables: V) => string,
  { errorToast = true, onChanged }: { errorToast?: boolean; onChanged?: (meeting: Meeting) => void } = {},
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: async ({ meeting }, variables) => {
      toast({ title: success(variables), variant: 'success' });
      replaceCachedMeeting(client, meeting);
      onChanged?.(meeting);
      await refreshMeetings(client, meeting);
    },
    onError: (error) => {
      if (errorToast) toast({ title: i18n.t('meetings.toasts.error'), description: errorText(error), variant: 'destructive' });
    },
  });
}

type Changed = { onChanged?: (meeting: Meeting) => void };

export function useCancelMeeting(options: Changed = {}) {
  return useMeetingMutation(
    ({ id, reason }: { id: number; reason: string }) =>
      call((o) => api.meetings[':id'].cancel.$post({ ...idParam(id), json: reason.trim() ? { reason: reason.trim() } : {} }, o)),
    () => i18n.t('meetings.toasts.cancelled'), { ...options, errorToast: false });
}

export function useRescheduleMeeting(options: Changed = {}) {
  return useMeetingMutation(
    ({ id, start }: { id: number; start: string }) => call((o) => api.meetings[':id'].reschedule.$post({ ...idParam(id), json: { start } }, o)),
    () => i18n.t('meetings.toasts.rescheduled'), { ...options, errorToast: false });
}

/** The toast's key per status (read when the toast fires, in the language shown then). */
const PATCH_DONE = { completed: 'completed', no_show: 'noShow', confirmed: 'confirmed' } as const satisfies
  Record<NonNullable<MeetingPatch['status']>, string>;

export function usePatchMeeting(options: Changed & { errorToast?: boolean } = {}) {
  return useMeetingMutation(
    ({ id, patch }: { id: number; patch: MeetingPatch }) => call((o) => api.meetings[':id'].$patch({ ...idParam(id), json: patch }, o)),
    ({ patch }) => i18n.t(`meetings.toasts.${patch.status ? PATCH_DONE[patch.status] : 'notesSaved'}`), options);
}

export function useRetryTeams(options: Changed = {}) {
  return useMeetingMutation(
    (id: number) => call((o) => api.meetings[':id']['teams-retry'].$post(idParam(id), o)),
    () => i18n.t('meetings.toasts.retryingTeams'), options);
}

/** A no-show's candidate is emailed a new booking link; the answer carries the link. */
export function useRebookMeeting() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (meeting: Meeting) =>
      call((o) => api.meetings[':id'].rebook.$post({ ...idParam(meeting.id), json: {} }, o)),
    onSuccess: async (answer, meeting) => {
      toast({ title: i18n.t('meetings.toasts.rebooked', { name: meeting.candidate?.name ?? meeting.attendee.name ?? meeting.title }),
        description: answer.bookingLink.url, variant: 'success', duration: 10_000 });
      await refreshMeetings(client, meeting);
    },
    onError: (error) => toast({ title: i18n.t('meetings.toasts.rebookFailed'), description: errorText(error), variant: 'destructive' }),
  });
}
