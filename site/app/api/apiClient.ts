// The one place that talks HTTP to /api (spec §7, §8): credentials included, JSON
// bodies, an optional time-out, errors as `${status}: ${detail}`.
import { assignLocation } from '../lib/browserNavigation.ts';
import { loadErrorTexts } from '../i18n/i18n.ts';
import { ApiError } from './ApiError.ts';
import { parseJson } from '#platform/json.ts';

/**
 * The spec's text for a request that timed out: the English of the API's own code for it, errors.ai_timeout,
 * written out so the catalogue's errors stay out of the first load (decision 052; apiClient.test.tsx compares them).
 */
export const TIMEOUT_MESSAGE = 'Request timed out. AI generation is taking longer than expected.';

/** A request this browser gave up on: said with the API's code for a draft that took too long. */
export class RequestTimeoutError extends Error {
  readonly code = 'ai_timeout';
}
export const TWO_FACTOR_MESSAGE = 'Two-factor authentication required';
export const VERIFY_2FA_PATH = '/verify-2fa';

export type QueryParams = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  /** Abort the request after this many milliseconds with TIMEOUT_MESSAGE. */
  timeoutMs?: number;
  /** Caller's cancellation (TanStack Query passes one). */
  signal?: AbortSignal;
}

export interface GetJsonOptions extends RequestOptions {
  /** 'returnNull': a 401 resolves to null (session probe). Default 'throw'. */
  on401?: 'returnNull' | 'throw';
}

/** The default reader: GET path?params, parsed JSON. */
export async function getJson<T = unknown>(
  path: string,
  params?: QueryParams,
  options: GetJsonOptions = {},
): Promise<T | null> {
  const res = await send(withParams(path, params), { method: 'GET' }, options);
  return (await answerOf(res, options.on401)) as T | null;
}

/**
 * A reply's parsed JSON (null for an empty body), or the error the spec names:
 * "status: detail", the two-factor redirect, and null for a 401 when the
 * caller reads with on401: 'returnNull'. The typed client (client.ts) reads
 * its replies here too.
 */
export async function answerOf(res: Response, on401: GetJsonOptions['on401'] = 'throw'): Promise<unknown> {
  if (res.status === 401 && on401 === 'returnNull') {
    const { json } = await readBody(res);
    if (isTwoFactorChallenge(json)) throw twoFactorRedirect();
    return null;
  }
  if (!res.ok) throw await toError(res);
  return (await readBody(res)).json;
}

export function withParams(path: string, params?: QueryParams): string {
  if (!params) return path;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null) search.append(key, String(value));
  }
  const query = search.toString();
  if (!query) return path;
  return path + (path.includes('?') ? '&' : '?') + query;
}

/** Fetches with the caller's signal and the optional time-out (TIMEOUT_MESSAGE); cookies always included. */
async function send(path: string, init: RequestInit, options: RequestOptions): Promise<Response> {
  return withTimeout(options, (signal) => fetch(path, { ...init, credentials: 'include', signal }));
}

/** Runs `request` with a signal that aborts on the caller's signal or after `timeoutMs` (then TIMEOUT_MESSAGE). */
export async function withTimeout<T>(options: RequestOptions, request: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const { timeoutMs, signal } = options;
  const controller = new AbortController();
  let timedOut = false;
  const timer = timeoutMs === undefined ? undefined : setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const onCallerAbort = () => controller.abort(signal?.reason);
  if (signal?.aborted) controller.abort(signal.reason);
  else signal?.addEventListener('abort', onCallerAbort, { once: true });

  try {
    return await request(controller.signal);
  } catch (error) {
    if (timedOut) throw new RequestTimeoutError(TIMEOUT_MESSAGE, { cause: error });
    throw error;
  } finally {
    if (timer !== undefined) clearTimeout(timer);
    signal?.removeEventListener('abort', onCallerAbort);
  }
}

async function readBody(res: Response): Promise<{ text: string; json: unknown }> {
  const text = await res.text();
  if (!text) return { text, json: null };
  try {
    return { text, json: parseJson(text) };
  } catch {
    return { text, json: undefined };
  }
}

export async function toError(res: Response): Promise<Error> {
  const { text, json } = await readBody(res);
  if (res.status === 401 && isTwoFactorChallenge(json)) return twoFactorRedirect();
  // The error is shown by its code (ApiError.ts errorText): its words first (already loading since the first paint).
  // Should they not load, the server's English `error` shows.
  await loadErrorTexts().catch(() => undefined);
  return new ApiError(res.status, detailOf(json, text, res.statusText), json);
}

function detailOf(json: unknown, text: string, statusText: string): string {
  if (json !== null && typeof json === 'object') {
    const { error, message } = json as { error?: unknown; message?: unknown };
    const picked = error ?? message;
    if (picked === undefined || picked === null) return JSON.stringify(json);
    return typeof picked === 'string' ? picked : JSON.stringify(picked);
  }
  return text || statusText;
}

function isTwoFactorChallenge(json: unknown): boolean {
  return json !== null && typeof json === 'object'
    && (json as { requiresTwoFactor?: unknown }).requiresTwoFactor === true;
}

function twoFactorRedirect(): Error {
  assignLocation(VERIFY_2FA_PATH);
  return new Error(TWO_FACTOR_MESSAGE);
}
