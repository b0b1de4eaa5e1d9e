// /app/settings on a phone (390 × 844) and by keyboard: a recruiter edits their
// profile and sees the organisation read-only; an admin edits the organisation.
// Each test puts back what it changed (later specs draft with these settings).
import type { Page } from '@playwright/test';
import { expect, signInAdmin, signInRecruiter, test } from './helpers.ts';

test.use({ viewport: { width: 390, height: 844 } });

/** A PUT from the page itself (same origin, cookies), to restore a setting. */
async function put(page: Page, path: string, body: unknown) {
  const status = await page.evaluate(async ([url, json]) => (await fetch(url, {
    method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify(json),
  })).status, [path, body] as const);
  expect(status).toBe(200);
}

async function noSidewaysScroll(page: Page) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
}

test('a recruiter saves their title by keyboard, and sees the organisation read-only', async ({ page }) => {
  await signInRecruiter(page);
  await page.goto('/app/settings');
  const profile = page.getByRole('form', { name: 'Your profile' });
  await expect(profile.getByLabel('Display name')).toHaveValue('Sam Jansen');
  await profile.getByLabel('Title').focus();
  await page.keyboard.type('Talent Partner');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Profile saved')).toBeVisible();
  await expect(page.getByTestId('organisation-view')).toBeVisible();
  await expect(page.getByText(/Only an administrator can change these\./)).toBeVisible();
  await expect(page.getByRole('form', { name: 'Organisation settings' })).toHaveCount(0);
  await noSidewaysScroll(page);
  await put(page, '/api/settings/profile', { title: null });
});

test('an admin saves the organisation; a bad address is named at its field', async ({ page }) => {
  await signInAdmin(page);
  await page.goto('/app/settings');
  const organisation = page.getByRole('form', { name: 'Organisation settings' });
  await organisation.getByLabel('Company name').fill('Acme Talent');
  await organisation.getByLabel('Default sender address').fill('jobs at acme');
  await organisation.getByRole('button', { name: 'Save organisation settings' }).click();
  await expect(organisation.getByText('senderEmail must be a valid email address')).toBeVisible();
  await organisation.getByLabel('Default sender address').fill('jobs@acme.example');
  await organisation.getByRole('button', { name: 'Save organisation settings' }).click();
  await expect(page.getByText('Organisation settings saved')).toBeVisible();
  await noSidewaysScroll(page);
  await put(page, '/api/settings/organisation', { companyName: null, senderEmail: null });
});
