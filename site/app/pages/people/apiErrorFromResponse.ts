// Requests the shared client cannot make (a header to read, a file as the
// body) still fail the same way: an ApiError with the server's `error` text.
import { ApiError } from '#app/api/ApiError.ts';

/** Reads a failed response's body into an ApiError (`${status}: ${detail}`). */
export async function apiErrorFromResponse(res: Response): Promise<ApiError> {
  const text = await res.text();
  let json: unknown;
  try { json = text ? JSON.parse(text) : null; } catch { json = undefined; }
  return new ApiError(res.status, errorDetail(json, text || res.statusText), json);
}

function errorDetail(json: unknown, fallback: string): string {
  if (json && typeof json === 'object') {
    const { error, message } = json as { error?: unknown; message?: unknown };
    const picked = error ?? message;
    if (picked !== undefined && picked !== null) return typeof picked === 'string' ? picked : JSON.stringify(picked);
    return JSON.stringify(json);
  }
  return fallback;
}
