import { useQuery } from '@tanstack/react-query';
import { api, call } from '../api/client.ts';
import { FIVE_MINUTES } from '../api/queryClient.ts';
import type { SessionUser } from '#domain/auth/schemas.ts';

export const ME_QUERY_KEY = ['/api/auth/me'] as const;

/** The signed-in user, or null when signed out (a 401). Cached 5 min, no retry. */
export async function fetchSessionUser({ signal }: { signal?: AbortSignal } = {}): Promise<SessionUser | null> {
  const answer = await call((o) => api.auth.me.$get(undefined, o), { on401: 'returnNull', signal });
  return answer?.user ?? null;
}

export function useSession() {
  return useQuery({
    queryKey: ME_QUERY_KEY,
    queryFn: fetchSessionUser,
    staleTime: FIVE_MINUTES,
    retry: false,
  });
}
