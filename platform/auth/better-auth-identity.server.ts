// The identity port on better-auth (the embedded default, decision 003): its
// HTTP-less API called with the request's headers, its cookies passed on.
import * as OTPAuth from 'otpauth';
import { symmetricDecrypt } from 'better-auth/crypto';
import type pg from 'pg';
import type { Auth } from './better-auth.server.ts';
import { CLIENT_IP_HEADER, COOKIE_PREFIX } from './names.ts';
import { pendingTwoFactorUser } from './two-factor-challenge.server.ts';
import type { AccountChange, AuthRequest, IdentityProvider, NewAccount, SessionLookup, SessionRow } from './identity.server.ts';

const TWO_FACTOR_COOKIE = `${COOKIE_PREFIX}.two_factor`;

function hasCookie(headers: Headers, name: string): boolean {
  const cookie = headers.get('cookie') ?? '';
  return cookie.split(';').some((part) => {
    const key = part.trim().split('=')[0];
    return key === name || key === `__Secure-${name}` || key === `__Host-${name}`;
  });
}

/** The request's headers with the client address we determined (never the client's claim). */
function headersOf(request: AuthRequest): Headers {
  const headers = new Headers(request.headers);
  headers.set(CLIENT_IP_HEADER, request.clientIp);
  return headers;
}

/** better-auth's error code (e.g. "INVALID_PASSWORD") from a failed call. */
async function errorCode(response: Response): Promise<string | undefined> {
  const body = await response.json().catch(() => ({})) as { code?: string };
  return body.code;
}

/** Fails loudly on better-auth's own 5xx instead of dressing it up as a refusal. */
function assertNotServerError(response: Response, what: string) {
  if (response.status >= 500) throw new Error(`${what} failed in better-auth with ${response.status}`);
}

const cookiesOf = (response: Response) => response.headers.getSetCookie();

interface TwoFactorRow {
  secret: string;
  lockedUntil?: Date | string | null;
}

