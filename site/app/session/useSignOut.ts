import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { api, call } from '../api/client.ts';
import { errorText } from '../api/ApiError.ts';
import { i18n } from '../i18n/i18n.ts';
import { assignLocation } from '../lib/browserNavigation.ts';
import { toast } from '../toast/toast.ts';

/**
 * POST /api/auth/logout, then clear the cache and load "/" (spec §4). A plain
 * state hook rather than useMutation: the shell is in the first chunk, and
 * TanStack Query's mutation code would add ~4 KB gzip to it.
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  const [isPending, setPending] = useState(false);
  const signOut = useCallback(async () => {
    setPending(true);
    try {
      // Every cookie-changing POST under /api/auth must say application/json (login CSRF rule); logout reads no body.
      await call((o) => api.auth.logout.$post(undefined, { ...o, headers: { 'Content-Type': 'application/json' } }));
      queryClient.clear();
      assignLocation('/');
    } catch (error) {
      setPending(false);
      toast({ title: i18n.t('shell.signOutFailed'), description: errorText(error), variant: 'destructive' });
    }
  }, [queryClient]);
  return { signOut, isPending };
}
