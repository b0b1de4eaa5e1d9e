// The identity port on Supabase Auth (decision 050): passwords, sessions and TOTP at
// GoTrue through @supabase/ssr's server client (its cookies set by our answers),
// users through the Auth admin API. Our server keeps what GoTrue has no place for
// (bookkeeping.server.ts): the session list and its time-outs, the TOTP secret (each
// code once; a backup code lets our server answer the TOTP challenge itself) and
// the hashed backup codes. A session passed the second factor when its JWT says aal2.
import * as OTPAuth from 'otpauth';
import type pg from 'pg';
import { isAuthApiError, type Session } from '@supabase/supabase-js';
import type { Config, SupabaseConfig } from '../../runtime/config.server.ts';
import { hit, peek, reset, TWO_FACTOR_FAILURES_PER_USER } from '../../http/rate-limit.server.ts';
import type { AuthRequest, IdentityProvider, PasswordCheck, ProviderSession, SessionLookup } from '../identity.server.ts';
import { Bookkeeping } from './bookkeeping.server.ts';
import {
  adminClient, requestClient, statelessClient, verifyAccessToken, type AccessClaims, type RequestClient, type SupabaseCookies,
} from './client.server.ts';

export interface SupabaseIdentityOptions extends SupabaseCookies {
  config: SupabaseConfig;
  /** The owner pool: schema private. */
  pool: pg.Pool;
  /** Encrypts the TOTP secrets and keys the backup codes' hashes (derived from APP_SECRET). */
  secret: string;
}

/** How long the password step waits for the second factor, as better-auth's two-factor cookie. */
const PENDING_TWO_FACTOR_MS = 10 * 60_000;
/** One account's "banned" at GoTrue: a century. */
const BANNED_FOR = '876000h';

/** GoTrue's error code (e.g. "invalid_credentials"), or null for anything that is not its refusal. */
function refusal(error: unknown): string | null {
  return isAuthApiError(error) ? error.code ?? 'unknown' : null;
}

/** Throws what is not a refusal (a network failure, GoTrue's own 5xx): that is an outage, not an answer. */
function orThrow<R extends { data: unknown; error: Error | null }>(result: R, what: string): Extract<R, { error: null }>['data'] {
  if (result.error) throw new Error(`Supabase Auth ${what} failed: ${result.error.message}`, { cause: result.error });
  return result.data;
}

/** Supabase Auth as this configuration asks for it: cookies secure behind https, as long-lived as a session may be. */
export function supabaseIdentityFor(config: Config & { supabase: SupabaseConfig }, pool: pg.Pool, secret: string): IdentityProvider {
  return supabaseIdentity({
    config: config.supabase, pool, secret,
    secure: config.publicUrl.startsWith('https://'), maxAgeSeconds: config.session.maxAgeHours * 3600,
  });
}

