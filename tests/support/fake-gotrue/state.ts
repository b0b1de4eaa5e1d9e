// The fake GoTrue's memory and the steps its endpoints share: users, sessions and their rotating
// refresh tokens, MFA challenges, the access tokens it signs and the Bearer check (requireAuthentication).
import { randomUUID } from 'node:crypto';
import * as OTPAuth from 'otpauth';
import type { User } from '@supabase/supabase-js';
import { signJwt, verifyJwt } from './jwt.ts';
import {
  appMetadata, hashPassword, newFactor, newRefreshToken, now, unixNow, userJson,
  type AmrEntry, type StoredChallenge, type StoredSession, type StoredUser,
} from './model.ts';

/** An error GoTrue answers: HTTP status, error_code and message (apierrors.HTTPError). */
export class GoTrueError extends Error {
  readonly status: number;
  readonly code: string;
  /** More fields of the error body (weak_password's reasons). */
  readonly extra: Record<string, unknown>;

  constructor(status: number, code: string, message: string, extra: Record<string, unknown> = {}) {
    super(message);
    this.status = status;
    this.code = code;
    this.extra = extra;
  }
}

/** The session GoTrue answers (AccessTokenResponse). */
export interface SessionResponse {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  expires_at: number;
  refresh_token: string;
  user: User;
}

/** What a valid Bearer token stands for. */
export interface Caller { user: StoredUser; session: StoredSession | undefined; claims: Record<string, unknown> }

export interface StoredRefreshToken {
  sessionId: string;
  /** The token this one was swapped for. */
  parent: string | null;
  revoked: boolean;
  /** When it was revoked (GoTrue: the row's updated_at), ms. */
  revokedAt: number | null;
}

export interface NewUser {
  email: string;
  password?: string;
  userMetadata?: Record<string, unknown>;
  appMetadata?: Record<string, unknown>;
  /** A verified TOTP factor with this base32 secret. */
  totpSecret?: string;
  /** false: as admin.createUser without email_confirm (password sign-in answers email_not_confirmed). Default true. */
  emailConfirmed?: boolean;
  bannedUntil?: Date | null;
}

/** GoTrue's default password rule (GOTRUE_PASSWORD_MIN_LENGTH 6). */
export function checkPasswordStrength(password: string) {
  if (password.length < 6) {
    throw new GoTrueError(422, 'weak_password', 'Password should be at least 6 characters.', { weak_password: { reasons: ['length'] } });
  }
}

export class GoTrueState {
  readonly users = new Map<string, StoredUser>();
  readonly sessions = new Map<string, StoredSession>();
  /** Every refresh token issued and not deleted with its session. */
  readonly refreshTokens = new Map<string, StoredRefreshToken>();
  readonly challenges = new Map<string, StoredChallenge>();

  /** The access tokens' `iss`: SUPABASE_URL/auth/v1. */
  issuer: string;
  readonly jwtSecret: string;
  readonly accessTokenSeconds: number;
  /** GOTRUE_SECURITY_REFRESH_TOKEN_REUSE_INTERVAL. */
  readonly refreshTokenReuseSeconds: number;

  constructor(issuer: string, jwtSecret: string, accessTokenSeconds: number, refreshTokenReuseSeconds: number) {
    this.issuer = issuer;
    this.jwtSecret = jwtSecret;
    this.accessTokenSeconds = accessTokenSeconds;
    this.refreshTokenReuseSeconds = refreshTokenReuseSeconds;
  }

  userByEmail(email: string): StoredUser | undefined {
    const wanted = email.trim().toLowerCase();
    return [...this.users.values()].find((user) => user.email === wanted);
  }

  createUser(input: NewUser): StoredUser {
    const email = input.email.trim().toLowerCase();
    if (!/^[^@\s]+@[^@\s]+$/.test(email)) throw new GoTrueError(400, 'validation_failed', 'Unable to validate email address: invalid format');
    if (this.userByEmail(email)) throw new GoTrueError(422, 'email_exists', 'A user with this email address has already been registered');
    if (input.password !== undefined) checkPasswordStrength(input.password);
    const at = now();
    const user: StoredUser = {
      id: randomUUID(), identityId: randomUUID(), email, passwordHash: input.password === undefined ? '' : hashPassword(input.password),
      emailConfirmedAt: input.emailConfirmed === false ? null : at, lastSignInAt: null, createdAt: at, updatedAt: at,
      userMetadata: input.userMetadata ?? {}, appMetadata: input.appMetadata ?? {}, bannedUntil: input.bannedUntil ?? null, factors: [],
    };
    if (input.totpSecret !== undefined) {
      OTPAuth.Secret.fromBase32(input.totpSecret); // throws on a secret that is not base32
      user.factors.push({ ...newFactor('', input.totpSecret.toUpperCase()), status: 'verified' });
    }
    this.users.set(user.id, user);
    return user;
  }

