// A 400 reply `{ error, field }` names the form field that was refused (docs/api.md).
import { ApiError } from '#app/api/ApiError.ts';

/** The refused field when it is one of `fields`, else undefined. */
export function serverFieldError<F extends string>(error: unknown, fields: readonly F[]): F | undefined {
  if (!(error instanceof ApiError) || !error.body || typeof error.body !== 'object') return undefined;
  const field = (error.body as { field?: unknown }).field;
  return fields.find((name) => name === field);
}
