// Two-factor enrolment calls (docs/api.md "Auth").
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, call } from '#app/api/client.ts';
import { ME_QUERY_KEY } from '#app/session/useSession.ts';

export function useStartTwoFactorSetup() {
  return useMutation({
    mutationFn: (password: string) => call((o) => api.auth['two-factor'].setup.$post({ json: { password } }, o)),
  });
}

export function useConfirmTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => call((o) => api.auth['two-factor'].confirm.$post({ json: { code } }, o)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY }),
  });
}

export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (password: string) => call((o) => api.auth['two-factor'].disable.$post({ json: { password } }, o)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY }),
  });
}
