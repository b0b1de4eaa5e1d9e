// Demo data, loaded once into an empty database: two users (the admin with
// two-factor enrolled on a published secret) and supabase/seed.sql.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import type { Auth } from './auth/better-auth.ts';
import { enrolWithKnownSecret } from './auth/two-factor.ts';
import { createUser } from './users.ts';

export const DEMO_ADMIN = {
  username: 'admin',
  password: 'admin-demo-password',
  displayName: 'Anouk de Vries',
  email: 'admin@talentloop.local',
  role: 'admin' as const,
  /** Raw secret; authenticator apps take its base32 form, DEMO_ADMIN_TOTP_BASE32. */
  totpSecret: 'talentloop-demo-2fa!',
  backupCodes: ['DEMO1-AAAAA', 'DEMO2-BBBBB', 'DEMO3-CCCCC', 'DEMO4-DDDDD', 'DEMO5-EEEEE',
    'DEMO6-FFFFF', 'DEMO7-GGGGG', 'DEMO8-HHHHH', 'DEMO9-IIIII', 'DEMO0-JJJJJ'],
};
export const DEMO_ADMIN_TOTP_BASE32 = 'ORQWYZLOORWG633QFVSGK3LPFUZGMYJB';

export const DEMO_RECRUITER = {
  username: 'recruiter',
  password: 'recruiter-demo-password',
  displayName: 'Sam Jansen',
  email: 'recruiter@talentloop.local',
  role: 'recruiter' as const,
};

export const SEED_SQL = path.resolve(import.meta.dirname, '../supabase/seed.sql');

/** Loads the demo data unless the database already has users. Returns whether it did. */
export async function seedDemoData(auth: Auth, owner: pg.Pool): Promise<boolean> {
  const { rows } = await owner.query<{ n: number }>('select count(*)::int as n from public.profiles');
  if (rows[0].n > 0) return false;
  const admin = await createUser(auth, owner, DEMO_ADMIN);
  await enrolWithKnownSecret(auth, owner, admin, DEMO_ADMIN.totpSecret, DEMO_ADMIN.backupCodes);
  await createUser(auth, owner, DEMO_RECRUITER);
  await owner.query(readFileSync(SEED_SQL, 'utf8'));
  return true;
}
