// The spec's /api/auth/* routes, on top of better-auth: sign-in with its
// protections, the second factor, the session probe and two-factor enrolment.
// A user's own sessions, password and backup codes: account-security.ts.
import { Hono, type Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import {
  admitLoginAttempt, DEVICE_COOKIE, DEVICE_COOKIE_MAX_AGE_SECONDS, deviceCookieSecret, loginFailed, newDeviceCookie,
  passwordAccepted, trustedDeviceId, type LoginAccount, type LoginClient,
} from '#domain/auth/login-protection.server.ts';
import { networkOf } from '#platform/http/client-ip.server.ts';
import { hit, TWO_FACTOR_PER_IP } from '#platform/http/rate-limit.server.ts';
import { recordSecurityEvent, userIdByUsername, usernameById } from '#domain/auth/security-events.server.ts';
import { claimTotpCode, isTotpCode, startEnrolment, twoFactorLockedUntil } from '#domain/auth/two-factor.server.ts';
import { pendingTwoFactorUser } from '#platform/auth/two-factor-challenge.server.ts';
import {
  loginResultSchema, loginSchema, meSchema, passwordOnlySchema, twoFactorEnrolmentSchema, twoFactorVerifiedSchema,
  verifyTwoFactorSchema,
} from '#domain/auth/schemas.ts';
import { setTwoFactorFlag } from '#domain/auth/users.server.ts';
import { successSchema } from '#domain/schemas/answers.ts';
import type { AppEnv } from '../context.ts';
import { requireUser } from '../guards.ts';
import { HttpError } from '../http.ts';
import { say } from '#domain/i18n/codes.ts';
import { body, doc, reply } from '../contract.ts';
import { accountSecurityRoutes } from './account-security.ts';
import {
  assertNotServerError, authErrorCode, authHeaders, forwardCookies, limitPasswordConfirmations, requireJsonPosts,
  tooManyAttempts,
} from './auth-support.ts';

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
    const { pools, auth } = c.var.deps;
    const account: LoginAccount = { username: username.toLowerCase(), userId: await userIdByUsername(pools.owner, username) };
    const client = loginClient(c, account.username);
    const refused = await admitLoginAttempt(pools.owner, account, client);
    if (refused) tooManyAttempts(refused);

    const response = await auth.api.signInUsername({ body: { username, password }, headers: authHeaders(c), asResponse: true });
    assertNotServerError(response, 'sign-in');
    if (!response.ok) {
      // better-auth says "banned" only after the password matched: answering so would
      // confirm the password. A banned user's right and wrong passwords get one answer.
      const reason = await authErrorCode(response) === 'BANNED_USER' ? 'banned' : 'invalid credentials';
      await loginFailed(pools.owner, account, client, reason);
      throw new HttpError(401, 'invalid_login');
    }
    await passwordAccepted(pools.owner, account, client);
    forwardCookies(c, response);
    const answer = await response.json() as { twoFactorRedirect?: boolean };
    const requiresTwoFactor = Boolean(answer.twoFactorRedirect);
    if (!requiresTwoFactor) await signedIn(c, account, client, 'password');
    return reply(c, loginResultSchema, { requiresTwoFactor });
  })

  .post('/verify-2fa', doc({ summary: 'The second sign-in step: an authenticator code or a backup code', access: 'public', response: twoFactorVerifiedSchema }),
  body(verifyTwoFactorSchema), async (c) => {
    const { code } = c.req.valid('json');
    const { pools, auth } = c.var.deps;
    const userId = await pendingTwoFactorUser(auth, c.req.raw.headers);
    if (!userId) signInExpired();
    // Counted only with a live challenge: requests without one cannot use up the address's budget.
    const byIp = await hit(pools.owner, TWO_FACTOR_PER_IP, networkOf(c.var.deps.clientIp(c)));
    if (!byIp.allowed) tooManyAttempts(byIp);
    const lockedUntil = await twoFactorLockedUntil(auth, userId);
    if (lockedUntil) twoFactorLocked(lockedUntil);

    const username = await usernameById(pools.owner, userId) ?? '';
    const account: LoginAccount = { username, userId };
    const client = loginClient(c, username);
    const failed = (reason: string) => recordSecurityEvent(pools.owner, {
      action: 'auth.two_factor.failure', userId, details: { username, ip: client.ip, reason },
    });

    const totp = isTotpCode(code);
    const cleaned = totp ? code.replace(/\s+/g, '') : code.trim();
    if (totp && await claimTotpCode(auth, pools.owner, userId, cleaned) === 'reused') {
      await failed('code already used');
      throw new HttpError(401, 'code_reused', { field: 'code' });
    }
    const request = { headers: authHeaders(c), asResponse: true as const };
    const response = totp
      ? await auth.api.verifyTOTP({ ...request, body: { code: cleaned } })
      : await auth.api.verifyBackupCode({ ...request, body: { code: cleaned } });
    assertNotServerError(response, 'two-factor verification');
    forwardCookies(c, response);
    if (!response.ok) {
      const reason = await authErrorCode(response);
      if (reason === 'INVALID_TWO_FACTOR_COOKIE') signInExpired();
      if (reason === 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE') {
        throw new HttpError(401, 'too_many_codes', { extra: { requiresTwoFactor: false } });
      }
      const locked = await twoFactorLockedUntil(auth, userId);
      if (reason === 'ACCOUNT_TEMPORARILY_LOCKED' && locked) twoFactorLocked(locked);
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
    const { user } = await response.json() as { user: { id: string; username?: string } };
    return reply(c, twoFactorVerifiedSchema, { user: { id: user.id, username: user.username } });
  })

  /** The session probe: 401 signed out, 401 with requiresTwoFactor between the two sign-in steps. */
  .get('/me', doc({ summary: 'The signed-in user', response: meSchema }), requireUser, (c) =>
    reply(c, meSchema, { user: c.var.user }))

  .post('/logout', doc({ summary: 'Sign out this browser (the body, if any, is ignored; Content-Type must be JSON)', access: 'public', response: successSchema }),
  async (c) => {
    const response = await c.var.deps.auth.api.signOut({ headers: c.req.raw.headers, asResponse: true });
    forwardCookies(c, response);
    return reply(c, successSchema, { success: true });
  })

  .route('/', accountSecurityRoutes)

  .post('/two-factor/setup', doc({ summary: 'Start two-factor enrolment: the authenticator URI, its QR code and backup codes', response: twoFactorEnrolmentSchema }),
  requireUser, body(passwordOnlySchema), async (c) => {
    const { password } = c.req.valid('json');
    if (c.var.user.twoFactorEnabled) throw new HttpError(409, 'two_factor_already_on');
    await limitPasswordConfirmations(c);
    try {
      return reply(c, twoFactorEnrolmentSchema, await startEnrolment(c.var.deps.auth, authHeaders(c), password));
    } catch (error) {
      if ((error as { statusCode?: number }).statusCode === 400) throw new HttpError(400, say('password_incorrect', { field: 'password' }), { field: 'password' });
      throw error;
    }
  })

  .post('/two-factor/confirm', doc({ summary: 'Finish two-factor enrolment with a first code', response: successSchema }),
  requireUser, body(verifyTwoFactorSchema), async (c) => {
    const { code } = c.req.valid('json');
    const { auth, pools } = c.var.deps;
    const cleaned = code.replace(/\s+/g, '');
    if (await claimTotpCode(auth, pools.owner, c.var.user.id, cleaned) === 'reused') {
      throw new HttpError(400, 'code_reused', { field: 'code' });
    }
    const response = await auth.api.verifyTOTP({ body: { code: cleaned }, headers: authHeaders(c), asResponse: true });
    assertNotServerError(response, 'two-factor confirmation');
    if (!response.ok) throw new HttpError(400, 'invalid_code', { field: 'code' });
    forwardCookies(c, response);
    await setTwoFactorFlag(pools.owner, c.var.user.id, true);
    return reply(c, successSchema, { success: true });
  })

  .post('/two-factor/disable', doc({ summary: 'Turn two-factor sign-in off (recruiters only)', response: successSchema }),
  requireUser, body(passwordOnlySchema), async (c) => {
    const { password } = c.req.valid('json');
    if (c.var.user.role === 'admin') throw new HttpError(403, 'admins_keep_two_factor');
    await limitPasswordConfirmations(c);
    const response = await c.var.deps.auth.api.disableTwoFactor({
      body: { password }, headers: authHeaders(c), asResponse: true,
    });
    assertNotServerError(response, 'two-factor disabling');
    if (!response.ok) throw new HttpError(400, say('password_incorrect', { field: 'password' }), { field: 'password' });
    forwardCookies(c, response);
    await setTwoFactorFlag(c.var.deps.pools.owner, c.var.user.id, false);
    return reply(c, successSchema, { success: true });
  });
