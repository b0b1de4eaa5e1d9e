/** An HTTP error from our API. `message` is `${status}: ${detail}` (spec §8). */
export class ApiError extends Error {
  readonly status: number;
  /** The server's text without the status prefix, for showing to people. */
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

  /** The `code` field of the JSON body (e.g. "two_factor_required"), if any. */
  get code(): string | undefined {
    const body = this.body;
    if (body && typeof body === 'object' && 'code' in body && typeof body.code === 'string') {
      return body.code;
    }
    return undefined;
  }
}

/** Text for a toast or an alert: the server's words without the status prefix. */
export function errorText(error: unknown, fallback = 'Something went wrong'): string {
  if (error instanceof ApiError) return error.detail || fallback;
  if (error instanceof Error) return error.message || fallback;
  return fallback;
}
