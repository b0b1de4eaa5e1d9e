// better-auth holds credentials, sessions and TOTP secrets in its own schema
// (app_auth) on the same PostgreSQL. The app reads users from public.profiles.
import { betterAuth, type BetterAuthOptions } from 'better-auth';
import { getMigrations } from 'better-auth/db/migration';
import { admin, twoFactor, username } from 'better-auth/plugins';
import { hash, verify } from '@node-rs/argon2';
import { AsyncLocalStorage } from 'node:async_hooks';
import pg from 'pg';
import { dbTimeouts, isDatabaseUnavailable, timeLimits, type DbTimeouts } from '../db/pools.server.ts';
import { errorFields, log } from '../runtime/log.server.ts';
import { hashedSessionTokens } from './session-tokens.server.ts';
import { AUTH_SCHEMA, CLIENT_IP_HEADER, COOKIE_PREFIX, HOST_COOKIE_PREFIX } from './names.ts';
import { twoFactorChallenge } from './two-factor-challenge.server.ts';
import { betterAuthIdentity } from './better-auth-identity.server.ts';
import type { IdentityProvider } from './identity.server.ts';


/**
 * better-auth catches a failing query itself, logs it and answers a bare 500 ("Failed to get
 * session"), so a database outage would look like a bug. What it logs during one request is
 * kept here (keepAuthErrors), and authDatabaseFailure() finds the outage behind that 500.
 */
const caughtByAuth = new AsyncLocalStorage<unknown[]>();

/** Runs `work` (one API request) keeping the errors better-auth catches. */
export function keepAuthErrors<T>(work: () => Promise<T>): Promise<T> {
  return caughtByAuth.run([], work);
}

/** The database failure better-auth caught in this request, if any: its bare 500 is then a 503. */
export function authDatabaseFailure(): unknown {
  return caughtByAuth.getStore()?.find(isDatabaseUnavailable);
}

function authLog(level: string, message: string, ...args: unknown[]) {
  caughtByAuth.getStore()?.push(...args);
  const error = args.find((arg) => arg instanceof Error);
  // An outage is answered (and logged) as a 503 by the API.
  if (error && isDatabaseUnavailable(error)) return;
  (level === 'error' ? log.error : log.warn)('better-auth', { message, ...(error ? errorFields(error) : {}) });
}

interface AuthOptions {
  ownerUrl: string;
  secret: string;
  baseURL: string;
  trustedOrigins: string[];
  secureCookies: boolean;
  /** Absolute session lifetime (config SESSION_MAX_AGE_HOURS); the idle time-out is enforced in session.ts. Default 12. */
  sessionMaxAgeHours?: number;
  /** Its pool's connect and statement limits (DB_* settings by default), as every pool a request uses. */
  timeouts?: DbTimeouts;
}

function authConfig(options: AuthOptions, pool: pg.Pool) {
  return {
    appName: 'Talentloop',
    database: pool,
    secret: options.secret,
    baseURL: options.baseURL,
    basePath: '/api/auth',
    trustedOrigins: options.trustedOrigins,
    emailAndPassword: {
      enabled: true,
      // Admins create users; nobody signs themselves up.
      disableSignUp: true,
      minPasswordLength: 12,
      maxPasswordLength: 256,
      password: {
        hash: (password) => hash(password),
        verify: ({ hash: stored, password }) => verify(stored, password),
      },
    },
    session: {
      // Absolute: never extended. The idle time-out reads lastSeenAt (session.ts).
      expiresIn: (options.sessionMaxAgeHours ?? 12) * 60 * 60,
      disableSessionRefresh: true,
      additionalFields: {
        lastSeenAt: { type: 'date', required: false, input: false, defaultValue: () => new Date() },
      },
    },
    // Our own limiter (domain/auth/login-protection.ts) covers addresses and accounts, in the database.
    rateLimit: { enabled: false },
    advanced: {
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      // Behind https the cookies are `__Host-` (Secure, Path=/, no Domain: no subdomain can set or
      // shadow them). better-auth's own secure mode would prefix `__Secure-`, so it stays off and
      // the prefix and Secure flag are ours.
      cookiePrefix: options.secureCookies ? `${HOST_COOKIE_PREFIX}${COOKIE_PREFIX}` : COOKIE_PREFIX,
      useSecureCookies: false,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', secure: options.secureCookies, path: '/' },
      database: { generateId: 'uuid' },
    },
    telemetry: { enabled: false },
    // Failed sign-ins are expected traffic, not warnings worth a log line each.
    logger: { level: 'error' as const, log: authLog },
    plugins: [
      username(),
      twoFactor({ issuer: 'Talentloop' }),
      admin({ defaultRole: 'recruiter', adminRoles: ['admin'] }),
      hashedSessionTokens(),
      twoFactorChallenge(),
    ],
  } satisfies BetterAuthOptions;
}

function buildAuth(options: AuthOptions, pool: pg.Pool) {
  return betterAuth(authConfig(options, pool));
}

export type Auth = ReturnType<typeof buildAuth>;

export interface AuthService {
  /** better-auth itself: the demo seed and tests that enrol a known TOTP secret reach into it. */
  auth: Auth;
  identity: IdentityProvider;
  close(): Promise<void>;
}

/** Creates better-auth on its own schema and brings that schema up to date. */
export async function createAuth(options: AuthOptions): Promise<AuthService> {
  const setup = new pg.Client({ connectionString: options.ownerUrl });
  await setup.connect();
  try {
    await setup.query(`create schema if not exists ${AUTH_SCHEMA}`);
  } finally {
    await setup.end();
  }
  const pool = new pg.Pool({
    connectionString: options.ownerUrl,
    options: `-c search_path=${AUTH_SCHEMA}`,
    max: 5,
    ...timeLimits(options.timeouts ?? dbTimeouts()),
  });
  pool.on('error', (error) => log.warn('database connection lost', { pool: 'auth', error: error.message }));
  // Tables first: better-auth checks its schema when it starts.
  const { runMigrations } = await getMigrations(authConfig(options, pool));
  await runMigrations();
  const auth = buildAuth(options, pool);
  const identity = betterAuthIdentity(auth, pool);
  return { auth, identity, close: () => identity.close() };
}
