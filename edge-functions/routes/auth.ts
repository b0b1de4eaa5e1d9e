// The spec's /api/auth/* routes, on top of better-auth.
import { Hono, type Context } from 'hono';
import { hit, reset, LOGIN_PER_IP, LOGIN_PER_USERNAME, TWO_FACTOR_PER_IP, type RateDecision } from '../../domain/auth/rate-limit.ts';
import { isTotpCode, startEnrolment } from '../../domain/auth/two-factor.ts';
import { loginSchema, passwordOnlySchema, verifyTwoFactorSchema } from '../../domain/schemas/auth.ts';
import { setTwoFactorFlag } from '../../domain/users.ts';
import type { AppEnv } from '../context.ts';
import { loadCaller, requireUser } from '../guards.ts';
import { HttpError, parseBody } from '../http.ts';

/** Copies better-auth's cookies onto our answer. */
function forwardCookies(c: Context, response: Response) {
  for (const cookie of response.headers.getSetCookie()) c.header('set-cookie', cookie, { append: true });
}

function tooManyAttempts(decision: RateDecision): never {
  throw new HttpError(429, `Too many attempts. Try again in ${Math.ceil(decision.retryAfterSeconds / 60)} minute(s).`, {
    extra: { retryAfter: decision.retryAfterSeconds },
  });
}

async function authError(response: Response, fallback: string): Promise<string> {
  const body = await response.json().catch(() => ({})) as { message?: string };
  return body.message || fallback;
}

export const authRoutes = new Hono<AppEnv>();

authRoutes.post('/login', async (c) => {
  const { username, password } = await parseBody(c, loginSchema);
  const { pools, auth } = c.var.deps;
  const ip = c.var.deps.clientIp(c);
  const byIp = await hit(pools.owner, LOGIN_PER_IP, ip);
  if (!byIp.allowed) tooManyAttempts(byIp);
  const byUser = await hit(pools.owner, LOGIN_PER_USERNAME, username);
  if (!byUser.allowed) tooManyAttempts(byUser);

  const response = await auth.api.signInUsername({
    body: { username, password },
    headers: c.req.raw.headers,
    asResponse: true,
  });
  if (!response.ok) {
    const message = response.status === 401 ? 'Invalid username or password'
      : await authError(response, 'Sign-in failed');
    throw new HttpError(response.status === 403 ? 403 : 401, message);
  }
  await reset(pools.owner, LOGIN_PER_USERNAME, username);
  forwardCookies(c, response);
  const body = await response.json() as { twoFactorRedirect?: boolean };
  return c.json({ requiresTwoFactor: Boolean(body.twoFactorRedirect) });
});

authRoutes.post('/verify-2fa', async (c) => {
  const { code } = await parseBody(c, verifyTwoFactorSchema);
  const { pools, auth } = c.var.deps;
  const byIp = await hit(pools.owner, TWO_FACTOR_PER_IP, c.var.deps.clientIp(c));
  if (!byIp.allowed) tooManyAttempts(byIp);

  const request = { headers: c.req.raw.headers, asResponse: true as const };
  const response = isTotpCode(code)
    ? await auth.api.verifyTOTP({ ...request, body: { code: code.replace(/\s+/g, '') } })
    : await auth.api.verifyBackupCode({ ...request, body: { code: code.trim() } });
  if (!response.ok) {
    const body = await response.json().catch(() => ({})) as { code?: string };
    if (body.code === 'INVALID_TWO_FACTOR_COOKIE') {
      throw new HttpError(401, 'Your sign-in has expired. Please sign in again.', { extra: { requiresTwoFactor: false } });
    }
    throw new HttpError(401, 'Invalid code', { field: 'code' });
  }
  forwardCookies(c, response);
  const { user } = await response.json() as { user: { id: string; username?: string } };
  return c.json({ user: { id: user.id, username: user.username } });
});

authRoutes.get('/me', async (c) => {
  const caller = await loadCaller(c);
  if (caller.kind === 'pending-two-factor') {
    return c.json({ error: 'Two-factor authentication required', requiresTwoFactor: true }, 401);
  }
  if (caller.kind !== 'user') return c.json({ error: 'Not signed in' }, 401);
  return c.json({ user: caller.user });
});

authRoutes.post('/logout', async (c) => {
  const response = await c.var.deps.auth.api.signOut({ headers: c.req.raw.headers, asResponse: true });
  forwardCookies(c, response);
  return c.json({ success: true });
});

authRoutes.post('/two-factor/setup', requireUser, async (c) => {
  const { password } = await parseBody(c, passwordOnlySchema);
  if (c.var.user.twoFactorEnabled) throw new HttpError(409, 'Two-factor authentication is already on');
  try {
    return c.json(await startEnrolment(c.var.deps.auth, c.req.raw.headers, password));
  } catch (error) {
    if ((error as { statusCode?: number }).statusCode === 400) throw new HttpError(400, 'password is incorrect', { field: 'password' });
    throw error;
  }
});

authRoutes.post('/two-factor/confirm', requireUser, async (c) => {
  const { code } = await parseBody(c, verifyTwoFactorSchema);
  const response = await c.var.deps.auth.api.verifyTOTP({
    body: { code: code.replace(/\s+/g, '') }, headers: c.req.raw.headers, asResponse: true,
  });
  if (!response.ok) throw new HttpError(400, 'Invalid code', { field: 'code' });
  forwardCookies(c, response);
  await setTwoFactorFlag(c.var.deps.pools.owner, c.var.user.id, true);
  return c.json({ success: true });
});

authRoutes.post('/two-factor/disable', requireUser, async (c) => {
  const { password } = await parseBody(c, passwordOnlySchema);
  if (c.var.user.role === 'admin') throw new HttpError(403, 'Admins must keep two-factor authentication on');
  const response = await c.var.deps.auth.api.disableTwoFactor({
    body: { password }, headers: c.req.raw.headers, asResponse: true,
  });
  if (!response.ok) throw new HttpError(400, 'password is incorrect', { field: 'password' });
  forwardCookies(c, response);
  await setTwoFactorFlag(c.var.deps.pools.owner, c.var.user.id, false);
  return c.json({ success: true });
});
