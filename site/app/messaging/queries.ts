// Messaging reads and writes (spec §7) through the typed API client: paths,
// inputs and answers are the API's own (decision 013). Query keys stay
// [path, params?], so refreshMessaging() finds them by path.
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, call } from '../api/client.ts';
import type { CampaignType, generateContentSchema } from '#domain/ai/schemas.ts';
import type { CampaignSummary } from '#domain/campaigns/schemas.ts';
import type { Candidate } from '#domain/candidates/schemas.ts';
import type { CampaignBody } from './campaignFormSchema.ts';
import type { newMessageBodySchema, ThreadView } from '#domain/messages/schemas.ts';
import { AI_GENERATION_TIMEOUT_MS, CANDIDATE_LIST_LIMIT } from './constants.ts';

export const CANDIDATES_KEY = ['/api/candidates', { limit: CANDIDATE_LIST_LIMIT }] as const;
export const TALENT_POOLS_KEY = ['/api/talent-pools'] as const;
export const AI_TEMPLATES_KEY = ['/api/ai-templates'] as const;
export const CAMPAIGNS_KEY = ['/api/campaigns'] as const;
export const OUTBOX_KEY = ['/api/outbox'] as const;

const isId = (id: number | null | undefined): id is number => typeof id === 'number' && id > 0;

/** Compose dialog only, while it is open (spec §7). */
export function useCandidates(enabled: boolean) {
  return useQuery({
    queryKey: CANDIDATES_KEY,
    enabled,
    queryFn: ({ signal }) => call((o) => api.candidates.$get({ query: { limit: String(CANDIDATE_LIST_LIMIT) } }, o), { signal }),
    // Asked without `fields`, every candidate has every field (the list's schema is partial only for `fields`).
    select: (candidates) => candidates as Candidate[],
  });
}

/** How many of a pool's members the wizard's preview offers. */
export const PREVIEW_SAMPLE_SIZE = 5;

/** A few of a pool's members who can be emailed (the list's first, by its default order): whom the wizard's preview writes to. */
export function usePoolSample(poolId: number | null, enabled: boolean) {
  return useQuery({
    queryKey: ['/api/candidates', { talentPoolId: poolId, consent: 'email', limit: PREVIEW_SAMPLE_SIZE }, 'sample'],
    enabled: enabled && isId(poolId),
    // Members the campaign will email (the eligibility rule, as the pool's reach counts them).
    queryFn: ({ signal }) => call((o) => api.candidates.$get({ query: {
      talentPoolId: String(poolId), consent: 'email', limit: String(PREVIEW_SAMPLE_SIZE) } }, o), { signal }),
    select: (candidates) => candidates as Candidate[],
  });
}

export function useTalentPools(enabled: boolean) {
  return useQuery({
    queryKey: TALENT_POOLS_KEY,
    enabled,
    queryFn: ({ signal }) => call((o) => api['talent-pools'].$get(undefined, o), { signal }),
  });
}

const aiTemplatesQuery = queryOptions({
  queryKey: AI_TEMPLATES_KEY,
  queryFn: ({ signal }) => call((o) => api['ai-templates'].$get(undefined, o), { signal }),
});

export function useAiTemplates(enabled: boolean) {
  return useQuery({ ...aiTemplatesQuery, enabled });
}

/** The wizard prefetches the template list when it opens. */
export function prefetchAiTemplates(client: QueryClient) {
  return client.prefetchQuery(aiTemplatesQuery);
}

/** 2 retries, 1 s apart, never cached (spec §7). */
export function useTemplateSuggestions(campaignType: CampaignType | '') {
  return useQuery({
    queryKey: [`/api/ai-templates/suggestions/${campaignType}`],
    enabled: Boolean(campaignType),
    retry: 2,
    retryDelay: 1000,
    staleTime: 0,
    gcTime: 0,
    queryFn: ({ signal }) => call((o) => api['ai-templates'].suggestions[':campaignType'].$get({ param: { campaignType } }, o), { signal }),
    select: (reply) => reply.suggestions,
  });
}

/** Only while the reply drawer is open and the id is a message id (spec §7). */
export function useMessage(id: number | undefined, open: boolean) {
  return useQuery({
    queryKey: [`/api/messages/${id}`],
    enabled: open && isId(id),
    queryFn: ({ signal }) => call((o) => api.messages[':id'].$get({ param: { id: String(id) } }, o), { signal }),
  });
}

/** The thread list's filters (the API checks the sentiment: positive, negative, neutral or other). */
export interface ThreadFilters {
  /** "Needs reply" or all threads (the API's default). */
  view?: ThreadView;
  sentiment?: string;
  candidateId?: number;
}

export function useThreads(filters: ThreadFilters = {}) {
  // Left-out values are left out of the URL too.
  const query = {
    view: filters.view === 'needs-reply' ? filters.view : undefined,
    sentiment: filters.sentiment || undefined, candidateId: filters.candidateId ? String(filters.candidateId) : undefined,
  };
  const params = Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined));
  return useQuery({
    queryKey: Object.keys(params).length ? ['/api/messages', params] : ['/api/messages'],
    queryFn: ({ signal }) => call((o) => api.messages.$get({ query }, o), { signal }),
    select: (reply) => reply.threads,
  });
}

export function useThread(id: number | null) {
  return useQuery({
    queryKey: [`/api/messages/${id}/thread`],
    enabled: isId(id),
    queryFn: ({ signal }) => call((o) => api.messages[':id'].thread.$get({ param: { id: String(id) } }, o), { signal }),
  });
}

