// The migrations' auth.uid(), auth.jwt() and the policies built on them, given the claims of real
// Supabase access tokens: a user signs in at the fake GoTrue through supabase-js, the token's claims
// go to PostgreSQL as PostgREST would put them (withClaims: role and request.jwt.claims per
// transaction), and what the user may see follows their public.profiles row.
import { createClient } from '@supabase/supabase-js';
import * as OTPAuth from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withClaims, type Claims, type Tx } from '#platform/db/request.server.ts';
import { decodeJwt, fakeEmail, startFakeGoTrue, type FakeGoTrue } from '../support/fake-gotrue.ts';
import { createTestDatabase, type TestDatabase } from '../support/harness.ts';
import { uniqueTag } from '../support/test-data.ts';

/** A Supabase access token's claims: what withClaims passes on, and more. */
type TokenClaims = Claims & { sub: string; aal: 'aal1' | 'aal2'; session_id: string; email: string };

const PASSWORD = 'correct horse battery staple';
let db: TestDatabase;
let gotrue: FakeGoTrue;
/** An audit entry and a candidate only the owner made, for the callers to see or not. */
let auditEntityId: string;
let candidateId: number;

beforeAll(async () => {
  [db, gotrue] = await Promise.all([createTestDatabase(), startFakeGoTrue()]);
  auditEntityId = `jwt-claims-${uniqueTag()}`;
  await db.pools.owner.query(`insert into public.audit_log (action, entity, entity_id) values ('test', 'test', $1)`, [auditEntityId]);
  const candidate = await db.pools.owner.query<{ id: number }>(
    `insert into public.candidates (name, email) values ('Claims Candidate', $1) returning id`, [`${uniqueTag()}@example.org`]);
  candidateId = candidate.rows[0].id;
});
afterAll(async () => {
  await gotrue?.close();
  await db?.drop();
});

/** A user at the fake GoTrue, with a profile of that role (none: no profile). */
async function newUser(profileRole: 'admin' | 'recruiter' | null, totpSecret?: string): Promise<{ email: string; id: string }> {
  const email = fakeEmail(profileRole ?? 'outsider');
  const { id } = gotrue.createUser({ email, password: PASSWORD, totpSecret });
  if (profileRole) {
    await db.pools.owner.query(
      `insert into public.profiles (id, username, display_name, email, role) values ($1, $2, 'Claims Test', $3, $4)`,
      [id, `claims_${uniqueTag()}`.slice(0, 32), email, profileRole]);
  }
  return { email, id };
}

/** Signs in through supabase-js (and the TOTP step when a secret is given); answers the access token's claims. */
async function tokenClaims(email: string, totpSecret?: string): Promise<TokenClaims> {
  const supabase = createClient(gotrue.url, gotrue.anonKey, { auth: { persistSession: false, autoRefreshToken: false } });
  const signedIn = await supabase.auth.signInWithPassword({ email, password: PASSWORD });
  if (signedIn.error) throw signedIn.error;
  let token = signedIn.data.session.access_token;
  if (totpSecret) {
    const factorId = (await supabase.auth.mfa.listFactors()).data!.totp[0].id;
    const code = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(totpSecret), digits: 6, period: 30 }).generate();
    const verified = await supabase.auth.mfa.challengeAndVerify({ factorId, code });
    if (verified.error) throw verified.error;
    token = verified.data.access_token;
  }
  return decodeJwt<TokenClaims>(token);
}

const as = <T>(claims: TokenClaims, work: (tx: Tx) => Promise<T>) => withClaims(db.pools.app, claims, work);
const rows = async <T>(tx: Tx, sql: string, values: unknown[] = []) => (await tx.query(sql, values)).rows as T[];

const WHO = `select auth.uid()::text as uid, auth.role() as role, auth.jwt() ->> 'aal' as aal,
                   auth.jwt() ->> 'session_id' as session_id, public.is_member() as member, public.is_admin() as admin`;

