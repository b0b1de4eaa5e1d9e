// The Security section's calls (docs/api.md "Auth"): sessions, password, backup codes.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, call } from '#app/api/client.ts';
import type { ChangePassword } from '#domain/auth/schemas.ts';

/** One of the user's sessions, as GET /api/auth/sessions lists it (the API's own type). */
export type { SessionInfo } from '#domain/auth/schemas.ts';

export const SESSIONS_KEY = ['/api/auth/sessions'] as const;

export function useSessions() {
  return useQuery({
    queryKey: SESSIONS_KEY,
    queryFn: ({ signal }) => call((o) => api.auth.sessions.$get(undefined, o), { signal }),
  });
}

function useSessionMutation<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SESSIONS_KEY }),
  });
}

export function useRevokeSession() {
  return useSessionMutation((id: string) => call((o) => api.auth.sessions[':id'].$delete({ param: { id } }, o)));
}

export function useRevokeOtherSessions() {
  return useSessionMutation(() => call((o) => api.auth.sessions['revoke-others'].$post({ json: {} }, o)));
}

/** Other sessions end; this browser gets a new session (so the list is read again). */
export function useChangePassword() {
  return useSessionMutation((body: ChangePassword) => call((o) => api.auth.password.$post({ json: body }, o)));
}

export function useRegenerateBackupCodes() {
  return useMutation({
    mutationFn: (password: string) => call((o) => api.auth['two-factor']['backup-codes'].$post({ json: { password } }, o)),
  });
}
