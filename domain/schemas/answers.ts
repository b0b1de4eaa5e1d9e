// Pieces of API answers that many routes share.
import { z } from 'zod';

/** Timestamps in answers: ISO 8601 in UTC. */
export const timestamp = z.string();

/** `{ success: true }`: the change was made. */
export const successSchema = z.object({ success: z.literal(true) });

/** How many rows a bulk change touched. */
export const deletedCountSchema = z.object({ deleted: z.number() });

/** A code's params: the values its text fills in (decision 032). */
export const codeParamsSchema = z.record(z.string(), z.union([z.string(), z.number()]));

/**
 * A detail of a service's state (Settings → Integrations): label and value in English; `labelCode` (and `valueCode`
 * with `valueParams`, when the value is words of ours rather than an address) as keys of the catalogue's states.
 */
export const stateDetailSchema = z.object({
  label: z.string(), value: z.string(),
  labelCode: z.string().optional(), valueCode: z.string().optional(), valueParams: codeParamsSchema.optional(),
});

/**
 * Every 4xx/5xx answer: the English text, its code (a key of the catalogue's `errors`, decision 032)
 * and the params the text fills in, and the field it is about when there is one (null: none, as a
 * 503 for the database says). This server always sends `code`; it is optional here so that an
 * answer without one (an older server, a proxy) still reads: the browser then shows `error`.
 */
export const errorSchema = z.object({
  error: z.string(),
  code: z.string().optional(),
  params: codeParamsSchema.optional(),
  field: z.string().nullable().optional(),
}).loose();
