// Candidates' data rights (issue 30): retention rules, the preview of who they erase, exemptions, and
// the data requests (access, correction, erasure) with their deadline. What the routes take and (at the
// bottom) what they answer; the browser's forms and tables use the same schemas and types.
import { z } from 'zod';
import { msg } from '../i18n/codes.ts';
import { timestamp } from '../schemas/answers.ts';
import { idSchema } from '../schemas/ids.ts';

export const RETENTION_RULE_KINDS = ['inactive', 'no_consent', 'erasure_requested'] as const;
export type RetentionRuleKind = typeof RETENTION_RULE_KINDS[number];

export const DATA_REQUEST_KINDS = ['access', 'correction', 'erasure'] as const;
export type DataRequestKind = typeof DATA_REQUEST_KINDS[number];
export const DATA_REQUEST_SOURCES = ['privacy_page', 'email', 'phone', 'letter', 'other'] as const;
/** How a request entered by hand arrived (the privacy page writes its own). */
export const HAND_SOURCES = ['email', 'phone', 'letter', 'other'] as const;
export const DATA_REQUEST_STATES = ['open', 'scheduled', 'done', 'refused', 'withdrawn'] as const;
export type DataRequestState = typeof DATA_REQUEST_STATES[number];
/** Still to be handled: the deadline runs. */
export const ACTIVE_STATES: readonly DataRequestState[] = ['open', 'scheduled'];

export const RULE_MONTHS = { min: 1, max: 240 } as const;
export const GRACE_DAYS = { min: 0, max: 365 } as const;
export const REASON_LENGTH = { min: 3, max: 500 } as const;
/** The preview looks this many days ahead, unless asked otherwise. */
export const PREVIEW_DAYS = 30;
export const PAGE_SIZE = 50;

function wholeNumber(field: string, { min, max }: { min: number; max: number }) {
  const between = msg('validation.between', { field, min, max });
  return z.number({ error: msg('validation.must_be_number', { field }) }).int(msg('validation.whole_number', { field })).min(min, between).max(max, between);
}

const monthsSchema = wholeNumber('months', RULE_MONTHS);
const graceDaysSchema = wholeNumber('graceDays', GRACE_DAYS);
const enabledSchema = z.boolean({ error: msg('validation.true_or_false', { field: 'enabled' }) });

/** A reason a person reads later in the audit log: 3 to 500 characters. */
export function reasonSchema(field: string) {
  return z.string({ error: msg('validation.required', { field }) }).trim()
    .min(REASON_LENGTH.min, msg('validation.reason_required', { field }))
    .max(REASON_LENGTH.max, msg('validation.at_most_characters', { field, limit: REASON_LENGTH.max }));
}

/** POST /api/admin/retention-rules: a time-based rule has months; an erasure request's date is its own. */
export const retentionRuleCreateSchema = z.strictObject({
  kind: z.enum(RETENTION_RULE_KINDS, { error: msg('validation.choice', { field: 'kind', choices: 'inactive, no_consent or erasure_requested' }) }),
  months: monthsSchema.nullable().optional(),
  graceDays: graceDaysSchema.default(30),
  enabled: enabledSchema.default(true),
}).superRefine((rule, ctx) => {
  if (rule.kind === 'erasure_requested' && rule.months != null) {
    ctx.addIssue({ code: 'custom', path: ['months'], message: msg('validation.erasure_rule_no_months') });
  } else if (rule.kind !== 'erasure_requested' && rule.months == null) {
    ctx.addIssue({ code: 'custom', path: ['months'], message: msg('validation.required', { field: 'months' }) });
  }
});
export type RetentionRuleCreate = z.output<typeof retentionRuleCreateSchema>;

/** PATCH /api/admin/retention-rules/:id: what changes (the kind stays). */
export const retentionRuleUpdateSchema = z.strictObject({
  months: monthsSchema.optional(),
  graceDays: graceDaysSchema.optional(),
  enabled: enabledSchema.optional(),
}).refine((change) => Object.keys(change).length > 0, { message: msg('validation.nothing_to_update') });
export type RetentionRuleUpdate = z.output<typeof retentionRuleUpdateSchema>;

