// supabase/config.toml as the Supabase CLI reads it (`supabase start`, `supabase db reset`): Supabase Auth
// set up the way Talentloop signs in (decision 050), beside the database settings the app relies on.
import { readFileSync } from 'node:fs';
import path from 'node:path';
// smol-toml: the TOML parser astro depends on (not a dependency of ours of its own).
import { parse } from 'smol-toml';
import { describe, expect, it, vi } from 'vitest';
import { loadConfig } from '#platform/runtime/config.server.ts';

const config = parse(readFileSync(path.resolve(import.meta.dirname, '../../supabase/config.toml'), 'utf8')) as {
  db: { migrations: { enabled: boolean; schema_paths: string[] }; seed: { enabled: boolean; sql_paths: string[] } };
  auth: Record<string, unknown> & {
    email: Record<string, unknown>;
    sessions: { timebox: string; inactivity_timeout: string };
    mfa: { max_enrolled_factors: number; totp: { enroll_enabled: boolean; verify_enabled: boolean }; phone: { enroll_enabled: boolean } };
  };
};

/** A Go duration of hours and minutes ("12h", "30m", "1h30m") in minutes. */
function minutes(duration: string): number {
  const match = /^(?:(\d+)h)?(?:(\d+)m)?$/.exec(duration);
  if (!match || duration === '') throw new Error(`not an h/m duration: ${duration}`);
  return Number(match[1] ?? 0) * 60 + Number(match[2] ?? 0);
}

describe('supabase/config.toml', () => {
  it('parses as TOML and keeps the migrations, the schema files and the seed on', () => {
    expect(config.db.migrations.enabled).toBe(true);
    expect(config.db.migrations.schema_paths[0]).toBe('./schemas/shared.sql');
    expect(config.db.seed).toEqual({ enabled: true, sql_paths: ['./seed.sql'] });
  });

  it('turns on TOTP two-factor authentication (enrol and verify), and no SMS factor', () => {
    expect(config.auth.enabled).toBe(true);
    expect(config.auth.mfa.totp).toEqual({ enroll_enabled: true, verify_enabled: true });
    expect(config.auth.mfa.max_enrolled_factors).toBeGreaterThanOrEqual(1);
    expect(config.auth.mfa.phone.enroll_enabled).toBe(false);
  });

  it('lets nobody sign up (admins create users) and asks no email confirmation', () => {
    expect(config.auth.enable_signup).toBe(false);
    expect(config.auth.enable_anonymous_sign_ins).toBe(false);
    expect(config.auth.email).toMatchObject({ enable_signup: false, enable_confirmations: false, secure_password_change: false });
  });

  it('holds passwords to the app’s rule and sessions to the app’s limits', () => {
    expect(config.auth.minimum_password_length).toBe(12);
    // The defaults (SESSION_MAX_AGE_HOURS, SESSION_IDLE_MINUTES unset); an APP_SECRET so that no secret file is written.
    vi.stubEnv('SESSION_MAX_AGE_HOURS', undefined);
    vi.stubEnv('SESSION_IDLE_MINUTES', undefined);
    vi.stubEnv('APP_SECRET', 'supabase-config-test-secret-of-32-chars');
    const defaults = loadConfig().session;
    vi.unstubAllEnvs();
    expect(minutes(config.auth.sessions.timebox)).toBe(defaults.maxAgeHours * 60);
    expect(minutes(config.auth.sessions.inactivity_timeout)).toBe(defaults.idleMinutes);
    // An access token outlives no idle session: it expires before the idle limit ends the session.
    expect(config.auth.jwt_expiry as number).toBeLessThan(defaults.idleMinutes * 60);
    expect(config.auth.enable_refresh_token_rotation).toBe(true);
  });
});
