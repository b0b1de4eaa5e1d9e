// The fake GoTrue (tests/support/fake-gotrue.ts) as the real clients see it: @supabase/supabase-js
// and @supabase/ssr talk to it unchanged, and what they get back (sessions, errors and their codes,
// the access token's claims) is what they get from Supabase Auth. This is what lets other tests trust it.
import { createServerClient } from '@supabase/ssr';
import { createClient, isAuthApiError, isAuthSessionMissingError, type Session } from '@supabase/supabase-js';
import * as OTPAuth from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt, fakeEmail, startFakeGoTrue, type FakeGoTrue, type NewUser } from '../support/fake-gotrue.ts';

let gotrue: FakeGoTrue;
beforeAll(async () => { gotrue = await startFakeGoTrue(); });
afterAll(async () => { await gotrue?.close(); });

const PASSWORD = 'correct horse battery staple';
const noStorage = { auth: { persistSession: false, autoRefreshToken: false } };
/** A browser-like client with the anon key. */
const client = () => createClient(gotrue.url, gotrue.anonKey, noStorage);
/** A server client with the service role key (the admin API). */
const adminClient = () => createClient(gotrue.url, gotrue.serviceRoleKey, noStorage);

const totp = (secret: string) => new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 });
/** A code that no step around now accepts (GoTrue allows one step either side). */
function wrongCode(secret: string): string {
  const valid = [-1, 0, 1].map((step) => totp(secret).generate({ timestamp: Date.now() + step * 30_000 }));
  let code = 0;
  while (valid.includes(String(code).padStart(6, '0'))) code++;
  return String(code).padStart(6, '0');
}

function newUser(extra: Partial<NewUser> = {}) {
  const email = fakeEmail();
  return { email, user: gotrue.createUser({ email, password: PASSWORD, ...extra }) };
}

async function signIn(email: string, password = PASSWORD) {
  const supabase = client();
  const { data, error } = await supabase.auth.signInWithPassword({ email, password });
  if (error) throw error;
  return { supabase, session: data.session };
}

interface AccessClaims {
  iss: string; sub: string; aud: string; exp: number; iat: number; email: string; phone: string; role: string;
  aal: string; amr: Array<{ method: string; timestamp: number }>; session_id: string; is_anonymous: boolean;
  app_metadata: Record<string, unknown>; user_metadata: Record<string, unknown>;
}
const claimsOf = (session: Session) => decodeJwt<AccessClaims>(session.access_token);

describe('project keys', () => {
  it('signs the anon and service role keys as the Supabase CLI does (the CLI’s own keys with its JWT secret)', () => {
    expect(decodeJwt(gotrue.anonKey)).toEqual({ iss: 'supabase-demo', role: 'anon', exp: 1983812996 });
    expect(decodeJwt(gotrue.serviceRoleKey)).toEqual({ iss: 'supabase-demo', role: 'service_role', exp: 1983812996 });
    expect(gotrue.anonKey).toBe('eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0');
  });

  it('refuses a request without a project key, or with a wrong one, as the API gateway does', async () => {
    const body = JSON.stringify({ email: 'a@example.org', password: PASSWORD });
    const without = await fetch(`${gotrue.url}/auth/v1/token?grant_type=password`, { method: 'POST', body });
    expect(without.status).toBe(401);
    const wrong = await fetch(`${gotrue.url}/auth/v1/token?grant_type=password`, { method: 'POST', body, headers: { apikey: 'nope' } });
    expect(wrong.status).toBe(401);
    const { error } = await createClient(gotrue.url, 'not-the-key', noStorage).auth.signInWithPassword({ email: 'a@example.org', password: PASSWORD });
    expect(error?.status).toBe(401);
  });
});