/** GET /api/admin/retention-preview?days=30&page=1 */
export const retentionPreviewQuerySchema = z.object({
  days: z.coerce.number({ error: msg('validation.must_be_number', { field: 'days' }) }).int(msg('validation.whole_number', { field: 'days' }))
    .min(0, msg('validation.between', { field: 'days', min: 0, max: 366 })).max(366, msg('validation.between', { field: 'days', min: 0, max: 366 }))
    .default(PREVIEW_DAYS),
  page: z.coerce.number({ error: msg('validation.must_be_number', { field: 'page' }) }).int(msg('validation.whole_number', { field: 'page' }))
    .min(1, msg('validation.between', { field: 'page', min: 1, max: 10000 })).max(10_000, msg('validation.between', { field: 'page', min: 1, max: 10000 }))
    .default(1),
});
export type RetentionPreviewQuery = z.output<typeof retentionPreviewQuerySchema>;

/** POST /api/admin/retention-exemptions: keep one person out of the time-based rules, and why. */
export const retentionExemptionCreateSchema = z.strictObject({
  candidateId: idSchema(msg('validation.candidate_id', { field: 'candidateId' })),
  reason: reasonSchema('reason'),
});
export type RetentionExemptionCreate = z.output<typeof retentionExemptionCreateSchema>;

/** GET /api/admin/data-requests?state=active&kind=erasure&overdue=true&page=1 (state `active`: open or scheduled). */
export const dataRequestQuerySchema = z.object({
  state: z.enum([...DATA_REQUEST_STATES, 'active'], { error: msg('validation.choice', { field: 'state', choices: 'active, open, scheduled, done, refused or withdrawn' }) }).optional(),
  kind: z.enum(DATA_REQUEST_KINDS, { error: msg('validation.choice', { field: 'kind', choices: 'access, correction or erasure' }) }).optional(),
  overdue: z.enum(['true', 'false'], { error: msg('validation.true_or_false', { field: 'overdue' }) }).optional()
    .transform((value) => value === 'true'),
  page: retentionPreviewQuerySchema.shape.page,
});
export type DataRequestQuery = z.output<typeof dataRequestQuerySchema>;

const optionalTrimmed = (field: string, max: number) => z.string({ error: msg('validation.must_be_text', { field }) }).trim()
  .max(max, msg('validation.at_most_characters', { field, limit: max }))
  .transform((value) => value || null).nullable().optional();

/**
 * POST /api/data-requests: a request that came by email, phone or letter, entered by hand by a member.
 * It names the candidate, or at least who asked; `receivedAt` (default now) starts its one month.
 */
export const dataRequestCreateSchema = z.strictObject({
  candidateId: idSchema(msg('validation.candidate_id', { field: 'candidateId' })).nullable().optional(),
  requesterName: optionalTrimmed('requesterName', 200),
  requesterEmail: z.string({ error: msg('validation.must_be_text', { field: 'requesterEmail' }) }).trim().toLowerCase()
    .transform((value) => value || null)
    .pipe(z.email({ error: msg('validation.email_address_field', { field: 'requesterEmail' }) }).max(254, msg('validation.at_most_characters', { field: 'requesterEmail', limit: 254 })).nullable())
    .nullable().optional(),
  kind: z.enum(DATA_REQUEST_KINDS, { error: msg('validation.choice', { field: 'kind', choices: 'access, correction or erasure' }) }),
  source: z.enum(HAND_SOURCES, { error: msg('validation.choice', { field: 'source', choices: 'email, phone, letter or other' }) }),
  details: optionalTrimmed('details', 4000),
  receivedAt: z.iso.datetime({ offset: true, error: msg('validation.date_time', { field: 'receivedAt' }) }).optional(),
}).superRefine((request, ctx) => {
  if (request.candidateId == null && !request.requesterName) {
    ctx.addIssue({ code: 'custom', path: ['requesterName'], message: msg('validation.requester_required') });
  }
  if (request.receivedAt !== undefined) {
    const at = Date.parse(request.receivedAt);
    if (at > Date.now() + 60_000) ctx.addIssue({ code: 'custom', path: ['receivedAt'], message: msg('validation.received_in_future') });
    else if (at < Date.now() - 366 * 86_400_000) ctx.addIssue({ code: 'custom', path: ['receivedAt'], message: msg('validation.received_too_long_ago') });
  }
});
export type DataRequestCreate = z.output<typeof dataRequestCreateSchema>;

/**
 * PATCH /api/admin/data-requests/:id: handled. `done` (an erasure: the candidate is erased now);
 * `refused` says why in `resolution` (for an erasure: the data is kept, and why).
 */
export const dataRequestHandleSchema = z.discriminatedUnion('state', [
  z.strictObject({ state: z.literal('done'), resolution: optionalTrimmed('resolution', 2000) }),
  z.strictObject({ state: z.literal('refused'), resolution: reasonSchema('resolution') }),
], { error: msg('validation.choice', { field: 'state', choices: 'done or refused' }) });
export type DataRequestHandle = z.output<typeof dataRequestHandleSchema>;

