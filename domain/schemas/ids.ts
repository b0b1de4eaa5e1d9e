// Numeric ids: positive whole numbers up to 2^53-1, the largest a JSON number
// carries exactly (and well inside PostgreSQL's bigint). Bigger ones (1e20)
// are refused here instead of failing in the database.
import { z } from 'zod';

export const MAX_ID = Number.MAX_SAFE_INTEGER;

/** True for a value that can be a row id. */
export const isId = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) > 0;

/** A numeric id in a JSON body; `message` is said for anything that is not one. */
export function idSchema(message: string) {
  return z.number({ error: message }).int(message).positive(message).max(MAX_ID, message);
}
