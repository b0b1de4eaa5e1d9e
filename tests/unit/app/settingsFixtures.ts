// The settings answers a UI test needs (GET /api/settings/profile and /organisation), typed and checked by the API's
// schemas: the demo-like defaults, and what a test cares about as overrides.
import type { z } from 'zod';
import { organisationSettingsSchema, profileSettingsSchema } from '#domain/settings/schemas.ts';
import { answer } from './answers.ts';

/** Rita, a recruiter with no title, signature or language of her own. */
export function profileSettings(overrides: Partial<z.input<typeof profileSettingsSchema>> = {}) {
  return answer(profileSettingsSchema, {
    username: 'rita', email: 'rita@example.com', displayName: 'Rita Recruiter', title: null, signature: null,
    timeZone: 'Europe/Amsterdam', language: null, staffEmails: true, ...overrides,
  });
}

/** An organisation with nothing filled in but the defaults of a new one. */
export function organisationSettings(overrides: Partial<z.input<typeof organisationSettingsSchema>> = {}) {
  return answer(organisationSettingsSchema, {
    companyName: null, website: null, industry: null, senderName: null, senderEmail: null, signature: null, defaultLanguage: null,
    timeZone: 'Europe/Amsterdam', sendFrom: 'shared', consentValidMonths: 24, renewalLeadDays: 30, retentionDigest: true,
    accessRequestEmails: true, adminEmailRecipients: null, updatedAt: '2026-11-26T08:00:00.000Z', ...overrides,
  });
}
