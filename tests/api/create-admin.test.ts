// `npm run create-admin` as automation runs it: a child process with its
// answers in environment variables and on stdin. The admin it makes signs in,
// has no two-factor yet, and cannot use the admin API until enrolled.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as OTPAuth from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_SECRET } from '../support/constants.ts';
import { startTestApp, type TestApp } from '../support/harness.ts';
import { budget } from '../support/time-scale.ts';

const SCRIPT = path.resolve(import.meta.dirname, '../../scripts/create-admin.ts');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'talentloop-create-admin-'));
let app: TestApp;

beforeAll(async () => { app = await startTestApp(); });
afterAll(async () => {
  await app?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Runs the script on the test database with `env` and `stdin` (stdin is a pipe, not a terminal). */
function createAdmin(env: Record<string, string>, stdin: string): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, [SCRIPT], {
    env: {
      PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', DATA_DIR: dataDir, DATABASE_URL: app.ownerUrl,
      // The test run's app secret: the script sets the shared app role's password from it.
      APP_SECRET: TEST_SECRET, PUBLIC_URL: 'https://talentloop.example.com', ...env,
    },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => { output += chunk.toString(); });
  child.stderr.on('data', (chunk: Buffer) => { output += chunk.toString(); });
  child.stdin.end(stdin);
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, output }));
  });
}

const profile = async (username: string) =>
  (await app.pools.owner.query<{ role: string; two_factor_enabled: boolean }>('select role, two_factor_enabled from public.profiles where username = $1', [username])).rows[0];

describe('npm run create-admin', () => {
  it('refuses a password shorter than 12 characters and creates nobody', { timeout: budget(60_000) }, async () => {
    const { code, output } = await createAdmin({ ADMIN_USERNAME: 'shortpw', ADMIN_DISPLAY_NAME: 'Short Password' },
      'shortpw@example.com\nelevenchars\n');
    expect(code).toBe(2);
    expect(output).toContain('password must be at least 12 characters (from standard input)');
    expect(await profile('shortpw')).toBeUndefined();
  });

  it('says what is missing when neither the environment nor stdin gives it', { timeout: budget(60_000) }, async () => {
    const { code, output } = await createAdmin({ ADMIN_USERNAME: 'nobody' }, '');
    expect(code).toBe(2);
    expect(output).toContain('No display name given: set ADMIN_DISPLAY_NAME, or give it as a line on standard input.');
  });

  it('creates an admin who must enrol two-factor before using the admin API', { timeout: budget(60_000) }, async () => {
    const password = 'a long and secret passphrase';
    const created = await createAdmin({ ADMIN_USERNAME: 'Hanna.Admin' }, `Hanna de Boer\nhanna@example.com\n${password}\n`);
    expect(created.output).toContain('Created the admin "hanna.admin"');
    expect(created.code).toBe(0);
    expect(await profile('hanna.admin')).toEqual({ role: 'admin', two_factor_enabled: false });
    const { rows: [logged] } = await app.pools.owner.query<{ action: string; details: unknown }>(
      `select action, details from public.audit_log where entity = 'user' and details->>'username' = 'hanna.admin'`);
    expect(logged).toEqual({ action: 'user.create', details: { username: 'hanna.admin', role: 'admin', via: 'npm run create-admin' } });

    const again = await createAdmin({ ADMIN_USERNAME: 'hanna.admin', ADMIN_DISPLAY_NAME: 'Twice', ADMIN_EMAIL: 'other@example.com', ADMIN_PASSWORD: password }, '');
    expect(again.code).toBe(1);
    expect(again.output).toContain('Could not create the admin: username is already taken');

    // Signs in with the password alone (nothing to verify yet)...
    const admin = app.client({ ip: '10.44.0.1' });
    const login = await admin.post('/api/auth/login', { username: 'hanna.admin', password });
    expect(login.status).toBe(200);
    expect(login.json).toMatchObject({ requiresTwoFactor: false });
    expect((await admin.get('/api/auth/me')).json).toMatchObject({ user: { username: 'hanna.admin', role: 'admin', twoFactorEnabled: false } });
    // ...but the admin API stays closed, with the code the app uses to send them to enrolment.
    const refused = await admin.get('/api/admin/users');
    expect(refused.status).toBe(403);
    expect(refused.json).toEqual({ error: 'Set up two-factor authentication before using the Admin Portal.', code: 'two_factor_required' });
    expect((await admin.post('/api/admin/users', { username: 'sneaky', displayName: 'S', email: 's@example.com', password, role: 'admin' })).status).toBe(403);

    // Enrolment, as Settings does it; then the admin API opens.
    const setup = await admin.post('/api/auth/two-factor/setup', { password });
    expect(setup.status).toBe(200);
    const totp = OTPAuth.URI.parse((setup.json as { totpURI: string }).totpURI) as OTPAuth.TOTP;
    expect((await admin.post('/api/auth/two-factor/confirm', { code: totp.generate() })).status).toBe(200);
    const users = await admin.get('/api/admin/users');
    expect(users.status).toBe(200);
    expect((users.json as { users: Array<{ username: string }> }).users.map((u) => u.username)).toContain('hanna.admin');
    expect(await profile('hanna.admin')).toEqual({ role: 'admin', two_factor_enabled: true });
  });
});
