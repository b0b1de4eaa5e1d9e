// The candidate's privacy page (/privacy/{token}, GET and POST /api/public/privacy/{token}/…): what we hold about
// them, the download (art. 15 and 20), corrections, consent per channel and erasure with its undo window. The
// requests and answers, written once for the API, the page and the tests. Browser-safe.
import { z } from 'zod';
import { msg } from '../i18n/codes.ts';
import { timestamp } from '../schemas/answers.ts';
import { languageSchema } from '../schemas/language.ts';
import { CANDIDATE_CORRECTION_FIELDS, SENIORITY_LEVELS } from '../candidates/schemas.ts';

/** A privacy link's token: a message's reply_token or a meeting email's privacy_token (96 random bits, hex). */
export const PRIVACY_TOKEN = /^[0-9a-f]{24}$/;

/** The path's token: any text up to 200 characters (one that is no link's is a 404 that says nothing more). */
export const privacyTokenParam = z.object({ token: z.string().max(200, msg('validation.at_most_characters', { field: 'token', limit: 200 })) });

/** How long the candidate can undo an erasure asked on the page (data_requests.execute_after). */
export const ERASURE_UNDO_DAYS = 7;

const CHANNELS = ['email', 'whatsapp'] as const;
const channelSchema = z.enum(CHANNELS, { error: msg('validation.choice', { field: 'channel', choices: 'email or whatsapp' }) });

/** How we got the candidate's details: a recruiter's import (CSV) or a recruiter's own entry. */
export const PRIVACY_SOURCES = ['import', 'recruiter'] as const;

/** GET /api/public/privacy/{token}: what we hold about the candidate (talent pools as a count, never by name). */
export const privacyOverviewSchema = z.object({
  /** The candidate's own language, when known: the page speaks it (else the browser's). */
  language: languageSchema.nullable(),
  /** The zone the page shows times in: the candidate's, else the organisation's. */
  timeZone: z.string(),
  details: z.object({
    name: z.string(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    location: z.string().nullable(),
    jobFunction: z.string().nullable(),
    skills: z.array(z.string()),
    seniorityLevel: z.enum(SENIORITY_LEVELS).nullable(),
    source: z.enum(PRIVACY_SOURCES),
    createdAt: timestamp,
  }),
  talentPools: z.number().int(),
  messages: z.array(z.object({ date: timestamp, direction: z.enum(['in', 'out']), channel: channelSchema, subject: z.string().nullable() })),
  meetings: z.array(z.object({ date: timestamp, status: z.enum(['confirmed', 'rescheduled', 'cancelled', 'completed', 'no_show']) })),
  consent: z.object({
    email: z.object({ granted: z.boolean(), expiresAt: timestamp.nullable(), expired: z.boolean() }),
    whatsapp: z.object({ granted: z.boolean() }),
  }),
  /** The consent ledger, newest first. */
  consentHistory: z.array(z.object({ date: timestamp, channel: channelSchema, granted: z.boolean(), wording: z.string().nullable() })),
  /** The latest erasure asked for: waiting out its undo window (scheduled), or kept by an admin who said why (refused). */
  erasure: z.object({
    state: z.enum(['open', 'scheduled', 'refused']),
    executeAfter: timestamp.nullable(),
    resolution: z.string().nullable(),
  }).nullable(),
});
export type PrivacyOverview = z.infer<typeof privacyOverviewSchema>;

/**
 * GET /api/public/privacy/{token}/export: the same with the messages' texts and the opens and clicks of our
 * emails, as a file (Content-Disposition: attachment). Recorded as an access request, done at once.
 */
export const privacyExportSchema = privacyOverviewSchema.omit({ messages: true }).extend({
  exportedAt: timestamp,
  messages: z.array(z.object({
    date: timestamp, direction: z.enum(['in', 'out']), channel: channelSchema, subject: z.string().nullable(), content: z.string(),
  })),
  engagement: z.array(z.object({ date: timestamp, kind: z.string(), url: z.string().nullable() })),
});
export type PrivacyExport = z.infer<typeof privacyExportSchema>;

/** POST /api/public/privacy/{token}/correction: name, phone and location, checked as the candidate API checks them. */
export const privacyCorrectionSchema = z.strictObject(CANDIDATE_CORRECTION_FIELDS)
  .refine((value) => Object.values(value).some((v) => v !== undefined), { message: msg('validation.nothing_to_update') });
export type PrivacyCorrection = z.output<typeof privacyCorrectionSchema>;

export const privacyCorrectedSchema = z.object({
  success: z.literal(true),
  status: z.enum(['corrected', 'unchanged']),
  /** The fields that changed (recorded as a correction request, done, with these names). */
  changed: z.array(z.enum(['name', 'phone', 'location'])),
});

/**
 * POST /api/public/privacy/{token}/consent: the candidate's own choice per channel (ledger source 'candidate').
 * `via` names the page: the privacy page, or the renewal email's keep-informed page.
 */
export const privacyConsentSchema = z.strictObject({
  channel: channelSchema,
  granted: z.boolean({ error: msg('validation.true_or_false', { field: 'granted' }) }),
  via: z.enum(['privacy_page', 'keep_informed'], { error: msg('validation.choice', { field: 'via', choices: 'privacy_page or keep_informed' }) })
    .default('privacy_page'),
});
export type PrivacyConsent = z.output<typeof privacyConsentSchema>;

export const privacyConsentAnswerSchema = z.object({
  success: z.literal(true),
  /** changed: a ledger entry was written; already: the consent was already so. */
  status: z.enum(['changed', 'already']),
  consent: privacyOverviewSchema.shape.consent,
});

/** POST /api/public/privacy/{token}/erase: scheduled after the undo window (or it already was). */
export const privacyErasureSchema = z.object({
  success: z.literal(true),
  status: z.enum(['scheduled', 'already']),
  executeAfter: timestamp,
});

/** POST /api/public/privacy/{token}/erase/undo: the scheduled erasure withdrawn, or there was none to undo. */
export const privacyErasureUndoneSchema = z.object({ success: z.literal(true), status: z.enum(['withdrawn', 'none']) });
