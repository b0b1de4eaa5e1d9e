// Admin Portal reads and writes (docs/api.md "Admin"), through the typed API client.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, call } from '#app/api/client.ts';
import { errorText } from '#app/api/ApiError.ts';
import type { AccessRequest, AccessRequestDecision, NewUser, UserSummary, UserUpdate } from '#domain/auth/schemas.ts';
import { i18n } from '#app/i18n/i18n.ts';
import { toast } from '#app/toast/toast.ts';

export const ADMIN_USERS_KEY = ['/api/admin/users'] as const;
export const ACCESS_REQUESTS_KEY = ['/api/admin/access-requests'] as const;
export const AUDIT_LOG_KEY = ['/api/admin/audit-log'] as const;

/** Admin errors (403) will not get better by retrying. */
const noRetry = { retry: false } as const;

export function useAdminUsers() {
  return useQuery({
    queryKey: ADMIN_USERS_KEY,
    queryFn: ({ signal }) => call((o) => api.admin.users.$get(undefined, o), { signal }),
    ...noRetry,
  });
}

export function useAccessRequests() {
  return useQuery({
    queryKey: ACCESS_REQUESTS_KEY,
    queryFn: ({ signal }) => call((o) => api.admin['access-requests'].$get(undefined, o), { signal }),
    ...noRetry,
  });
}

export function useAuditLog() {
  return useQuery({
    queryKey: AUDIT_LOG_KEY,
    queryFn: ({ signal }) => call((o) => api.admin['audit-log'].$get(undefined, o), { signal }),
    ...noRetry,
  });
}

function useAdminMutation<V>(
  mutationFn: (variables: V) => Promise<unknown>,
  invalidate: readonly (readonly string[])[],
  /** Read when the toast fires, in the language shown then. */
  successTitle: () => string,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async () => {
      toast({ title: successTitle(), variant: 'success' });
      await Promise.all([...invalidate, AUDIT_LOG_KEY].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
    onError: (error) => {
      toast({ title: i18n.t('admin.toasts.error'), description: errorText(error), variant: 'destructive' });
    },
  });
}

export function useCreateUser() {
  return useAdminMutation(
    (user: NewUser) => call((o) => api.admin.users.$post({ json: user }, o)),
    [ADMIN_USERS_KEY],
    () => i18n.t('admin.toasts.userCreated'),
  );
}

export function useUpdateUser() {
  return useAdminMutation(
    ({ id, changes }: { id: UserSummary['id']; changes: UserUpdate }) =>
      call((o) => api.admin.users[':id'].$patch({ param: { id }, json: changes }, o)),
    [ADMIN_USERS_KEY],
    () => i18n.t('admin.toasts.userUpdated'),
  );
}

export function useReviewAccessRequest() {
  return useAdminMutation(
    ({ id, status }: { id: AccessRequest['id']; status: AccessRequestDecision }) =>
      call((o) => api.admin['access-requests'][':id'].$patch({ param: { id: String(id) }, json: { status } }, o)),
    [ACCESS_REQUESTS_KEY],
    () => i18n.t('admin.toasts.requestUpdated'),
  );
}
