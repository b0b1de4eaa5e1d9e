// All configuration comes from environment variables (documented in .env.example).
// Values that must stay secret but need no human choice (the session secret) are
// generated once and kept in the data folder, so a fresh clone works with no setup.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { parseTrustProxy } from '../http/client-ip.server.ts';

export type Config = ReturnType<typeof loadConfig>;

function env(name: string): string | undefined {
  const value = process.env[name];
  return value === undefined || value === '' ? undefined : value;
}

/** An on/off switch; unset gives `fallback`. Anything else is refused rather than guessed. */
function onOff(name: string, fallback: boolean): boolean {
  const value = env(name)?.toLowerCase();
  if (value === undefined) return fallback;
  if (value === 'on' || value === 'off') return value === 'on';
  throw new Error(`${name} must be on or off, not "${env(name)}"`);
}

/** A positive number setting; a typo must not switch a time-out off (NaN compares false). */
function positiveNumber(name: string, fallback: number): number {
  const value = Number(env(name) ?? fallback);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number, got "${env(name)}"`);
  return value;
}

/** A per-sender limit (domain/mail/sender-limits.ts): a positive whole number, or "off" for none. */
function limit(name: string, fallback: number | null): number | null {
  const value = env(name);
  if (value === undefined) return fallback;
  if (value.toLowerCase() === 'off') return null;
  if (!/^[1-9]\d*$/.test(value)) throw new Error(`${name} must be a positive whole number or off, not "${value}"`);
  return Number(value);
}

function persistentSecret(dataDir: string): string {
  const file = path.join(dataDir, 'app-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret + '\n', { mode: 0o600 });
  return secret;
}

export interface SupabaseConfig {
  url: string;
  anonKey: string;
  serviceRoleKey: string;
  jwtSecret: string;
}

function supabaseConfig(): SupabaseConfig | null {
  const url = env('SUPABASE_URL');
  const anonKey = env('SUPABASE_ANON_KEY');
  if (!url && !anonKey) return null;
  const serviceRoleKey = env('SUPABASE_SERVICE_ROLE_KEY');
  const jwtSecret = env('SUPABASE_JWT_SECRET');
  const missing = Object.entries({ SUPABASE_URL: url, SUPABASE_ANON_KEY: anonKey, SUPABASE_SERVICE_ROLE_KEY: serviceRoleKey,
    SUPABASE_JWT_SECRET: jwtSecret }).filter(([, value]) => !value).map(([name]) => name);
  if (missing.length) throw new Error(`Supabase Auth needs ${missing.join(', ')} as well (see .env.example).`);
  return { url: url!.replace(/\/$/, ''), anonKey: anonKey!, serviceRoleKey: serviceRoleKey!, jwtSecret: jwtSecret! };
}

export function loadConfig() {
  const dataDir = path.resolve(env('DATA_DIR') ?? '.data');
  const host = env('HOST') ?? '127.0.0.1';
  const port = Number(env('PORT') ?? 4400);
  const publicUrl = (env('PUBLIC_URL') ?? `http://${host === '0.0.0.0' ? 'localhost' : host}:${port}`).replace(/\/$/, '');
  const production = env('NODE_ENV') === 'production';
  const databaseUrl = env('DATABASE_URL');
  return {
    dataDir,
    host,
    port,
    publicUrl,
    production,
    /** Owner connection (migrations, pg-boss, better-auth). Unset: embedded PostgreSQL. */
    databaseUrl,
    embeddedPgPort: env('EMBEDDED_PG_PORT') === undefined ? undefined : positiveNumber('EMBEDDED_PG_PORT', 0),
    appSecret: env('APP_SECRET') ?? persistentSecret(dataDir),
    /**
     * ROTATE_APP_SECRET=on: this start gives the request role the password of this APP_SECRET although
     * the processes on the database use another (stop them all first). Off, such a start is refused.
     */
    rotateAppSecret: onOff('ROTATE_APP_SECRET', false),
    /** SIGTERM: how long a web process waits for its requests, a worker for its jobs, before it exits anyway. */
    drainSeconds: positiveNumber('DRAIN_SECONDS', 25),
    /** Set WORKER=off to run the web process without the in-process worker. */
    runWorker: env('WORKER') !== 'off',
    /**
     * Demo users and data go into an empty embedded database only, unless SEED_DEMO_DATA=on asks
     * for them elsewhere: a DATABASE_URL is someone's real database (server.ts refuses `on` in production).
     */
    seedDemoData: onOff('SEED_DEMO_DATA', !databaseUrl && !production),
    /** Which proxies may tell us the client's address (X-Forwarded-For); see domain/client-ip.ts. */
    trustProxy: parseTrustProxy(env('TRUST_PROXY')),
    /** CHECK_API_RESPONSES=on: every /api answer is checked against its route's schema (tests; edge-functions/contract.ts). */
    checkApiResponses: onOff('CHECK_API_RESPONSES', false),
    trustedOrigins: (env('TRUSTED_ORIGINS') ?? '').split(',').map((o) => o.trim()).filter(Boolean),
    /**
     * Supabase Auth signs people in when SUPABASE_URL and SUPABASE_ANON_KEY are set (decision 050);
     * otherwise better-auth on our own PostgreSQL. The service role key runs the admin portal's
     * user changes; the JWT secret verifies the access tokens (HS256) without a round trip.
     */
    supabase: supabaseConfig(),
    /** Sessions end this long after sign-in, or after this long unused (ASVS 3.3). */
    session: {
      maxAgeHours: positiveNumber('SESSION_MAX_AGE_HOURS', 12),
      idleMinutes: positiveNumber('SESSION_IDLE_MINUTES', 30),
    },
    openai: {
      apiKey: env('OPENAI_API_KEY'),
      baseURL: env('OPENAI_BASE_URL'),
      model: env('OPENAI_MODEL') ?? 'gpt-4o-mini',
      /** The spec's AI generation time-out (60 s); tests shorten it. */
      timeoutMs: Number(env('OPENAI_TIMEOUT_MS') ?? 60_000),
    },
    smtp: {
      url: env('SMTP_URL'),
      from: env('MAIL_FROM') ?? 'Talentloop <no-reply@talentloop.local>',
    },
    graph: {
      tenantId: env('MS_TENANT_ID'),
      clientId: env('MS_CLIENT_ID'),
      clientSecret: env('MS_CLIENT_SECRET'),
      mailbox: env('MS_MAILBOX'),
      authorityHost: env('MS_AUTHORITY_HOST'),
      baseUrl: env('MS_GRAPH_BASE_URL'),
    },
    inboundMailSecret: env('INBOUND_MAIL_SECRET'),
    /** Mailgun's HTTP webhook signing key: the credential of its inbound form (decision 037). */
    mailgunSigningKey: env('MAILGUN_SIGNING_KEY'),
    /** Per sending mailbox (From address): emails per day (from midnight in the organisation's zone) and per minute. */
    senderLimits: {
      dailyCap: limit('MAIL_DAILY_CAP_PER_SENDER', 400),
      perMinute: limit('MAIL_PER_MINUTE_PER_SENDER', null),
    },
    mail: {
      /** Where candidates' replies go; sent plus-addressed (reply+<token>@...). Default: reply@<MAIL_FROM domain>. */
      replyTo: env('MAIL_REPLY_TO'),
      /** First retry delay of a temporarily failed send; doubles per attempt (pg-boss backoff). */
      retryDelaySeconds: Number(env('MAIL_RETRY_DELAY_SECONDS') ?? 30),
      retryLimit: Number(env('MAIL_RETRY_LIMIT') ?? 5),
      /** How often each recruiter's own inbox is read for candidates' answers (decision 039). */
      syncSeconds: positiveNumber('MS_MAIL_SYNC_SECONDS', 60),
    },
  };
}
