import { useQuery } from '@tanstack/react-query';
import { getJson } from '../api/apiClient.ts';
import { FIVE_MINUTES } from '../api/queryClient.ts';
import type { SessionUser } from '../api/types.ts';

export const ME_QUERY_KEY = ['/api/auth/me'] as const;

/** The signed-in user, or null when signed out (a 401). Cached 5 min, no retry. */
export async function fetchSessionUser({ signal }: { signal?: AbortSignal } = {}): Promise<SessionUser | null> {
  const body = await getJson<{ user?: SessionUser | null }>('/api/auth/me', undefined, {
    on401: 'returnNull',
    signal,
  });
  return body?.user ?? null;
}

export function useSession() {
  return useQuery({
    queryKey: ME_QUERY_KEY,
    queryFn: fetchSessionUser,
    staleTime: FIVE_MINUTES,
    retry: false,
  });
}
