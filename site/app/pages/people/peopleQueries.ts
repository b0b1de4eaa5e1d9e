// People reads and writes, through the typed client (#app/api/client.ts): the
// answers' types are the API's own schemas (domain/candidates, domain/talent-pools).
import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { QueryParams } from '#app/api/apiClient.ts';
import { errorText } from '#app/api/ApiError.ts';
import { api, call, callRaw } from '#app/api/client.ts';
import { i18n } from '#app/i18n/i18n.ts';
import { toast } from '#app/toast/toast.ts';
import type { Candidate, CandidateCreate, CandidateUpdate } from '#domain/candidates/schemas.ts';
import type { TalentPoolCreate } from '#domain/talent-pools/schemas.ts';
import { filterParams, listParams, type CandidateFilters, type SortState } from './candidateFilters.ts';

export const TALENT_POOLS_KEY = ['/api/talent-pools'] as const;

export function candidateKey(id: number) {
  return [`/api/candidates/${id}`] as const;
}

/** Query parameters as the client sends them: text, the unset ones left out. */
export function queryText(params: QueryParams): Record<string, string> {
  return Object.fromEntries(Object.entries(params).flatMap(([key, value]) => (value === null || value === undefined ? [] : [[key, String(value)]])));
}

const idParam = (id: number) => ({ param: { id: String(id) } });

/** Shares its cache entry with the compose dialog, which reads the same key. */
export function useTalentPools() {
  return useQuery({
    queryKey: TALENT_POOLS_KEY,
    queryFn: ({ signal }) => call((o) => api['talent-pools'].$get({}, o), { signal }),
  });
}

export interface CandidatePage {
  rows: Candidate[];
  /** X-Next-Cursor: fetches the page after this one by keyset (fast at any depth); null on the last page. */
  nextCursor: string | null;
}

/**
 * One page of the filtered, sorted list, without its total (useCandidateCount); the previous page stays on screen
 * while the next loads.
 */
export function useCandidatePage(filters: CandidateFilters, sort: SortState, page: number, cursor: string | null) {
  const params = listParams(filters, sort, page, cursor);
  return useQuery({
    // 'page' keeps these apart from ['/api/candidates', { limit }] (compose's plain list).
    queryKey: ['/api/candidates', params, 'page'],
    queryFn: async ({ signal }): Promise<CandidatePage> => {
      const res = await callRaw((o) => api.candidates.$get({ query: queryText({ ...params, count: false }) }, o), { signal });
      // No `fields` asked for: every row has every field.
      const rows = await res.json() as Candidate[];
      return { rows, nextCursor: res.headers.get('X-Next-Cursor') };
    },
    placeholderData: keepPreviousData,
  });
}

/**
 * How many candidates the filters match. Counting reads every match (about a second at a million candidates), so it
 * is asked once per filter, apart from the pages: the rows show without waiting for it, and paging or sorting asks
 * it again only when it is stale.
 */
export function useCandidateCount(filters: CandidateFilters) {
  const params = filterParams(filters);
  return useQuery({
    queryKey: ['/api/candidates/count', params],
    queryFn: ({ signal }) => call((o) => api.candidates.count.$get({ query: queryText(params) }, o), { signal }),
  });
}

export function useCandidate(id: number | null) {
  return useQuery({
    queryKey: candidateKey(id ?? 0),
    queryFn: ({ signal }) => call((o) => api.candidates[':id'].$get(idParam(id ?? 0), o), { signal }),
    enabled: id !== null && id > 0,
  });
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

/**
 * A write with a success toast (when given), an error toast, and fresh people data afterwards.
 * `success` is read when the toast fires, so it speaks the interface's language at that moment.
 */
export function usePeopleMutation<V, R = unknown>(
  mutationFn: (variables: V) => Promise<R>,
  success?: (result: R, variables: V) => string,
  options: { errorToast?: boolean } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async (result, variables) => {
      if (success) toast({ title: success(result, variables), variant: 'success' });
      await invalidatePeople(queryClient);
    },
    onError: (error) => {
      if (options.errorToast !== false) toast({ title: i18n.t('people.toasts.error'), description: errorText(error), variant: 'destructive' });
    },
  });
}

