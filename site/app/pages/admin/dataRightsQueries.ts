// Retention and data requests (issue 30) through the typed API client: the Admin Portal's two tabs
// and the dashboard's card read and write here.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, call } from '#app/api/client.ts';
import { errorText } from '#app/api/ApiError.ts';
import { i18n } from '#app/i18n/i18n.ts';
import { toast } from '#app/toast/toast.ts';
import type {
  DataRequestCreate, DataRequestHandle, DataRequestQuery, RetentionExemptionCreate, RetentionRuleCreate, RetentionRuleUpdate,
} from '#domain/data-rights/schemas.ts';
import { AUDIT_LOG_KEY } from './adminQueries.ts';

export const RETENTION_RULES_KEY = ['/api/admin/retention-rules'] as const;
export const RETENTION_PREVIEW_KEY = ['/api/admin/retention-preview'] as const;
export const RETENTION_EXEMPTIONS_KEY = ['/api/admin/retention-exemptions'] as const;
export const DATA_REQUESTS_KEY = ['/api/admin/data-requests'] as const;
export const DATA_RIGHTS_SUMMARY_KEY = ['/api/admin/data-rights-summary'] as const;

/** Admin errors (403) will not get better by retrying. */
const noRetry = { retry: false } as const;

export function useRetentionRules() {
  return useQuery({
    queryKey: RETENTION_RULES_KEY,
    queryFn: ({ signal }) => call((o) => api.admin['retention-rules'].$get(undefined, o), { signal }),
    ...noRetry,
  });
}

export function useRetentionPreview(days: number, page: number) {
  return useQuery({
    queryKey: [...RETENTION_PREVIEW_KEY, days, page],
    queryFn: ({ signal }) => call((o) => api.admin['retention-preview'].$get({ query: { days: String(days), page: String(page) } }, o), { signal }),
    placeholderData: keepPreviousData,
    ...noRetry,
  });
}

export function useRetentionExemptions() {
  return useQuery({
    queryKey: RETENTION_EXEMPTIONS_KEY,
    queryFn: ({ signal }) => call((o) => api.admin['retention-exemptions'].$get(undefined, o), { signal }),
    ...noRetry,
  });
}

export function useDataRequests(query: Partial<Pick<DataRequestQuery, 'state' | 'kind' | 'overdue' | 'page'>>) {
  return useQuery({
    queryKey: [...DATA_REQUESTS_KEY, query],
    queryFn: ({ signal }) => call((o) => api.admin['data-requests'].$get({
      query: { state: query.state, kind: query.kind, overdue: query.overdue ? 'true' : undefined, page: query.page && query.page > 1 ? String(query.page) : undefined },
    }, o), { signal }),
    placeholderData: keepPreviousData,
    ...noRetry,
  });
}

export function useDataRightsSummary() {
  return useQuery({
    queryKey: DATA_RIGHTS_SUMMARY_KEY,
    queryFn: ({ signal }) => call((o) => api.admin['data-rights-summary'].$get(undefined, o), { signal }),
    ...noRetry,
  });
}

/** What any change here may move: the rules, whom they erase, the requests, the card, the audit log. */
const AFFECTED = [RETENTION_RULES_KEY, RETENTION_PREVIEW_KEY, RETENTION_EXEMPTIONS_KEY, DATA_REQUESTS_KEY, DATA_RIGHTS_SUMMARY_KEY, AUDIT_LOG_KEY];

/**
 * A change with a toast on success (read when it fires, in the language shown then). An error is the
 * caller's to show where it happened (a dialog's field) unless `toastErrors`.
 */
function useDataRightsMutation<V, R>(mutationFn: (variables: V) => Promise<R>, successTitle: (variables: V) => string, { toastErrors = false } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async (_answer, variables) => {
      toast({ title: successTitle(variables), variant: 'success' });
      await Promise.all(AFFECTED.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
    onError: toastErrors
      ? (error) => toast({ title: i18n.t('admin.toasts.error'), description: errorText(error), variant: 'destructive' })
      : undefined,
  });
}

export function useCreateRetentionRule() {
  return useDataRightsMutation((rule: RetentionRuleCreate) => call((o) => api.admin['retention-rules'].$post({ json: rule }, o)),
    () => i18n.t('dataRights.rules.saved'));
}

export function useUpdateRetentionRule() {
  return useDataRightsMutation(({ id, change }: { id: number; change: RetentionRuleUpdate }) =>
    call((o) => api.admin['retention-rules'][':id'].$patch({ param: { id: String(id) }, json: change }, o)),
  () => i18n.t('dataRights.rules.saved'));
}

export function useDeleteRetentionRule() {
  return useDataRightsMutation((id: number) => call((o) => api.admin['retention-rules'][':id'].$delete({ param: { id: String(id) } }, o)),
    () => i18n.t('dataRights.rules.removed'), { toastErrors: true });
}

export function useExempt() {
  return useDataRightsMutation((exemption: RetentionExemptionCreate) => call((o) => api.admin['retention-exemptions'].$post({ json: exemption }, o)),
    () => i18n.t('dataRights.exemptions.added'));
}

export function useLiftExemption() {
  return useDataRightsMutation((candidateId: number) =>
    call((o) => api.admin['retention-exemptions'][':id'].$delete({ param: { id: String(candidateId) } }, o)),
  () => i18n.t('dataRights.exemptions.lifted'), { toastErrors: true });
}

export function useEnterDataRequest() {
  return useDataRightsMutation((request: DataRequestCreate) => call((o) => api['data-requests'].$post({ json: request }, o)),
    () => i18n.t('dataRights.requests.entered'));
}

export function useHandleDataRequest({ toastErrors = false } = {}) {
  return useDataRightsMutation(({ id, decision }: { id: number; decision: DataRequestHandle }) =>
    call((o) => api.admin['data-requests'][':id'].$patch({ param: { id: String(id) }, json: decision }, o)),
  ({ decision }) => i18n.t(decision.state === 'done' ? 'dataRights.requests.done' : 'dataRights.requests.refused'), { toastErrors });
}
