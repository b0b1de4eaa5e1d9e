// What the /api/auth routes share: the JSON-only rule, the 429 answer and the
// limit on password confirmations.
import type { Context, MiddlewareHandler } from 'hono';
import { hit, PASSWORD_CONFIRM_PER_USER, type RateDecision } from '#platform/http/rate-limit.server.ts';
import type { AppEnv } from '../context.ts';
import { HttpError, isJsonType, notJsonError } from '../http.ts';
import { say } from '#domain/i18n/codes.ts';

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

/** The 400 for a password check the identity provider refused. */
export function passwordRefused(reason: 'password incorrect' | 'password refused', field: string): never {
  if (reason === 'password refused') throw new HttpError(400, 'new_password_refused', { field });
  throw new HttpError(400, say('password_incorrect', { field }), { field });
}
