// Candidates and talent pools: schemas written once, shared by the forms, the
// API, the CSV import (every row goes through candidateCreateSchema) and tests.
import { z } from 'zod';
import { idSchema } from '../schemas/ids.ts';
import { msg } from '../i18n/codes.ts';
import { fieldName, findUnstorableText } from '../schemas/text.ts';
import { timestamp } from '../schemas/answers.ts';
import { timeZoneParam } from '../schemas/time-zone.ts';
import { LANGUAGES } from '../schemas/language.ts';
import { ENGAGEMENT_BANDS } from '../engagement/score.ts';
import { bounceSchema } from './bounce-schemas.ts';

export const SENIORITY_LEVELS = ['intern', 'junior', 'medior', 'senior', 'lead', 'principal', 'executive'] as const;
export const CONTACT_METHODS = ['email', 'whatsapp', 'phone'] as const;
export const CANDIDATE_SORTS = ['name', 'createdAt', 'leadScore', 'engagementScore', 'location'] as const;
export const CONSENT_FILTERS = ['email', 'whatsapp', 'none'] as const;
/** Where a candidate's zone comes from: set by hand, inferred from the location, or the organisation's default. */
export const TIME_ZONE_SOURCES = ['manual', 'location', 'organisation'] as const;
export type TimeZoneSource = typeof TIME_ZONE_SOURCES[number];
/** The fields of a candidate in the list, in this order. */
export const CANDIDATE_FIELDS = [
  'id', 'name', 'email', 'phone', 'whatsappNumber', 'allowsEmail', 'allowsWhatsapp', 'talentPoolId', 'talentPoolIds',
  'preferredContactMethod', 'jobFunction', 'skillTags', 'seniorityLevel', 'location', 'preferredRole', 'leadScore',
  'engagementScore', 'unsubscribedAt', 'whatsappOptedOutAt', 'emailConsentExpiresAt', 'notes', 'language', 'createdAt', 'updatedAt',
  'possibleDuplicate',
] as const;
export type CandidateField = typeof CANDIDATE_FIELDS[number];

/** Blank text from a form or a CSV cell means "no value". */
const blankToNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);

/** Optional text from a form or a CSV cell: trimmed, blank is null. */
export function optionalText(field: string, max: number) {
  return z.preprocess(blankToNull,
    z.string({ error: msg('validation.must_be_text', { field }) }).trim().max(max, msg('validation.at_most_characters', { field, limit: max })).nullable().optional());
}

/** +31 6 12345678, 0612345678, (020) 123 4567, +44 7700 900123: 6 to 15 digits with the usual separators. */
function phone(field: 'phone' | 'whatsappNumber') {
  const notANumber = msg(field === 'phone' ? 'validation.phone_number' : 'validation.whatsapp_number');
  return z.preprocess(blankToNull, z.string({ error: msg('validation.must_be_text', { field }) }).trim()
    .regex(/^\+?[\d\s().-]+$/, notANumber)
    .refine((value) => { const digits = value.replace(/\D/g, '').length; return digits >= 6 && digits <= 15; }, notANumber)
    .nullable().optional());
}

const skillTags = z.array(
  z.string({ error: msg('validation.skill_tags') }).trim().toLowerCase()
    .min(1, msg('validation.skill_tag_empty')).max(50, msg('validation.skill_tag_too_long')),
  { error: msg('validation.skill_tags') },
).max(30, msg('validation.skill_tags_max')).transform((tags) => [...new Set(tags)]);

const poolIds = z.array(idSchema(msg('validation.pool_ids')),
  { error: msg('validation.pool_ids') }).max(50, msg('validation.pool_ids_max'));

