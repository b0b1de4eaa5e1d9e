// The auth, admin and public routes answer what they document (issue 9): each
// endpoint is called on the real API and database, and its real answer parsed
// with the schema its doc() names, found through documentedRoutes(). The
// harness also checks every answer (CHECK_API_RESPONSES); this file proves each
// endpoint is reached on its success path, so none goes unchecked.
import { randomBytes } from 'node:crypto';
import * as OTPAuth from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  accessRequestAnswerSchema, accessRequestListSchema, auditLogSchema, backupCodesSchema, loginResultSchema, meSchema,
  revokedCountSchema, sessionListSchema, twoFactorEnrolmentSchema, twoFactorVerifiedSchema, userAnswerSchema, userListSchema,
} from '#domain/auth/schemas.ts';
import { suppressionRemovedSchema, suppressionSummarySchema } from '#domain/consent/schemas.ts';
import { healthSchema } from '#platform/runtime/schemas.ts';
import { successSchema } from '#domain/schemas/answers.ts';
import { signInAdmin, signInRecruiter, startTestApp, type TestApp, type TestClient } from '../support/harness.ts';
import { Contract, type RealAnswer } from '../support/contract.ts';
import { login, makeTotpUser, makeUser, type TestUser, type TotpUser } from '../support/auth-users.ts';

let app: TestApp;
let contract: Contract;
beforeAll(async () => {
  app = await startTestApp();
  contract = new Contract(app.api);
});
afterAll(async () => { await app?.close(); });

/** The endpoints of routes/auth.ts, account-security.ts, admin.ts, suppressions.ts and public.ts. */
const ENDPOINTS = [
  'GET /api/health',
  'POST /api/access-requests',
  'POST /api/auth/login',
  'POST /api/auth/verify-2fa',
  'GET /api/auth/me',
  'POST /api/auth/logout',
  'GET /api/auth/sessions',
  'POST /api/auth/sessions/revoke-others',
  'DELETE /api/auth/sessions/:id',
  'POST /api/auth/password',
  'POST /api/auth/two-factor/backup-codes',
  'POST /api/auth/two-factor/setup',
  'POST /api/auth/two-factor/confirm',
  'POST /api/auth/two-factor/disable',
  'GET /api/admin/suppressions',
  'POST /api/admin/suppressions/remove',
  'GET /api/admin/users',
  'POST /api/admin/users',
  'PATCH /api/admin/users/:id',
  'GET /api/admin/access-requests',
  'PATCH /api/admin/access-requests/:id',
  'GET /api/admin/audit-log',
] as const;
type Endpoint = typeof ENDPOINTS[number];

let ipCounter = 0;
/** A client from its own address: sign-in and access-request limits count per address. */
function client(): TestClient {
  ipCounter += 1;
  return app.client({ ip: `10.77.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}` });
}

/** The answer parsed with the schema `endpoint` documents (which must be `schema`), after checking the documented status. */
function documented<S extends z.ZodType>(endpoint: Endpoint, schema: S, response: RealAnswer): z.output<S> {
  return contract.answer(endpoint, response, { schema });
}

async function signedIn(user: TestUser): Promise<TestClient> {
  const browser = client();
  const answer = await login(browser, user);
  expect(answer.status, answer.text).toBe(200);
  return browser;
}

async function signedInWithTotp(user: TotpUser): Promise<TestClient> {
  const browser = await signedIn(user);
  const second = await browser.post('/api/auth/verify-2fa', { code: user.code() });
  expect(second.status, second.text).toBe(200);
  return browser;
}

async function admin(): Promise<TestClient> {
  const browser = client();
  await signInAdmin(browser);
  return browser;
}

const uniqueEmail = (what: string) => `${what}-${randomBytes(4).toString('hex')}@example.com`;

