// The spec's /api/auth/* routes, on top of the identity provider (better-auth or
// Supabase Auth): sign-in with its protections, the second factor, the session
// probe and two-factor enrolment. A user's own sessions, password and backup
// codes: account-security.ts.
import { Hono, type Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import {
  admitLoginAttempt, DEVICE_COOKIE, DEVICE_COOKIE_MAX_AGE_SECONDS, deviceCookieSecret, loginFailed, newDeviceCookie,
  passwordAccepted, trustedDeviceId, type LoginAccount, type LoginClient,
} from '#domain/auth/login-protection.server.ts';
import { networkOf } from '#platform/http/client-ip.server.ts';
import { hit, TWO_FACTOR_PER_IP } from '#platform/http/rate-limit.server.ts';
import { loginTarget, recordSecurityEvent, usernameById } from '#domain/auth/security-events.server.ts';
import { claimTotpCode, isTotpCode, startEnrolment } from '#domain/auth/two-factor.server.ts';
import {
  loginResultSchema, loginSchema, meSchema, passwordOnlySchema, twoFactorEnrolmentSchema, twoFactorVerifiedSchema,
  verifyTwoFactorSchema,
} from '#domain/auth/schemas.ts';
import { setTwoFactorFlag } from '#domain/auth/users.server.ts';
import { successSchema } from '#domain/schemas/answers.ts';
import type { AppEnv } from '../context.ts';
import { authRequest, requireUser, setCookies } from '../guards.ts';
import { HttpError } from '../http.ts';
import { say } from '#domain/i18n/codes.ts';
import { body, doc, reply } from '../contract.ts';
import { accountSecurityRoutes } from './account-security.ts';
import { limitPasswordConfirmations, passwordRefused, requireJsonPosts, tooManyAttempts } from './auth-support.ts';

function signInExpired(): never {
  throw new HttpError(401, 'sign_in_expired', { extra: { requiresTwoFactor: false } });
}

function twoFactorLocked(until: Date): never {
  const seconds = Math.max(1, Math.ceil((until.getTime() - Date.now()) / 1000));
  const minutes = Math.ceil(seconds / 60);
  throw new HttpError(429, say('two_factor_locked', { count: minutes }), {
    extra: { retryAfter: seconds },
  });
}

/** A session was issued: remember this browser as the account's device, and audit it. */
async function signedIn(c: Context<AppEnv>, account: LoginAccount, client: LoginClient, method: string) {
  const { config, pools } = c.var.deps;
  if (!client.deviceId) {
    setCookie(c, DEVICE_COOKIE, newDeviceCookie(deviceCookieSecret(config), account.username), {
      path: '/api/auth', httpOnly: true, sameSite: 'Lax', secure: config.publicUrl.startsWith('https://'),
      maxAge: DEVICE_COOKIE_MAX_AGE_SECONDS,
    });
  }
  await recordSecurityEvent(pools.owner, {
    action: 'auth.login.success', userId: account.userId,
    details: { username: account.username, ip: client.ip, knownDevice: Boolean(client.deviceId), method },
  });
}

function loginClient(c: Context<AppEnv>, username: string): LoginClient {
  const secret = deviceCookieSecret(c.var.deps.config);
  return { ip: c.var.deps.clientIp(c), deviceId: trustedDeviceId(secret, getCookie(c, DEVICE_COOKIE), username) };
}

export const authRoutes = new Hono<AppEnv>()
  .use('*', requireJsonPosts)

  .post('/login', doc({ summary: 'Sign in with username and password', access: 'public', response: loginResultSchema }),
  body(loginSchema), async (c) => {
    const { username, password } = c.req.valid('json');
    const { pools, identity } = c.var.deps;
    const target = await loginTarget(pools.owner, username);
    const account: LoginAccount = { username: username.toLowerCase(), userId: target.userId };
    const client = loginClient(c, account.username);
    const refused = await admitLoginAttempt(pools.owner, account, client);
    if (refused) tooManyAttempts(refused);

    const result = await identity.signIn(authRequest(c), { username, email: target.email, password });
    if (result.outcome === 'refused') {
      // The provider says "banned" only after the password matched: answering so would
      // confirm the password. A banned user's right and wrong passwords get one answer.
      await loginFailed(pools.owner, account, client, result.reason);
      throw new HttpError(401, 'invalid_login');
    }
    await passwordAccepted(pools.owner, account, client);
    setCookies(c, result.cookies);
    const requiresTwoFactor = result.outcome === 'two-factor';
    if (!requiresTwoFactor) await signedIn(c, account, client, 'password');
    return reply(c, loginResultSchema, { requiresTwoFactor });
  })

  .post('/verify-2fa', doc({ summary: 'The second sign-in step: an authenticator code or a backup code', access: 'public', response: twoFactorVerifiedSchema }),
  body(verifyTwoFactorSchema), async (c) => {
    const { code } = c.req.valid('json');
    const { pools, identity } = c.var.deps;
    const userId = await identity.pendingTwoFactorUser(authRequest(c));
    if (!userId) signInExpired();
    // Counted only with a live challenge: requests without one cannot use up the address's budget.
    const byIp = await hit(pools.owner, TWO_FACTOR_PER_IP, networkOf(c.var.deps.clientIp(c)));
    if (!byIp.allowed) tooManyAttempts(byIp);
    const lockedUntil = await identity.twoFactorLockedUntil(userId);
    if (lockedUntil) twoFactorLocked(lockedUntil);

    const username = await usernameById(pools.owner, userId) ?? '';
    const account: LoginAccount = { username, userId };
    const client = loginClient(c, username);
    const failed = (reason: string) => recordSecurityEvent(pools.owner, {
      action: 'auth.two_factor.failure', userId, details: { username, ip: client.ip, reason },
    });

    const totp = isTotpCode(code);
    const cleaned = totp ? code.replace(/\s+/g, '') : code.trim();
    if (totp && await claimTotpCode(identity, pools.owner, userId, cleaned) === 'reused') {
      await failed('code already used');
      throw new HttpError(401, 'code_reused', { field: 'code' });
    }
    const result = await identity.verifySecondFactor(authRequest(c), userId, { kind: totp ? 'totp' : 'backup', value: cleaned });
    setCookies(c, result.cookies);
    if (!result.ok) {
      if (result.reason === 'expired') signInExpired();
      if (result.reason === 'too many codes') {
        throw new HttpError(401, 'too_many_codes', { extra: { requiresTwoFactor: false } });
      }
      const locked = await identity.twoFactorLockedUntil(userId);
      if (result.reason === 'locked' && locked) twoFactorLocked(locked);
      await failed(totp ? 'wrong code' : 'wrong backup code');
      if (locked) {
        // This failure was the one that locked the second factor.
        await recordSecurityEvent(pools.owner, {
          action: 'auth.two_factor.locked', userId, details: { username, ip: client.ip, until: locked.toISOString() },
        });
        twoFactorLocked(locked);
      }
      throw new HttpError(401, 'invalid_code', { field: 'code' });
    }
    await signedIn(c, account, client, totp ? 'password + authenticator code' : 'password + backup code');
    return reply(c, twoFactorVerifiedSchema, { user: { id: userId, username } });
  })

  /** The session probe: 401 signed out, 401 with requiresTwoFactor between the two sign-in steps. */
  .get('/me', doc({ summary: 'The signed-in user', response: meSchema }), requireUser, (c) =>
    reply(c, meSchema, { user: c.var.user }))

  .post('/logout', doc({ summary: 'Sign out this browser (the body, if any, is ignored; Content-Type must be JSON)', access: 'public', response: successSchema }),
  async (c) => {
    setCookies(c, await c.var.deps.identity.signOut(authRequest(c)));
    return reply(c, successSchema, { success: true });
  })

  .route('/', accountSecurityRoutes)

  .post('/two-factor/setup', doc({ summary: 'Start two-factor enrolment: the authenticator URI, its QR code and backup codes', response: twoFactorEnrolmentSchema }),
  requireUser, body(passwordOnlySchema), async (c) => {
    const { password } = c.req.valid('json');
    if (c.var.user.twoFactorEnabled) throw new HttpError(409, 'two_factor_already_on');
    await limitPasswordConfirmations(c);
    const enrolment = await startEnrolment(c.var.deps.identity, authRequest(c), c.var.user.id, password);
    if (!enrolment) passwordRefused('password incorrect', 'password');
    return reply(c, twoFactorEnrolmentSchema, enrolment);
  })

  .post('/two-factor/confirm', doc({ summary: 'Finish two-factor enrolment with a first code', response: successSchema }),
  requireUser, body(verifyTwoFactorSchema), async (c) => {
    const { code } = c.req.valid('json');
    const { identity, pools } = c.var.deps;
    const cleaned = code.replace(/\s+/g, '');
    if (await claimTotpCode(identity, pools.owner, c.var.user.id, cleaned) === 'reused') {
      throw new HttpError(400, 'code_reused', { field: 'code' });
    }
    const confirmed = await identity.confirmTwoFactor(authRequest(c), c.var.user.id, cleaned);
    if (!confirmed.ok) throw new HttpError(400, 'invalid_code', { field: 'code' });
    setCookies(c, confirmed.cookies);
    await setTwoFactorFlag(pools.owner, c.var.user.id, true);
    return reply(c, successSchema, { success: true });
  })

  .post('/two-factor/disable', doc({ summary: 'Turn two-factor sign-in off (recruiters only)', response: successSchema }),
  requireUser, body(passwordOnlySchema), async (c) => {
    const { password } = c.req.valid('json');
    if (c.var.user.role === 'admin') throw new HttpError(403, 'admins_keep_two_factor');
    await limitPasswordConfirmations(c);
    const disabled = await c.var.deps.identity.disableTwoFactor(authRequest(c), c.var.user.id, password);
    if (!disabled.ok) passwordRefused('password incorrect', 'password');
    setCookies(c, disabled.value);
    await setTwoFactorFlag(c.var.deps.pools.owner, c.var.user.id, false);
    return reply(c, successSchema, { success: true });
  });