const candidateFields = {
  name: z.string({ error: msg('validation.required', { field: 'name' }) }).trim().min(1, msg('validation.required', { field: 'name' }))
    .max(200, msg('validation.at_most_characters', { field: 'name', limit: 200 })),
  email: z.preprocess(blankToNull, z.string({ error: msg('validation.must_be_text', { field: 'email' }) }).trim().toLowerCase()
    .pipe(z.email({ error: msg('validation.email_address') }).max(254, msg('validation.at_most_characters', { field: 'email', limit: 254 }))).nullable().optional()),
  phone: phone('phone'),
  whatsappNumber: phone('whatsappNumber'),
  allowsEmail: z.boolean({ error: msg('validation.true_or_false', { field: 'allowsEmail' }) }).optional(),
  allowsWhatsapp: z.boolean({ error: msg('validation.true_or_false', { field: 'allowsWhatsapp' }) }).optional(),
  /** Recorded in the consent ledger with a consent change. */
  consentWording: optionalText('consentWording', 500),
  preferredContactMethod: z.enum(CONTACT_METHODS, { error: msg('validation.choice', { field: 'preferredContactMethod', choices: 'email, whatsapp or phone' }) }).optional(),
  jobFunction: optionalText('jobFunction', 120),
  skillTags: skillTags.optional(),
  seniorityLevel: z.preprocess(blankToNull, z.enum(SENIORITY_LEVELS, {
    error: msg('validation.one_of', { field: 'seniorityLevel', values: SENIORITY_LEVELS.join(', ') }),
  }).nullable().optional()),
  location: optionalText('location', 120),
  preferredRole: optionalText('preferredRole', 120),
  leadScore: z.number({ error: msg('validation.must_be_number', { field: 'leadScore' }) }).int(msg('validation.lead_score_whole'))
    .min(0, msg('validation.lead_score_range')).max(100, msg('validation.lead_score_range')).optional(),
  notes: optionalText('notes', 5000),
  /**
   * The language the candidate reads (booking page, meeting emails, unsubscribe page; compose's default);
   * null (or blank): not known, then read from their next reply (domain/messages/inbound-reply.server.ts).
   */
  language: z.preprocess(blankToNull, z.enum(LANGUAGES, {
    error: msg('validation.one_of', { field: 'language', values: LANGUAGES.join(', ') }),
  }).nullable().optional()),
  /** The zone set by hand (IANA name); null (or blank) infers it from the location again. */
  timeZone: z.preprocess(blankToNull, z.string({ error: msg('validation.time_zone') }).trim()
    .pipe(timeZoneParam).nullable().optional()),
};

/** What a candidate corrects themselves on the privacy page (domain/privacy): checked as the candidate API checks them. */
export const CANDIDATE_CORRECTION_FIELDS = {
  name: candidateFields.name.optional(), phone: candidateFields.phone, location: candidateFields.location,
};

/** Also the check of every CSV row, which does not pass through the API's parse(): text that cannot be stored is refused. */
export const candidateCreateSchema = z.object({ ...candidateFields, talentPoolIds: poolIds.optional() }).superRefine((value, ctx) => {
  const bad = findUnstorableText(value);
  if (bad) ctx.addIssue({ code: 'custom', path: bad.path, message: msg(bad.problem, { field: fieldName(bad.path, 'row') }) });
});
export type CandidateCreate = z.infer<typeof candidateCreateSchema>;

export const candidateUpdateSchema = z.object(candidateFields).partial()
  .refine((value) => Object.values(value).some((v) => v !== undefined), { message: msg('validation.nothing_to_update') });
export type CandidateUpdate = z.infer<typeof candidateUpdateSchema>;

/** Query string values arrive as text: blank means "not given". */
const queryText = (max: number, field: string) =>
  z.preprocess(blankToNull, z.string().trim().max(max, msg('validation.at_most_characters', { field, limit: max })).nullable().optional());
const queryInt = (field: string, min: number, max: number) => z.preprocess(blankToNull,
  z.coerce.number({ error: msg('validation.must_be_number', { field }) }).int(msg('validation.whole_number', { field }))
    .min(min, msg('validation.between', { field, min, max })).max(max, msg('validation.between', { field, min, max }))
    .nullable().optional());

