// The identity provider port: what the API needs from whoever holds credentials,
// sessions and second factors. Two adapters: better-auth on our own PostgreSQL
// (the embedded default, better-auth-identity.server.ts) and Supabase Auth
// (supabase/identity.server.ts, when SUPABASE_URL is set; decision 050).
// Answers carry the Set-Cookie values the adapter wants the browser to store.
import type * as OTPAuth from 'otpauth';

/** One API request as the adapter sees it: its headers (cookies, user agent) and the client address we determined. */
export interface AuthRequest {
  headers: Headers;
  clientIp: string;
}

export type Cookies = string[];

export type PasswordSignIn =
  | { outcome: 'signed-in' | 'two-factor'; cookies: Cookies }
  | { outcome: 'refused'; reason: 'invalid credentials' | 'banned' };

export type SecondFactorResult =
  | { ok: true; cookies: Cookies }
  | { ok: false; reason: 'expired' | 'too many codes' | 'locked' | 'wrong'; cookies: Cookies };

/** A live session as the adapter knows it; the session rules (idle, absolute) are domain/auth/session.server.ts's. */
export interface ProviderSession {
  sessionId: string;
  userId: string;
  createdAt: Date;
  lastSeenAt: Date;
  /** Whether this session passed a second factor (Supabase: aal2). */
  secondFactor: boolean;
  /** Whether the provider knows the user as enrolled in TOTP. */
  twoFactorEnabled: boolean;
  /** The claims the database reads (auth.uid(), auth.jwt()): Supabase's verified JWT; absent: the API builds them. */
  claims?: Record<string, unknown>;
  /** Cookies the lookup renewed (a refreshed Supabase token). */
  cookies: Cookies;
}

export type SessionLookup =
  | { kind: 'session'; session: ProviderSession }
  | { kind: 'pending-two-factor'; cookies: Cookies }
  | { kind: 'none'; cookies: Cookies };

export interface SessionRow {
  id: string;
  userAgent: string | null;
  ipAddress: string | null;
  createdAt: Date;
  lastSeenAt: Date;
}

export interface NewAccount {
  username: string;
  displayName: string;
  email: string;
  password: string;
  role: 'admin' | 'recruiter';
}

export interface AccountChange {
  displayName?: string;
  email?: string;
  role?: 'admin' | 'recruiter';
  banned?: boolean;
  password?: string;
}

export type PasswordCheck<T> = { ok: true; value: T } | { ok: false; reason: 'password incorrect' | 'password refused' };

export interface TwoFactorStart {
  totpURI: string;
  backupCodes: string[];
}

export interface IdentityProvider {
  readonly kind: 'better-auth' | 'supabase';
  /** `email` is the account's email when the username is known, else a stand-in that matches no account. */
  signIn(request: AuthRequest, login: { username: string; email: string; password: string }): Promise<PasswordSignIn>;
  /** The user whose password step this request's cookies continue, or null. */
  pendingTwoFactorUser(request: AuthRequest): Promise<string | null>;
  verifySecondFactor(request: AuthRequest, userId: string, code: { kind: 'totp' | 'backup'; value: string }): Promise<SecondFactorResult>;
  /** When the user's second factor is locked until, or null. */
  twoFactorLockedUntil(userId: string): Promise<Date | null>;
  /** The user's TOTP secret, to claim each time step once (domain/auth/two-factor.server.ts). */
  totpSecret(userId: string): Promise<OTPAuth.Secret | null>;

  session(request: AuthRequest): Promise<SessionLookup>;
  touchSession(sessionId: string): Promise<void>;
  /** Ends this browser's session; answers the cookies that clear it. */
  signOut(request: AuthRequest): Promise<Cookies>;
  listSessions(userId: string): Promise<SessionRow[]>;
  endSession(userId: string, sessionId: string): Promise<boolean>;
  endOtherSessions(userId: string, keepId: string): Promise<number>;

  changePassword(request: AuthRequest, userId: string, change: { currentPassword: string; newPassword: string }): Promise<PasswordCheck<Cookies>>;
  startTwoFactor(request: AuthRequest, userId: string, password: string): Promise<PasswordCheck<TwoFactorStart>>;
  /** The first code of an enrolment; true when it matched (the session then counts as two-factor). */
  confirmTwoFactor(request: AuthRequest, userId: string, code: string): Promise<{ ok: boolean; cookies: Cookies }>;
  disableTwoFactor(request: AuthRequest, userId: string, password: string): Promise<PasswordCheck<Cookies>>;
  newBackupCodes(request: AuthRequest, userId: string, password: string): Promise<PasswordCheck<string[]>>;

  /** Creates the account; answers its id, which the profile takes. */
  createAccount(account: NewAccount): Promise<string>;
  /** Undoes createAccount when the profile could not be written. */
  deleteAccount(userId: string): Promise<void>;
  /** Applies an admin's or the user's own change; a ban or a new password ends every session. */
  updateAccount(userId: string, change: AccountChange): Promise<void>;
  close(): Promise<void>;
}
