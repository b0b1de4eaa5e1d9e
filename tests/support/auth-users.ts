// Users made for one auth test each, through the same domain calls the admin
// portal and the demo seed use: a plain user, or one with a known TOTP secret.
import { createHash, randomBytes } from 'node:crypto';
import * as OTPAuth from 'otpauth';
import { enrolWithKnownSecret } from '#domain/auth/two-factor.server.ts';
import { createUser } from '#domain/auth/users.server.ts';
import type { TestApp, TestClient } from './harness.ts';

export interface TestUser {
  id: string;
  username: string;
  password: string;
}

export interface TotpUser extends TestUser {
  backupCodes: string[];
  /** The code of the step `offsetSteps` from now. */
  code(offsetSteps?: number): string;
}

export async function makeUser(app: TestApp, role: 'admin' | 'recruiter' = 'recruiter'): Promise<TestUser> {
  const username = `u${randomBytes(5).toString('hex')}`;
  const password = `pw-${randomBytes(8).toString('hex')}`;
  const user = await createUser(app.identity, app.pools.owner, {
    username, displayName: `Test ${username}`, email: `${username}@example.com`, password, role,
  });
  return { id: user.id, username, password };
}

export async function makeTotpUser(app: TestApp): Promise<TotpUser> {
  const user = await makeUser(app);
  const rawSecret = randomBytes(12).toString('hex');
  const backupCodes = Array.from({ length: 10 }, (_, i) => `BK${i}${randomBytes(2).toString('hex')}-${randomBytes(3).toString('hex')}`);
  await enrolWithKnownSecret(app.authService.auth, app.pools.owner, { id: user.id, email: `${user.username}@example.com` },
    rawSecret, backupCodes);
  const totp = new OTPAuth.TOTP({ secret: new OTPAuth.Secret({ buffer: new TextEncoder().encode(rawSecret).buffer }) });
  return { ...user, backupCodes, code: (offsetSteps = 0) => totp.generate({ timestamp: Date.now() + offsetSteps * 30_000 }) };
}

export function login(client: TestClient, user: TestUser, options?: { userAgent?: string }) {
  return client.post('/api/auth/login', { username: user.username, password: user.password },
    options?.userAgent ? { headers: { 'user-agent': options.userAgent } } : undefined);
}

/** The session token inside the signed session cookie (`token.signature`). */
export function sessionToken(client: TestClient): string {
  const cookie = client.cookies.get('talentloop.session_token');
  if (!cookie) throw new Error('no session cookie');
  return decodeURIComponent(cookie).split('.')[0];
}

export function sha256Hex(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}

export async function auditEntries(app: TestApp, action: string, username: string) {
  const { rows } = await app.pools.owner.query<{ action: string; actor_id: string | null; details: Record<string, unknown> }>(
    `select action, actor_id, details from public.audit_log where action = $1 and details->>'username' = $2 order by id`,
    [action, username]);
  return rows;
}

/**
 * A user who enrolled in two-factor sign-in from Settings, as a person does (either identity provider):
 * the secret read from the authenticator URI, the backup codes from the answer. The step the first code
 * used is forgotten, so that the user's next sign-in may use the current code again (as signInAdmin does).
 */
export async function makeUserEnrolledInSettings(app: TestApp, role: 'admin' | 'recruiter' = 'recruiter'): Promise<TotpUser> {
  const user = await makeUser(app, role);
  const client = app.client();
  await login(client, user);
  const setup = await client.post('/api/auth/two-factor/setup', { password: user.password });
  if (setup.status !== 200) throw new Error(`two-factor setup failed: ${setup.status} ${setup.text}`);
  const { totpURI, backupCodes } = setup.json as { totpURI: string; backupCodes: string[] };
  const totp = OTPAuth.URI.parse(totpURI) as OTPAuth.TOTP;
  const confirmed = await client.post('/api/auth/two-factor/confirm', { code: totp.generate() });
  if (confirmed.status !== 200) throw new Error(`two-factor confirmation failed: ${confirmed.status} ${confirmed.text}`);
  await client.post('/api/auth/logout', {});
  await app.pools.owner.query('delete from private.totp_used_steps where user_id = $1', [user.id]);
  return { ...user, backupCodes, code: (offsetSteps = 0) => totp.generate({ timestamp: Date.now() + offsetSteps * 30_000 }) };
}
