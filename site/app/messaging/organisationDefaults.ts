// What the organisation's settings (GET /api/settings/organisation) change in the compose
// dialog and the campaign wizard: the language they start with (the organisation's default,
// instead of spec §9's English in compose and Dutch in the wizard, which stay while the
// settings are loading or could not be read), and which {{placeholders}} a campaign fills
// when it sends (domain/placeholders/placeholders.ts sendTimePlaceholders: {{company}} only with a
// company name), so that the forms' gating agrees with the API's.
import { useOrganisationSettings } from '#app/pages/settings/settingsQueries.ts';
import type { SendTimeFacts } from '#domain/placeholders/placeholders.ts';
import type { Language } from '#domain/schemas/language.ts';

export interface OrganisationDefaults {
  /** null until the settings are read (or when they cannot be): the form's own default then. */
  language: Language | null;
  sendTime: SendTimeFacts;
}

const NOT_READ: SendTimeFacts = {};

/** Read only while the form is open, like its other lists (spec §7). */
export function useOrganisationDefaults(enabled: boolean): OrganisationDefaults {
  const { data } = useOrganisationSettings(enabled);
  return { language: data?.defaultLanguage ?? null, sendTime: data ?? NOT_READ };
}
