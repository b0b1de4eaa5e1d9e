// The second factor: a code works once, and the locked and "sign in again"
// states say so instead of "Invalid code" (issue 8).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withClaims } from '#platform/db/request.server.ts';
import { startTestApp, type TestApp, type TestResponse } from '../support/harness.ts';
import { auditEntries, login, makeTotpUser, type TotpUser } from '../support/auth-users.ts';

let app: TestApp;
beforeAll(async () => { app = await startTestApp(); });
afterAll(async () => { await app?.close(); });

const LOCKED = /^Too many wrong codes\. Two-factor sign-in is locked for 1[45] minutes\.$/;

function wrongCode(user: TotpUser): string {
  const taken = new Set([-1, 0, 1].map((offset) => user.code(offset)));
  return ['000000', '111111', '222222', '333333'].find((code) => !taken.has(code))!;
}

async function passwordStep(user: TotpUser, ip: string) {
  const client = app.client({ ip });
  const response = await login(client, user);
  expect(response.json).toEqual({ requiresTwoFactor: true });
  return client;
}

describe('a TOTP code', () => {
  it('signs in once; a second and third sign-in with the same code are refused', async () => {
    const user = await makeTotpUser(app);
    const code = user.code();
    const first = await passwordStep(user, '10.30.0.1');
    expect((await first.post('/api/auth/verify-2fa', { code })).status).toBe(200);

    for (const ip of ['10.30.0.2', '10.30.0.3']) {
      const replay = await passwordStep(user, ip);
      const refused = await replay.post('/api/auth/verify-2fa', { code });
      expect(refused.status).toBe(401);
      expect(refused.json).toEqual({
        error: 'This code has already been used. Wait for the next code in your authenticator app.', code: 'code_reused', field: 'code',
      });
      expect((await replay.get('/api/auth/me')).status).toBe(401);
    }

    // The next code works (and only once).
    const next = await passwordStep(user, '10.30.0.4');
    expect((await next.post('/api/auth/verify-2fa', { code: user.code(1) })).status).toBe(200);
    expect((await next.get('/api/auth/me')).json).toMatchObject({ user: { username: user.username } });
    expect(await auditEntries(app, 'auth.two_factor.failure', user.username)).toHaveLength(2);
  });

  it('of an earlier step is refused once a later one was used', async () => {
    const user = await makeTotpUser(app);
    const client = await passwordStep(user, '10.30.1.1');
    expect((await client.post('/api/auth/verify-2fa', { code: user.code(1) })).status).toBe(200);
    const again = await passwordStep(user, '10.30.1.2');
    expect((await again.post('/api/auth/verify-2fa', { code: user.code(0) })).json).toMatchObject({ field: 'code' });
    expect((await again.post('/api/auth/verify-2fa', { code: user.code(0) })).status).toBe(401);
  });

  it('that two sign-ins send at the same moment lets in only one', async () => {
    const user = await makeTotpUser(app);
    const clients = await Promise.all(['10.30.2.1', '10.30.2.2', '10.30.2.3'].map((ip) => passwordStep(user, ip)));
    const code = user.code();
    const results = await Promise.all(clients.map((client) => client.post('/api/auth/verify-2fa', { code })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 401, 401]);
  });
});

describe('the used-step memory', () => {
  it('is out of reach of every API role', async () => {
    for (const role of ['anon', 'authenticated', 'service_role'] as const) {
      await expect(withClaims(app.pools.app, { role }, (tx) => tx.query('select * from private.totp_used_steps')))
        .rejects.toMatchObject({ code: '42501' });
    }
  });
});

describe('too many wrong codes', () => {
  it('after 5 in one sign-in: the right code gets "sign in again", not "Invalid code"', async () => {
    const user = await makeTotpUser(app);
    const client = await passwordStep(user, '10.31.0.1');
    for (let i = 0; i < 5; i += 1) {
      expect((await client.post('/api/auth/verify-2fa', { code: wrongCode(user) })).json).toMatchObject({ error: 'Invalid code' });
    }
    const right = await client.post('/api/auth/verify-2fa', { code: user.code() });
    expect(right.status).toBe(401);
    expect(right.json).toEqual({ error: 'Too many wrong codes. Please sign in again.', code: 'too_many_codes', requiresTwoFactor: false });
    // The challenge is gone: the next try says the sign-in expired.
    const expired = await client.post('/api/auth/verify-2fa', { code: user.code(1) });
    expect(expired.json).toEqual({ error: 'Your sign-in expired. Please sign in again.', code: 'sign_in_expired', requiresTwoFactor: false });
  });

  it('after 10: the second factor is locked for 15 minutes, right codes included, and admins see it', async () => {
    const user = await makeTotpUser(app);
    let last: TestResponse | undefined;
    for (const ip of ['10.31.1.1', '10.31.1.2']) {
      const client = await passwordStep(user, ip);
      for (let i = 0; i < 5; i += 1) last = await client.post('/api/auth/verify-2fa', { code: wrongCode(user) });
    }
    // The tenth wrong code locks, and says so.
    expect(last!.status).toBe(429);
    expect((last!.json as { error: string }).error).toMatch(LOCKED);

    for (const code of [user.code(), user.backupCodes[0]]) {
      const client = await passwordStep(user, '10.31.1.3');
      const refused = await client.post('/api/auth/verify-2fa', { code });
      expect(refused.status).toBe(429);
      expect((refused.json as { error: string }).error).toMatch(LOCKED);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(14 * 60);
    }
    expect(await auditEntries(app, 'auth.two_factor.locked', user.username)).toHaveLength(1);

    // Once the lock has run out, the right code works (the lock is moved into the past here).
    await app.pools.owner.query(`update app_auth."twoFactor" set "lockedUntil" = now() - interval '1 second' where "userId" = $1`, [user.id]);
    const after = await passwordStep(user, '10.31.1.4');
    expect((await after.post('/api/auth/verify-2fa', { code: user.code(1) })).status).toBe(200);
  });

  it('counts the codes of an IPv6 client by its /64: 20 from its addresses, then even a right code waits; another /64 does not', async () => {
    const users = [await makeTotpUser(app), await makeTotpUser(app), await makeTotpUser(app), await makeTotpUser(app), await makeTotpUser(app)];
    // Four accounts, 5 wrong codes each (within each account's own limits), each from another address of one /64.
    let address = 0;
    for (const user of users.slice(0, 4)) {
      const client = await passwordStep(user, `2001:db8:31:1::${++address}`);
      for (let i = 0; i < 5; i += 1) expect((await client.post('/api/auth/verify-2fa', { code: wrongCode(user) })).status).toBe(401);
    }
    const sameNetwork = await passwordStep(users[4], '2001:db8:31:1:ffff::1');
    const refused = await sameNetwork.post('/api/auth/verify-2fa', { code: users[4].code() });
    expect(refused.status).toBe(429);
    expect((refused.json as { error: string }).error).toMatch(/^Too many attempts\./);
    const otherNetwork = await passwordStep(users[4], '2001:db8:31:2::1');
    expect((await otherNetwork.post('/api/auth/verify-2fa', { code: users[4].code() })).status).toBe(200);
  });

  it('without a pending password step the answer is "sign-in expired"', async () => {
    const response = await app.client({ ip: '10.31.2.1' }).post('/api/auth/verify-2fa', { code: '123456' });
    expect(response.status).toBe(401);
    expect(response.json).toEqual({ error: 'Your sign-in expired. Please sign in again.', code: 'sign_in_expired', requiresTwoFactor: false });
  });
});