describe('a recruiter’s Supabase access token', () => {
  it('is the user to auth.uid(), with the token’s aal, and sees what recruiters see', async () => {
    const { email, id } = await newUser('recruiter');
    const claims = await tokenClaims(email);
    expect(claims).toMatchObject({ sub: id, role: 'authenticated', aal: 'aal1' });
    const seen = await as(claims, async (tx) => ({
      who: (await rows(tx, WHO))[0],
      candidates: await rows(tx, 'select id from public.candidates where id = $1', [candidateId]),
      audit: await rows(tx, 'select id from public.audit_log where entity_id = $1', [auditEntityId]),
      profiles: await rows<{ id: string }>(tx, 'select id::text from public.profiles'),
    }));
    expect(seen.who).toEqual({ uid: id, role: 'authenticated', aal: 'aal1', session_id: claims.session_id, member: true, admin: false });
    expect(seen.candidates).toEqual([{ id: candidateId }]);
    // The audit log is for admins; of the profiles, a recruiter reads only their own.
    expect(seen.audit).toEqual([]);
    expect(seen.profiles).toEqual([{ id }]);
  });

  it('writes audit entries in its own name only', async () => {
    const { email, id } = await newUser('recruiter');
    const claims = await tokenClaims(email);
    const own = await as(claims, (tx) => tx.query(`insert into public.audit_log (actor_id, action, entity) values ($1, 'test', 'test')`, [id]));
    expect(own.rowCount).toBe(1);
    const { id: otherId } = await newUser('recruiter');
    await expect(as(claims, (tx) => tx.query(`insert into public.audit_log (actor_id, action, entity) values ($1, 'test', 'test')`, [otherId])))
      .rejects.toThrow(/row-level security/);
  });
});

describe('an admin’s Supabase access token', () => {
  it('after the TOTP step says aal2 and sees the admin-only rows: the audit log and everyone’s profile', async () => {
    const secret = new OTPAuth.Secret({ size: 20 }).base32;
    const { email, id } = await newUser('admin', secret);
    const { id: recruiterId } = await newUser('recruiter');
    const claims = await tokenClaims(email, secret);
    expect(claims).toMatchObject({ sub: id, aal: 'aal2' });
    const seen = await as(claims, async (tx) => ({
      who: (await rows(tx, WHO))[0],
      audit: await rows(tx, 'select entity_id from public.audit_log where entity_id = $1', [auditEntityId]),
      recruiter: await rows(tx, 'select id::text from public.profiles where id = $1', [recruiterId]),
    }));
    expect(seen.who).toMatchObject({ uid: id, aal: 'aal2', member: true, admin: true });
    expect(seen.audit).toEqual([{ entity_id: auditEntityId }]);
    expect(seen.recruiter).toEqual([{ id: recruiterId }]);
  });
});

describe('the token of a Supabase user without a profile', () => {
  it('is a signed-in user to auth.uid() but no member: no candidates, no profiles, no writes', async () => {
    const { email, id } = await newUser(null);
    const claims = await tokenClaims(email);
    const seen = await as(claims, async (tx) => ({
      who: (await rows(tx, WHO))[0],
      candidates: await rows(tx, 'select count(*)::int as n from public.candidates'),
      profiles: await rows(tx, 'select count(*)::int as n from public.profiles'),
      pools: await rows(tx, 'select count(*)::int as n from public.talent_pools'),
    }));
    expect(seen).toEqual({
      who: { uid: id, role: 'authenticated', aal: 'aal1', session_id: claims.session_id, member: false, admin: false },
      candidates: [{ n: 0 }], profiles: [{ n: 0 }], pools: [{ n: 0 }],
    });
    await expect(as(claims, (tx) => tx.query(`insert into public.candidates (name) values ('Not allowed')`))).rejects.toThrow(/row-level security/);
  });
});
