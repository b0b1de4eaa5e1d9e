// People reads and writes (docs/api.md "Candidates" and "Talent pools").
import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '#app/api/apiClient.ts';
import { errorText } from '#app/api/ApiError.ts';
import { toast } from '#app/toast/toast.ts';
import { listParams, type CandidateFilters, type SortState } from './candidateFilters.ts';
import { fetchWithTotal } from './fetchWithTotal.ts';
import type { Candidate, CandidateDetail, CandidateId, TalentPool } from './peopleTypes.ts';

export const TALENT_POOLS_KEY = ['/api/talent-pools'] as const;

export function candidateKey(id: CandidateId) {
  return [`/api/candidates/${id}`] as const;
}

/** Shares its cache entry with the compose dialog, which reads the same key. */
export function useTalentPools() {
  return useQuery({
    queryKey: TALENT_POOLS_KEY,
    select: (reply: unknown) => (Array.isArray(reply) ? (reply as TalentPool[]) : []),
  });
}

/** One page of the filtered, sorted list; the previous page stays on screen while the next loads. */
export function useCandidatePage(filters: CandidateFilters, sort: SortState, page: number, cursor: string | null) {
  const params = listParams(filters, sort, page, cursor);
  return useQuery({
    // 'page' keeps these apart from ['/api/candidates', { limit }] (compose's plain list).
    queryKey: ['/api/candidates', params, 'page'],
    queryFn: ({ signal }) => fetchWithTotal<Candidate>('/api/candidates', params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useCandidate(id: CandidateId | null) {
  return useQuery<CandidateDetail>({ queryKey: candidateKey(id ?? 0), enabled: id !== null && id > 0 });
}

/** Everything a people change can make stale: lists, details, pools, counts, search. */
export function invalidatePeople(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: ({ queryKey }) => {
      const path = queryKey[0];
      return typeof path === 'string' && (path.startsWith('/api/candidates') || path.startsWith('/api/talent-pools') || path === '/api/search');
    },
  });
}

/** A write with a success toast (when given), an error toast, and fresh people data afterwards. */
export function usePeopleMutation<V, R = unknown>(
  mutationFn: (variables: V) => Promise<R>,
  success?: string | ((result: R, variables: V) => string),
  options: { errorToast?: boolean } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async (result, variables) => {
      if (success) toast({ title: typeof success === 'string' ? success : success(result, variables), variant: 'success' });
      await invalidatePeople(queryClient);
    },
    onError: (error) => {
      if (options.errorToast !== false) toast({ title: 'Error', description: errorText(error), variant: 'destructive' });
    },
  });
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

export function useCreatePool() {
  return usePeopleMutation((pool: { name: string; description?: string | null }) =>
    apiRequest<TalentPool>('POST', '/api/talent-pools', pool), 'Talent pool created', { errorToast: false });
}

export function useRenamePool() {
  return usePeopleMutation(({ id, ...changes }: { id: number; name: string; description?: string | null }) =>
    apiRequest<TalentPool>('PATCH', `/api/talent-pools/${id}`, changes), 'Talent pool renamed', { errorToast: false });
}

export function useDeletePool() {
  return usePeopleMutation((id: number) => apiRequest('DELETE', `/api/talent-pools/${id}`), 'Talent pool deleted');
}

export function useAddToPool() {
  return usePeopleMutation(
    ({ poolId, candidateIds }: { poolId: number; candidateIds: CandidateId[] }) =>
      apiRequest('POST', `/api/talent-pools/${poolId}/members`, { candidateIds }),
    (_result, { candidateIds }) => `Added ${plural(candidateIds.length, 'candidate', 'candidates')} to the pool`,
  );
}

export function useRemoveFromPool() {
  return usePeopleMutation(
    ({ poolId, candidateIds }: { poolId: number; candidateIds: CandidateId[] }) =>
      apiRequest('POST', `/api/talent-pools/${poolId}/members/remove`, { candidateIds }),
    (_result, { candidateIds }) => `Removed ${plural(candidateIds.length, 'candidate', 'candidates')} from the pool`,
  );
}

export function useDeleteCandidates() {
  return usePeopleMutation(
    (candidateIds: CandidateId[]) => apiRequest('POST', '/api/candidates/bulk-delete', { candidateIds }),
    (_result, candidateIds) => `Deleted ${plural(candidateIds.length, 'candidate', 'candidates')}`,
  );
}

export function useCreateCandidate() {
  return usePeopleMutation((values: unknown) => apiRequest<Candidate>('POST', '/api/candidates', values),
    'Candidate added', { errorToast: false });
}

export function useUpdateCandidate() {
  return usePeopleMutation(({ id, changes }: { id: CandidateId; changes: Record<string, unknown> }) =>
    apiRequest<Candidate>('PATCH', `/api/candidates/${id}`, changes), 'Candidate updated', { errorToast: false });
}

/** A consent switch: PATCH { allowsEmail } or { allowsWhatsapp } (+ the evidence of a grant); the server writes the ledger. */
export function useSetConsent() {
  return usePeopleMutation(
    ({ id, channel, granted, consentWording }: { id: CandidateId; channel: 'email' | 'whatsapp'; granted: boolean; consentWording?: string }) =>
      apiRequest('PATCH', `/api/candidates/${id}`, {
        ...(channel === 'email' ? { allowsEmail: granted } : { allowsWhatsapp: granted }),
        ...(consentWording ? { consentWording } : {}),
      }),
    (_result, { channel, granted }) => `${channel === 'email' ? 'Email' : 'WhatsApp'} consent ${granted ? 'granted' : 'withdrawn'}`,
  );
}