  deleteUser(user: StoredUser) {
    this.endSessions((session) => session.userId === user.id);
    for (const [id, challenge] of this.challenges) if (user.factors.some((f) => f.id === challenge.factorId)) this.challenges.delete(id);
    this.users.delete(user.id);
  }

  /** Deletes the sessions that match, and their refresh tokens (models.Logout and friends). */
  endSessions(match: (session: StoredSession) => boolean) {
    for (const session of [...this.sessions.values()].filter(match)) {
      this.sessions.delete(session.id);
      for (const [token, entry] of this.refreshTokens) if (entry.sessionId === session.id) this.refreshTokens.delete(token);
    }
  }

  /** A new aal1 session after a password sign-in. */
  signIn(user: StoredUser): SessionResponse {
    const session: StoredSession = {
      id: randomUUID(), userId: user.id, aal: 'aal1', amr: [{ method: 'password', timestamp: unixNow() }], createdAt: now(),
      refreshToken: '', factorId: null,
    };
    this.sessions.set(session.id, session);
    user.lastSignInAt = now();
    return this.rotate(session);
  }

  /** Raises the session to aal2 by the factor (updateMFASessionAndClaims) and answers it with a new refresh token. */
  raiseToAal2(session: StoredSession, factorId: string, method: AmrEntry['method']): SessionResponse {
    session.aal = 'aal2';
    session.factorId = factorId;
    session.amr = [{ method, timestamp: unixNow() }, ...session.amr.filter((entry) => entry.method !== method)];
    return this.rotate(session);
  }

  /**
   * Revokes the refresh token (by default the session's current one), issues its successor as the session's
   * current one (GrantRefreshTokenSwap) and answers the session with it.
   */
  rotate(session: StoredSession, from = session.refreshToken): SessionResponse {
    const previous = this.refreshTokens.get(from);
    if (previous && !previous.revoked) Object.assign(previous, { revoked: true, revokedAt: Date.now() });
    session.refreshToken = newRefreshToken();
    this.refreshTokens.set(session.refreshToken, { sessionId: session.id, parent: previous ? from : null, revoked: false, revokedAt: null });
    return this.answer(session);
  }

  /** The session with a new access token and its current refresh token. */
  answer(session: StoredSession): SessionResponse {
    const user = this.users.get(session.userId)!;
    const iat = unixNow();
    const exp = iat + this.accessTokenSeconds;
    const claims = {
      iss: this.issuer, sub: user.id, aud: 'authenticated', exp, iat, email: user.email, phone: '', app_metadata: appMetadata(user),
      user_metadata: user.userMetadata, role: 'authenticated', aal: session.aal, amr: session.amr, session_id: session.id, is_anonymous: false,
    };
    return {
      access_token: signJwt(claims, this.jwtSecret), token_type: 'bearer', expires_in: this.accessTokenSeconds, expires_at: exp,
      refresh_token: session.refreshToken, user: userJson(user),
    };
  }

  /** The claims of a valid token in the Authorization header, or GoTrue's refusal (parseJWTClaims). */
  bearerClaims(authorization: string | undefined): Record<string, unknown> {
    const match = /^\s*bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
    if (!match) throw new GoTrueError(401, 'no_authorization', 'This endpoint requires a Bearer token');
    const verified = verifyJwt(match[1], this.jwtSecret);
    if ('reason' in verified) throw new GoTrueError(403, 'bad_jwt', `invalid JWT: unable to parse or verify signature, ${verified.reason}`);
    return verified.claims;
  }

  /** requireAuthentication: a valid token of an existing user whose session (if it names one) still exists. */
  authenticate(authorization: string | undefined): Caller {
    const claims = this.bearerClaims(authorization);
    if (typeof claims.sub !== 'string' || claims.sub === '') throw new GoTrueError(403, 'bad_jwt', 'invalid claim: missing sub claim');
    const user = this.users.get(claims.sub);
    if (!user) throw new GoTrueError(403, 'user_not_found', 'User from sub claim in JWT does not exist');
    let session: StoredSession | undefined;
    if (typeof claims.session_id === 'string' && claims.session_id !== '') {
      session = this.sessions.get(claims.session_id);
      if (!session) throw new GoTrueError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist');
    }
    return { user, session, claims };
  }
}