describe('signing in with a password', () => {
  it('answers a session whose access token carries Supabase’s claims', async () => {
    const { email, user } = newUser({ userMetadata: { display_name: 'Ada' }, appMetadata: { talentloop_role: 'recruiter' } });
    const { session } = await signIn(email.toUpperCase());
    expect(session).toMatchObject({ token_type: 'bearer', expires_in: 3600, user: { id: user.id, email, aud: 'authenticated' } });
    expect(session.refresh_token).toEqual(expect.any(String));
    const claims = claimsOf(session);
    expect(claims).toMatchObject({
      iss: `${gotrue.url}/auth/v1`, sub: user.id, aud: 'authenticated', email, phone: '', role: 'authenticated', aal: 'aal1',
      app_metadata: { provider: 'email', providers: ['email'], talentloop_role: 'recruiter' }, user_metadata: { display_name: 'Ada' },
      is_anonymous: false,
    });
    expect(claims.exp - claims.iat).toBe(3600);
    expect(session.expires_at).toBe(claims.exp);
    expect(claims.amr).toEqual([{ method: 'password', timestamp: expect.any(Number) }]);
    expect(gotrue.sessions(user.id).map((s) => s.id)).toEqual([claims.session_id]);
    expect(gotrue.requests.at(-1)).toMatchObject({ method: 'POST', path: '/auth/v1/token', search: '?grant_type=password', key: 'anon' });
  });

  it('refuses a wrong password and an unknown address alike: invalid_credentials', async () => {
    const { email } = newUser();
    for (const attempt of [{ email, password: 'wrong password' }, { email: fakeEmail(), password: PASSWORD }]) {
      const { data, error } = await client().auth.signInWithPassword(attempt);
      expect(data.session).toBeNull();
      expect(isAuthApiError(error)).toBe(true);
      expect(error).toMatchObject({ status: 400, code: 'invalid_credentials', message: 'Invalid login credentials' });
    }
  });

  it('refuses a banned user (user_banned) and one whose address is not confirmed (email_not_confirmed)', async () => {
    const { email: bannedEmail } = newUser({ bannedUntil: new Date(Date.now() + 3_600_000) });
    expect((await client().auth.signInWithPassword({ email: bannedEmail, password: PASSWORD })).error).toMatchObject({ status: 400, code: 'user_banned' });
    const { email: unconfirmed } = newUser({ emailConfirmed: false });
    expect((await client().auth.signInWithPassword({ email: unconfirmed, password: PASSWORD })).error).toMatchObject({ code: 'email_not_confirmed' });
  });

  it('answers errors in GoTrue’s older shape to a client that sends no API version', async () => {
    const response = await fetch(`${gotrue.url}/auth/v1/token?grant_type=password`, {
      method: 'POST', headers: { apikey: gotrue.anonKey }, body: JSON.stringify({ email: fakeEmail(), password: PASSWORD }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ code: 400, error_code: 'invalid_credentials', msg: 'Invalid login credentials' });
  });
});

describe('the signed-in user', () => {
  it('getUser answers the user with their factors; a forged or ended session’s token is refused', async () => {
    const { email, user } = newUser({ totpSecret: new OTPAuth.Secret({ size: 20 }).base32 });
    const { supabase, session } = await signIn(email);
    const { data, error } = await supabase.auth.getUser();
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ id: user.id, email, factors: [{ factor_type: 'totp', status: 'verified' }] });

    const [head, payload] = session.access_token.split('.');
    const forged = `${head}.${payload}.${Buffer.from('forged').toString('base64url')}`;
    expect((await client().auth.getUser(forged)).error).toMatchObject({ status: 403, code: 'bad_jwt' });

    await supabase.auth.signOut();
    const ended = await client().auth.getUser(session.access_token);
    expect(isAuthSessionMissingError(ended.error)).toBe(true);
  });

  it('updateUser changes the password and metadata, and ends the user’s other sessions', async () => {
    const { email, user } = newUser({ userMetadata: { display_name: 'Before', language: 'nl' } });
    const { supabase } = await signIn(email);
    const other = await signIn(email);
    const { data, error } = await supabase.auth.updateUser({ password: 'a brand new password', data: { display_name: 'After' } });
    expect(error).toBeNull();
    expect(data.user?.user_metadata).toEqual({ display_name: 'After', language: 'nl' });
    expect(gotrue.sessions(user.id)).toHaveLength(1);
    expect((await other.supabase.auth.refreshSession()).error).toMatchObject({ code: 'refresh_token_not_found' });
    expect((await client().auth.signInWithPassword({ email, password: PASSWORD })).error).toMatchObject({ code: 'invalid_credentials' });
    await signIn(email, 'a brand new password');
    expect((await supabase.auth.updateUser({ password: 'short' })).error).toMatchObject({ status: 422, code: 'weak_password' });
  });
});

