// The sign-in and session promises, one table over both identity providers: better-auth (the
// embedded default) and Supabase Auth (a fake GoTrue speaking its wire format, decision 050).
// Each test makes its own users; nothing here leans on the demo data.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type Provider, type TestApp, type TestClient } from '#tests/support/harness.ts';
import { login, makeUser, makeUserEnrolledInSettings, type TestUser } from '#tests/support/auth-users.ts';

const PROVIDERS: Provider[] = ['better-auth', 'supabase'];

async function signedIn(app: TestApp, user: TestUser, userAgent?: string): Promise<TestClient> {
  const client = app.client();
  const response = await login(client, user, userAgent ? { userAgent } : undefined);
  expect(response.json).toEqual({ requiresTwoFactor: false });
  return client;
}

describe.each(PROVIDERS)('signing in with %s', (provider) => {
  let app: TestApp;
  beforeAll(async () => { app = await startTestApp({ provider }); });
  afterAll(async () => { await app?.close(); });

  it('signs a user in by username; a wrong password and an unknown username get the same answer', async () => {
    const user = await makeUser(app);
    const client = await signedIn(app, user);
    const me = await client.get('/api/auth/me');
    expect(me.status).toBe(200);
    expect(me.json.user).toMatchObject({ id: user.id, username: user.username, role: 'recruiter' });

    const wrong = await app.client().post('/api/auth/login', { username: user.username, password: `${user.password}x` });
    const unknown = await app.client().post('/api/auth/login', { username: `${user.username}zz`, password: user.password });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(unknown.json).toEqual(wrong.json);
  });

  it('asks an enrolled user for a code, which works once', async () => {
    const user = await makeUserEnrolledInSettings(app);
    const client = app.client();
    expect((await login(client, user)).json).toEqual({ requiresTwoFactor: true });
    const pending = await client.get('/api/auth/me');
    expect(pending.status).toBe(401);
    expect(pending.json.requiresTwoFactor).toBe(true);

    const wrongCode = await client.post('/api/auth/verify-2fa', { code: user.code() === '000000' ? '111111' : '000000' });
    expect(wrongCode.status).toBe(401);
    expect(wrongCode.json.code).toBe('invalid_code');
    const code = user.code();
    const verified = await client.post('/api/auth/verify-2fa', { code });
    expect(verified.status).toBe(200);
    expect(verified.json.user).toMatchObject({ id: user.id, username: user.username });
    expect((await client.get('/api/auth/me')).status).toBe(200);

    const again = app.client();
    await login(again, user);
    const reused = await again.post('/api/auth/verify-2fa', { code });
    expect(reused.status).toBe(401);
    expect(reused.json.code).toBe('code_reused');
    expect((await again.get('/api/auth/me')).status).toBe(401);
  });

  it('lets a backup code in once', async () => {
    const user = await makeUserEnrolledInSettings(app);
    const [backup] = user.backupCodes;
    const first = app.client();
    await login(first, user);
    expect((await first.post('/api/auth/verify-2fa', { code: backup })).status).toBe(200);
    expect((await first.get('/api/auth/me')).status).toBe(200);

    const second = app.client();
    await login(second, user);
    const used = await second.post('/api/auth/verify-2fa', { code: backup });
    expect(used.status).toBe(401);
    expect(used.json.code).toBe('invalid_code');
  });

  it('locks the second factor after 10 wrong codes, the right code included', async () => {
    const user = await makeUserEnrolledInSettings(app);
    const client = app.client();
    await login(client, user);
    const wrongCode = user.code() === '000000' ? '111111' : '000000';
    const answers: number[] = [];
    for (let attempt = 0; attempt < 10; attempt++) {
      // A fresh password step now and then: better-auth also ends a challenge after 5 wrong codes.
      if (attempt === 5) await login(client, user);
      answers.push((await client.post('/api/auth/verify-2fa', { code: wrongCode })).status);
    }
    expect(answers.slice(0, 9)).toEqual(Array(9).fill(401));
    expect(answers[9]).toBe(429);
    await login(client, user);
    const right = await client.post('/api/auth/verify-2fa', { code: user.code() });
    expect(right.status).toBe(429);
    expect(Number(right.json.retryAfter)).toBeGreaterThan(0);
  });

  it('signs out: the session ends, and its cookie replayed is signed out too', async () => {
    const user = await makeUser(app);
    const client = await signedIn(app, user);
    const replay = app.client();
    replay.cookies = new Map(client.cookies);
    expect((await client.post('/api/auth/logout', {})).status).toBe(200);
    expect((await client.get('/api/auth/me')).status).toBe(401);
    expect((await replay.get('/api/auth/me')).status).toBe(401);
  });

  it('lists the sessions, ends another one, and "everywhere else"', async () => {
    const user = await makeUser(app);
    const laptop = await signedIn(app, user, 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 Version/17.0 Safari/605.1.15');
    const phone = await signedIn(app, user, 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/129.0 Mobile Safari/537.36');
    const tablet = await signedIn(app, user);
    const listed = await laptop.get('/api/auth/sessions');
    expect(listed.status).toBe(200);
    const sessions = listed.json.sessions as { id: string; device: string; current: boolean }[];
    expect(sessions).toHaveLength(3);
    expect(sessions.filter((session) => session.current).map((session) => session.device)).toEqual(['Safari on macOS']);

    const phoneSession = sessions.find((session) => session.device === 'Chrome on Android')!;
    expect((await laptop.delete(`/api/auth/sessions/${phoneSession.id}`)).status).toBe(200);
    expect((await phone.get('/api/auth/me')).status).toBe(401);
    expect((await tablet.get('/api/auth/me')).status).toBe(200);

    const others = await laptop.post('/api/auth/sessions/revoke-others', {});
    expect(others.json).toEqual({ revoked: 1 });
    expect((await tablet.get('/api/auth/me')).status).toBe(401);
    expect((await laptop.get('/api/auth/me')).status).toBe(200);
  });

  it('changes the password: the old one stops working and the other sessions end', async () => {
    const user = await makeUser(app);
    const here = await signedIn(app, user);
    const elsewhere = await signedIn(app, user);
    const refused = await here.post('/api/auth/password', { currentPassword: 'not-my-password-at-all', newPassword: 'a-brand-new-password-1' });
    expect(refused.status).toBe(400);
    expect(refused.json.field).toBe('currentPassword');

    const newPassword = `${user.password}-renewed`;
    expect((await here.post('/api/auth/password', { currentPassword: user.password, newPassword })).status).toBe(200);
    expect((await here.get('/api/auth/me')).status).toBe(200);
    expect((await elsewhere.get('/api/auth/me')).status).toBe(401);
    expect((await login(app.client(), user)).status).toBe(401);
    expect((await login(app.client(), { ...user, password: newPassword })).status).toBe(200);
  });

  it('lets an admin who passed the second factor create and ban users; a ban ends their sessions', async () => {
    const unenrolledAdmin = await makeUser(app, 'admin');
    const early = await signedIn(app, unenrolledAdmin);
    expect((await early.get('/api/admin/users')).json.code).toBe('two_factor_required');

    const admin = await makeUserEnrolledInSettings(app, 'admin');
    const client = app.client();
    await login(client, admin);
    expect((await client.post('/api/auth/verify-2fa', { code: admin.code() })).status).toBe(200);

    const username = `new${admin.username.slice(1, 8)}`;
    const password = 'a-password-for-the-new-one';
    const created = await client.post('/api/admin/users', {
      username, displayName: 'New Recruiter', email: `${username}@example.com`, password, role: 'recruiter',
    });
    expect(created.status).toBe(201);
    const newUser: TestUser = { id: created.json.user.id as string, username, password };
    const theirs = await signedIn(app, newUser);

    expect((await client.patch(`/api/admin/users/${newUser.id}`, { banned: true })).status).toBe(200);
    expect((await theirs.get('/api/auth/me')).status).toBe(401);
    const banned = await login(app.client(), newUser);
    expect(banned.status).toBe(401);
    expect(banned.json.code).toBe('invalid_login');

    expect((await client.patch(`/api/admin/users/${newUser.id}`, { banned: false })).status).toBe(200);
    expect((await login(app.client(), newUser)).status).toBe(200);
  });

  it('limits failed passwords for one account from one client', async () => {
    const user = await makeUser(app);
    const client = app.client({ ip: '10.77.0.1' });
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt++) {
      statuses.push((await client.post('/api/auth/login', { username: user.username, password: 'wrong-password-guess' })).status);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses[10]).toBe(429);
  });

  it('refuses a cookie-carrying write from another origin', async () => {
    const user = await makeUser(app);
    const client = await signedIn(app, user);
    const foreign = await client.post('/api/auth/sessions/revoke-others', {}, { origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    expect(foreign.json.field).toBe('origin');
  });
});

describe.each(PROVIDERS)('behind https with %s', (provider) => {
  const PUBLIC_URL = 'https://talentloop.example';
  let app: TestApp;
  beforeAll(async () => { app = await startTestApp({ provider, config: { publicUrl: PUBLIC_URL, trustedOrigins: [PUBLIC_URL] } }); });
  afterAll(async () => { await app?.close(); });

  it('keeps the session in __Host- cookies: Secure, HttpOnly, Path=/, no Domain', async () => {
    const user = await makeUser(app);
    const client = app.client();
    const response = await client.post('/api/auth/login', { username: user.username, password: user.password }, { origin: PUBLIC_URL });
    expect(response.status).toBe(200);
    const sessionCookies = response.headers.getSetCookie().filter((cookie) => !cookie.startsWith('talentloop.device'));
    expect(sessionCookies.length).toBeGreaterThan(0);
    for (const cookie of sessionCookies) {
      expect(cookie).toMatch(/^__Host-/);
      expect(cookie).toMatch(/;\s*Secure/i);
      expect(cookie).toMatch(/;\s*HttpOnly/i);
      expect(cookie).toMatch(/;\s*Path=\//i);
      expect(cookie).not.toMatch(/;\s*Domain=/i);
    }
    expect((await client.get('/api/auth/me')).status).toBe(200);
  });
});

describe('with Supabase Auth', () => {
  let app: TestApp;
  // auth-js renews a token in its last 90 seconds: a one-minute token is renewed at every request.
  beforeAll(async () => { app = await startTestApp({ provider: 'supabase', gotrue: { accessTokenSeconds: 60 } }); });
  afterAll(async () => { await app?.close(); });

  it('asks GoTrue with the account\'s email, and asks it just the same for a username nobody has', async () => {
    const user = await makeUser(app);
    const gotrue = app.gotrue!;
    const before = gotrue.requests.length;
    await login(app.client(), user);
    await login(app.client(), { ...user, username: `${user.username}-nobody` });
    const grants = gotrue.requests.slice(before).filter((request) => request.path === '/auth/v1/token');
    expect(grants.map((request) => request.search)).toEqual(['?grant_type=password', '?grant_type=password']);
    expect(gotrue.users().find((account) => account.id === user.id)?.email).toBe(`${user.username}@example.com`);
  });

  it('renews an expiring access token on the next request and hands the browser the new cookie', async () => {
    const user = await makeUser(app);
    const client = await signedIn(app, user);
    const cookieBefore = [...client.cookies.values()].join(';');
    const me = await client.get('/api/auth/me');
    expect(me.status).toBe(200);
    expect(me.headers.getSetCookie().length).toBeGreaterThan(0);
    expect([...client.cookies.values()].join(';')).not.toBe(cookieBefore);
    expect(app.gotrue!.requests.some((request) => request.search === '?grant_type=refresh_token')).toBe(true);
    expect((await client.get('/api/auth/me')).status).toBe(200);
  });

  it('keeps one session per sign-in at GoTrue, ended there at sign-out', async () => {
    const user = await makeUser(app);
    const client = await signedIn(app, user);
    expect(app.gotrue!.sessions(user.id)).toHaveLength(1);
    await client.post('/api/auth/logout', {});
    expect(app.gotrue!.sessions(user.id)).toHaveLength(0);
  });
});
