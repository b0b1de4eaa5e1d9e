import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../api/apiClient.ts';
import { errorText } from '../api/ApiError.ts';
import { assignLocation } from '../lib/browserNavigation.ts';
import { toast } from '../toast/toast.ts';

/** POST /api/auth/logout, then clear the cache and load "/" (spec §4). */
export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    // JSON body: every cookie-changing POST under /api/auth must be application/json (login CSRF rule).
    mutationFn: () => apiRequest('POST', '/api/auth/logout', {}),
    onSuccess: () => {
      queryClient.clear();
      assignLocation('/');
    },
    onError: (error) => {
      toast({ title: 'Sign out failed', description: errorText(error), variant: 'destructive' });
    },
  });
}