export function useCreatePool() {
  return usePeopleMutation((pool: TalentPoolCreate) =>
    call((o) => api['talent-pools'].$post({ json: pool }, o)), () => i18n.t('people.toasts.poolCreated'), { errorToast: false });
}

export function useRenamePool() {
  return usePeopleMutation(({ id, ...changes }: { id: number } & TalentPoolCreate) =>
    call((o) => api['talent-pools'][':id'].$patch({ ...idParam(id), json: changes }, o)), () => i18n.t('people.toasts.poolRenamed'), { errorToast: false });
}

export function useDeletePool() {
  return usePeopleMutation((id: number) => call((o) => api['talent-pools'][':id'].$delete(idParam(id), o)), () => i18n.t('people.toasts.poolDeleted'));
}

/** Adds candidates to a pool, or to a new pool of the given name (made first: the picker's "Create pool"). */
export type PoolChoice = { poolId: number } | { newPoolName: string };

export function useAddToPool() {
  return usePeopleMutation(
    async ({ pool, candidateIds }: { pool: PoolChoice; candidateIds: number[] }) => {
      const poolId = 'poolId' in pool ? pool.poolId : (await call((o) => api['talent-pools'].$post({ json: { name: pool.newPoolName } }, o))).id;
      return await call((o) => api['talent-pools'][':id'].members.$post({ ...idParam(poolId), json: { candidateIds } }, o));
    },
    (_result, { pool, candidateIds }) => 'poolId' in pool
      ? i18n.t('people.toasts.addedToPool', { count: candidateIds.length })
      : i18n.t('people.toasts.addedToNewPool', { count: candidateIds.length, name: pool.newPoolName.trim() }),
  );
}

export function useRemoveFromPool() {
  return usePeopleMutation(
    ({ poolId, candidateIds }: { poolId: number; candidateIds: number[] }) =>
      call((o) => api['talent-pools'][':id'].members.remove.$post({ ...idParam(poolId), json: { candidateIds } }, o)),
    (_result, { candidateIds }) => i18n.t('people.toasts.removedFromPool', { count: candidateIds.length }),
  );
}

export function useDeleteCandidates() {
  return usePeopleMutation(
    (candidateIds: number[]) => call((o) => api.candidates['bulk-delete'].$post({ json: { candidateIds } }, o)),
    (_result, candidateIds) => i18n.t('people.toasts.deleted', { count: candidateIds.length }),
  );
}

export function useCreateCandidate() {
  return usePeopleMutation((values: CandidateCreate) => call((o) => api.candidates.$post({ json: values }, o)),
    () => i18n.t('people.toasts.candidateAdded'), { errorToast: false });
}

export function useUpdateCandidate() {
  return usePeopleMutation(({ id, changes }: { id: number; changes: CandidateUpdate }) =>
    call((o) => api.candidates[':id'].$patch({ ...idParam(id), json: changes }, o)), () => i18n.t('people.toasts.candidateUpdated'), { errorToast: false });
}

/** A consent switch: PATCH { allowsEmail } or { allowsWhatsapp } (+ the evidence of a grant); the server writes the ledger. */
export function useSetConsent() {
  return usePeopleMutation(
    ({ id, channel, granted, consentWording }: { id: number; channel: 'email' | 'whatsapp'; granted: boolean; consentWording?: string }) =>
      call((o) => api.candidates[':id'].$patch({
        ...idParam(id),
        json: {
          ...(channel === 'email' ? { allowsEmail: granted } : { allowsWhatsapp: granted }),
          ...(consentWording ? { consentWording } : {}),
        },
      }, o)),
    (_result, { channel, granted }) => i18n.t(`people.toasts.${channel}${granted ? 'Granted' : 'Withdrawn'}`),
  );
}
