import { fileURLToPath } from 'node:url';
import { test as base, expect, type Cookie, type Page } from '@playwright/test';
import * as OTPAuth from 'otpauth';

/**
 * The specs' `test`: every page of the test runs under the real
 * Content-Security-Policy, and any violation (the `securitypolicyviolation`
 * event, or Chromium's "Refused to ..." console error) fails the test.
 * `cspViolations` is the list, for a test that provokes one on purpose.
 */
export const test = base.extend<{ cspViolations: string[] }>({
  cspViolations: [async ({ context }, use) => {
    const violations: string[] = [];
    await context.exposeBinding('__reportCspViolation', ({ page }, text: string) => { violations.push(`${page.url()}: ${text}`); });
    await context.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        const report = (window as unknown as { __reportCspViolation: (text: string) => void }).__reportCspViolation;
        void report(`${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`);
      });
    });
    context.on('console', (message) => {
      if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) violations.push(`${message.page()?.url()}: ${message.text()}`);
    });
    await use(violations);
    expect(violations, 'Content-Security-Policy violations').toEqual([]);
  }, { auto: true }],
});
export { expect };

export const DEMO_ADMIN_TOTP_BASE32 = 'ORQWYZLOORWG633QFVSGK3LPFUZGMYJB';

export function adminCode(): string {
  return new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(DEMO_ADMIN_TOTP_BASE32) }).generate();
}

/**
 * Each user's device cookie from their first sign-in of the run (each worker has its own server). A browser
 * that signed in before carries it, and a known device's sign-ins do not count against the address's
 * budget (30 per 15 minutes, domain/auth/login-protection.ts), which a whole run of fresh contexts
 * would otherwise spend.
 */
const knownDevices = new Map<string, Cookie>();

async function rememberDevice(page: Page, username: string) {
  const device = (await page.context().cookies()).find((cookie) => cookie.name.endsWith('.device'));
  if (device) knownDevices.set(username, device);
}

export async function signIn(page: Page, username: string, password: string) {
  const device = knownDevices.get(username);
  if (device) await page.context().addCookies([device]);
  await page.goto('/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

export async function signInRecruiter(page: Page) {
  await signIn(page, 'recruiter', 'recruiter-demo-password');
  await expect(page).toHaveURL(/\/app$/);
  await rememberDevice(page, 'recruiter');
}

/**
 * One recruiter sign-in for a whole spec file: its cookies (the session and the device cookie) go to
 * every test's browser context. The run shares one address's sign-in budget (30 per 15 minutes),
 * so the specs with many signed-in tests sign in once. Tests then start with `openApp(page)`.
 */
export function recruiterSessionPerFile(name: string) {
  // One file per server: a file that runs in both workers (after a failure, or repeated) must not hand one
  // server's session to the other (cookies do not tell ports apart).
  const server = process.env.TEST_PARALLEL_INDEX ?? '0';
  const file = fileURLToPath(new URL(`../../test-results/${name}-${server}-signed-in.json`, import.meta.url));
  test.beforeAll(async ({ browser }) => {
    // An empty state of its own: test.use() below would otherwise make this page read the file it is about to write.
    // English whatever the describe block's locale (the first test of a worker may be a Dutch one): signIn reads English labels.
    const page = await browser.newPage({ storageState: { cookies: [], origins: [] }, locale: 'en-US' });
    await signInRecruiter(page);
    await page.context().storageState({ path: file });
    await page.context().close();
  });
  test.use({ storageState: file });
}

/** The dashboard, signed in: the page is on our origin, so the data helpers can write through the API. */
export async function openApp(page: Page) {
  await page.goto('/app');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
}

const TOTP_PERIOD_MS = 30_000;
let lastAdminStep = -1;

/**
 * A TOTP code works once, and the server accepts one step either side of now.
 * Each admin sign-in of the run takes a later step than the one before,
 * waiting for it when two sign-ins come within the same half minute.
 */
async function nextAdminCode(page: Page): Promise<string> {
  const nowStep = Math.floor(Date.now() / TOTP_PERIOD_MS);
  const step = Math.max(nowStep, lastAdminStep + 1);
  if (step > nowStep + 1) {
    test.info().setTimeout(test.info().timeout + TOTP_PERIOD_MS);
    await page.waitForTimeout((step - 1) * TOTP_PERIOD_MS - Date.now() + 200);
  }
  lastAdminStep = step;
  return new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(DEMO_ADMIN_TOTP_BASE32) }).generate({ timestamp: step * TOTP_PERIOD_MS });
}

export async function signInAdmin(page: Page) {
  await signIn(page, 'admin', 'admin-demo-password');
  await expect(page).toHaveURL(/\/verify-2fa/);
  await page.getByLabel('Verification code').fill(await nextAdminCode(page));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/app$/);
  await rememberDevice(page, 'admin');
}
