// What the /api/auth routes share: calling better-auth on the client's behalf,
// passing its cookies on, the JSON-only rule and the 429 answer.
import type { Context, MiddlewareHandler } from 'hono';
import { CLIENT_IP_HEADER } from '#platform/auth/better-auth.server.ts';
import { hit, PASSWORD_CONFIRM_PER_USER, type RateDecision } from '#platform/http/rate-limit.server.ts';
import type { AppEnv } from '../context.ts';
import { HttpError, isJsonType, notJsonError } from '../http.ts';
import { say } from '#domain/i18n/codes.ts';

/** The request's headers for a better-auth call, with the client address we determined (never the client's claim). */
export function authHeaders(c: Context<AppEnv>): Headers {
  const headers = new Headers(c.req.raw.headers);
  headers.set(CLIENT_IP_HEADER, c.var.deps.clientIp(c));
  return headers;
}

/** Copies better-auth's cookies onto our answer. */
export function forwardCookies(c: Context, response: Response) {
  for (const cookie of response.headers.getSetCookie()) c.header('set-cookie', cookie, { append: true });
}

/** better-auth's error code (e.g. "INVALID_PASSWORD") from a failed call. */
export async function authErrorCode(response: Response): Promise<string | undefined> {
  const body = await response.json().catch(() => ({})) as { code?: string };
  return body.code;
}

/** Fails loudly on better-auth's own 5xx instead of dressing it up as a refusal. */
export function assertNotServerError(response: Response, what: string) {
  if (response.status >= 500) throw new Error(`${what} failed in better-auth with ${response.status}`);
}

export function tooManyAttempts(decision: Pick<RateDecision, 'retryAfterSeconds'>): never {
  throw new HttpError(429, say('too_many_attempts', { minutes: Math.ceil(decision.retryAfterSeconds / 60) }), {
    extra: { retryAfter: decision.retryAfterSeconds },
  });
}

/**
 * Login CSRF and its kin: a foreign page can POST a form or text/plain without
 * asking, but JSON needs a CORS preflight that we never grant. So every POST
 * under /api/auth (sign-in and everything that changes cookies) must be JSON.
 */
export const requireJsonPosts: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (c.req.method !== 'POST') return next();
  if (!isJsonType(c.req.header('content-type'))) throw notJsonError();
  return next();
};

/** Counts a password confirmation by the signed-in user: guessing through a stolen session is limited too. */
export async function limitPasswordConfirmations(c: Context<AppEnv>) {
  const decision = await hit(c.var.deps.pools.owner, PASSWORD_CONFIRM_PER_USER, c.var.user.id);
  if (!decision.allowed) tooManyAttempts(decision);
}