export function supabaseIdentity(options: SupabaseIdentityOptions): IdentityProvider {
  const { config, pool } = options;
  const books = new Bookkeeping(pool, options.secret);
  const admin = adminClient(config);
  const clientFor = (request: AuthRequest) => requestClient(config, options, request);

  /** The request's verified access token and the session it names, after a refresh if it had expired. */
  async function current(request: AuthRequest) {
    const { client, cookies, hasSession } = clientFor(request);
    if (!hasSession) return { client, cookies, claims: null };
    const { data } = await client.auth.getSession();
    const claims = data.session ? verifyAccessToken(data.session.access_token, config.jwtSecret) : null;
    return { client, cookies, claims };
  }

  async function passwordMatches(email: string | undefined, password: string): Promise<boolean> {
    if (!email) return false;
    const probe = statelessClient(config);
    const { data, error } = await probe.auth.signInWithPassword({ email, password });
    if (error) {
      if (refusal(error)) return false;
      throw error;
    }
    // The check opened a session at GoTrue; it ends at once.
    await probe.auth.signOut({ scope: 'local' });
    return Boolean(data.session);
  }

  /** A new session (sign-in or a verified factor) is one our rules now govern. */
  async function recordSession(session: Pick<Session, 'access_token'> | null, request: AuthRequest) {
    const claims = session ? verifyAccessToken(session.access_token, config.jwtSecret) : null;
    if (!claims) throw new Error('Supabase Auth answered a session whose token does not verify (check SUPABASE_JWT_SECRET)');
    await books.recordSession(claims.session_id, claims.sub, request);
    return claims;
  }

  async function challengeAndVerify(client: RequestClient['client'], request: AuthRequest, factorId: string, code: string) {
    const { data, error } = await client.auth.mfa.challengeAndVerify({ factorId, code });
    if (error) {
      if (refusal(error)) return false;
      throw error;
    }
    await recordSession(data, request);
    return true;
  }

  async function checked<T>(claims: AccessClaims | null, password: string, work: () => Promise<T>): Promise<PasswordCheck<T>> {
    if (!await passwordMatches(claims?.email, password)) return { ok: false, reason: 'password incorrect' };
    return { ok: true, value: await work() };
  }

  return {
    kind: 'supabase',

    async signIn(request, { email, password }) {
      const { client, cookies } = clientFor(request);
      const { data, error } = await client.auth.signInWithPassword({ email, password });
      if (error) {
        const code = refusal(error);
        if (!code) throw error;
        return { outcome: 'refused', reason: code === 'user_banned' ? 'banned' : 'invalid credentials' };
      }
      const claims = await recordSession(data.session, request);
      // GoTrue's own answer (not the cookie) says whether the account has a verified TOTP factor.
      const verified = data.user.factors?.find((factor) => factor.factor_type === 'totp' && factor.status === 'verified');
      await books.syncVerifiedFactor(claims.sub, verified?.id ?? null);
      return { outcome: verified ? 'two-factor' : 'signed-in', cookies };
    },

    async pendingTwoFactorUser(request) {
      const { claims } = await current(request);
      if (!claims || claims.aal === 'aal2') return null;
      const row = await books.session(claims.session_id, claims.sub);
      if (!row?.enrolled || Date.now() - row.createdAt.getTime() > PENDING_TWO_FACTOR_MS) return null;
      return claims.sub;
    },

    async verifySecondFactor(request, userId, code) {
      const { client, cookies } = clientFor(request);
      const factor = await books.factor(userId);
      if (!factor?.verified) return { ok: false, reason: 'expired', cookies };
      let verified: boolean;
      if (code.kind === 'totp') {
        verified = await challengeAndVerify(client, request, factor.factorId, code.value);
      } else {
        // GoTrue has no backup codes (its recovery codes are not yet available to projects): a right
        // one of ours lets our server answer the TOTP challenge with the user's secret.
        const { secret } = factor;
        verified = secret !== null && await books.useBackupCode(userId, code.value)
          && await challengeAndVerify(client, request, factor.factorId, totpOf(secret).generate());
      }
      if (!verified) {
        const failures = await hit(pool, TWO_FACTOR_FAILURES_PER_USER, userId);
        return { ok: false, reason: failures.hits > TWO_FACTOR_FAILURES_PER_USER.limit ? 'locked' : 'wrong', cookies };
      }
      await reset(pool, TWO_FACTOR_FAILURES_PER_USER, userId);
      return { ok: true, cookies };
    },

    async twoFactorLockedUntil(userId) {
      const decision = await peek(pool, TWO_FACTOR_FAILURES_PER_USER, userId);
      return decision.allowed ? null : new Date(Date.now() + decision.retryAfterSeconds * 1000);
    },

    async totpSecret(userId) {
      const factor = await books.factor(userId);
      return factor?.secret ? OTPAuth.Secret.fromBase32(factor.secret) : null;
    },

    async session(request): Promise<SessionLookup> {
      const { claims, cookies } = await current(request);
      if (!claims) return { kind: 'none', cookies };
      const row = await books.session(claims.session_id, claims.sub);
      // A session we did not open, or one that was ended here, is no session.
      if (!row) return { kind: 'none', cookies };
      const session: ProviderSession = {
        sessionId: row.id,
        userId: claims.sub,
        createdAt: row.createdAt,
        lastSeenAt: row.lastSeenAt,
        secondFactor: claims.aal === 'aal2',
        twoFactorEnabled: row.enrolled,
        claims,
        cookies,
      };
      return { kind: 'session', session };
    },

    touchSession: (sessionId) => books.touchSession(sessionId),

    async signOut(request) {
      const { client, cookies, claims } = await current(request);
      if (claims) await books.endSessions(claims.sub, { only: claims.session_id });
      // Ends the refresh token at GoTrue and clears the cookie, whatever GoTrue answers.
      await client.auth.signOut({ scope: 'local' });
      return cookies;
    },

    listSessions: (userId) => books.sessions(userId),
    endSession: async (userId, sessionId) => await books.endSessions(userId, { only: sessionId }) > 0,
    endOtherSessions: (userId, keepId) => books.endSessions(userId, { except: keepId }),

    async changePassword(request, userId, { currentPassword, newPassword }) {
      const { client, cookies, claims } = await current(request);
      if (!await passwordMatches(claims?.email, currentPassword)) return { ok: false, reason: 'password incorrect' };
      const { error } = await client.auth.updateUser({ password: newPassword });
      if (error) {
        if (refusal(error)) return { ok: false, reason: 'password refused' };
        throw error;
      }
      await books.endSessions(userId, { except: claims!.session_id });
      await client.auth.signOut({ scope: 'others' });
      return { ok: true, value: cookies };
    },

    async startTwoFactor(request, userId, password) {
      const { client, claims } = await current(request);
      return checked(claims, password, async () => {
        // An enrolment started earlier and never confirmed is replaced.
        const listed = orThrow(await client.auth.mfa.listFactors(), 'listing factors');
        for (const stale of listed.all.filter((factor) => factor.status === 'unverified')) {
          orThrow(await client.auth.mfa.unenroll({ factorId: stale.id }), 'removing an unconfirmed factor');
        }
        const enrolled = orThrow(await client.auth.mfa.enroll({
          factorType: 'totp', issuer: 'Talentloop', friendlyName: `Talentloop ${new Date().toISOString()}`,
        }), 'enrolment');
        await books.saveFactor(userId, enrolled.id, enrolled.totp.secret);
        return { totpURI: enrolled.totp.uri, backupCodes: await books.newBackupCodes(userId) };
      });
    },

    async confirmTwoFactor(request, userId, code) {
      const { client, cookies } = clientFor(request);
      const factor = await books.factor(userId);
      if (!factor || !await challengeAndVerify(client, request, factor.factorId, code)) return { ok: false, cookies: [] };
      await books.factorVerified(userId);
      return { ok: true, cookies };
    },

    async disableTwoFactor(request, userId, password) {
      const { client, cookies, claims } = await current(request);
      return checked(claims, password, async () => {
        const factor = await books.factor(userId);
        if (factor) orThrow(await client.auth.mfa.unenroll({ factorId: factor.factorId }), 'unenrolment');
        await books.forgetFactor(userId);
        return cookies;
      });
    },

    async newBackupCodes(request, userId, password) {
      const { claims } = await current(request);
      return checked(claims, password, () => books.newBackupCodes(userId));
    },

    async createAccount(account) {
      const created = orThrow(await admin.auth.admin.createUser({
        email: account.email,
        password: account.password,
        email_confirm: true,
        user_metadata: { username: account.username.toLowerCase(), display_name: account.displayName },
        app_metadata: { role: account.role },
      }), 'creating a user');
      return created.user.id;
    },

    async deleteAccount(userId) {
      orThrow(await admin.auth.admin.deleteUser(userId), 'deleting a user');
      await books.endSessions(userId);
      await books.forgetFactor(userId);
    },

    async updateAccount(userId, change) {
      const attributes: Record<string, unknown> = {};
      if (change.email) attributes.email = change.email;
      if (change.password) attributes.password = change.password;
      if (change.displayName) attributes.user_metadata = { display_name: change.displayName };
      if (change.role) attributes.app_metadata = { role: change.role };
      if (change.banned !== undefined) attributes.ban_duration = change.banned ? BANNED_FOR : 'none';
      if (Object.keys(attributes).length) {
        orThrow(await admin.auth.admin.updateUserById(userId, attributes), 'updating a user');
      }
      // A banned user or a new password ends every open session at once: ours is the list the API checks.
      if (change.banned || change.password) await books.endSessions(userId);
    },

    close: () => Promise.resolve(),
  };
}

function totpOf(base32: string): OTPAuth.TOTP {
  return new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(base32), digits: 6, period: 30, algorithm: 'SHA1' });
}
