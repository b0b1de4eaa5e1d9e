// Request and answer schemas of the organisation's privacy setting
// (/api/settings/privacy): whether opens and clicks are tracked. Browser-safe.
import { z } from 'zod';
import { msg } from '../i18n/codes.ts';

/** GET and PUT /api/settings/privacy answer. */
export const privacySettingsSchema = z.object({
  /** Off: no open pixel, links left as they are, nothing recorded from new mails. */
  trackingEnabled: z.boolean(),
});
export type PrivacySettings = z.infer<typeof privacySettingsSchema>;

/** PUT /api/settings/privacy (admins). */
export const privacySettingsInputSchema = z.strictObject({
  trackingEnabled: z.boolean({ error: msg('validation.true_or_false', { field: 'trackingEnabled' }) }),
});
