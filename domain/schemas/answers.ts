// Pieces of API answers that many routes share.
import { z } from 'zod';

/** Timestamps in answers: ISO 8601 in UTC. */
export const timestamp = z.string();

/** `{ success: true }`: the change was made. */
export const successSchema = z.object({ success: z.literal(true) });

/** How many rows a bulk change touched. */
export const deletedCountSchema = z.object({ deleted: z.number() });

/** Every 4xx/5xx answer: the message, and the field it is about when there is one (null: none, as a 503 for the database says). */
export const errorSchema = z.object({ error: z.string(), field: z.string().nullable().optional() }).loose();
