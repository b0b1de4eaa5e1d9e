// A user's sessions, password and backup codes; session time-outs; tokens at
// rest (issue 8).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionInfo } from '#domain/auth/schemas.ts';
import { startTestApp, type TestApp, type TestResponse } from '../support/harness.ts';
import { auditEntries, login, makeTotpUser, makeUser, sessionToken, sha256Hex, type TestUser } from '../support/auth-users.ts';

const sessionsOf = (response: TestResponse) => (response.json as { sessions: SessionInfo[] }).sessions;

const IDLE_MINUTES = 5;
const MAX_AGE_HOURS = 12;

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ config: { session: { maxAgeHours: MAX_AGE_HOURS, idleMinutes: IDLE_MINUTES } } });
});
afterAll(async () => { await app?.close(); });

const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:131.0) Gecko/20100101 Firefox/131.0';
const SAFARI_IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';

async function signedIn(user: TestUser, ip: string, userAgent?: string) {
  const client = app.client({ ip });
  expect((await login(client, user, { userAgent })).status).toBe(200);
  return client;
}

describe('GET /api/auth/sessions and revoking', () => {
  it('lists the user\'s sessions with device, address and last seen, the current one marked', async () => {
    const user = await makeUser(app);
    const laptop = await signedIn(user, '10.40.0.1', FIREFOX_WINDOWS);
    await signedIn(user, '10.40.0.2', SAFARI_IPHONE);
    await signedIn(await makeUser(app), '10.40.0.3'); // someone else's session is not listed

    const list = await laptop.get('/api/auth/sessions');
    expect(list.status).toBe(200);
    const { sessions } = list.json as { sessions: SessionInfo[] };
    expect(sessions).toHaveLength(2);
    const byDevice = Object.fromEntries(sessions.map((s) => [s.device, s]));
    expect(byDevice['Firefox on Windows']).toMatchObject({ ipAddress: '10.40.0.1', current: true });
    expect(byDevice['Safari on iOS']).toMatchObject({ ipAddress: '10.40.0.2', current: false });
    expect(Date.now() - Date.parse(byDevice['Safari on iOS'].lastSeenAt)).toBeLessThan(60_000);
    expect(sessions[0]).not.toHaveProperty('token');
  });

  it('signs one session out, and refuses unknown, foreign and malformed ids', async () => {
    const user = await makeUser(app);
    const laptop = await signedIn(user, '10.41.0.1');
    const phone = await signedIn(user, '10.41.0.2');
    const phoneId = sessionsOf(await phone.get('/api/auth/sessions')).find((s) => s.current)!.id;

    const stranger = await signedIn(await makeUser(app), '10.41.0.3');
    const foreign = await stranger.delete(`/api/auth/sessions/${phoneId}`);
    expect(foreign.status).toBe(404);
    expect(foreign.json).toEqual({ error: 'Session not found', code: 'session_not_found', field: 'id' });
    expect((await phone.get('/api/auth/me')).status).toBe(200);

    expect((await laptop.delete(`/api/auth/sessions/${phoneId}`)).json).toEqual({ success: true });
    expect((await phone.get('/api/auth/me')).status).toBe(401);
    expect((await laptop.get('/api/auth/me')).status).toBe(200);
    expect(sessionsOf(await laptop.get('/api/auth/sessions'))).toHaveLength(1);

    expect((await laptop.delete(`/api/auth/sessions/${randomUUID()}`)).status).toBe(404);
    const malformed = await laptop.delete('/api/auth/sessions/not-an-id');
    expect(malformed.status).toBe(400);
    expect(malformed.json).toMatchObject({ field: 'id' });
    expect(await auditEntries(app, 'auth.session.revoke', user.username)).toHaveLength(1);
  });

  it('signing out the current session clears this browser', async () => {
    const user = await makeUser(app);
    const client = await signedIn(user, '10.42.0.1');
    const id = sessionsOf(await client.get('/api/auth/sessions'))[0].id;
    expect((await client.delete(`/api/auth/sessions/${id}`)).status).toBe(200);
    expect(client.cookies.has('talentloop.session_token')).toBe(false);
    expect((await client.get('/api/auth/me')).status).toBe(401);
  });

  it('"sign out everywhere else" keeps only this session', async () => {
    const user = await makeUser(app);
    const laptop = await signedIn(user, '10.43.0.1');
    const others = [await signedIn(user, '10.43.0.2'), await signedIn(user, '10.43.0.3')];
    const bystander = await signedIn(await makeUser(app), '10.43.0.4');

    const revoked = await laptop.post('/api/auth/sessions/revoke-others', {});
    expect(revoked.json).toEqual({ revoked: 2 });
    for (const other of others) expect((await other.get('/api/auth/me')).status).toBe(401);
    expect((await laptop.get('/api/auth/me')).status).toBe(200);
    expect((await bystander.get('/api/auth/me')).status).toBe(200);

    const extra = await laptop.post('/api/auth/sessions/revoke-others', { all: true });
    expect(extra.status).toBe(400);
  });

  it('needs a signed-in user', async () => {
    const anonymous = app.client({ ip: '10.43.1.1' });
    expect((await anonymous.get('/api/auth/sessions')).status).toBe(401);
    expect((await anonymous.post('/api/auth/sessions/revoke-others', {})).status).toBe(401);
    expect((await anonymous.post('/api/auth/password', { currentPassword: 'a', newPassword: 'b'.repeat(12) })).status).toBe(401);
  });
});

