// Organisation and personal settings (/api/settings/organisation, /api/settings/profile):
// requests and answers, written once for the API, the forms in /app/settings and the tests.
// Browser-safe. The lengths mirror the checks of migration 20261126000100_settings.sql.
import { z } from 'zod';
import { languageSchema } from '../schemas/language.ts';
import { optionalText } from '../candidates/schemas.ts';
import { timestamp } from '../schemas/answers.ts';
import { timeZoneParam } from '../schemas/time-zone.ts';
import { msg } from '../i18n/codes.ts';
import { SEND_FROM } from '../mail/send-from.ts';

/** The longest text each setting may hold (the database's checks say the same). */
export const SETTINGS_LIMITS = {
  companyName: 120, website: 300, industry: 120, senderName: 120, senderEmail: 254, signature: 2000,
  displayName: 120, title: 120, email: 254,
} as const;

/**
 * The languages the /app interface speaks; a user's choice (null: follow the browser).
 * public.profiles.language's check says the same (migration 20261126000850).
 */
export const INTERFACE_LANGUAGES = ['en', 'nl'] as const;
export const interfaceLanguageSchema = z.enum(INTERFACE_LANGUAGES, { error: msg('validation.interface_language') });
export type InterfaceLanguage = z.infer<typeof interfaceLanguageSchema>;

export { SEND_FROM } from '../mail/send-from.ts';
/** Whose mailbox a recruiter's mail leaves (domain/mail/send-from.ts). */
export const sendFromSchema = z.enum(SEND_FROM, { error: msg('validation.choice', { field: 'sendFrom', choices: 'shared or recruiter' }) });
export type SendFrom = z.infer<typeof sendFromSchema>;

/** How long email consent lasts and when the renewal email goes: the database's checks and defaults say the same. */
export const CONSENT_LIMITS = {
  validMonths: { min: 1, max: 120, default: 24 },
  renewalLeadDays: { min: 1, max: 365, default: 30 },
} as const;

/** A whole number from min to max, the error naming the field in `unit`s. */
function wholeNumber(field: string, unit: 'whole_months' | 'whole_days', { min, max }: { min: number; max: number }) {
  const wrong = msg(`validation.${unit}`, { field, min, max });
  return z.number({ error: wrong }).int(wrong).min(min, wrong).max(max, wrong);
}

/** Where a new organisation starts; the sequences' send windows fall back to this zone. */
export const DEFAULT_ORGANISATION_TIME_ZONE = 'Europe/Amsterdam';

const blankToNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);

/** An IANA zone (the booking page's own check), in its usual spelling. */
const timeZone = z.string({ error: msg('validation.time_zone') }).trim().pipe(timeZoneParam);

const website = z.preprocess(blankToNull, z.string({ error: msg('validation.must_be_text', { field: 'website' }) }).trim()
  .max(SETTINGS_LIMITS.website, msg('validation.at_most_characters', { field: 'website', limit: SETTINGS_LIMITS.website }))
  .pipe(z.url({ protocol: /^https?$/, hostname: z.regexes.domain, error: msg('validation.web_address') }))
  .nullable().optional());

const senderEmail = z.preprocess(blankToNull, z.string({ error: msg('validation.must_be_text', { field: 'senderEmail' }) }).trim().toLowerCase()
  .max(SETTINGS_LIMITS.senderEmail, msg('validation.at_most_characters', { field: 'senderEmail', limit: SETTINGS_LIMITS.senderEmail }))
  .pipe(z.email({ error: msg('validation.email_address_field', { field: 'senderEmail' }) }))
  .nullable().optional());

/**
 * PUT /api/settings/organisation (admins). Each field is optional: a field left out keeps
 * its value, null or blank text clears it (so a later field, e.g. a logo, does not
 * break older clients).
 */
