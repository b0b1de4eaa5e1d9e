import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccessRequest, AuditEntry, SessionUser, UserSummary } from '#domain/auth/schemas.ts';
import { signInAdmin, signInRecruiter, startTestApp, type TestApp } from '../support/harness.ts';

let app: TestApp;
beforeAll(async () => { app = await startTestApp(); });
afterAll(async () => { await app?.close(); });

describe('admin API', () => {
  it('is closed to recruiters with the Access Denied text', async () => {
    const client = app.client({ ip: '10.9.0.1' });
    await signInRecruiter(client);
    const response = await client.get('/api/admin/users');
    expect(response.status).toBe(403);
    expect(response.json).toMatchObject({
      error: "You don't have permission to access this page. Admin privileges are required.", code: 'forbidden',
    });
  });

  it('is closed to signed-out visitors', async () => {
    expect((await app.client().get('/api/admin/users')).status).toBe(401);
  });

  it('lets the admin list and create users, who can then sign in', async () => {
    const admin = app.client({ ip: '10.9.0.2' });
    await signInAdmin(admin);
    const list = await admin.get('/api/admin/users');
    expect(list.status).toBe(200);
    expect((list.json as { users: UserSummary[] }).users.map((u) => u.username)).toEqual(['admin', 'recruiter']);

    const created = await admin.post('/api/admin/users', {
      username: 'Lieke', displayName: 'Lieke Bos', email: 'lieke@example.com', password: 'a-long-password-1', role: 'recruiter',
    });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ user: { username: 'lieke', role: 'recruiter', twoFactorEnabled: false } });

    const lieke = app.client({ ip: '10.9.0.3' });
    const login = await lieke.post('/api/auth/login', { username: 'lieke', password: 'a-long-password-1' });
    expect(login.json).toEqual({ requiresTwoFactor: false });

    const log = await admin.get('/api/admin/audit-log');
    // Sign-ins are audited too (auth.login.*): look for the creation itself.
    expect((log.json as { entries: AuditEntry[] }).entries.find((e) => e.action === 'user.create')).toMatchObject({ actor: 'admin', action: 'user.create', entity: 'user', subject: 'lieke' });
  });

  it('names the field of a bad or duplicate user', async () => {
    const admin = app.client({ ip: '10.9.0.4' });
    await signInAdmin(admin);
    const short = await admin.post('/api/admin/users', {
      username: 'newbie', displayName: 'New', email: 'new@example.com', password: 'short', role: 'recruiter',
    });
    expect(short.status).toBe(400);
    expect(short.json).toEqual({ error: 'password must be at least 12 characters', code: 'validation.password_length', field: 'password' });
    const badRole = await admin.post('/api/admin/users', {
      username: 'newbie', displayName: 'New', email: 'new@example.com', password: 'long-enough-password', role: 'owner',
    });
    expect(badRole.json).toMatchObject({ field: 'role' });
    const taken = await admin.post('/api/admin/users', {
      username: 'recruiter', displayName: 'Dup', email: 'dup@example.com', password: 'long-enough-password', role: 'recruiter',
    });
    expect(taken.status).toBe(409);
    expect(taken.json).toMatchObject({ field: 'username' });
  });

  it('bans a user, which ends their session at once', async () => {
    const admin = app.client({ ip: '10.9.0.5' });
    await signInAdmin(admin);
    await admin.post('/api/admin/users', {
      username: 'tobebanned', displayName: 'To Be Banned', email: 'ban@example.com', password: 'a-long-password-2', role: 'recruiter',
    });
    const victim = app.client({ ip: '10.9.0.6' });
    await victim.post('/api/auth/login', { username: 'tobebanned', password: 'a-long-password-2' });
    expect((await victim.get('/api/auth/me')).status).toBe(200);

    const { users } = (await admin.get('/api/admin/users')).json as { users: UserSummary[] };
    const id = users.find((u) => u.username === 'tobebanned')!.id;
    const banned = await admin.patch(`/api/admin/users/${id}`, { banned: true });
    expect(banned.json).toMatchObject({ user: { banned: true } });
    expect((await victim.get('/api/auth/me')).status).toBe(401);
    expect((await victim.post('/api/auth/login', { username: 'tobebanned', password: 'a-long-password-2' })).status).not.toBe(200);
  });

  it('rejects an admin demoting themselves and a malformed id', async () => {
    const admin = app.client({ ip: '10.9.0.7' });
    await signInAdmin(admin);
    const me = ((await admin.get('/api/auth/me')).json as { user: SessionUser }).user;
    const self = await admin.patch(`/api/admin/users/${me.id}`, { role: 'recruiter' });
    expect(self.status).toBe(400);
    expect(self.json).toMatchObject({ field: 'role' });
    const bad = await admin.patch('/api/admin/users/not-a-uuid', { role: 'recruiter' });
    expect(bad.status).toBe(400);
  });

  it('requires two-factor enrolment before an admin uses the portal', async () => {
    const admin = app.client({ ip: '10.9.0.8' });
    await signInAdmin(admin);
    await admin.post('/api/admin/users', {
      username: 'newadmin', displayName: 'New Admin', email: 'na@example.com', password: 'a-long-password-3', role: 'admin',
    });
    const fresh = app.client({ ip: '10.9.0.9' });
    const login = await fresh.post('/api/auth/login', { username: 'newadmin', password: 'a-long-password-3' });
    expect(login.json).toMatchObject({ requiresTwoFactor: false });
    const portal = await fresh.get('/api/admin/users');
    expect(portal.status).toBe(403);
    expect(portal.json).toMatchObject({ code: 'two_factor_required' });
  });
});

describe('access requests', () => {
  it('a visitor files one and an admin approves it', async () => {
    const visitor = app.client({ ip: '10.9.1.1' });
    const filed = await visitor.post('/api/access-requests', { name: 'Eva Smit', email: 'eva@bureau.nl', company: 'Bureau' });
    expect(filed.status).toBe(201);
    const invalid = await visitor.post('/api/access-requests', { name: 'Eva', email: 'not-an-email' });
    expect(invalid.status).toBe(400);
    expect(invalid.json).toMatchObject({ field: 'email' });

    const admin = app.client({ ip: '10.9.1.2' });
    await signInAdmin(admin);
    const { requests } = (await admin.get('/api/admin/access-requests')).json as { requests: AccessRequest[] };
    const eva = requests.find((r) => r.email === 'eva@bureau.nl')!;
    expect(eva).toMatchObject({ name: 'Eva Smit', status: 'pending' });
    const decided = await admin.patch(`/api/admin/access-requests/${eva.id}`, { status: 'approved' });
    expect(decided.json).toMatchObject({ request: { status: 'approved' } });
    expect((await admin.patch('/api/admin/access-requests/999999', { status: 'approved' })).status).toBe(404);
  });
});
