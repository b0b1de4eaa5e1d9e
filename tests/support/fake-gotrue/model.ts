// What the fake GoTrue keeps (users, factors, challenges, sessions, refresh tokens) and how it shows
// users and factors on the wire (GoTrue's models.User and models.Factor as JSON).
import { randomBytes, randomUUID, scryptSync, timingSafeEqual } from 'node:crypto';
import * as OTPAuth from 'otpauth';
import type { Factor, User, UserIdentity } from '@supabase/supabase-js';

export interface StoredFactor {
  id: string;
  friendlyName: string;
  /** Base32, as enroll answers it. */
  secret: string;
  status: 'verified' | 'unverified';
  createdAt: string;
  updatedAt: string;
  lastChallengedAt: string | null;
}

export interface StoredUser {
  id: string;
  /** The email identity's own id. */
  identityId: string;
  email: string;
  /** scrypt: salt and hash, hex, joined by ':'. */
  passwordHash: string;
  emailConfirmedAt: string | null;
  lastSignInAt: string | null;
  createdAt: string;
  updatedAt: string;
  userMetadata: Record<string, unknown>;
  /** What was given; the wire form adds provider and providers. */
  appMetadata: Record<string, unknown>;
  bannedUntil: Date | null;
  factors: StoredFactor[];
}

export interface AmrEntry { method: string; timestamp: number }

export interface StoredSession {
  id: string;
  userId: string;
  aal: 'aal1' | 'aal2';
  /** Newest first, as GoTrue puts them in the token. */
  amr: AmrEntry[];
  createdAt: string;
  /** The refresh token that may be used now (the session's earlier ones are revoked). */
  refreshToken: string;
  /** The factor that raised the session to aal2. */
  factorId: string | null;
}

export interface StoredChallenge { id: string; factorId: string; createdAt: number; verifiedAt: number | null }

export const now = () => new Date().toISOString();
export const unixNow = () => Math.floor(Date.now() / 1000);

export function hashPassword(password: string): string {
  const salt = randomBytes(16);
  // A low scrypt cost: a fake's hashes only need to be one-way, not slow.
  return `${salt.toString('hex')}:${scryptSync(password, salt, 32, { N: 1024 }).toString('hex')}`;
}

export function passwordMatches(password: string, stored: string): boolean {
  const [salt, hash] = stored.split(':');
  const given = scryptSync(password, Buffer.from(salt, 'hex'), 32, { N: 1024 });
  return timingSafeEqual(given, Buffer.from(hash, 'hex'));
}

/** GoTrue's opaque refresh tokens (12 characters in its v1 format). */
export const newRefreshToken = () => randomBytes(9).toString('base64url');

export function newFactor(friendlyName: string, secret = new OTPAuth.Secret({ size: 20 }).base32): StoredFactor {
  const at = now();
  return { id: randomUUID(), friendlyName, secret, status: 'unverified', createdAt: at, updatedAt: at, lastChallengedAt: null };
}

/** GoTrue's TOTP check: 6 digits, 30 s, SHA1, one step either side (pquerna/otp's ValidateCustom, Skew 1). */
export function totpValid(secret: string, code: string): boolean {
  const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' });
  return /^\d{6}$/.test(code) && totp.validate({ token: code, window: 1 }) !== null;
}

/** The otpauth:// URI as pquerna/otp writes it (key.URL()): query keys sorted, no padding. */
export function totpUri(issuer: string, account: string, secret: string): string {
  const query = new URLSearchParams({ algorithm: 'SHA1', digits: '6', issuer, period: '30', secret: secret.replace(/=+$/, '') });
  return `otpauth://totp/${encodeURI(`${issuer}:${account}`)}?${query.toString()}`;
}

export function factorJson(factor: StoredFactor): Factor {
  return {
    id: factor.id,
    ...(factor.friendlyName ? { friendly_name: factor.friendlyName } : {}),
    factor_type: 'totp',
    status: factor.status,
    created_at: factor.createdAt,
    updated_at: factor.updatedAt,
    // GoTrue writes null here (a *time.Time without omitempty); auth-js types it as optional.
    last_challenged_at: factor.lastChallengedAt ?? (null as unknown as undefined),
  };
}

export function appMetadata(user: StoredUser): Record<string, unknown> {
  return { provider: 'email', providers: ['email'], ...user.appMetadata };
}

export function banned(user: StoredUser): boolean {
  return user.bannedUntil !== null && user.bannedUntil.getTime() > Date.now();
}

/** The user as GoTrue answers it (GET /user, admin endpoints, the `user` of a session). */
export function userJson(user: StoredUser): User {
  const confirmed = user.emailConfirmedAt ?? undefined;
  // GoTrue's identity also carries `email` (a generated column), which auth-js's type leaves out.
  const identity: UserIdentity & { email: string } = {
    identity_id: user.identityId,
    id: user.id,
    user_id: user.id,
    identity_data: { email: user.email, email_verified: confirmed !== undefined, phone_verified: false, sub: user.id },
    provider: 'email',
    ...(user.lastSignInAt ? { last_sign_in_at: user.lastSignInAt } : {}),
    created_at: user.createdAt,
    updated_at: user.updatedAt,
    email: user.email,
  };
  return {
    id: user.id,
    aud: 'authenticated',
    role: 'authenticated',
    email: user.email,
    ...(confirmed ? { email_confirmed_at: confirmed } : {}),
    phone: '',
    ...(confirmed ? { confirmed_at: confirmed } : {}),
    ...(user.lastSignInAt ? { last_sign_in_at: user.lastSignInAt } : {}),
    app_metadata: appMetadata(user),
    user_metadata: user.userMetadata,
    identities: [identity],
    created_at: user.createdAt,
    updated_at: user.updatedAt,
    ...(user.bannedUntil ? { banned_until: user.bannedUntil.toISOString() } : {}),
    is_anonymous: false,
    ...(user.factors.length ? { factors: user.factors.map(factorJson) } : {}),
  };
}

/**
 * Go's time.ParseDuration for what ban_duration takes ('876000h', '1h30m', '90s', '500ms'), in
 * milliseconds; null when it is not one.
 */
export function parseGoDuration(text: string): number | null {
  const units: Record<string, number> = { ns: 1e-6, us: 1e-3, µs: 1e-3, ms: 1, s: 1000, m: 60_000, h: 3_600_000 };
  const match = /^([+-]?)((?:\d+(?:\.\d+)?(?:ns|us|µs|ms|s|m|h))+)$/.exec(text);
  if (!match) return text === '0' ? 0 : null;
  let total = 0;
  for (const [, amount, unit] of match[2].matchAll(/(\d+(?:\.\d+)?)(ns|us|µs|ms|s|m|h)/g)) total += Number(amount) * units[unit];
  return match[1] === '-' ? -total : total;
}

/** Merges metadata as GoTrue does (UpdateUserMetaData / UpdateAppMetaData): a null value removes the key. */
export function mergeMetadata(base: Record<string, unknown>, update: Record<string, unknown>): Record<string, unknown> {
  const merged = { ...base };
  for (const [key, value] of Object.entries(update)) {
    if (value === null) delete merged[key];
    else merged[key] = value;
  }
  return merged;
}
