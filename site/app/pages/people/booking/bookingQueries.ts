// Booking links and upcoming meetings, read and written through the typed client:
// the candidate drawer, the compose dialog and the dashboard share these
// (meeting types: #app/pages/meeting-booking/bookingQueries.ts).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorText } from '#app/api/ApiError.ts';
import { api, call } from '#app/api/client.ts';
import { i18n } from '#app/i18n/i18n.ts';
import { toast } from '#app/toast/toast.ts';
import type { BookingLinkCreate } from '#domain/meetings/booking-schemas.ts';
import { MEETINGS_KEY } from '#app/pages/meetings/meetingQueries.ts';
import type { Meeting } from '#domain/meetings/meeting-schemas.ts';

export function bookingLinksKey(candidateId: number) {
  return [`/api/candidates/${candidateId}/booking-links`] as const;
}

/** A candidate's booking links, newest first (GET /api/candidates/{id}/booking-links). */
export function useCandidateBookingLinks(candidateId: number) {
  return useQuery({
    queryKey: bookingLinksKey(candidateId),
    queryFn: ({ signal }) => call((o) => api.candidates[':id']['booking-links'].$get({ param: { id: String(candidateId) } }, o), { signal }),
  });
}

/** Meetings that still hold their time. */
export const UPCOMING_STATUSES = 'confirmed,rescheduled';
// While Outlook makes a Teams link, look again this often (as /app/meetings does).
const PENDING_REFRESH_MS = 10_000;
// A meeting that began up to this long ago may still be running (and worth a Join button).
const RUNNING_MEETING_WINDOW_MS = 8 * 60 * 60 * 1000;

/** The `from` of an upcoming-meetings query: fixed for the component's life, so its cache key stays put. */
function useUpcomingFrom(): string {
  const [from] = useState(() => new Date(Math.floor((Date.now() - RUNNING_MEETING_WINDOW_MS) / 60_000) * 60_000).toISOString());
  return from;
}

export interface UpcomingMeetingsQuery {
  candidateId?: number;
  recruiter: 'me' | 'all';
  /** At most this many. */
  limit?: number;
}

/** Confirmed and rescheduled meetings that have not ended yet, soonest first. */
export function useUpcomingMeetings({ candidateId, recruiter, limit }: UpcomingMeetingsQuery) {
  const from = useUpcomingFrom();
  const query = {
    from,
    status: UPCOMING_STATUSES,
    recruiter,
    ...(candidateId === undefined ? {} : { candidateId: String(candidateId) }),
  };
  return useQuery({
    // Under /app/meetings' key, so its writes (cancel, reschedule) refresh these lists too.
    queryKey: [MEETINGS_KEY, query],
    queryFn: ({ signal }) => call((o) => api.meetings.$get({ query }, o), { signal }),
    select: (answer): Meeting[] => {
      const now = Date.now();
      const upcoming = answer.meetings.filter((meeting) => Date.parse(meeting.end) > now)
        .sort((a, b) => Date.parse(a.start) - Date.parse(b.start));
      return limit === undefined ? upcoming : upcoming.slice(0, limit);
    },
    refetchInterval: (state) => (state.state.data?.meetings.some((m) => m.teams.state === 'pending') ? PENDING_REFRESH_MS : false),
  });
}

/** POST /api/booking-links; the candidate's link list refreshes, a refusal is a toast. */
export function useCreateBookingLink() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (link: BookingLinkCreate) => call((o) => api['booking-links'].$post({ json: link }, o)),
    onSuccess: (_created, link) => client.invalidateQueries({ queryKey: bookingLinksKey(link.candidateId) }),
    onError: (error) => toast({ title: i18n.t('people.booking.createFailed'), description: errorText(error), variant: 'destructive' }),
  });
}