/**
 * Who a campaign to the pool would reach now (the wizard's Launch step, the compose dialog's pool preview:
 * the server's rule, suppression list included); read afresh each time.
 * `whatsapp`: step 1 goes by WhatsApp template to whoever can get one, by email to the rest.
 * `names`: with the first names of who gets it (the compose dialog's preview).
 */
export const poolReachQuery = (poolId: number | null, whatsapp = false, names = false) => queryOptions({
  queryKey: [`/api/talent-pools/${poolId}/reach`, names ? { whatsapp, names } : { whatsapp }],
  staleTime: 0,
  queryFn: ({ signal }) => call((o) => api['talent-pools'][':id'].reach.$get({
    param: { id: String(poolId) }, query: { ...(whatsapp ? { whatsapp: 'true' } : {}), ...(names ? { names: 'true' } : {}) },
  }, o), { signal }),
});

export function usePoolReach(poolId: number | null, enabled: boolean, whatsapp = false, names = false) {
  return useQuery({ ...poolReachQuery(poolId, whatsapp, names), enabled: enabled && isId(poolId) });
}

/** How often the list is read again while a campaign in it is sending (or due to start): its progress is live. */
export const CAMPAIGNS_LIVE_MS = 3000;
const DUE_SOON_MS = 60_000;

/** A campaign whose figures are changing now: sending, or scheduled to start within the minute. */
export function isLiveCampaign(campaign: Pick<CampaignSummary, 'status' | 'scheduledAt'>, now = Date.now()): boolean {
  return campaign.status === 'sending' || (campaign.status === 'scheduled' && Date.parse(campaign.scheduledAt) <= now + DUE_SOON_MS);
}

export function useCampaigns() {
  return useQuery({
    queryKey: CAMPAIGNS_KEY,
    queryFn: ({ signal }) => call((o) => api.campaigns.$get(undefined, o), { signal }),
    select: (reply) => reply.campaigns,
    refetchInterval: (query) => (query.state.data?.campaigns.some((campaign) => isLiveCampaign(campaign)) ? CAMPAIGNS_LIVE_MS : false),
  });
}

export function useCampaign(id: number | null) {
  return useQuery({
    queryKey: [`/api/campaigns/${id}`],
    enabled: isId(id),
    queryFn: ({ signal }) => call((o) => api.campaigns[':id'].$get({ param: { id: String(id) } }, o), { signal }),
  });
}

export function useOutbox({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: OUTBOX_KEY,
    enabled,
    queryFn: ({ signal }) => call((o) => api.outbox.$get(undefined, o), { signal }),
  });
}

export function useOutboxMail(id: number | null) {
  return useQuery({
    queryKey: [`/api/outbox/${id}`],
    enabled: isId(id),
    queryFn: ({ signal }) => call((o) => api.outbox[':id'].$get({ param: { id: String(id) } }, o), { signal }),
  });
}

const startsWith = (prefix: string) => ({
  predicate: (query: { queryKey: readonly unknown[] }) => String(query.queryKey[0]).startsWith(prefix),
});

/**
 * After a message, reply or campaign: the cached messages and campaigns (and the outbox) are refreshed (spec §7),
 * and each candidate's own answer (`/api/candidates/{id}`: the drawer's message list), not the People list.
 */
export function refreshMessaging(client: QueryClient) {
  return Promise.all(['/api/messages', '/api/campaigns', '/api/outbox', '/api/candidates/']
    .map((prefix) => client.invalidateQueries(startsWith(prefix))));
}

/** A new message (compose) or a reply (with originalMessageId). */
export type NewMessageBody = z.input<typeof newMessageBodySchema>;

export function sendCandidateMessage(candidateId: number, body: NewMessageBody) {
  return call((o) => api.candidates[':id'].messages.$post({ param: { id: String(candidateId) }, json: body }, o));
}

/** The wizard's body: the spec's payload, plus follow-ups, send window and "join late" when used. */
export function createCampaign(body: CampaignBody) {
  return call((o) => api.campaigns.$post({ json: body }, o));
}

export type GenerateBody = z.input<typeof generateContentSchema>;

/** POST /api/ai-content/generate; a failure (4xx/5xx, or the browser's own time-out) throws. */
export function generateContent(body: GenerateBody, timeoutMs = AI_GENERATION_TIMEOUT_MS) {
  return call((o) => api['ai-content'].generate.$post({ json: body }, o), { timeoutMs });
}

export function useMarkThreadRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (messageId: number) => call((o) => api.messages[':id'].read.$post({ param: { id: String(messageId) } }, o)),
    onSuccess: () => client.invalidateQueries(startsWith('/api/messages')),
  });
}

/** Campaigns whose sends nobody answered yet, each once (the "All" view lists them instead of one thread per recipient). */
export function useCampaignGroups(enabled: boolean) {
  return useQuery({
    queryKey: ['/api/messages/campaign-groups'],
    enabled,
    queryFn: ({ signal }) => call((o) => api.messages['campaign-groups'].$get(undefined, o), { signal }),
    select: (reply) => reply.groups,
  });
}

/** "Mark done": the thread leaves "Needs reply". */
export function useMarkThreadDone() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (threadId: number) => call((o) => api.messages[':id'].done.$post({ param: { id: String(threadId) } }, o)),
    onSuccess: () => client.invalidateQueries(startsWith('/api/messages')),
  });
}

export function useOutboxReply() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, content }: { id: number; content: string }) =>
      call((o) => api.outbox[':id'].reply.$post({ param: { id: String(id) }, json: { content } }, o)),
    onSuccess: () => refreshMessaging(client),
  });
}
