// Demo data, loaded once into an empty database: two users (the admin with
// two-factor enrolled on a published secret) and supabase/seed.sql. Only for
// the embedded database or SEED_DEMO_DATA=on; findDemoUsers() lets a
// production start refuse a database that still has them.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import { symmetricDecrypt } from 'better-auth/crypto';
import type { Auth, AuthService as BetterAuthService } from '../platform/auth/better-auth.server.ts';
import { AUTH_SCHEMA } from '../platform/auth/names.ts';
import { enrolWithKnownSecret } from '../domain/auth/two-factor.server.ts';
import { createUser } from '../domain/auth/users.server.ts';

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

export async function userCount(owner: pg.Pool): Promise<number> {
  const { rows } = await owner.query<{ n: number }>('select count(*)::int as n from public.profiles');
  return rows[0].n;
}

/** Loads the demo data unless the database already has users. Returns whether it did. */
export async function seedDemoData(service: BetterAuthService, owner: pg.Pool): Promise<boolean> {
  if (await userCount(owner) > 0) return false;
  const admin = await createUser(service.identity, owner, DEMO_ADMIN);
  await enrolWithKnownSecret(service.auth, owner, admin, DEMO_ADMIN.totpSecret, DEMO_ADMIN.backupCodes);
  await createUser(service.identity, owner, DEMO_RECRUITER);
  await owner.query(readFileSync(SEED_SQL, 'utf8'));
  return true;
}

/** A user who can still sign in with something the README publishes. */
export interface DemoUserFinding {
  username: string;
  reasons: Array<'demo password' | 'demo two-factor secret'>;
}

const DEMO_PASSWORDS = [DEMO_ADMIN.password, DEMO_RECRUITER.password];

/**
 * Users (not banned) whose password is one of the demo passwords, or whose
 * two-factor secret is the demo admin's, whatever their names: these are the
 * accounts anyone who read the README can sign in to.
 */
export async function findDemoUsers(auth: Auth, owner: pg.Pool): Promise<DemoUserFinding[]> {
  const ctx = await auth.$context;
  const { rows: users } = await owner.query<{ id: string; username: string }>(
    'select id, username::text from public.profiles where not banned');
  if (!users.length) return [];
  const ids = users.map((u) => u.id);
  const findings = new Map<string, DemoUserFinding>();
  const flag = (userId: string, reason: DemoUserFinding['reasons'][number]) => {
    const finding = findings.get(userId) ?? { username: users.find((u) => u.id === userId)!.username, reasons: [] };
    if (!finding.reasons.includes(reason)) finding.reasons.push(reason);
    findings.set(userId, finding);
  };

  const { rows: accounts } = await owner.query<{ userId: string; password: string }>(
    `select "userId", password from ${AUTH_SCHEMA}.account
      where "providerId" = 'credential' and password is not null and "userId" = any($1::uuid[])`, [ids]);
  const matches = await Promise.all(accounts.map(async (account) => {
    const verdicts = await Promise.all(DEMO_PASSWORDS.map((password) => ctx.password.verify({ hash: account.password, password })));
    return verdicts.includes(true) ? account.userId : null;
  }));
  for (const userId of matches) if (userId) flag(userId, 'demo password');

  const { rows: secrets } = await owner.query<{ userId: string; secret: string }>(
    `select "userId", secret from ${AUTH_SCHEMA}."twoFactor" where "userId" = any($1::uuid[])`, [ids]);
  for (const { userId, secret } of secrets) {
    // Encrypted with this installation's secret; one that does not decrypt was not written by this app's seeding.
    const raw = await symmetricDecrypt({ key: ctx.secretConfig, data: secret }).catch(() => null);
    if (raw === DEMO_ADMIN.totpSecret) flag(userId, 'demo two-factor secret');
  }
  return [...findings.values()].sort((a, b) => a.username.localeCompare(b.username));
}
