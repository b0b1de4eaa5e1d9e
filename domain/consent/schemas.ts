// The suppression list in the Admin Portal: what the routes take and answer.
import { z } from 'zod';
import { timestamp } from '../schemas/answers.ts';
import { msg } from '../i18n/codes.ts';

/** An admin looking up, or lifting, one address on the suppression list. */
export const suppressionLookupSchema = z.object({
  email: z.string({ error: msg('validation.required', { field: 'email' }) }).trim().toLowerCase()
    .pipe(z.email({ error: msg('validation.email_address') }).max(254, msg('validation.at_most_characters', { field: 'email', limit: 254 }))),
});
export const suppressionRemoveSchema = suppressionLookupSchema.extend({
  reason: z.string({ error: msg('validation.required', { field: 'reason' }) }).trim().min(3, msg('validation.suppression_reason_required'))
    .max(500, msg('validation.at_most_characters', { field: 'reason', limit: 500 })),
});

/** GET /api/admin/suppressions: the count, and one address when `email` is given. */
export const suppressionQuerySchema = suppressionLookupSchema.partial();

// ---- Answers ----

/** One address looked up: on the list since when and why, or not on it. */
export const suppressionEntrySchema = z.discriminatedUnion('suppressed', [
  z.object({
    email: z.string(),
    suppressed: z.literal(true),
    /** What put it there, e.g. "unsubscribe_link" (consent_events.source). */
    source: z.string(),
    /** The candidate opted out themselves (only they may reverse that). */
    byCandidate: z.boolean(),
    since: timestamp,
  }),
  z.object({ email: z.string(), suppressed: z.literal(false) }),
]);
export type SuppressionEntry = z.infer<typeof suppressionEntrySchema>;

/** GET /api/admin/suppressions */
export const suppressionSummarySchema = z.object({
  /** How many addresses are on the list (stored as hashes, so never listed). */
  count: z.number(),
  entry: suppressionEntrySchema.optional(),
});

/** POST /api/admin/suppressions/remove: lifted; the new count. */
export const suppressionRemovedSchema = z.object({ removed: z.literal(true), count: z.number() });