/** `pool` is better-auth's own (search_path app_auth). */
export function betterAuthIdentity(auth: Auth, pool: pg.Pool): IdentityProvider {
  const asResponse = true as const;

  async function twoFactorRow(userId: string): Promise<TwoFactorRow | null> {
    const ctx = await auth.$context;
    return ctx.adapter.findOne<TwoFactorRow>({ model: 'twoFactor', where: [{ field: 'userId', value: userId }] });
  }

  return {
    kind: 'better-auth',

    async signIn(request, { username, password }) {
      const response = await auth.api.signInUsername({ body: { username, password }, headers: headersOf(request), asResponse });
      assertNotServerError(response, 'sign-in');
      if (!response.ok) {
        return { outcome: 'refused', reason: await errorCode(response) === 'BANNED_USER' ? 'banned' : 'invalid credentials' };
      }
      const answer = await response.json() as { twoFactorRedirect?: boolean };
      return { outcome: answer.twoFactorRedirect ? 'two-factor' : 'signed-in', cookies: cookiesOf(response) };
    },

    pendingTwoFactorUser: (request) => pendingTwoFactorUser(auth, request.headers),

    async verifySecondFactor(request, userId, code) {
      const call = { headers: headersOf(request), asResponse, body: { code: code.value } };
      const response = code.kind === 'totp' ? await auth.api.verifyTOTP(call) : await auth.api.verifyBackupCode(call);
      assertNotServerError(response, 'two-factor verification');
      const cookies = cookiesOf(response);
      if (response.ok) return { ok: true, cookies };
      const reason = await errorCode(response);
      if (reason === 'INVALID_TWO_FACTOR_COOKIE') return { ok: false, reason: 'expired', cookies };
      if (reason === 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE') return { ok: false, reason: 'too many codes', cookies };
      if (reason === 'ACCOUNT_TEMPORARILY_LOCKED') return { ok: false, reason: 'locked', cookies };
      return { ok: false, reason: 'wrong', cookies };
    },

    async twoFactorLockedUntil(userId) {
      const row = await twoFactorRow(userId);
      const until = row?.lockedUntil ? new Date(row.lockedUntil) : null;
      return until && until.getTime() > Date.now() ? until : null;
    },

    async totpSecret(userId) {
      const row = await twoFactorRow(userId);
      if (!row) return null;
      const ctx = await auth.$context;
      const raw = await symmetricDecrypt({ key: ctx.secretConfig, data: row.secret });
      // better-auth keys the TOTP with the secret's characters, not a base32 decoding.
      return new OTPAuth.Secret({ buffer: new TextEncoder().encode(raw).buffer });
    },

    async session(request): Promise<SessionLookup> {
      const found = await auth.api.getSession({ headers: request.headers });
      if (!found) {
        return { kind: hasCookie(request.headers, TWO_FACTOR_COOKIE) ? 'pending-two-factor' : 'none', cookies: [] };
      }
      const { session, user } = found;
      return {
        kind: 'session',
        session: {
          sessionId: session.id,
          userId: user.id,
          createdAt: new Date(session.createdAt),
          lastSeenAt: new Date(session.lastSeenAt ?? session.createdAt),
          // better-auth issues a session only after the second factor of an enrolled user.
          secondFactor: Boolean(user.twoFactorEnabled),
          twoFactorEnabled: Boolean(user.twoFactorEnabled),
          cookies: [],
        },
      };
    },

    async touchSession(sessionId) {
      await pool.query('update session set "lastSeenAt" = now() where id = $1', [sessionId]);
    },

    async signOut(request) {
      return cookiesOf(await auth.api.signOut({ headers: request.headers, asResponse }));
    },

    async listSessions(userId): Promise<SessionRow[]> {
      const { rows } = await pool.query<SessionRow>(
        `select id::text, "userAgent", nullif("ipAddress", '') as "ipAddress", "createdAt",
                coalesce("lastSeenAt", "createdAt") as "lastSeenAt"
           from session where "userId" = $1 and "expiresAt" > now()`, [userId]);
      return rows;
    },

    async endSession(userId, sessionId) {
      const { rowCount } = await pool.query('delete from session where id = $1 and "userId" = $2', [sessionId, userId]);
      return Boolean(rowCount);
    },

    async endOtherSessions(userId, keepId) {
      const { rowCount } = await pool.query('delete from session where "userId" = $1 and id <> $2', [userId, keepId]);
      return rowCount ?? 0;
    },

    async changePassword(request, _userId, { currentPassword, newPassword }) {
      // revokeOtherSessions: better-auth ends every session and opens a new one for this browser.
      const response = await auth.api.changePassword({
        body: { currentPassword, newPassword, revokeOtherSessions: true }, headers: headersOf(request), asResponse,
      });
      assertNotServerError(response, 'password change');
      if (response.ok) return { ok: true, value: cookiesOf(response) };
      return { ok: false, reason: await errorCode(response) === 'INVALID_PASSWORD' ? 'password incorrect' : 'password refused' };
    },

    async startTwoFactor(request, _userId, password) {
      try {
        const result = await auth.api.enableTwoFactor({ body: { password }, headers: headersOf(request) });
        if (!('totpURI' in result) || !result.totpURI) throw new Error('two-factor enrolment returned no TOTP URI');
        return { ok: true, value: { totpURI: result.totpURI, backupCodes: result.backupCodes ?? [] } };
      } catch (error) {
        if ((error as { statusCode?: number }).statusCode === 400) return { ok: false, reason: 'password incorrect' };
        throw error;
      }
    },

    async confirmTwoFactor(request, _userId, code) {
      const response = await auth.api.verifyTOTP({ body: { code }, headers: headersOf(request), asResponse });
      assertNotServerError(response, 'two-factor confirmation');
      return { ok: response.ok, cookies: response.ok ? cookiesOf(response) : [] };
    },

    async disableTwoFactor(request, _userId, password) {
      const response = await auth.api.disableTwoFactor({ body: { password }, headers: headersOf(request), asResponse });
      assertNotServerError(response, 'two-factor disabling');
      return response.ok ? { ok: true, value: cookiesOf(response) } : { ok: false, reason: 'password incorrect' };
    },

    async newBackupCodes(request, _userId, password) {
      const response = await auth.api.generateBackupCodes({ body: { password }, headers: headersOf(request), asResponse });
      assertNotServerError(response, 'backup code generation');
      if (!response.ok) return { ok: false, reason: 'password incorrect' };
      const { backupCodes } = await response.json() as { backupCodes: string[] };
      return { ok: true, value: backupCodes };
    },

    async createAccount(account: NewAccount) {
      const { user } = await auth.api.createUser({
        body: {
          email: account.email,
          password: account.password,
          name: account.displayName,
          // Our roles (admin, recruiter) are not in better-auth's default role type; data.role is untyped.
          data: { username: account.username.toLowerCase(), displayUsername: account.username, role: account.role },
        },
      });
      return user.id;
    },

    async deleteAccount(userId) {
      const ctx = await auth.$context;
      await ctx.internalAdapter.deleteUser(userId);
    },

    async updateAccount(userId, change: AccountChange) {
      const ctx = await auth.$context;
      const fields: Record<string, unknown> = {};
      if (change.displayName) fields.name = change.displayName;
      if (change.email) fields.email = change.email;
      if (change.role) fields.role = change.role;
      if (change.banned !== undefined) fields.banned = change.banned;
      if (Object.keys(fields).length) await ctx.internalAdapter.updateUser(userId, fields);
      if (change.password) await ctx.internalAdapter.updatePassword(userId, await ctx.password.hash(change.password));
      // A banned user or a new password ends every open session at once.
      if (change.banned || change.password) await ctx.internalAdapter.deleteUserSessions(userId);
    },

    close: () => pool.end(),
  };
}
