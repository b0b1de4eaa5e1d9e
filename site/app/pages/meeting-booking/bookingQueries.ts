// Booking settings, meeting types and the candidate-page preview, through the
// typed client (#app/api/client.ts); answers are typed by domain/meetings' schemas.
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { errorText } from '#app/api/ApiError.ts';
import { api, call } from '#app/api/client.ts';
import { i18n } from '#app/i18n/i18n.ts';
import { toast } from '#app/toast/toast.ts';
import type { MeetingTypeCreate, MeetingTypePatch } from '#domain/meetings/booking-schemas.ts';
import type { AvailabilitySettings } from '#domain/meetings/schemas.ts';

export const BOOKING_SETTINGS_KEY = ['/api/booking-settings'] as const;
export const MEETING_TYPES_KEY = ['/api/meeting-types'] as const;
export const TEAM_MEMBERS_KEY = ['/api/meeting-types/hosts'] as const;
const PREVIEW_PATH = '/api/booking-settings/slots';

const idParam = (id: number) => ({ param: { id: String(id) } });

export function useBookingSettings() {
  return useQuery({
    queryKey: BOOKING_SETTINGS_KEY,
    queryFn: ({ signal }) => call((o) => api['booking-settings'].$get({}, o), { signal }),
  });
}

/** The preview shows slots from the saved settings and types: refresh it after either changes. */
function invalidatePreview(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: [PREVIEW_PATH] });
}

/** PUT the whole settings; the answer (settings, warnings, calendar) replaces the cached one. Errors are the form's to show. */
export function useSaveBookingSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: AvailabilitySettings) => call((o) => api['booking-settings'].$put({ json: settings }, o)),
    onSuccess: async (answer) => {
      queryClient.setQueryData(BOOKING_SETTINGS_KEY, answer);
      await invalidatePreview(queryClient);
    },
  });
}

export function useMeetingTypes() {
  return useQuery({
    queryKey: MEETING_TYPES_KEY,
    queryFn: ({ signal }) => call((o) => api['meeting-types'].$get({}, o), { signal }),
  });
}

/** The colleagues who can host a meeting type (the caller among them): the host picker and the meetings page's host filter. */
export function useTeamMembers({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: TEAM_MEMBERS_KEY,
    queryFn: ({ signal }) => call((o) => api['meeting-types'].hosts.$get({}, o), { signal }),
    select: (answer) => answer.members,
    staleTime: 5 * 60_000,
    enabled,
  });
}

/** A meeting type change can change the settings' warnings (a type longer than every range) and the preview. */
async function afterMeetingTypeChange(queryClient: QueryClient) {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: MEETING_TYPES_KEY }),
    queryClient.invalidateQueries({ queryKey: BOOKING_SETTINGS_KEY }),
  ]);
}

/** Create (no id) or change a meeting type. Errors are the form's to show. */
export function useSaveMeetingType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, values }: { id: number | null; values: MeetingTypeCreate & MeetingTypePatch }) => (id === null
      ? call((o) => api['meeting-types'].$post({ json: values }, o))
      : call((o) => api['meeting-types'][':id'].$patch({ ...idParam(id), json: values }, o))),
    onSuccess: () => afterMeetingTypeChange(queryClient),
  });
}

/** Archives the type: links and meetings made with it keep their copy. */
export function useDeleteMeetingType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call((o) => api['meeting-types'][':id'].$delete(idParam(id), o)),
    onSuccess: async () => {
      toast({ title: i18n.t('meetingBooking.types.deleted'), variant: 'success' });
      await afterMeetingTypeChange(queryClient);
    },
    onError: (error) => toast({ title: i18n.t('meetingBooking.types.deleteFailed'), description: errorText(error), variant: 'destructive' }),
  });
}

export interface PreviewQuery {
  meetingTypeId: number;
  from: string;
  to: string;
  timeZone: string;
}

/** The free slots a candidate would see now, from the saved settings and real meetings. */
export function usePreviewSlots(query: PreviewQuery | null) {
  return useQuery({
    queryKey: [PREVIEW_PATH, query],
    queryFn: ({ signal }) => call((o) => api['booking-settings'].slots.$get({
      query: { meetingTypeId: String(query?.meetingTypeId), from: query?.from, to: query?.to, timeZone: query?.timeZone },
    }, o), { signal }),
    enabled: query !== null,
  });
}
