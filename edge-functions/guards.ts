// Request guards: origin check for cookie requests, signed-in user, admin.
import type { Context, MiddlewareHandler } from 'hono';
import { resolveCaller } from '#domain/auth/session.server.ts';
import { withClaims, type Tx } from '#platform/db/request.server.ts';
import type { AuthRequest, Cookies } from '#platform/auth/identity.server.ts';
import type { AppEnv } from './context.ts';
import { HttpError } from './http.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * A state-changing request that carries cookies must come from our own pages:
 * its Origin must be PUBLIC_URL's or one of TRUSTED_ORIGINS. Never the request's
 * own Host: a client chooses that. Requests without cookies (mail webhooks,
 * one-click unsubscribe) carry no ambient authority and pass.
 */
export const originCheck: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (SAFE_METHODS.has(c.req.method) || !c.req.header('cookie')) return next();
  const origin = c.req.header('origin');
  const { config } = c.var.deps;
  const allowed = new Set([new URL(config.publicUrl).origin, ...config.trustedOrigins]);
  if (!origin || !allowed.has(origin)) {
    throw new HttpError(403, 'origin_refused', { field: 'origin' });
  }
  return next();
};

export async function loadCaller(c: Context<AppEnv>) {
  const cached = c.get('caller');
  if (cached) return cached;
  const { identity, pools, config } = c.var.deps;
  const caller = await resolveCaller(identity, pools.owner, authRequest(c), config.session);
  // A renewed token (Supabase refreshes an expired one) goes back with this answer.
  setCookies(c, caller.cookies);
  c.set('caller', caller);
  return caller;
}

export const requireUser: MiddlewareHandler<AppEnv> = async (c, next) => {
  const caller = await loadCaller(c);
  if (caller.kind === 'pending-two-factor') {
    throw new HttpError(401, 'two_factor_pending', { extra: { requiresTwoFactor: true } });
  }
  if (caller.kind !== 'user') throw new HttpError(401, 'not_signed_in');
  c.set('user', caller.user);
  return next();
};

/** Admins only, and only once they have two-factor sign-in and this session passed it (Supabase: aal2). */
export const requireAdmin: MiddlewareHandler<AppEnv> = async (c, next) => {
  const user = c.var.user;
  if (user.role !== 'admin') {
    throw new HttpError(403, 'forbidden');
  }
  const caller = c.var.caller;
  if (!user.twoFactorEnabled || caller.kind !== 'user' || !caller.secondFactor) {
    throw new HttpError(403, 'two_factor_required');
  }
  return next();
};

/**
 * Runs `work` in one transaction as the signed-in user, under row-level security. With
 * Supabase Auth the database reads Supabase's own verified JWT (auth.uid(), auth.jwt()).
 */
export function asUser<T>(c: Context<AppEnv>, work: (tx: Tx) => Promise<T>): Promise<T> {
  const user = c.var.user;
  const caller = c.var.caller;
  const providerClaims = caller.kind === 'user' ? caller.claims : undefined;
  return withClaims(c.var.deps.pools.app, {
    ...providerClaims, role: 'authenticated', sub: user.id, username: user.username, app_role: user.role,
  }, work);
}

/** The request as the identity provider sees it: headers and the client address we determined. */
export function authRequest(c: Context<AppEnv>): AuthRequest {
  return { headers: c.req.raw.headers, clientIp: c.var.deps.clientIp(c) };
}

/** Copies the identity provider's cookies onto our answer. */
export function setCookies(c: Context, cookies: Cookies) {
  for (const cookie of cookies) c.header('set-cookie', cookie, { append: true });
}

export function asAnon<T>(c: Context<AppEnv>, work: (tx: Tx) => Promise<T>): Promise<T> {
  return withClaims(c.var.deps.pools.app, { role: 'anon' }, work);
}
