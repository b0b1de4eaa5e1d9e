import { codeText } from '../i18n/serverText.ts';
import type { Params } from '#domain/i18n/codes.ts';

/** An HTTP error from our API. `message` is `${status}: ${detail}` (spec §8). */
export class ApiError extends Error {
  readonly status: number;
  /** The server's text without the status prefix (its English `error`). */
  readonly detail: string;
  /** The parsed JSON body, when there was one. */
  readonly body: unknown;

  constructor(status: number, detail: string, body: unknown) {
    super(`${status}: ${detail}`);
    this.name = 'ApiError';
    this.status = status;
    this.detail = detail;
    this.body = body;
  }

  /** The `code` field of the JSON body (e.g. "candidate_not_found", "two_factor_required"; decision 032), if any. */
  get code(): string | undefined {
    const body = this.body;
    if (body && typeof body === 'object' && 'code' in body && typeof body.code === 'string') {
      return body.code;
    }
    return undefined;
  }

  /** The `params` of the JSON body: the values the code's text fills in. */
  get params(): Params | undefined {
    const body = this.body;
    if (body && typeof body === 'object' && 'params' in body && body.params && typeof body.params === 'object') {
      return body.params as Params;
    }
    return undefined;
  }
}

/**
 * Text for a toast, an alert or a field: what the server said, in the interface's language (its code
 * in the catalogue; a code this browser does not know shows the server's English `error`).
 */
export function errorText(error: unknown, fallback = 'Something went wrong'): string {
  if (error instanceof ApiError) return codeText(error.code, error.params, error.detail || fallback) || fallback;
  if (error instanceof Error) return error.message || fallback;
  return fallback;
}