describe('the documented routes of auth, admin and public', () => {
  it('are exactly the endpoints this file calls', () => {
    // The data rights routes under /api/admin have their own file: contract-data-rights.test.ts.
    const ours = contract.endpoints()
      .filter((key) => /^\w+ \/api\/(auth|admin)\//.test(key) || key === 'GET /api/health' || key === 'POST /api/access-requests')
      .filter((key) => !/^\w+ \/api\/admin\/(retention-|data-r)/.test(key));
    expect([...ours].sort()).toEqual([...ENDPOINTS].sort());
  });
});

describe('public', () => {
  it('GET /api/health', async () => {
    const health = documented('GET /api/health', healthSchema, await client().get('/api/health'));
    expect(health).toMatchObject({ status: 'ok', database: 'ok' });
  });

  it('POST /api/access-requests', async () => {
    const filed = await client().post('/api/access-requests', { name: 'Eva Smit', email: uniqueEmail('eva'), company: 'Bureau' });
    expect(documented('POST /api/access-requests', successSchema, filed)).toEqual({ success: true });
  });
});

describe('sign-in', () => {
  it('POST /api/auth/login', async () => {
    const user = await makeUser(app);
    expect(documented('POST /api/auth/login', loginResultSchema, await login(client(), user))).toEqual({ requiresTwoFactor: false });
  });

  it('POST /api/auth/verify-2fa', async () => {
    const user = await makeTotpUser(app);
    const browser = await signedIn(user);
    const verified = documented('POST /api/auth/verify-2fa', twoFactorVerifiedSchema,
      await browser.post('/api/auth/verify-2fa', { code: user.code() }));
    expect(verified.user.id).toBe(user.id);
  });

  it('GET /api/auth/me', async () => {
    const user = await makeUser(app);
    const me = documented('GET /api/auth/me', meSchema, await (await signedIn(user)).get('/api/auth/me'));
    expect(me.user).toMatchObject({ id: user.id, username: user.username, role: 'recruiter', twoFactorEnabled: false });
  });

  it('POST /api/auth/logout', async () => {
    const browser = await signedIn(await makeUser(app));
    expect(documented('POST /api/auth/logout', successSchema, await browser.post('/api/auth/logout', {}))).toEqual({ success: true });
    expect((await browser.get('/api/auth/me')).status).toBe(401);
  });
});

describe('account security', () => {
  it('GET /api/auth/sessions', async () => {
    const browser = await signedIn(await makeUser(app));
    const { sessions } = documented('GET /api/auth/sessions', sessionListSchema, await browser.get('/api/auth/sessions'));
    expect(sessions.filter((session) => session.current)).toHaveLength(1);
  });

  it('POST /api/auth/sessions/revoke-others', async () => {
    const user = await makeUser(app);
    const [laptop] = [await signedIn(user), await signedIn(user)];
    const answer = documented('POST /api/auth/sessions/revoke-others', revokedCountSchema,
      await laptop.post('/api/auth/sessions/revoke-others', {}));
    expect(answer.revoked).toBe(1);
  });

  it('DELETE /api/auth/sessions/:id', async () => {
    const user = await makeUser(app);
    const [laptop, phone] = [await signedIn(user), await signedIn(user)];
    const { sessions } = (await laptop.get('/api/auth/sessions')).json as { sessions: Array<{ id: string; current: boolean }> };
    const other = sessions.find((session) => !session.current)!;
    expect(documented('DELETE /api/auth/sessions/:id', successSchema, await laptop.delete(`/api/auth/sessions/${other.id}`))).toEqual({ success: true });
    expect((await phone.get('/api/auth/me')).status).toBe(401);
  });

  it('POST /api/auth/password', async () => {
    const user = await makeUser(app);
    const browser = await signedIn(user);
    const changed = await browser.post('/api/auth/password', { currentPassword: user.password, newPassword: 'a-brand-new-password-1' });
    expect(documented('POST /api/auth/password', successSchema, changed)).toEqual({ success: true });
  });

  it('POST /api/auth/two-factor/backup-codes', async () => {
    const user = await makeTotpUser(app);
    const browser = await signedInWithTotp(user);
    const fresh = documented('POST /api/auth/two-factor/backup-codes', backupCodesSchema,
      await browser.post('/api/auth/two-factor/backup-codes', { password: user.password }));
    expect(fresh.backupCodes.length).toBeGreaterThan(0);
  });
});

describe('two-factor enrolment', () => {
  async function enrolment(user: TestUser, browser: TestClient) {
    return documented('POST /api/auth/two-factor/setup', twoFactorEnrolmentSchema,
      await browser.post('/api/auth/two-factor/setup', { password: user.password }));
  }

  it('POST /api/auth/two-factor/setup', async () => {
    const user = await makeUser(app);
    const setup = await enrolment(user, await signedIn(user));
    expect(setup.totpURI).toMatch(/^otpauth:\/\/totp\//);
    expect(setup.qrCodeSvg).toContain('<svg');
  });

  it('POST /api/auth/two-factor/confirm', async () => {
    const user = await makeUser(app);
    const browser = await signedIn(user);
    const totp = OTPAuth.URI.parse((await enrolment(user, browser)).totpURI) as OTPAuth.TOTP;
    const confirmed = await browser.post('/api/auth/two-factor/confirm', { code: totp.generate() });
    expect(documented('POST /api/auth/two-factor/confirm', successSchema, confirmed)).toEqual({ success: true });
  });

  it('POST /api/auth/two-factor/disable', async () => {
    const user = await makeTotpUser(app);
    const browser = await signedInWithTotp(user);
    const disabled = await browser.post('/api/auth/two-factor/disable', { password: user.password });
    expect(documented('POST /api/auth/two-factor/disable', successSchema, disabled)).toEqual({ success: true });
  });
});

describe('admin: suppression list', () => {
  /** An address a recruiter withdrew consent for: on the suppression list. */
  async function suppressedAddress(): Promise<string> {
    const recruiter = client();
    await signInRecruiter(recruiter);
    const email = uniqueEmail('suppressed');
    const created = await recruiter.post('/api/candidates', { name: 'Suppressed Person', email, allowsEmail: true, consentWording: 'Said yes' });
    expect(created.status, created.text).toBe(201);
    const { id } = created.json as { id: number };
    const withdrawn = await recruiter.patch(`/api/candidates/${id}`, { allowsEmail: false, consentWording: 'Asked to stop' });
    expect(withdrawn.status, withdrawn.text).toBe(200);
    return email;
  }

  it('GET /api/admin/suppressions', async () => {
    const email = await suppressedAddress();
    const browser = await admin();
    const summary = documented('GET /api/admin/suppressions', suppressionSummarySchema, await browser.get('/api/admin/suppressions'));
    expect(summary.entry).toBeUndefined();
    const on = documented('GET /api/admin/suppressions', suppressionSummarySchema,
      await browser.get(`/api/admin/suppressions?email=${encodeURIComponent(email)}`));
    expect(on.entry).toMatchObject({ email, suppressed: true, source: 'recruiter', byCandidate: false });
    const off = documented('GET /api/admin/suppressions', suppressionSummarySchema,
      await browser.get(`/api/admin/suppressions?email=${uniqueEmail('never')}`));
    expect(off.entry).toMatchObject({ suppressed: false });
  });

  it('POST /api/admin/suppressions/remove', async () => {
    const email = await suppressedAddress();
    const browser = await admin();
    const removed = await browser.post('/api/admin/suppressions/remove', { email, reason: 'The address has a new owner' });
    expect(documented('POST /api/admin/suppressions/remove', suppressionRemovedSchema, removed).removed).toBe(true);
  });
});

describe('admin: users', () => {
  it('GET /api/admin/users', async () => {
    const user = await makeUser(app);
    const { users } = documented('GET /api/admin/users', userListSchema, await (await admin()).get('/api/admin/users'));
    expect(users.map((u) => u.username)).toContain(user.username);
  });

  it('POST /api/admin/users', async () => {
    const username = `n${randomBytes(4).toString('hex')}`;
    const created = await (await admin()).post('/api/admin/users', {
      username, displayName: 'New Person', email: uniqueEmail(username), password: 'a-long-password-9', role: 'recruiter',
    });
    expect(documented('POST /api/admin/users', userAnswerSchema, created).user).toMatchObject({ username, banned: false, twoFactorEnabled: false });
  });

  it('PATCH /api/admin/users/:id', async () => {
    const user = await makeUser(app);
    const changed = await (await admin()).patch(`/api/admin/users/${user.id}`, { displayName: 'Renamed Person' });
    expect(documented('PATCH /api/admin/users/:id', userAnswerSchema, changed).user).toMatchObject({ id: user.id, displayName: 'Renamed Person' });
  });
});

describe('admin: access requests and audit log', () => {
  async function filed(): Promise<string> {
    const email = uniqueEmail('asker');
    expect((await client().post('/api/access-requests', { name: 'Asker', email })).status).toBe(201);
    return email;
  }

  it('GET /api/admin/access-requests', async () => {
    const email = await filed();
    const { requests } = documented('GET /api/admin/access-requests', accessRequestListSchema,
      await (await admin()).get('/api/admin/access-requests'));
    expect(requests.find((request) => request.email === email)).toMatchObject({ status: 'pending', company: null, message: null });
  });

  it('PATCH /api/admin/access-requests/:id', async () => {
    const email = await filed();
    const browser = await admin();
    const { requests } = (await browser.get('/api/admin/access-requests')).json as { requests: Array<{ id: number; email: string }> };
    const { id } = requests.find((request) => request.email === email)!;
    const decided = documented('PATCH /api/admin/access-requests/:id', accessRequestAnswerSchema,
      await browser.patch(`/api/admin/access-requests/${id}`, { status: 'approved' }));
    expect(decided.request).toMatchObject({ id, email, status: 'approved' });
  });

  it('GET /api/admin/audit-log', async () => {
    const user = await makeUser(app);
    const browser = await admin();
    await browser.patch(`/api/admin/users/${user.id}`, { displayName: 'Audited Person' });
    const { entries } = documented('GET /api/admin/audit-log', auditLogSchema, await browser.get('/api/admin/audit-log'));
    expect(entries.find((entry) => entry.action === 'user.update' && entry.entityId === user.id)).toMatchObject({ actor: 'admin', entity: 'user' });
  });
});
