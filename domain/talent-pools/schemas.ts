// Talent pools: the requests (the pool form validates with these too) and the
// answers of /api/talent-pools.
import { z } from 'zod';
import { optionalText } from '../candidates/schemas.ts';
import { msg } from '../i18n/codes.ts';

/** A pool's name, at most this many characters. */
export const POOL_NAME_MAX = 120;

export const talentPoolCreateSchema = z.object({
  name: z.string({ error: msg('validation.required', { field: 'name' }) }).trim().min(1, msg('validation.required', { field: 'name' }))
    .max(POOL_NAME_MAX, msg('validation.at_most_characters', { field: 'name', limit: POOL_NAME_MAX })),
  description: optionalText('description', 500),
});
export type TalentPoolCreate = z.infer<typeof talentPoolCreateSchema>;

export const talentPoolUpdateSchema = talentPoolCreateSchema.partial()
  .refine((value) => value.name !== undefined || value.description !== undefined, { message: msg('validation.nothing_to_update') });
export type TalentPoolUpdate = z.infer<typeof talentPoolUpdateSchema>;

// ---- Answers ----

export const talentPoolSchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string().nullable(),
  /** Members now. */
  candidateCount: z.number(),
});
export type TalentPool = z.infer<typeof talentPoolSchema>;

export const talentPoolListSchema = z.array(talentPoolSchema);

/** POST /api/talent-pools/{id}/members: how many were added (members already in it are not counted). */
export const poolMembersAddedSchema = z.object({ added: z.number() });

/** POST /api/talent-pools/{id}/members/remove: how many memberships ended. */
export const poolMembersRemovedSchema = z.object({ removed: z.number() });

/** How many names GET /api/talent-pools/{id}/reach?names=true lists (the compose dialog's preview: 5, then "+ N more"). */
export const POOL_REACH_NAMES = 5;

/**
 * GET /api/talent-pools/{id}/reach?whatsapp=true: reach when step 1 goes by WhatsApp template to whoever can get one;
 * ?names=true: with the first names of who gets it.
 */
export const poolReachQuerySchema = z.object({
  whatsapp: z.enum(['true', 'false'], { error: msg('validation.true_or_false', { field: 'whatsapp' }) }).optional()
    .transform((value) => value === 'true'),
  names: z.enum(['true', 'false'], { error: msg('validation.true_or_false', { field: 'names' }) }).optional()
    .transform((value) => value === 'true'),
});

/**
 * GET /api/talent-pools/{id}/reach: who a campaign to this pool would reach now. `eligible` is everyone who gets
 * step 1, `byWhatsApp` those of them who get it by WhatsApp template (0 without ?whatsapp=true). `skipped`
 * groups the others by the reason dispatch would record (the same words as a campaign's skip reasons), most first.
 */
export const poolReachSchema = z.object({
  eligible: z.number(),
  byWhatsApp: z.number(),
  /** `reason` in English, `code` the same as a key of the catalogue's errors (errors.blockers.no_email, decision 032). */
  skipped: z.array(z.object({ reason: z.string(), code: z.string().nullable().optional(), count: z.number() })),
  /** With ?names=true: up to POOL_REACH_NAMES of the `eligible`, by name. */
  names: z.array(z.string()).optional(),
});
export type PoolReach = z.infer<typeof poolReachSchema>;