// ---- Answers ----

const personSchema = z.object({ id: z.number(), name: z.string() });
/** A user, by name (null: deleted, or the system). */
const userNameSchema = z.string().nullable();

export const retentionRuleSchema = z.object({
  id: z.number(),
  kind: z.enum(RETENTION_RULE_KINDS),
  months: z.number().nullable(),
  graceDays: z.number(),
  enabled: z.boolean(),
  updatedBy: userNameSchema,
  updatedAt: timestamp,
});
export type RetentionRule = z.infer<typeof retentionRuleSchema>;

/** GET /api/admin/retention-rules */
export const retentionRuleListSchema = z.object({ rules: z.array(retentionRuleSchema) });
/** POST and PATCH /api/admin/retention-rules(/:id) */
export const retentionRuleAnswerSchema = z.object({ rule: retentionRuleSchema });

/** One person the rules erase: why (the rule and since when) and on which day. */
export const retentionPreviewItemSchema = z.object({
  candidate: personSchema.extend({ email: z.string().nullable() }),
  rule: z.object({ id: z.number(), kind: z.enum(RETENTION_RULE_KINDS), months: z.number().nullable(), graceDays: z.number() }),
  /** inactive: the last activity; no_consent: since when without consent; erasure_requested: when it was asked. */
  since: timestamp,
  /** The day of the erasure (YYYY-MM-DD, the organisation's calendar). */
  eraseOn: z.string(),
  /** Not before this moment (an erasure request's undo window). */
  eraseAfter: timestamp,
  /** The erasure request behind it (erasure_requested). */
  dataRequestId: z.number().nullable(),
});
export type RetentionPreviewItem = z.infer<typeof retentionPreviewItemSchema>;

/** GET /api/admin/retention-preview: who is erased up to `until`, by date; one page. */
export const retentionPreviewSchema = z.object({
  until: z.string(),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  items: z.array(retentionPreviewItemSchema),
});
export type RetentionPreview = z.infer<typeof retentionPreviewSchema>;

export const retentionExemptionSchema = z.object({
  candidate: personSchema,
  reason: z.string(),
  createdBy: userNameSchema,
  createdAt: timestamp,
});
export type RetentionExemption = z.infer<typeof retentionExemptionSchema>;

/** GET /api/admin/retention-exemptions */
export const retentionExemptionListSchema = z.object({ exemptions: z.array(retentionExemptionSchema) });
/** POST /api/admin/retention-exemptions */
export const retentionExemptionAnswerSchema = z.object({ exemption: retentionExemptionSchema });

export const dataRequestSchema = z.object({
  id: z.number(),
  /** Null once erased (or when entered without one). */
  candidate: personSchema.nullable(),
  requesterName: z.string().nullable(),
  requesterEmail: z.string().nullable(),
  kind: z.enum(DATA_REQUEST_KINDS),
  source: z.enum(DATA_REQUEST_SOURCES),
  details: z.string().nullable(),
  state: z.enum(DATA_REQUEST_STATES),
  receivedAt: timestamp,
  dueAt: timestamp,
  /** Open or scheduled past its deadline. */
  overdue: z.boolean(),
  /** An erasure from the privacy page: the candidate can undo it until then. */
  executeAfter: timestamp.nullable(),
  handledBy: userNameSchema,
  handledAt: timestamp.nullable(),
  resolution: z.string().nullable(),
  createdBy: userNameSchema,
});
export type DataRequest = z.infer<typeof dataRequestSchema>;

/** GET /api/admin/data-requests: open and scheduled first by deadline, then the rest newest first; one page. */
export const dataRequestListSchema = z.object({
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  requests: z.array(dataRequestSchema),
});
export type DataRequestList = z.infer<typeof dataRequestListSchema>;

/** POST /api/data-requests, PATCH /api/admin/data-requests/:id */
export const dataRequestAnswerSchema = z.object({ request: dataRequestSchema });

/** GET /api/admin/data-rights-summary: the dashboard's card. */
export const dataRightsSummarySchema = z.object({
  /** Open or scheduled, due in the next 7 days. */
  requestsDueThisWeek: z.number(),
  /** Open or scheduled past their deadline. */
  requestsOverdue: z.number(),
  /** People the retention rules erase in the next 7 days (today included), as counted at erasuresCountedAt. */
  erasuresNext7Days: z.number(),
  /** When that count was made: it is kept up to an hour, and made again sooner when the rules, exemptions or requests change (decision 061). */
  erasuresCountedAt: timestamp,
});
export type DataRightsSummary = z.infer<typeof dataRightsSummarySchema>;
