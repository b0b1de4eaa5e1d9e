// Messaging reads and writes (spec §7; docs/api.md). Query keys are
// [path, params?] for the app's default reader (api/queryClient.ts).
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../api/apiClient.ts';
import { AI_GENERATION_TIMEOUT_MS, CANDIDATE_LIST_LIMIT, type Language } from './constants.ts';
import type {
  AiSuggestion, AiTemplate, CampaignDetail, CampaignSummary, Candidate, GenerationResponse, Message, OutboxMail,
  OutboxMailSummary, OutboxReplyResult, TalentPool, Thread, ThreadSummary,
} from './types.ts';

export const CANDIDATES_KEY = ['/api/candidates', { limit: CANDIDATE_LIST_LIMIT }] as const;
export const TALENT_POOLS_KEY = ['/api/talent-pools'] as const;
export const AI_TEMPLATES_KEY = ['/api/ai-templates'] as const;
export const CAMPAIGNS_KEY = ['/api/campaigns'] as const;
export const OUTBOX_KEY = ['/api/outbox'] as const;

/** A list reply as an array, whether the API sends [..] or { <name>: [..] }. */
export function listOf<T>(reply: unknown, ...names: string[]): T[] {
  if (Array.isArray(reply)) return reply as T[];
  if (reply && typeof reply === 'object') {
    for (const name of names) {
      const value = (reply as Record<string, unknown>)[name];
      if (Array.isArray(value)) return value as T[];
    }
  }
  return [];
}

/** Compose dialog only, while it is open (spec §7). */
export function useCandidates(enabled: boolean) {
  return useQuery({
    queryKey: CANDIDATES_KEY,
    enabled,
    select: (reply: unknown) => listOf<Candidate>(reply, 'candidates', 'items'),
  });
}

export function useTalentPools(enabled: boolean) {
  return useQuery({
    queryKey: TALENT_POOLS_KEY,
    enabled,
    select: (reply: unknown) => listOf<TalentPool>(reply, 'talentPools', 'pools', 'items'),
  });
}

export function useAiTemplates(enabled: boolean) {
  return useQuery({
    queryKey: AI_TEMPLATES_KEY,
    enabled,
    select: (reply: unknown) => listOf<AiTemplate>(reply, 'templates'),
  });
}

/** The wizard prefetches the template list when it opens. */
export function prefetchAiTemplates(client: QueryClient) {
  return client.prefetchQuery({ queryKey: AI_TEMPLATES_KEY });
}

/** 2 retries, 1 s apart, never cached (spec §7). */
export function useTemplateSuggestions(campaignType: string) {
  return useQuery({
    queryKey: [`/api/ai-templates/suggestions/${encodeURIComponent(campaignType)}`],
    enabled: Boolean(campaignType),
    retry: 2,
    retryDelay: 1000,
    staleTime: 0,
    gcTime: 0,
    select: (reply: unknown) => listOf<AiSuggestion>(reply, 'suggestions'),
  });
}

/** Only while the reply drawer is open and the id is a message id (spec §7). */
export function useMessage(id: number | undefined, open: boolean) {
  return useQuery<Message>({
    queryKey: [`/api/messages/${id}`],
    enabled: open && typeof id === 'number' && id > 0,
  });
}

export interface ThreadFilters {
  sentiment?: string;
  candidateId?: number;
}

export function useThreads(filters: ThreadFilters = {}) {
  const params = Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined && v !== ''));
  return useQuery({
    queryKey: Object.keys(params).length ? ['/api/messages', params] : ['/api/messages'],
    select: (reply: unknown) => listOf<ThreadSummary>(reply, 'threads'),
  });
}

export function useThread(id: number | null) {
  return useQuery<Thread>({ queryKey: [`/api/messages/${id}/thread`], enabled: id !== null && id > 0 });
}

export function useCampaigns() {
  return useQuery({
    queryKey: CAMPAIGNS_KEY,
    select: (reply: unknown) => listOf<CampaignSummary>(reply, 'campaigns'),
  });
}

export function useCampaign(id: number | null) {
  return useQuery<CampaignDetail>({ queryKey: [`/api/campaigns/${id}`], enabled: id !== null && id > 0 });
}

export function useOutbox() {
  return useQuery({
    queryKey: OUTBOX_KEY,
    select: (reply: unknown) => ({
      transport: (reply as { transport?: string } | null)?.transport ?? null,
      emails: listOf<OutboxMailSummary>(reply, 'emails'),
    }),
  });
}

export function useOutboxMail(id: number | null) {
  return useQuery<OutboxMail>({ queryKey: [`/api/outbox/${id}`], enabled: id !== null && id > 0 });
}

const startsWith = (prefix: string) => ({
  predicate: (query: { queryKey: readonly unknown[] }) => String(query.queryKey[0]).startsWith(prefix),
});

/** After a message, reply or campaign: the cached messages and campaigns (and the outbox) are refreshed (spec §7). */
export function refreshMessaging(client: QueryClient) {
  return Promise.all(['/api/messages', '/api/campaigns', '/api/outbox']
    .map((prefix) => client.invalidateQueries(startsWith(prefix))));
}

export interface ComposeMessageBody {
  content: string;
  platform: 'email';
  channel: 'email';
  subject: string;
  allowWhatsAppReplies: boolean;
}

export interface ReplyMessageBody {
  subject: string;
  content: string;
  channel: 'email';
  originalMessageId: number;
}

export function sendCandidateMessage(candidateId: number, body: ComposeMessageBody | ReplyMessageBody) {
  return apiRequest<{ success: boolean; message: Message }>('POST', `/api/candidates/${candidateId}/messages`, body);
}

export interface QuickCampaignBody {
  name: string;
  messageTemplate: string;
  talentPoolId: number;
  scheduledAt: string;
  channels: ['email'];
  primaryChannel: 'email';
  emailSubject: string;
  emailContent: string;
}

export function createCampaign(body: object) {
  return apiRequest<{ success: boolean; campaign: CampaignDetail }>('POST', '/api/campaigns', body);
}

export interface GenerateBody {
  templateId: string;
  prompt: string;
  language: Language;
  additionalContext: string;
  candidateData?: Partial<Candidate>;
  channel?: 'email' | 'whatsapp';
}

/** POST /api/ai-content/generate; a reply with success false is an error too. */
export async function generateContent(body: GenerateBody, timeoutMs = AI_GENERATION_TIMEOUT_MS): Promise<GenerationResponse> {
  const reply = await apiRequest<GenerationResponse>('POST', '/api/ai-content/generate', body, { timeoutMs });
  if (!reply?.success) throw new Error(reply?.error || 'Failed to generate AI content. Please try again.');
  return reply;
}

export function useMarkThreadRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (messageId: number) => apiRequest('POST', `/api/messages/${messageId}/read`),
    onSuccess: () => client.invalidateQueries(startsWith('/api/messages')),
  });
}

export function useOutboxReply() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, content }: { id: number; content: string }) =>
      apiRequest<OutboxReplyResult>('POST', `/api/outbox/${id}/reply`, { content }),
    onSuccess: () => refreshMessaging(client),
  });
}

