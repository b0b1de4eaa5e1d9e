// The Security section's calls (docs/api.md "Auth"): sessions, password, backup codes.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#app/api/apiClient.ts';

/** One of the user's sessions, as GET /api/auth/sessions lists it (the API's own type). */
export type { SessionInfo } from '#domain/auth/sessions.ts';
import type { SessionInfo } from '#domain/auth/sessions.ts';

export const SESSIONS_KEY = ['/api/auth/sessions'] as const;

export function useSessions() {
  return useQuery<{ sessions: SessionInfo[] }>({ queryKey: SESSIONS_KEY });
}

function useSessionMutation<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SESSIONS_KEY }),
  });
}

export function useRevokeSession() {
  return useSessionMutation((id: string) => apiRequest('DELETE', `/api/auth/sessions/${encodeURIComponent(id)}`));
}

export function useRevokeOtherSessions() {
  return useSessionMutation(() => apiRequest<{ revoked: number }>('POST', '/api/auth/sessions/revoke-others', {}));
}

/** Other sessions end; this browser gets a new session (so the list is read again). */
export function useChangePassword() {
  return useSessionMutation((body: { currentPassword: string; newPassword: string }) =>
    apiRequest('POST', '/api/auth/password', body));
}

export function useRegenerateBackupCodes() {
  return useMutation({
    mutationFn: (password: string) =>
      apiRequest<{ backupCodes: string[] }>('POST', '/api/auth/two-factor/backup-codes', { password }),
  });
}
