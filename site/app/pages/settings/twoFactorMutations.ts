// Two-factor enrolment calls (docs/api.md "Auth").
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#app/api/apiClient.ts';
import type { TwoFactorSetup } from '#app/api/types.ts';
import { ME_QUERY_KEY } from '#app/session/useSession.ts';

export function useStartTwoFactorSetup() {
  return useMutation({
    mutationFn: (password: string) =>
      apiRequest<TwoFactorSetup>('POST', '/api/auth/two-factor/setup', { password }),
  });
}

export function useConfirmTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => apiRequest('POST', '/api/auth/two-factor/confirm', { code }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY }),
  });
}

export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (password: string) => apiRequest('POST', '/api/auth/two-factor/disable', { password }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY }),
  });
}
