import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAdminTotp, signInRecruiter, startTestApp, type TestApp, type TestResponse } from '../support/harness.ts';

let app: TestApp;
beforeAll(async () => { app = await startTestApp(); });
afterAll(async () => { await app?.close(); });

describe('POST /api/auth/login', () => {
  it('signs a recruiter in without a second factor and /me returns the user', async () => {
    const client = app.client({ ip: '10.0.0.1' });
    const login = await client.post('/api/auth/login', { username: 'recruiter', password: 'recruiter-demo-password' });
    expect(login.status).toBe(200);
    expect(login.json).toEqual({ requiresTwoFactor: false });
    const cookie = login.headers.getSetCookie().find((c) => c.startsWith('talentloop.session_token='));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);

    const me = await client.get('/api/auth/me');
    expect(me.status).toBe(200);
    expect(me.json).toMatchObject({ user: { username: 'recruiter', role: 'recruiter', displayName: 'Sam Jansen', twoFactorEnabled: false } });
  });

  it('refuses a wrong password with 401 and a message', async () => {
    const client = app.client({ ip: '10.0.0.2' });
    const login = await client.post('/api/auth/login', { username: 'recruiter', password: 'wrong-password-here' });
    expect(login.status).toBe(401);
    expect(login.json).toMatchObject({ error: 'Invalid username or password' });
    expect((await client.get('/api/auth/me')).status).toBe(401);
  });

  it('answers 400 naming the missing field', async () => {
    const client = app.client({ ip: '10.0.0.3' });
    const noPassword = await client.post('/api/auth/login', { username: 'recruiter' });
    expect(noPassword.status).toBe(400);
    expect(noPassword.json).toMatchObject({ field: 'password' });
    const badJson = await client.post('/api/auth/login', '{not json');
    expect(badJson.status).toBe(400);
    expect(badJson.json).toMatchObject({ field: 'body' });
  });

  it('rate-limits repeated failures from one client for one account with 429 and Retry-After', async () => {
    const client = app.client({ ip: '10.1.0.1' });
    const statuses: number[] = [];
    let last: TestResponse | undefined;
    for (let i = 0; i < 11; i += 1) {
      last = await client.post('/api/auth/login', { username: 'ratelimited', password: 'nope-nope-nope' });
      statuses.push(last.status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(last!.status).toBe(429);
    expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another address is a different client: its attempts are its own.
    const other = await app.client({ ip: '10.1.0.2' }).post('/api/auth/login', { username: 'ratelimited', password: 'nope-nope-nope' });
    expect(other.status).toBe(401);
  });

  it('rate-limits one address trying many usernames', async () => {
    const client = app.client({ ip: '10.2.0.1' });
    const statuses: number[] = [];
    for (let i = 0; i < 31; i += 1) {
      statuses.push((await client.post('/api/auth/login', { username: `user${i}`, password: 'whatever-password' })).status);
    }
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.slice(0, 30).every((s) => s === 401)).toBe(true);
  });

  it('refuses a cookie-carrying POST without a matching Origin', async () => {
    const client = app.client({ ip: '10.0.0.4' });
    await signInRecruiter(client);
    const noOrigin = await client.post('/api/auth/logout', {}, { origin: null });
    expect(noOrigin.status).toBe(403);
    const foreign = await client.post('/api/auth/logout', {}, { origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    // Still signed in: neither request did anything.
    expect((await client.get('/api/auth/me')).status).toBe(200);
  });
});

describe('two-factor sign-in', () => {
  it('asks the admin for a second factor; /me reports the pending step', async () => {
    const client = app.client({ ip: '10.3.0.1' });
    const login = await client.post('/api/auth/login', { username: 'admin', password: 'admin-demo-password' });
    expect(login.json).toEqual({ requiresTwoFactor: true });
    const me = await client.get('/api/auth/me');
    expect(me.status).toBe(401);
    expect(me.json).toEqual({ error: 'Two-factor authentication required', code: 'two_factor_pending', requiresTwoFactor: true });
  });

  it('refuses a wrong code, then accepts the right TOTP code', async () => {
    const client = app.client({ ip: '10.3.0.2' });
    await client.post('/api/auth/login', { username: 'admin', password: 'admin-demo-password' });
    const right = demoAdminTotp();
    const wrong = right === '000000' ? '111111' : '000000';
    const bad = await client.post('/api/auth/verify-2fa', { code: wrong });
    expect(bad.status).toBe(401);
    expect(bad.json).toMatchObject({ error: 'Invalid code' });
    const good = await client.post('/api/auth/verify-2fa', { code: right });
    expect(good.status).toBe(200);
    const me = await client.get('/api/auth/me');
    expect(me.json).toMatchObject({ user: { username: 'admin', role: 'admin', twoFactorEnabled: true } });
  });

  it('accepts a backup code once', async () => {
    const first = app.client({ ip: '10.3.0.3' });
    await first.post('/api/auth/login', { username: 'admin', password: 'admin-demo-password' });
    expect((await first.post('/api/auth/verify-2fa', { code: 'DEMO2-BBBBB' })).status).toBe(200);
    expect((await first.get('/api/auth/me')).json).toMatchObject({ user: { username: 'admin' } });

    const second = app.client({ ip: '10.3.0.4' });
    await second.post('/api/auth/login', { username: 'admin', password: 'admin-demo-password' });
    const reused = await second.post('/api/auth/verify-2fa', { code: 'DEMO2-BBBBB' });
    expect(reused.status).toBe(401);
  });

  it('says the sign-in expired when no password step is pending', async () => {
    const client = app.client({ ip: '10.3.0.5' });
    const response = await client.post('/api/auth/verify-2fa', { code: '123456' });
    expect(response.status).toBe(401);
    expect(response.json).toMatchObject({ requiresTwoFactor: false });
  });
});

describe('POST /api/auth/logout', () => {
  it('ends the session', async () => {
    const client = app.client({ ip: '10.4.0.1' });
    await signInRecruiter(client);
    const out = await client.post('/api/auth/logout', {});
    expect(out.status).toBe(200);
    expect(out.json).toEqual({ success: true });
    expect((await client.get('/api/auth/me')).status).toBe(401);
  });
});

describe('unknown API paths', () => {
  it('answer a JSON 404', async () => {
    const response = await app.client().get('/api/does-not-exist');
    expect(response.status).toBe(404);
    expect((response.json as { error: string }).error).toMatch(/No API route/);
  });
});