describe('refresh tokens', () => {
  it('rotate; the parent of the current one gets the current one again; an older one is refused and revokes the family', async () => {
    const { email } = newUser();
    const { supabase, session: first } = await signIn(email);
    const { data, error } = await supabase.auth.refreshSession({ refresh_token: first.refresh_token });
    expect(error).toBeNull();
    const second = data.session!;
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(claimsOf(second)).toMatchObject({ session_id: claimsOf(first).session_id, aal: 'aal1' });
    // A client that lost the answer to its refresh tries the token again: GoTrue answers the current one.
    const lost = await client().auth.refreshSession({ refresh_token: first.refresh_token });
    expect(lost.data.session?.refresh_token).toBe(second.refresh_token);

    const third = (await client().auth.refreshSession({ refresh_token: second.refresh_token })).data.session!;
    const reused = await client().auth.refreshSession({ refresh_token: first.refresh_token });
    expect(reused.error).toMatchObject({ status: 400, code: 'refresh_token_already_used' });
    // Reuse revokes the whole family, the newest token included.
    expect((await client().auth.refreshSession({ refresh_token: third.refresh_token })).error).toMatchObject({ code: 'refresh_token_already_used' });
    expect((await client().auth.refreshSession({ refresh_token: 'never-issued' })).error).toMatchObject({ code: 'refresh_token_not_found' });
  });

  it('a used one is swapped again within the reuse interval, when one is set', async () => {
    const lenient = await startFakeGoTrue({ refreshTokenReuseSeconds: 10 });
    try {
      const email = fakeEmail();
      lenient.createUser({ email, password: PASSWORD });
      const supabase = createClient(lenient.url, lenient.anonKey, noStorage);
      const first = (await supabase.auth.signInWithPassword({ email, password: PASSWORD })).data.session!;
      const second = (await supabase.auth.refreshSession({ refresh_token: first.refresh_token })).data.session!;
      await supabase.auth.refreshSession({ refresh_token: second.refresh_token });
      const again = await supabase.auth.refreshSession({ refresh_token: first.refresh_token });
      expect(again.error).toBeNull();
      expect([first.refresh_token, second.refresh_token]).not.toContain(again.data.session?.refresh_token);
    } finally {
      await lenient.close();
    }
  });

  it('signOut({ scope: "others" }) ends the other sessions (their refresh tokens stop working), not this one', async () => {
    const { email, user } = newUser();
    const mine = await signIn(email);
    const theirs = await signIn(email);
    expect(gotrue.sessions(user.id)).toHaveLength(2);
    expect((await mine.supabase.auth.signOut({ scope: 'others' })).error).toBeNull();
    expect(gotrue.requests.at(-1)).toMatchObject({ method: 'POST', path: '/auth/v1/logout', search: '?scope=others' });
    expect((await theirs.supabase.auth.refreshSession()).error).toMatchObject({ code: 'refresh_token_not_found' });
    expect((await mine.supabase.auth.refreshSession()).error).toBeNull();
    expect(gotrue.sessions(user.id).map((s) => s.id)).toEqual([claimsOf(mine.session).session_id]);

    await mine.supabase.auth.signOut({ scope: 'global' });
    expect(gotrue.sessions(user.id)).toEqual([]);
  });
});

