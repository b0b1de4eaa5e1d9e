// The talent pool form validates with the API's own schema (domain/talent-pools/schemas.ts).
import type { z } from 'zod';
import { talentPoolCreateSchema } from '#domain/talent-pools/schemas.ts';

export const poolFormSchema = talentPoolCreateSchema;
export type PoolFormInput = z.input<typeof talentPoolCreateSchema>;
export type PoolFormValues = z.output<typeof talentPoolCreateSchema>;
