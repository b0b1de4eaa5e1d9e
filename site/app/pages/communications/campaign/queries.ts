// The campaign detail's data: the campaign (polled while it is sending), its
// recipients page by page, and pause / resume / cancel.
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, call } from '#app/api/client.ts';
import { CAMPAIGNS_KEY } from '#app/messaging/queries.ts';
import type { CampaignAction, CampaignDetail, RecipientFilter } from '#domain/campaigns/schemas.ts';

/** How often a sending campaign's progress is fetched again. */
export const LIVE_REFRESH_MS = 3000;

const campaignKey = (id: number) => [`/api/campaigns/${id}`] as const;

/** The same cache entry as useCampaign (messaging/queries.ts), refetched every few seconds while sending. */
export function useLiveCampaign(id: number) {
  return useQuery({
    queryKey: campaignKey(id),
    queryFn: ({ signal }) => call((o) => api.campaigns[':id'].$get({ param: { id: String(id) } }, o), { signal }),
    refetchInterval: (query) => (query.state.data?.status === 'sending' ? LIVE_REFRESH_MS : false),
  });
}

export function useCampaignRecipients(id: number, status: RecipientFilter | null, live: boolean) {
  return useInfiniteQuery({
    queryKey: [`/api/campaigns/${id}/recipients`, { status }],
    initialPageParam: null as number | null,
    queryFn: ({ signal, pageParam }) => call((o) => api.campaigns[':id'].recipients.$get({
      param: { id: String(id) },
      query: { ...(status ? { status } : {}), ...(pageParam ? { cursor: String(pageParam) } : {}) },
    }, o), { signal }),
    getNextPageParam: (last) => last.nextCursor,
    refetchInterval: live ? LIVE_REFRESH_MS : false,
  });
}

export function useCampaignControl(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (action: CampaignAction) => {
      const param = { param: { id: String(id) } };
      const routes = api.campaigns[':id'];
      return call((o) => (action === 'pause' ? routes.pause.$post(param, o) : action === 'resume' ? routes.resume.$post(param, o)
        : routes.cancel.$post(param, o)));
    },
    onSuccess: (reply) => {
      client.setQueryData<CampaignDetail>(campaignKey(id), reply.campaign);
      void client.invalidateQueries({ queryKey: CAMPAIGNS_KEY });
      void client.invalidateQueries({ queryKey: [`/api/campaigns/${id}/recipients`] });
    },
  });
}

/** Takes one recipient out of the sequence (exit "manual"); the campaign's counts and the table are read again. */
export function useRemoveRecipient(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (candidateId: number) => call((o) => api.campaigns[':id'].recipients[':candidateId'].remove.$post(
      { param: { id: String(id), candidateId: String(candidateId) } }, o)),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: campaignKey(id) });
      void client.invalidateQueries({ queryKey: [`/api/campaigns/${id}/recipients`] });
    },
  });
}
