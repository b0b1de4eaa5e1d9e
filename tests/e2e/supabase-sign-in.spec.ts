// Talentloop on Supabase Auth, as a team's first admin lives it (issue 32, decision 050): `npm run
// create-admin` makes the admin through Supabase's admin API, the admin signs in on the sign-in page,
// enrols an authenticator from Settings (Supabase MFA), signs in again with a code, sees Supabase Auth
// in Settings → Integrations, and opens the Admin Portal; a backup code works in place of the code. Supabase Auth is a fake GoTrue on 127.0.0.1
// speaking its wire format; this spec starts its own `node server.ts` with the SUPABASE_* settings.
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import * as OTPAuth from 'otpauth';
import type { Page } from '@playwright/test';
import { freePort } from '#platform/runtime/ports.server.ts';
import { startFakeGoTrue, type FakeGoTrue } from '../support/fake-gotrue.ts';
import { assertBuilt, ROOT, startServerProcess, type RunningServer } from '../support/server-process.ts';
import { SERVER_NODE_FLAGS } from '../../scripts/server-node-flags.ts';
import { TEST_SECRET } from '../support/constants.ts';
import { budget } from '../support/time-scale.ts';
import { expect, test } from './helpers.ts';

const DATA_DIR = path.join(ROOT, '.data', `e2e-supabase-${process.pid}`);
const ADMIN = { username: 'teamlead', displayName: 'Team Lead', email: 'teamlead@example.com', password: 'a-long-admin-password' };

let gotrue: FakeGoTrue;
let server: RunningServer;
let supabaseEnv: Record<string, string>;

/** `npm run create-admin` with the values from the environment, on this spec's embedded database. */
function createAdmin(): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, 'scripts/create-admin.ts'], {
      cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env, ...supabaseEnv, DATA_DIR, APP_SECRET: TEST_SECRET, SEED_DEMO_DATA: 'off',
        ADMIN_USERNAME: ADMIN.username, ADMIN_DISPLAY_NAME: ADMIN.displayName, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password,
      },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => { output += chunk.toString(); });
    child.stderr.on('data', (chunk: Buffer) => { output += chunk.toString(); });
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`create-admin exited with ${code}:\n${output}`))));
  });
}

test.beforeAll(async () => {
  test.setTimeout(budget(120_000));
  assertBuilt();
  rmSync(DATA_DIR, { recursive: true, force: true });
  mkdirSync(DATA_DIR, { recursive: true });
  gotrue = await startFakeGoTrue();
  supabaseEnv = { ...gotrue.env, EMBEDDED_PG_PORT: String(await freePort()) };
  await createAdmin();
  server = await startServerProcess({
    databaseUrl: '', dataDir: DATA_DIR,
    env: (url) => ({ ...supabaseEnv, PUBLIC_URL: url, SEED_DEMO_DATA: 'off' }),
  });
});
test.afterAll(async () => {
  await server?.stop();
  await gotrue?.close();
  rmSync(DATA_DIR, { recursive: true, force: true });
});

async function signIn(page: Page, password = ADMIN.password) {
  await page.goto('/login');
  await page.getByLabel('Username').fill(ADMIN.username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/** The code of the time step after the last one used: each code works once. */
function codeAfter(totp: OTPAuth.TOTP, usedAt: number): { code: string; at: number } {
  const step = Math.max(Math.floor(Date.now() / 30_000), Math.floor(usedAt / 30_000) + 1);
  return { code: totp.generate({ timestamp: step * 30_000 }), at: step * 30_000 };
}

test('the first admin signs in through Supabase Auth, enrols an authenticator, and signs in with its code and a backup code', async ({ browser }) => {
  test.setTimeout(budget(150_000));
  expect(gotrue.users().map((user) => user.email)).toEqual([ADMIN.email]);
  const context = await browser.newContext({ baseURL: server.url });
  const page = await context.newPage();

  // A new admin has no second factor yet: signed in, sent to enrol, the admin API closed until then.
  await signIn(page, 'not-the-password-at-all');
  await expect(page.getByText('Invalid username or password')).toBeVisible();
  await signIn(page);
  await expect(page).toHaveURL(/\/app/);
  await page.goto('/app/settings?enrol=2fa');
  await expect(page.getByTestId('enrol-2fa-alert')).toBeVisible();

  const card = page.getByTestId('two-factor-card');
  await card.getByLabel('Current password').fill(ADMIN.password);
  await card.getByRole('button', { name: 'Set up two-factor' }).click();
  const uri = await page.getByTestId('otpauth-uri').textContent();
  const totp = OTPAuth.URI.parse(uri!) as OTPAuth.TOTP;
  const backupCodes = (await page.getByTestId('backup-codes').innerText()).split(/\s+/).filter((code) => /^[A-Z0-9]{5}-[A-Z0-9]{5}$/.test(code));
  expect(backupCodes).toHaveLength(10);
  await page.getByLabel('I have saved these codes').check();
  const first = codeAfter(totp, 0);
  await page.getByLabel('Authentication code').fill(first.code);
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Two-factor enabled')).toBeVisible();
  await expect(card.getByText('Two-factor authentication is on')).toBeVisible();
  expect(gotrue.users()[0].factors?.map((factor) => factor.status)).toEqual(['verified']);

  // Signing in now asks for the code; the Admin Portal opens.
  await page.getByTestId('sign-out').click();
  await expect(page).toHaveURL(/\/$/);
  await signIn(page);
  await expect(page).toHaveURL(/\/verify-2fa/);
  await page.getByLabel('Verification code').fill(codeAfter(totp, first.at).code);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/app$/);
  // Settings → Integrations says who signs people in, and its test reaches Supabase Auth.
  await page.goto('/app/settings?tab=integrations');
  const signin = page.getByTestId('integration-signin');
  await expect(signin.getByText('Supabase Auth', { exact: true })).toBeVisible();
  await expect(signin.getByText(gotrue.url)).toBeVisible();
  await signin.getByRole('button', { name: 'Send a test: Sign-in' }).click();
  await expect(signin.getByText('Test passed')).toBeVisible();
  await page.getByRole('link', { name: 'Admin Portal' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Portal' })).toBeVisible();
  await expect(page.getByTestId(`user-row-${ADMIN.username}`)).toBeVisible();

  // Without the phone: a backup code, once.
  await context.clearCookies();
  await signIn(page);
  await expect(page).toHaveURL(/\/verify-2fa/);
  await page.getByLabel('Verification code').fill(backupCodes[0]);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/app$/);
  await context.close();
});
