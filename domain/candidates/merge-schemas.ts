// Likely duplicates and merging them (issue 30, decision 042): the requests and answers of
// GET /api/candidates/duplicates, the dismissal, "Look for duplicates now" and the merge, shared by
// the API and the People page's merge dialog.
import { z } from 'zod';
import { idSchema } from '../schemas/ids.ts';
import { msg } from '../i18n/codes.ts';
import { timestamp } from '../schemas/answers.ts';

/** Why two candidates look like one person: the same mailbox, the same phone number, or the same place and a name one typo apart. */
export const DUPLICATE_REASONS = ['email', 'phone', 'name_place'] as const;
export type DuplicateReason = typeof DUPLICATE_REASONS[number];

/** The fields a merge lets the recruiter choose between, the others are combined (decision 042). */
export const MERGE_FIELDS = ['name', 'email', 'phone', 'location', 'jobFunction'] as const;
export type MergeField = typeof MERGE_FIELDS[number];

/** A channel's consent after a merge: allowed only when both allow it; else whose standing decides and since when. */
export const MERGE_CONSENT_STATES = ['allowed', 'opted_out', 'withdrawn', 'none'] as const;

const blankToNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);
const queryInt = (field: string, min: number, max: number, fallback?: number) => {
  const number = z.coerce.number({ error: msg('validation.must_be_number', { field }) }).int(msg('validation.whole_number', { field }))
    .min(min, msg('validation.between', { field, min, max })).max(max, msg('validation.between', { field, min, max }));
  return z.preprocess(blankToNull, fallback === undefined ? number.nullable().optional() : number.default(fallback));
};

export const duplicateListQuerySchema = z.object({
  limit: queryInt('limit', 1, 100, 20),
  offset: queryInt('offset', 0, 1_000_000, 0),
  /** Only the pairs this candidate is in (the drawer's "Possible duplicate"). */
  candidateId: queryInt('candidateId', 1, Number.MAX_SAFE_INTEGER),
});
export type DuplicateListQuery = z.infer<typeof duplicateListQuerySchema>;

export const duplicateDismissSchema = z.object({
  lowId: idSchema(msg('validation.candidate_id', { field: 'lowId' })),
  highId: idSchema(msg('validation.candidate_id', { field: 'highId' })),
}).refine((pair) => pair.lowId < pair.highId, { path: ['highId'], message: msg('validation.duplicate_pair_order') });
export type DuplicateDismiss = z.infer<typeof duplicateDismissSchema>;

const side = z.enum(['kept', 'other'], { error: msg('validation.merge_side') });

export const candidateMergeSchema = z.object({
  otherId: idSchema(msg('validation.candidate_id', { field: 'otherId' })),
  /** Per field, whose value the kept candidate has; unset: the kept one's, or the other's when the kept one has none. */
  fields: z.strictObject({ name: side.optional(), email: side.optional(), phone: side.optional(), location: side.optional(), jobFunction: side.optional() },
    { error: msg('validation.merge_fields') }).optional(),
});
export type CandidateMerge = z.infer<typeof candidateMergeSchema>;

// ---- Answers ----

/** One side of a pair: what the merge dialog shows in its column, and what would move with it. */
export const duplicateCandidateSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  location: z.string().nullable(),
  jobFunction: z.string().nullable(),
  allowsEmail: z.boolean(),
  allowsWhatsapp: z.boolean(),
  createdAt: timestamp,
  pools: z.number(),
  messages: z.number(),
  meetings: z.number(),
  campaigns: z.number(),
  /** The latest message in or out, or open, click or reply; null: none yet. */
  lastActivityAt: timestamp.nullable(),
});
export type DuplicateCandidate = z.infer<typeof duplicateCandidateSchema>;

export const mergeConsentOutcomeSchema = z.object({
  channel: z.enum(['email', 'whatsapp']),
  state: z.enum(MERGE_CONSENT_STATES),
  /** Whose standing decides it (null when allowed). */
  candidateId: z.number().nullable(),
  /** When they opted out or it was withdrawn. */
  since: timestamp.nullable(),
});
export type MergeConsentOutcome = z.infer<typeof mergeConsentOutcomeSchema>;

export const duplicatePairSchema = z.object({
  lowId: z.number(),
  highId: z.number(),
  reason: z.enum(DUPLICATE_REASONS),
  /** Trigram similarity of the names (name_place); 1 for the same address or number. */
  similarity: z.number().nullable(),
  foundAt: timestamp,
  /** The lower id first. */
  candidates: z.tuple([duplicateCandidateSchema, duplicateCandidateSchema]),
  /** The consent the kept candidate would have, whichever is kept (the most restrictive of the two). */
  consent: z.object({ email: mergeConsentOutcomeSchema, whatsapp: mergeConsentOutcomeSchema }),
});
export type DuplicatePair = z.infer<typeof duplicatePairSchema>;

/** The refresh of the pairs: when it last ran, and whether a "Look for duplicates now" waits for one. */
export const duplicateRefreshSchema = z.object({
  refreshedAt: timestamp.nullable(),
  requestedAt: timestamp.nullable(),
  pending: z.boolean(),
});
export type DuplicateRefresh = z.infer<typeof duplicateRefreshSchema>;

export const duplicateListSchema = z.object({
  pairs: z.array(duplicatePairSchema),
  /** Every undismissed pair the query matches. */
  total: z.number(),
  refresh: duplicateRefreshSchema,
});
export type DuplicateList = z.infer<typeof duplicateListSchema>;

/** POST /api/candidates/duplicates/refresh: queued is false when an earlier request still waits for its refresh. */
export const duplicateRefreshQueuedSchema = duplicateRefreshSchema.extend({ queued: z.boolean() });