/** Filters shared by the list, the CSV export and "select all matching" bulk actions. */
export const candidateFilterSchema = z.object({
  q: queryText(200, 'q'),
  talentPoolId: queryInt('talentPoolId', 1, Number.MAX_SAFE_INTEGER),
  skill: z.preprocess(blankToNull, z.string().trim().toLowerCase().max(50, msg('validation.at_most_characters', { field: 'skill', limit: 50 })).nullable().optional()),
  seniority: z.preprocess(blankToNull, z.enum(SENIORITY_LEVELS, {
    error: msg('validation.one_of', { field: 'seniority', values: SENIORITY_LEVELS.join(', ') }),
  }).nullable().optional()),
  location: queryText(120, 'location'),
  consent: z.preprocess(blankToNull, z.enum(CONSENT_FILTERS, { error: msg('validation.choice', { field: 'consent', choices: 'email, whatsapp or none' }) }).nullable().optional()),
  minEngagement: queryInt('minEngagement', 0, 100),
});
export type CandidateFilter = z.infer<typeof candidateFilterSchema>;

export const candidateListQuerySchema = candidateFilterSchema.extend({
  limit: z.preprocess(blankToNull, z.coerce.number({ error: msg('validation.must_be_number', { field: 'limit' }) }).int(msg('validation.whole_number', { field: 'limit' }))
    .min(1, msg('validation.between', { field: 'limit', min: 1, max: 10000 })).max(10_000, msg('validation.between', { field: 'limit', min: 1, max: 10000 })).default(50)),
  offset: z.preprocess(blankToNull, z.coerce.number({ error: msg('validation.must_be_number', { field: 'offset' }) }).int(msg('validation.whole_number', { field: 'offset' }))
    .min(0, msg('validation.zero_or_more', { field: 'offset' })).max(10_000_000, msg('validation.too_large', { field: 'offset' })).default(0)),
  cursor: queryText(500, 'cursor'),
  sort: z.preprocess(blankToNull, z.enum(CANDIDATE_SORTS, { error: msg('validation.one_of', { field: 'sort', values: CANDIDATE_SORTS.join(', ') }) }).default('name')),
  dir: z.preprocess(blankToNull, z.enum(['asc', 'desc'], { error: msg('validation.choice', { field: 'dir', choices: 'asc or desc' }) }).default('asc')),
  /** Only these fields (comma-separated), e.g. `fields=id,name,email,allowsEmail`; all when unset. */
  fields: z.preprocess((value) => (typeof value === 'string' && value.trim() ? value.split(',').map((f) => f.trim()) : undefined),
    z.array(z.enum(CANDIDATE_FIELDS, { error: msg('validation.fields_list', { values: CANDIDATE_FIELDS.join(', ') }) })).optional()),
  /**
   * `count=false`: the page without X-Total-Count. Counting reads every candidate the filters match (about a second
   * at a million), so the people list asks GET /api/candidates/count once per filter and pages without it.
   */
  count: z.enum(['true', 'false'], { error: msg('validation.true_or_false', { field: 'count' }) }).optional()
    .transform((value) => value !== 'false'),
});
export type CandidateListQuery = z.infer<typeof candidateListQuerySchema>;

export const candidateIdsSchema = z.object({
  candidateIds: z.array(idSchema(msg('validation.candidate_ids')),
    { error: msg('validation.candidate_ids') })
    .min(1, msg('validation.candidate_ids_min')).max(10_000, msg('validation.candidate_ids_max')),
});

// ---- Answers (the API's responses; the browser reads these types) ----

const CONTACT_BLOCKER_CODES = ['no_email', 'opted_out', 'no_consent', 'consent_expired', 'suppressed', 'no_whatsapp_number', 'whatsapp_opted_out', 'no_whatsapp_consent'] as const;

export const candidateSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  whatsappNumber: z.string().nullable(),
  allowsEmail: z.boolean(),
  allowsWhatsapp: z.boolean(),
  /** The pool joined first; null when in none. */
  talentPoolId: z.number().nullable(),
  talentPoolIds: z.array(z.number()),
  preferredContactMethod: z.enum(CONTACT_METHODS),
  jobFunction: z.string().nullable(),
  skillTags: z.array(z.string()),
  seniorityLevel: z.enum(SENIORITY_LEVELS).nullable(),
  location: z.string().nullable(),
  preferredRole: z.string().nullable(),
  leadScore: z.number(),
  engagementScore: z.number(),
  unsubscribedAt: timestamp.nullable(),
  whatsappOptedOutAt: timestamp.nullable(),
  /** When the email consent lapses (the ledger's last grant plus the organisation's consentValidMonths); null: no consent. */
  emailConsentExpiresAt: timestamp.nullable(),
  notes: z.string().nullable(),
  /** Set by hand, by CSV, or read from their first reply in a clear language; null: not known. */
  language: z.enum(LANGUAGES).nullable(),
  createdAt: timestamp,
  updatedAt: timestamp,
  /** In a likely duplicate pair nobody dismissed (GET /api/candidates/duplicates; decision 042). */
  possibleDuplicate: z.boolean(),
});
export type Candidate = z.infer<typeof candidateSchema>;

