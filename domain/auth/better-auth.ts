// better-auth holds credentials, sessions and TOTP secrets in its own schema
// (app_auth) on the same PostgreSQL. The app reads users from public.profiles.
import { betterAuth, type BetterAuthOptions } from 'better-auth';
import { getMigrations } from 'better-auth/db/migration';
import { admin, twoFactor, username } from 'better-auth/plugins';
import { hash, verify } from '@node-rs/argon2';
import pg from 'pg';

export const AUTH_SCHEMA = 'app_auth';
export const COOKIE_PREFIX = 'talentloop';

interface AuthOptions {
  ownerUrl: string;
  secret: string;
  baseURL: string;
  trustedOrigins: string[];
  secureCookies: boolean;
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
      password: {
        hash: (password) => hash(password),
        verify: ({ hash: stored, password }) => verify(stored, password),
      },
    },
    session: { expiresIn: 60 * 60 * 24 * 7, updateAge: 60 * 60 * 24 },
    // Our own limiter (domain/auth/rate-limit.ts) covers IP and username, in the database.
    rateLimit: { enabled: false },
    advanced: {
      cookiePrefix: COOKIE_PREFIX,
      useSecureCookies: options.secureCookies,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', secure: options.secureCookies },
      database: { generateId: 'uuid' },
    },
    telemetry: { enabled: false },
    // Failed sign-ins are expected traffic, not warnings worth a log line each.
    logger: { level: 'error' as const },
    plugins: [
      username(),
      twoFactor({ issuer: 'Talentloop' }),
      admin({ defaultRole: 'recruiter', adminRoles: ['admin'] }),
    ],
  } satisfies BetterAuthOptions;
}

function buildAuth(options: AuthOptions, pool: pg.Pool) {
  return betterAuth(authConfig(options, pool));
}

export type Auth = ReturnType<typeof buildAuth>;

export interface AuthService {
  auth: Auth;
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
  });
  pool.on('error', (error) => console.error('database (auth pool):', error.message));
  // Tables first: better-auth checks its schema when it starts.
  const { runMigrations } = await getMigrations(authConfig(options, pool));
  await runMigrations();
  const auth = buildAuth(options, pool);
  return { auth, close: () => pool.end() };
}
