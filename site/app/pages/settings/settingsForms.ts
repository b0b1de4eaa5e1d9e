// The profile and organisation forms' values and validation: the API's own schemas
// (domain/settings/schemas.ts), so the browser says what the server says. The forms
// hold text ('' for "not set"); the schemas turn blank into null.
import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import {
  organisationSettingsInputSchema, profileSettingsInputSchema,
  type OrganisationSettings, type OrganisationSettingsInput, type ProfileSettings, type ProfileSettingsInput,
} from '#domain/settings/schemas.ts';

export interface ProfileFormValues {
  displayName: string;
  title: string;
  email: string;
  signature: string;
  timeZone: string;
  /** '' is "the browser's language" (null in the API). */
  language: NonNullable<ProfileSettings['language']> | '';
  /** Shown to admins only. */
  staffEmails: boolean;
}
export const PROFILE_FIELDS = ['displayName', 'title', 'email', 'signature', 'timeZone', 'language', 'staffEmails'] as const;

export const profileResolver = zodResolver(profileSettingsInputSchema) as unknown as
  Resolver<ProfileFormValues, unknown, ProfileSettingsInput>;

export function profileFormValues(settings: ProfileSettings): ProfileFormValues {
  return {
    displayName: settings.displayName, title: settings.title ?? '', email: settings.email, signature: settings.signature ?? '',
    timeZone: settings.timeZone, language: settings.language ?? '', staffEmails: settings.staffEmails,
  };
}

// adminEmailRecipients is read, not edited: it is no field of the form.
export type OrganisationFormValues = Omit<{ [K in keyof OrganisationSettings]: string },
  'updatedAt' | 'adminEmailRecipients' | 'defaultLanguage' | 'sendFrom' | 'consentValidMonths' | 'renewalLeadDays' | 'retentionDigest' | 'accessRequestEmails'> & {
  /** '' is "No default" (null in the API). */
  defaultLanguage: NonNullable<OrganisationSettings['defaultLanguage']> | '';
  sendFrom: OrganisationSettings['sendFrom'];
  /** A number input's value: '' while it is empty (the schema then names the field). */
  consentValidMonths: number | '';
  renewalLeadDays: number | '';
  retentionDigest: boolean;
  accessRequestEmails: boolean;
};
export const ORGANISATION_FIELDS = [
  'companyName', 'website', 'industry', 'senderName', 'senderEmail', 'signature', 'defaultLanguage', 'timeZone', 'sendFrom',
  'consentValidMonths', 'renewalLeadDays', 'retentionDigest', 'accessRequestEmails',
] as const satisfies ReadonlyArray<keyof OrganisationFormValues>;

export const organisationResolver = zodResolver(organisationSettingsInputSchema) as unknown as
  Resolver<OrganisationFormValues, unknown, OrganisationSettingsInput>;

export function organisationFormValues(settings: OrganisationSettings): OrganisationFormValues {
  return {
    companyName: settings.companyName ?? '', website: settings.website ?? '', industry: settings.industry ?? '',
    senderName: settings.senderName ?? '', senderEmail: settings.senderEmail ?? '', signature: settings.signature ?? '',
    defaultLanguage: settings.defaultLanguage ?? '', timeZone: settings.timeZone, sendFrom: settings.sendFrom,
    consentValidMonths: settings.consentValidMonths, renewalLeadDays: settings.renewalLeadDays,
    retentionDigest: settings.retentionDigest, accessRequestEmails: settings.accessRequestEmails,
  };
}

/** The interface languages, each named in its own language; 'browser' (null, labelled by the page: a Select option cannot be '') comes first. */
export const INTERFACE_LANGUAGE_NAMES = [{ value: 'en', label: 'English' }, { value: 'nl', label: 'Nederlands' }];

/** The drafts' language; the organisation's choice may be none: Compose then starts in English and the wizard in Dutch. */
export const DEFAULT_LANGUAGE_OPTIONS = ['none', 'english', 'dutch'] as const;