describe('POST /api/auth/password', () => {
  it('checks the current password, changes it and ends the other sessions', async () => {
    const user = await makeUser(app);
    const laptop = await signedIn(user, '10.44.0.1');
    const phone = await signedIn(user, '10.44.0.2');

    const wrong = await laptop.post('/api/auth/password', { currentPassword: 'not-it-at-all', newPassword: 'a-brand-new-password' });
    expect(wrong.status).toBe(400);
    expect(wrong.json).toEqual({ error: 'currentPassword is incorrect', code: 'password_incorrect', params: { field: 'currentPassword' }, field: 'currentPassword' });
    const short = await laptop.post('/api/auth/password', { currentPassword: user.password, newPassword: 'short' });
    expect(short.json).toEqual({ error: 'newPassword must be at least 12 characters', code: 'validation.at_least_characters', params: { field: 'newPassword', limit: 12 }, field: 'newPassword' });
    const same = await laptop.post('/api/auth/password', { currentPassword: user.password, newPassword: user.password });
    expect(same.json).toMatchObject({ field: 'newPassword' });
    expect((await laptop.post('/api/auth/password', { newPassword: 'a-brand-new-password' })).json).toMatchObject({ field: 'currentPassword' });

    const changed = await laptop.post('/api/auth/password', { currentPassword: user.password, newPassword: 'a-brand-new-password' });
    expect(changed.status).toBe(200);
    expect((await laptop.get('/api/auth/me')).status).toBe(200);
    expect((await phone.get('/api/auth/me')).status).toBe(401);
    expect(sessionsOf(await laptop.get('/api/auth/sessions'))).toHaveLength(1);

    const old = await app.client({ ip: '10.44.0.3' }).post('/api/auth/login', { username: user.username, password: user.password });
    expect(old.status).toBe(401);
    const fresh = await app.client({ ip: '10.44.0.4' }).post('/api/auth/login', { username: user.username, password: 'a-brand-new-password' });
    expect(fresh.status).toBe(200);
    expect(await auditEntries(app, 'auth.password.change', user.username)).toHaveLength(1);
  });
});