describe('TOTP multi-factor authentication', () => {
  it('enroll → challenge → verify raises the session to aal2 (and ends the user’s aal1 sessions); a wrong code is refused', async () => {
    const { email, user } = newUser();
    const { supabase, session } = await signIn(email);
    const elsewhere = await signIn(email);
    const enrolled = await supabase.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone' });
    expect(enrolled.error).toBeNull();
    const factor = enrolled.data!;
    if (factor.type !== 'totp') throw new Error('not a TOTP factor');
    expect(factor.totp.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(factor.totp.uri).toBe(`otpauth://totp/127.0.0.1:3000:${email}?algorithm=SHA1&digits=6&issuer=127.0.0.1%3A3000&period=30&secret=${factor.totp.secret}`);
    expect(factor.totp.qr_code).toMatch(/^data:image\/svg\+xml;utf-8,<svg /);
    expect((await supabase.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone' })).error).toMatchObject({ code: 'mfa_factor_name_conflict' });

    const challenge = await supabase.auth.mfa.challenge({ factorId: factor.id });
    expect(challenge.data).toMatchObject({ id: expect.any(String), type: 'totp', expires_at: expect.any(Number) });
    const challengeId = challenge.data!.id;
    const wrong = await supabase.auth.mfa.verify({ factorId: factor.id, challengeId, code: wrongCode(factor.totp.secret) });
    expect(wrong.error).toMatchObject({ status: 422, code: 'mfa_verification_failed' });

    const verified = await supabase.auth.mfa.verify({ factorId: factor.id, challengeId, code: totp(factor.totp.secret).generate() });
    expect(verified.error).toBeNull();
    const claims = decodeJwt<AccessClaims>(verified.data!.access_token);
    expect(claims.aal).toBe('aal2');
    expect(claims.amr.map((entry) => entry.method)).toEqual(['totp', 'password']);
    const { data: level } = await supabase.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(level).toMatchObject({ currentLevel: 'aal2', nextLevel: 'aal2' });
    expect(gotrue.sessions(user.id)).toEqual([expect.objectContaining({ id: claimsOf(session).session_id, aal: 'aal2' })]);
    expect((await elsewhere.supabase.auth.refreshSession()).error).toMatchObject({ code: 'refresh_token_not_found' });
    expect(gotrue.users().find((u) => u.id === user.id)?.factors).toEqual([expect.objectContaining({ id: factor.id, status: 'verified', friendly_name: 'Phone' })]);

    // A challenge works once; one the factor never made is unknown.
    const again = await supabase.auth.mfa.verify({ factorId: factor.id, challengeId, code: totp(factor.totp.secret).generate() });
    expect(again.error).toMatchObject({ status: 422, code: 'mfa_ip_address_mismatch' });
    const unknown = await supabase.auth.mfa.verify({ factorId: factor.id, challengeId: crypto.randomUUID(), code: '123456' });
    expect(unknown.error).toMatchObject({ status: 422, code: 'mfa_factor_not_found' });
  });

  it('signing in with a verified factor gives aal1 with aal2 next; refresh keeps aal2; unenrolling needs aal2', async () => {
    const secret = new OTPAuth.Secret({ size: 20 }).base32;
    const { email } = newUser({ totpSecret: secret });
    const { supabase } = await signIn(email);
    expect((await supabase.auth.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal2' });
    const { data: factors } = await supabase.auth.mfa.listFactors();
    const factorId = factors!.totp[0].id;
    expect((await supabase.auth.mfa.unenroll({ factorId })).error).toMatchObject({ status: 422, code: 'insufficient_aal' });
    expect((await supabase.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Second' })).error).toMatchObject({ status: 403, code: 'insufficient_aal' });
    expect((await supabase.auth.updateUser({ password: 'a brand new password' })).error).toMatchObject({ status: 401, code: 'insufficient_aal' });

    expect((await supabase.auth.mfa.challengeAndVerify({ factorId, code: totp(secret).generate() })).error).toBeNull();
    const refreshed = await supabase.auth.refreshSession();
    expect(claimsOf(refreshed.data.session!).aal).toBe('aal2');
    expect((await supabase.auth.mfa.unenroll({ factorId })).data).toEqual({ id: factorId });
    expect((await supabase.auth.getUser()).data.user?.factors ?? []).toEqual([]);
  });
});

describe('the admin API (service role key)', () => {
  it('creates, reads, bans, unbans, lists and deletes users', async () => {
    const admin = adminClient().auth.admin;
    const email = fakeEmail();
    const created = await admin.createUser({ email, password: PASSWORD, email_confirm: true, user_metadata: { display_name: 'Grace' }, app_metadata: { talentloop_role: 'admin' } });
    expect(created.error).toBeNull();
    const id = created.data.user!.id;
    expect(created.data.user).toMatchObject({ email, user_metadata: { display_name: 'Grace' }, app_metadata: { provider: 'email', talentloop_role: 'admin' } });
    expect((await admin.createUser({ email, password: PASSWORD })).error).toMatchObject({ status: 422, code: 'email_exists' });
    expect((await admin.getUserById(id)).data.user?.email).toBe(email);

    const { session } = await signIn(email);
    const bannedAnswer = await admin.updateUserById(id, { ban_duration: '876000h' });
    expect(new Date(bannedAnswer.data.user!.banned_until!).getTime()).toBeGreaterThan(Date.now() + 800_000 * 3_600_000);
    expect((await client().auth.signInWithPassword({ email, password: PASSWORD })).error).toMatchObject({ code: 'user_banned' });
    expect((await client().auth.refreshSession({ refresh_token: session.refresh_token })).error).toMatchObject({ code: 'user_banned' });
    await admin.updateUserById(id, { ban_duration: 'none' });
    await signIn(email);

    const listed = await admin.listUsers({ page: 1, perPage: 1 });
    expect(listed.error).toBeNull();
    expect(listed.data.users).toHaveLength(1);
    expect(listed.data).toMatchObject({ total: gotrue.users().length, nextPage: 2 });

    expect((await admin.deleteUser(id)).error).toBeNull();
    expect((await admin.getUserById(id)).error).toMatchObject({ status: 404, code: 'user_not_found' });
    expect(gotrue.sessions(id)).toEqual([]);
    expect((await client().auth.signInWithPassword({ email, password: PASSWORD })).error).toMatchObject({ code: 'invalid_credentials' });
  });

  it('lists and deletes a user’s factors', async () => {
    const { user } = newUser({ totpSecret: new OTPAuth.Secret({ size: 20 }).base32 });
    const admin = adminClient().auth.admin;
    const { data, error } = await admin.mfa.listFactors({ userId: user.id });
    expect(error).toBeNull();
    expect(data!.factors).toEqual([expect.objectContaining({ factor_type: 'totp', status: 'verified' })]);
    const deleted = await admin.mfa.deleteFactor({ userId: user.id, id: data!.factors[0].id });
    expect(deleted.error).toBeNull();
    expect((await admin.mfa.listFactors({ userId: user.id })).data!.factors).toEqual([]);
  });

  it('refuses a token that is not the service role’s: not_admin', async () => {
    const { error } = await client().auth.admin.listUsers();
    expect(error).toMatchObject({ status: 403, code: 'not_admin' });
  });
});

describe('@supabase/ssr', () => {
  it('a server client signs in into a cookie jar, and another built from those cookies reads the user', async () => {
    const { email, user } = newUser();
    const jar = new Map<string, string>();
    const cookies = {
      getAll: () => [...jar].map(([name, value]) => ({ name, value })),
      setAll: (list: Array<{ name: string; value: string; options: { maxAge?: number } }>) => {
        for (const { name, value, options } of list) {
          if (!value || options.maxAge === 0) jar.delete(name);
          else jar.set(name, value);
        }
      },
    };
    const first = createServerClient(gotrue.url, gotrue.anonKey, { cookies });
    expect((await first.auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();
    expect([...jar.keys()].some((name) => name.startsWith('sb-127-auth-token'))).toBe(true);

    const next = createServerClient(gotrue.url, gotrue.anonKey, { cookies: { getAll: cookies.getAll, setAll: () => {} } });
    const before = gotrue.requests.length;
    const { data, error } = await next.auth.getUser();
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ id: user.id, email });
    expect(gotrue.requests.slice(before)).toContainEqual(expect.objectContaining({ method: 'GET', path: '/auth/v1/user' }));
  });
});
