// Guessing protection that never locks the real user out, login CSRF, and the
// banned answer (issue 8).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_COOKIE } from '#domain/auth/login-protection.server.ts';
import type { AuditEntry } from '#domain/auth/schemas.ts';
import { ORIGIN } from '../support/constants.ts';
import { demoAdminTotp, signInAdmin, startTestApp, type TestApp, type TestClient } from '../support/harness.ts';
import { auditEntries, login, makeUser, type TestUser } from '../support/auth-users.ts';
import { budget } from '../support/time-scale.ts';

let app: TestApp;
beforeAll(async () => { app = await startTestApp(); });
afterAll(async () => { await app?.close(); });

const ADMIN = { username: 'admin', password: 'admin-demo-password' };

async function hammer(client: TestClient, username: string, times: number) {
  const statuses: number[] = [];
  for (let i = 0; i < times; i += 1) {
    statuses.push((await client.post('/api/auth/login', { username, password: `wrong-guess-${i}` })).status);
  }
  return statuses;
}

/** A second browser with the same cookies (the device cookie) but another address. */
function sameBrowserAt(client: TestClient, ip: string): TestClient {
  const copy = app.client({ ip });
  for (const [name, value] of client.cookies) copy.cookies.set(name, value);
  return copy;
}

describe('an attacker hammering one account', () => {
  it('does not stop the right password from another address, nor from the device cookie on the attacker\'s address', async () => {
    // The admin signed in earlier from their usual browser: it holds the device cookie.
    const usual = app.client({ ip: '10.20.0.1' });
    await signInAdmin(usual);
    expect(usual.cookies.get(DEVICE_COOKIE)).toBeTruthy();

    const attacker = app.client({ ip: '10.20.0.66' });
    const statuses = await hammer(attacker, 'admin', 31);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses.slice(10).every((s) => s === 429)).toBe(true);
    // The attacker's address is now over its own budget too.
    expect((await attacker.post('/api/auth/login', ADMIN)).status).toBe(429);

    // The real admin, from another address with no cookie at all (a new device):
    const elsewhere = await app.client({ ip: '10.20.0.2' }).post('/api/auth/login', ADMIN);
    expect(elsewhere.status).toBe(200);
    expect(elsewhere.json).toEqual({ requiresTwoFactor: true });

    // ... and from the attacker's own address (a shared office network) with the device cookie.
    const sharedNetwork = sameBrowserAt(usual, '10.20.0.66');
    const trusted = await sharedNetwork.post('/api/auth/login', ADMIN);
    expect(trusted.status).toBe(200);
    expect((await sharedNetwork.post('/api/auth/verify-2fa', { code: demoAdminTotp(1) })).status).toBe(200);
    expect((await sharedNetwork.get('/api/auth/me')).json).toMatchObject({ user: { username: 'admin' } });

    // Admins see it in the audit log.
    const auditor = app.client({ ip: '10.20.0.3' });
    await signInAdmin(auditor);
    const { entries } = (await auditor.get('/api/admin/audit-log')).json as { entries: AuditEntry[] };
    const actions = entries.map((e) => e.action);
    expect(actions).toContain('auth.login.blocked');
    expect(actions).toContain('auth.login.failure');
    expect(actions).toContain('auth.account.attacked');
    expect(actions).toContain('auth.login.success');
    const blocked = entries.find((e) =>
      e.action === 'auth.login.blocked' && (e.details as { scope?: string } | null)?.scope === 'account and client');
    expect(blocked).toMatchObject({ actor: 'admin', details: { username: 'admin', ip: '10.20.0.66' } });
  });

  it('a forged or foreign device cookie earns nothing', async () => {
    const user = await makeUser(app);
    const other = await makeUser(app);
    const otherBrowser = app.client({ ip: '10.21.0.1' });
    expect((await login(otherBrowser, other)).status).toBe(200);

    const attacker = sameBrowserAt(otherBrowser, '10.21.0.66');
    // Another account's cookie counts as no cookie: the per-client budget still applies.
    expect(await hammer(attacker, user.username, 11)).toEqual([...Array<number>(10).fill(401), 429]);
    attacker.cookies.set(DEVICE_COOKIE, 'made-up.signature');
    expect((await attacker.post('/api/auth/login', { username: user.username, password: user.password })).status).toBe(429);
  });

  it('many addresses together make only new devices wait; the user\'s device still signs in', async () => {
    const user: TestUser = await makeUser(app);
    const usual = app.client({ ip: '10.22.0.1' });
    expect((await login(usual, user)).status).toBe(200);
    await usual.post('/api/auth/logout', {});

    // A botnet: 10 addresses, 10 failures each (each address stays within its own budget).
    for (let bot = 0; bot < 10; bot += 1) {
      expect(await hammer(app.client({ ip: `10.23.0.${bot}` }), user.username, 10)).toEqual(Array(10).fill(401));
    }
    const newDevice = await login(app.client({ ip: '10.22.0.2' }), user);
    expect(newDevice.status).toBe(429);
    expect(Number(newDevice.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await login(usual, user)).status).toBe(200);

    expect(await auditEntries(app, 'auth.account.attacked', user.username)).toHaveLength(1);
    const [locked] = await auditEntries(app, 'auth.account.locked', user.username);
    expect(locked).toMatchObject({ actor_id: user.id, details: { scope: 'new devices', failures: 100 } });
  }, budget(60_000));
});

