// Likely duplicates and the merge, through the typed client: the answers' types are the API's
// own schemas (domain/candidates/merge-schemas.ts).
import { useQuery } from '@tanstack/react-query';
import { api, call } from '#app/api/client.ts';
import { i18n } from '#app/i18n/i18n.ts';
import type { CandidateMerge, DuplicateDismiss } from '#domain/candidates/merge-schemas.ts';
import { usePeopleMutation } from '../peopleQueries.ts';

/** While a "Look for duplicates now" waits for its refresh, the list is read again this often. */
export const REFRESH_POLL_MS = 2_000;

/** Under /api/candidates, so that every people change (invalidatePeople) refreshes it too. */
export const duplicatesKey = (candidateId: number | null, limit: number) => ['/api/candidates/duplicates', { candidateId, limit }] as const;

export function useDuplicates(candidateId: number | null, limit: number) {
  return useQuery({
    queryKey: duplicatesKey(candidateId, limit),
    queryFn: ({ signal }) => call((o) => api.candidates.duplicates.$get({
      query: { limit: String(limit), ...(candidateId ? { candidateId: String(candidateId) } : {}) },
    }, o), { signal }),
    refetchInterval: (query) => (query.state.data?.refresh.pending ? REFRESH_POLL_MS : false),
  });
}

export function useLookForDuplicates() {
  return usePeopleMutation(() => call((o) => api.candidates.duplicates.refresh.$post({}, o)));
}

export function useDismissDuplicate() {
  return usePeopleMutation((pair: DuplicateDismiss) => call((o) => api.candidates.duplicates.dismiss.$post({ json: pair }, o)),
    () => i18n.t('people.duplicates.dismissed'));
}

export function useMergeCandidates() {
  return usePeopleMutation(({ keptId, ...merge }: CandidateMerge & { keptId: number }) =>
    call((o) => api.candidates[':id'].merge.$post({ param: { id: String(keptId) }, json: merge }, o)),
  (kept) => i18n.t('people.duplicates.merged', { name: kept.name }));
}