/** GET /api/candidates: the page of candidates, with only the asked `fields` when given (X-Total-Count has the total). */
export const candidateListSchema = z.array(candidateSchema.partial());

/** GET /api/candidates/count: how many candidates the filters match. */
export const candidateCountSchema = z.object({ total: z.number() });

export const consentEventSchema = z.object({
  channel: z.enum(['email', 'whatsapp']),
  granted: z.boolean(),
  source: z.string(),
  wording: z.string().nullable(),
  createdAt: timestamp,
  createdBy: z.string().nullable(),
});
export type ConsentEvent = z.infer<typeof consentEventSchema>;

/** A message in the candidate drawer: 'out' is what we sent, 'in' what the candidate wrote. */
export const candidateMessageSchema = z.object({
  id: z.number(),
  subject: z.string().nullable(),
  direction: z.enum(['in', 'out']),
  channel: z.enum(['email', 'whatsapp']),
  sentiment: z.enum(['positive', 'negative', 'neutral', 'other']).nullable(),
  status: z.enum(['draft', 'queued', 'sending', 'sent', 'failed', 'received']),
  createdAt: timestamp,
  autoReply: z.boolean(),
  /** An out-of-office reply's return date (YYYY-MM-DD), when it says one. */
  autoReplyUntil: z.string().nullable(),
  optOutReview: z.boolean(),
  /** Its latest bounce, if it bounced (domain/mail/bounces.ts). */
  bounce: bounceSchema.nullable().optional(),
});
export type CandidateMessage = z.infer<typeof candidateMessageSchema>;

/** One counted signal of the score (decision 016): its weight now, after the repeat discount and decay. */
export const engagementSignalSchema = z.object({ kind: z.string(), weight: z.number(), at: timestamp });

/**
 * The candidate's engagement: the score as of now with its band and the signals
 * behind it (domain/engagement/score.ts), and counts of all events (opens: raw,
 * humanOpens: without machine opens). The newer fields have defaults so that
 * answers written before them still parse.
 */
export const candidateEngagementSchema = z.object({
  score: z.number(),
  band: z.enum(ENGAGEMENT_BANDS).optional(),
  signals: z.array(engagementSignalSchema).default([]),
  opens: z.number(),
  humanOpens: z.number().default(0),
  clicks: z.number(),
  replies: z.number(),
  meetings: z.number().default(0),
});
export type CandidateEngagement = z.infer<typeof candidateEngagementSchema>;

export const candidateDetailSchema = candidateSchema.extend({
  pools: z.array(z.object({ id: z.number(), name: z.string() })),
  consentHistory: z.array(consentEventSchema),
  /** Why the candidate cannot be contacted now, per channel (domain/consent/eligibility.ts); empty: they can. */
  contactBlockers: z.object({ email: z.array(z.enum(CONTACT_BLOCKER_CODES)), whatsapp: z.array(z.enum(CONTACT_BLOCKER_CODES)) }),
  messages: z.array(candidateMessageSchema),
  engagement: candidateEngagementSchema,
  /** The address bounced hard and is suppressed: its latest hard bounce (null: it did not, or it was lifted). */
  emailBounce: bounceSchema.nullable().optional(),
  /**
   * The zone a send window uses for them: set by hand (manual), else inferred from the location when it names
   * one, else the organisation's. fromLocation is source === 'location' (kept for older readers).
   */
  timeZone: z.object({ zone: z.string(), fromLocation: z.boolean(), source: z.enum(TIME_ZONE_SOURCES) }),
});
export type CandidateDetail = z.infer<typeof candidateDetailSchema>;