describe('POST /api/auth/two-factor/backup-codes', () => {
  it('asks for the password, returns new codes once; the old codes stop working', async () => {
    const user = await makeTotpUser(app);
    const client = app.client({ ip: '10.45.0.1' });
    await login(client, user);
    expect((await client.post('/api/auth/verify-2fa', { code: user.code() })).status).toBe(200);

    const wrong = await client.post('/api/auth/two-factor/backup-codes', { password: 'not-the-password' });
    expect(wrong.status).toBe(400);
    expect(wrong.json).toEqual({ error: 'password is incorrect', code: 'password_incorrect', params: { field: 'password' }, field: 'password' });
    expect((await client.post('/api/auth/two-factor/backup-codes', {})).json).toEqual({ error: 'password is required', code: 'validation.required', params: { field: 'password' }, field: 'password' });

    const fresh = await client.post('/api/auth/two-factor/backup-codes', { password: user.password });
    expect(fresh.status).toBe(200);
    const { backupCodes } = fresh.json as { backupCodes: string[] };
    expect(backupCodes).toHaveLength(10);
    expect(backupCodes).not.toContain(user.backupCodes[1]);

    const withOld = app.client({ ip: '10.45.0.2' });
    await login(withOld, user);
    const refused = await withOld.post('/api/auth/verify-2fa', { code: user.backupCodes[1] });
    expect(refused.json).toEqual({ error: 'Invalid code', code: 'invalid_code', field: 'code' });
    expect((await withOld.post('/api/auth/verify-2fa', { code: backupCodes[0] })).status).toBe(200);
    expect(await auditEntries(app, 'auth.backup_codes.regenerate', user.username)).toHaveLength(1);
  });

  it('is refused without two-factor authentication', async () => {
    const user = await makeUser(app);
    const client = await signedIn(user, '10.45.1.1');
    const response = await client.post('/api/auth/two-factor/backup-codes', { password: user.password });
    expect(response.status).toBe(409);
  });
});

describe('session time-outs', () => {
  async function moveBack(client: ReturnType<TestApp['client']>, column: 'lastSeenAt' | 'createdAt', interval: string) {
    await app.pools.owner.query(
      `update app_auth.session set "${column}" = "${column}" - $2::interval where token = $1`,
      [sha256Hex(sessionToken(client)), interval]);
  }

  it(`ends a session unused for ${IDLE_MINUTES} minutes; use keeps it alive`, async () => {
    const user = await makeUser(app);
    const active = await signedIn(user, '10.46.0.1');
    const idle = await signedIn(user, '10.46.0.2');

    await moveBack(active, 'lastSeenAt', `${IDLE_MINUTES - 1} minutes`);
    await moveBack(idle, 'lastSeenAt', `${IDLE_MINUTES} minutes 1 second`);
    expect((await active.get('/api/auth/me')).status).toBe(200);
    expect((await idle.get('/api/auth/me')).status).toBe(401);
    // The idle session is gone from the list and the database.
    expect(sessionsOf(await active.get('/api/auth/sessions'))).toHaveLength(1);
    const { rows } = await app.pools.owner.query(`select 1 from app_auth.session where "userId" = $1`, [user.id]);
    expect(rows).toHaveLength(1);

    // The active one was just seen: another idle window starts now.
    await moveBack(active, 'lastSeenAt', `${IDLE_MINUTES - 1} minutes`);
    expect((await active.get('/api/auth/me')).status).toBe(200);
  });

  it(`ends a session ${MAX_AGE_HOURS} hours after sign-in however busy it is`, async () => {
    const user = await makeUser(app);
    const client = await signedIn(user, '10.46.1.1');
    await moveBack(client, 'createdAt', `${MAX_AGE_HOURS} hours`);
    expect((await client.get('/api/auth/me')).status).toBe(401);
  });

  it('gives the cookie a Max-Age of the absolute lifetime', async () => {
    const client = app.client({ ip: '10.46.2.1' });
    const response = await login(client, await makeUser(app));
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith('talentloop.session_token='))!;
    expect(cookie).toMatch(new RegExp(`Max-Age=${MAX_AGE_HOURS * 3600}`, 'i'));
  });
});

describe('session tokens at rest', () => {
  it('app_auth.session holds a hash of the token, never the cookie\'s value', async () => {
    const user = await makeUser(app);
    const client = await signedIn(user, '10.47.0.1');
    const token = sessionToken(client);
    const { rows } = await app.pools.owner.query<{ token: string }>('select token from app_auth.session where "userId" = $1', [user.id]);
    expect(rows).toHaveLength(1);
    expect(rows[0].token).not.toBe(token);
    expect(rows[0].token).not.toContain(token);
    expect(rows[0].token).toBe(sha256Hex(token));

    // The stored value does not work as a cookie.
    const thief = app.client({ ip: '10.47.0.2' });
    thief.cookies.set('talentloop.session_token', client.cookies.get('talentloop.session_token')!.replace(encodeURIComponent(token), rows[0].token));
    expect((await thief.get('/api/auth/me')).status).toBe(401);
    expect((await client.get('/api/auth/me')).status).toBe(200);
  });
});