describe('an attacker with a whole IPv6 /64', () => {
  it('is counted as one address: 40 sign-ins from 40 of its addresses stop at the per-address limit, another /64 is not', async () => {
    // A different unknown account each time: only the per-address count can stop them.
    const statuses: number[] = [];
    for (let n = 1; n <= 40; n += 1) {
      const answer = await app.client({ ip: `2001:db8:1:2::${n}` }).post('/api/auth/login', { username: `nobody-v6-${n}`, password: 'a-guess' });
      statuses.push(answer.status);
    }
    expect(statuses).toEqual([...Array<number>(30).fill(401), ...Array<number>(10).fill(429)]);
    const neighbour = await app.client({ ip: '2001:db8:1:3::1' }).post('/api/auth/login', { username: 'nobody-v6-41', password: 'a-guess' });
    expect(neighbour.status).toBe(401);

    // The audit log keeps the full address, and names the network that was counted.
    const [blocked] = await auditEntries(app, 'auth.login.blocked', 'nobody-v6-31');
    expect(blocked.details).toMatchObject({ scope: 'address', ip: '2001:db8:1:2::31', network: '2001:db8:1:2::/64' });
  });
});

describe('login CSRF', () => {
  it('refuses a login or logout that is not JSON with 415 naming content-type', async () => {
    const plain = await app.api.request(`${ORIGIN}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain', 'x-test-client-ip': '10.24.0.1' },
      body: JSON.stringify(ADMIN),
    });
    expect(plain.status).toBe(415);
    expect(await plain.json()).toEqual({ error: 'Content-Type must be application/json', code: 'not_json', field: 'content-type' });
    expect(plain.headers.getSetCookie()).toEqual([]);

    const form = await app.api.request(`${ORIGIN}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-test-client-ip': '10.24.0.1' },
      body: 'username=admin&password=admin-demo-password',
    });
    expect(form.status).toBe(415);

    const user = await makeUser(app);
    const client = app.client({ ip: '10.24.0.2' });
    await login(client, user);
    const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const logout = await app.api.request(`${ORIGIN}/api/auth/logout`, {
      method: 'POST', headers: { cookie, origin: ORIGIN, 'content-type': 'text/plain' }, body: '{}',
    });
    expect(logout.status).toBe(415);
    expect((await client.get('/api/auth/me')).status).toBe(200);

    // JSON with a charset is JSON.
    const withCharset = await app.client({ ip: '10.24.0.3' }).post('/api/auth/login', undefined, {
      headers: { 'content-type': 'application/json; charset=utf-8' },
    });
    expect(withCharset.status).toBe(400);
  });
});

describe('a banned user', () => {
  it('gets the same answer for a wrong and a right password', async () => {
    const user = await makeUser(app);
    const admin = app.client({ ip: '10.25.0.1' });
    await signInAdmin(admin);
    expect((await admin.patch(`/api/admin/users/${user.id}`, { banned: true })).status).toBe(200);

    const wrong = await app.client({ ip: '10.25.0.2' }).post('/api/auth/login', { username: user.username, password: 'not-the-password' });
    const right = await app.client({ ip: '10.25.0.3' }).post('/api/auth/login', { username: user.username, password: user.password });
    expect(right.status).toBe(wrong.status);
    expect(right.json).toEqual(wrong.json);
    expect(right.json).toEqual({ error: 'Invalid username or password', code: 'invalid_login' });
    expect(right.headers.getSetCookie()).toEqual([]);

    const failures = await auditEntries(app, 'auth.login.failure', user.username);
    expect(failures.map((f) => f.details.reason)).toEqual(['invalid credentials', 'banned']);
  });
});
