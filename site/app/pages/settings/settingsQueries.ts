// The organisation's and my own settings (/api/settings/organisation, /api/settings/profile),
// and what a form does with a refusal that names one of its fields.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { api, call } from '#app/api/client.ts';
import { ApiError, errorText } from '#app/api/ApiError.ts';
import { ME_QUERY_KEY } from '#app/session/useSession.ts';
import { setInterfaceLanguage } from '#app/i18n/i18n.ts';
import { resolveLanguage } from '#app/i18n/language.ts';
import type { IntegrationKind } from '#domain/integrations/schemas.ts';
import type { OrganisationSettingsInput, ProfileSettingsInput } from '#domain/settings/schemas.ts';

export const ORGANISATION_KEY = ['/api/settings/organisation'] as const;
export const PROFILE_KEY = ['/api/settings/profile'] as const;

/** Also read by the compose dialog and the campaign wizard while open (messaging/organisationDefaults.ts). */
export function useOrganisationSettings(enabled = true) {
  return useQuery({
    queryKey: ORGANISATION_KEY,
    enabled,
    queryFn: ({ signal }) => call((o) => api.settings.organisation.$get(undefined, o), { signal }),
  });
}

export function useSaveOrganisationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OrganisationSettingsInput) => call((o) => api.settings.organisation.$put({ json: body }, o)),
    onSuccess: (saved) => queryClient.setQueryData(ORGANISATION_KEY, saved),
  });
}

export function useProfileSettings() {
  return useQuery({
    queryKey: PROFILE_KEY,
    queryFn: ({ signal }) => call((o) => api.settings.profile.$get(undefined, o), { signal }),
  });
}

/** A new display name shows in the shell at once (the session is read again). */
export function useSaveProfileSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProfileSettingsInput) => call((o) => api.settings.profile.$put({ json: body }, o)),
    onSuccess: async (saved) => {
      queryClient.setQueryData(PROFILE_KEY, saved);
      // Switched before the caller's "Profile saved", so that toast already speaks the chosen language.
      await setInterfaceLanguage(resolveLanguage(saved.language));
      await queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
      // An admin's "Admin emails to me" changes whom the organisation's emails to admins go to (shown there).
      await queryClient.invalidateQueries({ queryKey: ORGANISATION_KEY });
    },
  });
}

/**
 * Shows a 400's message at the field it names (`{ error, field }`) when the form has
 * that field; answers whether it did. The caller toasts either way.
 */
export function showFieldError<T extends FieldValues>(error: unknown, fields: readonly Path<T>[], setError: UseFormSetError<T>): boolean {
  if (!(error instanceof ApiError) || !error.body || typeof error.body !== 'object') return false;
  const field = (error.body as { field?: unknown }).field;
  const known = fields.find((name) => name === field);
  if (!known) return false;
  setError(known, { message: errorText(error) }, { shouldFocus: true });
  return true;
}

export const INTEGRATIONS_KEY = ['/api/settings/integrations'] as const;

/** How the AI provider, mail and Teams are set up (never a secret). */
export function useIntegrations() {
  return useQuery({
    queryKey: INTEGRATIONS_KEY,
    queryFn: ({ signal }) => call((o) => api.settings.integrations.$get(undefined, o), { signal }),
  });
}

/** "Sync now": a recruiter's mailbox is read at once; the list shows the read's outcome when it is read again. */
export function useMailboxSync() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => call((o) => api.settings.integrations.mailboxes[':userId'].sync.$post({ param: { userId } }, o)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: INTEGRATIONS_KEY }),
  });
}

/** "Send a test": the answer says whether the provider accepted it, in its own words. */
export function useIntegrationTest() {
  return useMutation({
    mutationFn: (kind: IntegrationKind) => call((o) => api.settings.integrations[':kind'].test.$post({ param: { kind } }, o)),
  });
}