export const organisationSettingsInputSchema = z.strictObject({
  companyName: optionalText('companyName', SETTINGS_LIMITS.companyName),
  website,
  industry: optionalText('industry', SETTINGS_LIMITS.industry),
  senderName: optionalText('senderName', SETTINGS_LIMITS.senderName),
  senderEmail,
  signature: optionalText('signature', SETTINGS_LIMITS.signature),
  /** null: no default (the spec's: English in Compose, Dutch in the campaign wizard). */
  defaultLanguage: z.preprocess(blankToNull, languageSchema.nullable()).optional(),
  timeZone: timeZone.optional(),
  sendFrom: sendFromSchema.optional(),
  /** Applies to email consent granted from the change on (supabase/schemas/consent.sql email_consent_expiry). */
  consentValidMonths: wholeNumber('consentValidMonths', 'whole_months', CONSENT_LIMITS.validMonths).optional(),
  /** How many days before consent ends the worker sends the one renewal email. */
  renewalLeadDays: wholeNumber('renewalLeadDays', 'whole_days', CONSENT_LIMITS.renewalLeadDays).optional(),
  /** Whether admins get the weekly email of whom the retention rules erase in the week ahead. */
  retentionDigest: z.boolean().optional(),
  /** Whether admins get an email when someone asks for access. */
  accessRequestEmails: z.boolean().optional(),
});
export type OrganisationSettingsInput = z.output<typeof organisationSettingsInputSchema>;

/** GET and PUT /api/settings/organisation answer. */
export const organisationSettingsSchema = z.object({
  companyName: z.string().nullable(),
  website: z.string().nullable(),
  industry: z.string().nullable(),
  senderName: z.string().nullable(),
  senderEmail: z.string().nullable(),
  signature: z.string().nullable(),
  defaultLanguage: languageSchema.nullable(),
  timeZone: z.string(),
  sendFrom: sendFromSchema,
  consentValidMonths: z.number().int(),
  renewalLeadDays: z.number().int(),
  retentionDigest: z.boolean(),
  accessRequestEmails: z.boolean(),
  /**
   * To an admin reading them: the admins the emails to admins go to (id and name) (STAFF_RECIPIENTS_SQL), empty when
   * every admin has turned them off for themselves; null to everyone else.
   */
  adminEmailRecipients: z.array(z.object({ id: z.string(), name: z.string() })).nullable(),
  updatedAt: timestamp,
});
export type OrganisationSettings = z.infer<typeof organisationSettingsSchema>;

/** PUT /api/settings/profile: the signed-in user's own settings; the same "left out keeps it" rule. */
export const profileSettingsInputSchema = z.strictObject({
  displayName: z.string({ error: msg('validation.required', { field: 'displayName' }) }).trim().min(1, msg('validation.required', { field: 'displayName' }))
    .max(SETTINGS_LIMITS.displayName, msg('validation.at_most_characters', { field: 'displayName', limit: SETTINGS_LIMITS.displayName })).optional(),
  title: optionalText('title', SETTINGS_LIMITS.title),
  signature: optionalText('signature', SETTINGS_LIMITS.signature),
  timeZone: timeZone.optional(),
  /** Also better-auth's copy and, with Microsoft 365, the mailbox of the user's Outlook calendar. Stored in lower case, as better-auth does. */
  email: z.string({ error: msg('validation.email_address') }).trim().toLowerCase()
    .max(SETTINGS_LIMITS.email, msg('validation.at_most_characters', { field: 'email', limit: SETTINGS_LIMITS.email }))
    .pipe(z.email({ error: msg('validation.email_address') })).optional(),
  /** null or blank: the browser's language. */
  language: z.preprocess(blankToNull, interfaceLanguageSchema.nullable()).optional(),
  /** An admin's own choice: the staff emails the organisation sends (erasure preview, access requests) reach them. */
  staffEmails: z.boolean().optional(),
});
export type ProfileSettingsInput = z.output<typeof profileSettingsInputSchema>;

/** GET and PUT /api/settings/profile answer. The username is shown, not changed here. */
export const profileSettingsSchema = z.object({
  username: z.string(),
  email: z.string(),
  displayName: z.string(),
  title: z.string().nullable(),
  signature: z.string().nullable(),
  /** The recruiter's zone: public.booking_settings.time_zone (also their booking page's). */
  timeZone: z.string(),
  /** The interface language; null: the browser's. */
  language: interfaceLanguageSchema.nullable(),
  /** Whether the staff emails reach this user when they are an admin (public.profiles.staff_emails). */
  staffEmails: z.boolean(),
});
export type ProfileSettings = z.infer<typeof profileSettingsSchema>;
