// The campaign detail's data: the campaign (polled while it is sending), its
// recipients a page at a time, and pause / resume / cancel.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, call } from '#app/api/client.ts';
import { CAMPAIGNS_KEY, isLiveCampaign } from '#app/messaging/queries.ts';
import type { CampaignAction, CampaignDetail, RecipientFilter } from '#domain/campaigns/schemas.ts';
import { RECIPIENTS_PER_PAGE } from './pageParams.ts';

/** How often a sending campaign's progress is fetched again. */
export const LIVE_REFRESH_MS = 3000;

const campaignKey = (id: number) => [`/api/campaigns/${id}`] as const;

/** The same cache entry as useCampaign (messaging/queries.ts), refetched every few seconds while it sends or is about to. */
export function useLiveCampaign(id: number) {
  return useQuery({
    queryKey: campaignKey(id),
    queryFn: ({ signal }) => call((o) => api.campaigns[':id'].$get({ param: { id: String(id) } }, o), { signal }),
    refetchInterval: (query) => (query.state.data && isLiveCampaign(query.state.data) ? LIVE_REFRESH_MS : false),
  });
}

/**
 * One page of recipients: those matching `show` and `q`, `RECIPIENTS_PER_PAGE` at a time; the page shown stays
 * while the next loads. Polled while the campaign sends; read once more when its status changes (the last sends).
 */
export function useCampaignRecipients(id: number, { show, q, page }: { show: RecipientFilter | null; q: string; page: number },
  status: CampaignDetail['status']) {
  return useQuery({
    queryKey: [`/api/campaigns/${id}/recipients`, { show, q, page, status }],
    queryFn: ({ signal }) => call((o) => api.campaigns[':id'].recipients.$get({
      param: { id: String(id) },
      query: {
        ...(show ? { status: show } : {}), ...(q ? { q } : {}),
        offset: String((page - 1) * RECIPIENTS_PER_PAGE), limit: String(RECIPIENTS_PER_PAGE),
      },
    }, o), { signal }),
    placeholderData: keepPreviousData,
    refetchInterval: status === 'sending' ? LIVE_REFRESH_MS : false,
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
