import { expect, type Page } from '@playwright/test';
import * as OTPAuth from 'otpauth';

export const DEMO_ADMIN_TOTP_BASE32 = 'ORQWYZLOORWG633QFVSGK3LPFUZGMYJB';

export function adminCode(): string {
  return new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(DEMO_ADMIN_TOTP_BASE32) }).generate();
}

export async function signIn(page: Page, username: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

export async function signInRecruiter(page: Page) {
  await signIn(page, 'recruiter', 'recruiter-demo-password');
  await expect(page).toHaveURL(/\/app$/);
}

export async function signInAdmin(page: Page) {
  await signIn(page, 'admin', 'admin-demo-password');
  await expect(page).toHaveURL(/\/verify-2fa/);
  await page.getByLabel('Verification code').fill(adminCode());
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/app$/);
}
