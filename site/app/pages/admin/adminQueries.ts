// Admin Portal reads and writes (docs/api.md "Admin").
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#app/api/apiClient.ts';
import { errorText } from '#app/api/ApiError.ts';
import type { AccessRequest, AdminUser, AuditEntry } from '#app/api/types.ts';
import { toast } from '#app/toast/toast.ts';

export const ADMIN_USERS_KEY = ['/api/admin/users'] as const;
export const ACCESS_REQUESTS_KEY = ['/api/admin/access-requests'] as const;
export const AUDIT_LOG_KEY = ['/api/admin/audit-log'] as const;

/** Admin errors (403) will not get better by retrying. */
const noRetry = { retry: false } as const;

export function useAdminUsers() {
  return useQuery<{ users: AdminUser[] }>({ queryKey: ADMIN_USERS_KEY, ...noRetry });
}

export function useAccessRequests() {
  return useQuery<{ requests: AccessRequest[] }>({ queryKey: ACCESS_REQUESTS_KEY, ...noRetry });
}

export function useAuditLog() {
  return useQuery<{ entries: AuditEntry[] }>({ queryKey: AUDIT_LOG_KEY, ...noRetry });
}

export interface NewUser {
  username: string;
  displayName: string;
  email: string;
  password: string;
  role: 'admin' | 'recruiter';
}

export interface UserChanges {
  displayName?: string;
  role?: string;
  banned?: boolean;
  password?: string;
}

function useAdminMutation<V>(
  mutationFn: (variables: V) => Promise<unknown>,
  invalidate: readonly (readonly string[])[],
  successTitle: string,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async () => {
      toast({ title: successTitle, variant: 'success' });
      await Promise.all([...invalidate, AUDIT_LOG_KEY].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
    onError: (error) => {
      toast({ title: 'Error', description: errorText(error), variant: 'destructive' });
    },
  });
}

export function useCreateUser() {
  return useAdminMutation(
    (user: NewUser) => apiRequest('POST', '/api/admin/users', user),
    [ADMIN_USERS_KEY],
    'User created',
  );
}

export function useUpdateUser() {
  return useAdminMutation(
    ({ id, changes }: { id: string; changes: UserChanges }) =>
      apiRequest('PATCH', `/api/admin/users/${encodeURIComponent(id)}`, changes),
    [ADMIN_USERS_KEY],
    'User updated',
  );
}

export function useReviewAccessRequest() {
  return useAdminMutation(
    ({ id, status }: { id: string; status: 'approved' | 'rejected' }) =>
      apiRequest('PATCH', `/api/admin/access-requests/${encodeURIComponent(id)}`, { status }),
    [ACCESS_REQUESTS_KEY],
    'Access request updated',
  );
}
