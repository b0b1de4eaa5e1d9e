// `supabase db reset` on a Supabase project: our migrations, then supabase/seed.sql as the database owner
// (Supabase's `postgres`, not a superuser), on a database shaped like a fresh project whose GoTrue already
// made auth.users, auth.identities and auth.mfa_factors (tests/support/supabase-shape.ts). The seed must
// leave the README's demo users able to sign in through Supabase Auth, with their profiles under the same ids.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import * as OTPAuth from 'otpauth';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { migrate } from '#platform/db/migrate.server.ts';
import { DEMO_ADMIN, DEMO_ADMIN_TOTP_BASE32, DEMO_RECRUITER, SEED_SQL } from '#demo/demo.server.ts';
import { createSupabaseShapedDatabase, dropDatabase } from '../support/supabase-shape.ts';

const DATABASE = `sb_seed_${randomBytes(4).toString('hex')}`;
const DEMO_USERS = [DEMO_ADMIN, DEMO_RECRUITER];
let owner: pg.Pool;

beforeAll(async () => {
  const ownerUrl = await createSupabaseShapedDatabase(inject('pgServerUrl'), DATABASE);
  owner = new pg.Pool({ connectionString: ownerUrl, max: 2 });
  // dropDatabase ends what is still connected (with force); a connection the pool is closing just then must not fail the run.
  owner.on('error', () => undefined);
  await migrate(owner);
  await owner.query(readFileSync(SEED_SQL, 'utf8'));
});

afterAll(async () => {
  await owner?.end();
  await dropDatabase(inject('pgServerUrl'), DATABASE);
});

interface AuthUser {
  id: string;
  instance_id: string;
  aud: string;
  role: string;
  encrypted_password: string;
  confirmed: boolean;
  raw_app_meta_data: unknown;
  raw_user_meta_data: Record<string, unknown>;
  tokens: string[];
}

async function authUser(email: string): Promise<AuthUser | undefined> {
  const { rows } = await owner.query<AuthUser>(
    `select id, instance_id, aud, role, encrypted_password, email_confirmed_at is not null and confirmed_at is not null as confirmed,
            raw_app_meta_data, raw_user_meta_data,
            array[confirmation_token, recovery_token, email_change_token_new, email_change,
                  email_change_token_current, phone_change, phone_change_token, reauthentication_token] as tokens
       from auth.users where email = $1`, [email]);
  return rows[0];
}

describe('supabase/seed.sql on a Supabase project (supabase db reset)', () => {
  it('creates each demo user in auth.users as GoTrue does: confirmed, bcrypt hash of the README password, no NULL tokens', async () => {
    for (const user of DEMO_USERS) {
      const row = await authUser(user.email);
      expect(row, user.email).toBeDefined();
      expect(row).toMatchObject({
        instance_id: '00000000-0000-0000-0000-000000000000',
        aud: 'authenticated',
        role: 'authenticated',
        confirmed: true,
        raw_app_meta_data: { provider: 'email', providers: ['email'] },
        raw_user_meta_data: { username: user.username, display_name: user.displayName },
        tokens: Array(8).fill(''),
      });
      // bcrypt, which GoTrue (golang.org/x/crypto/bcrypt) checks: the $2a$ prefix and a cost it does not re-hash.
      expect(row!.encrypted_password).toMatch(/^\$2a\$06\$/);
      const { rows: [check] } = await owner.query<{ right: boolean; wrong: boolean }>(
        `select extensions.crypt($1, $3) = $3 as right, extensions.crypt($2, $3) = $3 as wrong`,
        [user.password, `${user.password}!`, row!.encrypted_password]);
      expect(check).toEqual({ right: true, wrong: false });
    }
  });

  it('gives each demo user the email identity a password sign-in needs', async () => {
    for (const user of DEMO_USERS) {
      const { rows } = await owner.query<{ provider_id: string; user_id: string; sub: string; email: string }>(
        `select i.provider_id, i.user_id, i.identity_data ->> 'sub' as sub, i.email
           from auth.identities i join auth.users u on u.id = i.user_id
          where u.email = $1 and i.provider = 'email'`, [user.email]);
      expect(rows).toHaveLength(1);
      expect(rows[0].provider_id).toBe(rows[0].user_id);
      expect(rows[0].sub).toBe(rows[0].user_id);
      expect(rows[0].email).toBe(user.email);
    }
  });

  it('enrols the demo admin with a verified TOTP factor that shows the codes of the README’s secret', async () => {
    const { rows } = await owner.query<{ email: string; factor_type: string; status: string; secret: string }>(
      `select u.email, f.factor_type, f.status, f.secret
         from auth.mfa_factors f join auth.users u on u.id = f.user_id`);
    expect(rows).toEqual([{ email: DEMO_ADMIN.email, factor_type: 'totp', status: 'verified', secret: DEMO_ADMIN_TOTP_BASE32 }]);
    // The code GoTrue expects (its secret, base32) is the one an authenticator shows for the README's secret.
    const fromFactor = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(rows[0].secret), digits: 6, period: 30 });
    const authenticator = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromUTF8(DEMO_ADMIN.totpSecret), digits: 6, period: 30 });
    for (const timestamp of [Date.UTC(2026, 10, 29, 9, 0, 0), Date.now()]) {
      expect(fromFactor.generate({ timestamp })).toBe(authenticator.generate({ timestamp }));
    }
  });

  it('writes the profiles under the auth.users ids, with the demo users’ names and roles', async () => {
    const { rows } = await owner.query<{ same_id: boolean; username: string; display_name: string; email: string; role: string; two_factor_enabled: boolean }>(
      `select u.id is not null as same_id, p.username::text, p.display_name, p.email::text, p.role, p.two_factor_enabled
         from public.profiles p left join auth.users u on u.id = p.id order by p.username`);
    expect(rows).toEqual([
      { same_id: true, username: 'admin', display_name: DEMO_ADMIN.displayName, email: DEMO_ADMIN.email, role: 'admin', two_factor_enabled: true },
      { same_id: true, username: 'recruiter', display_name: DEMO_RECRUITER.displayName, email: DEMO_RECRUITER.email, role: 'recruiter', two_factor_enabled: false },
    ]);
  });

  it('loads the demo recruiting data for those users', async () => {
    const { rows: [counts] } = await owner.query<{ candidates: number; booking: number; meeting_types: number }>(
      `select (select count(*)::int from public.candidates) as candidates,
              (select count(*)::int from public.booking_settings) as booking,
              (select count(*)::int from public.meeting_types) as meeting_types`);
    expect(counts).toEqual({ candidates: 200, booking: 2, meeting_types: 4 });
  });
});
