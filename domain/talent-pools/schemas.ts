// Talent pools: the requests (the pool form validates with these too) and the
// answers of /api/talent-pools.
import { z } from 'zod';
import { optionalText } from '../candidates/schemas.ts';

export const talentPoolCreateSchema = z.object({
  name: z.string({ error: 'name is required' }).trim().min(1, 'name is required').max(120, 'name must be at most 120 characters'),
  description: optionalText('description', 500),
});
export type TalentPoolCreate = z.infer<typeof talentPoolCreateSchema>;

export const talentPoolUpdateSchema = talentPoolCreateSchema.partial()
  .refine((value) => value.name !== undefined || value.description !== undefined, { message: 'nothing to update' });
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

/** GET /api/talent-pools/{id}/reach?whatsapp=true: reach when step 1 goes by WhatsApp template to whoever can get one. */
export const poolReachQuerySchema = z.object({
  whatsapp: z.enum(['true', 'false'], { error: 'whatsapp must be true or false' }).optional()
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
  skipped: z.array(z.object({ reason: z.string(), count: z.number() })),
});
export type PoolReach = z.infer<typeof poolReachSchema>;
