// The interface in Dutch: a recruiter chooses Nederlands in Settings and the shell and
// the dashboard speak Dutch at once, and English again after switching back; with no
// setting a Dutch browser gets Dutch. The demo recruiter is shared by every spec, so
// each test puts the setting back (null: the browser's language) whatever happens.
import type { Page } from '@playwright/test';
import { expect, openApp, recruiterSessionPerFile, test } from './helpers.ts';

recruiterSessionPerFile('i18n');

async function putLanguage(page: Page, language: 'en' | 'nl' | null) {
  const status = await page.evaluate(async (value) => (await fetch('/api/settings/profile', {
    method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ language: value }),
  })).status, language);
  expect(status).toBe(200);
}

async function chooseLanguage(page: Page, option: string) {
  const profile = page.getByRole('form', { name: 'Your profile' });
  await profile.getByRole('combobox', { name: 'Language' }).click();
  await page.getByRole('option', { name: option }).click();
  await profile.getByRole('button', { name: 'Save profile' }).click();
}

test.afterEach(async ({ page }) => {
  if (page.url().startsWith('http')) await putLanguage(page, null);
});

test('switching to Nederlands in Settings turns the shell and the dashboard Dutch, and back', async ({ page }) => {
  await openApp(page);
  const sidebar = page.getByTestId('sidebar');
  await page.goto('/app/settings');
  await chooseLanguage(page, 'Nederlands');

  await expect(sidebar.getByRole('link', { name: 'Kandidaten' })).toBeVisible();
  await expect(sidebar.getByRole('link')).toHaveText(['Dashboard', 'Kandidaten', 'Communicatie', 'Instellingen', 'Afspraken', 'Afspraken plannen']);
  await expect(sidebar.getByRole('button', { name: 'Uitloggen' })).toBeVisible();

  await sidebar.getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.getByText(/^Welkom terug, /)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Komende afspraken' })).toBeVisible();
  await expect(page.getByRole('radio', { name: '30 dagen' })).toBeAttached();

  // A reload paints in Dutch straight away (the remembered choice, confirmed by the profile).
  await page.reload();
  await expect(sidebar.getByRole('link', { name: 'Instellingen' })).toBeVisible();

  await sidebar.getByRole('link', { name: 'Instellingen' }).click();
  await chooseLanguage(page, 'English');
  await expect(sidebar.getByRole('link', { name: 'Settings' })).toBeVisible();
  await expect(sidebar.getByRole('button', { name: 'Sign Out' })).toBeVisible();
});

test.describe('a Dutch browser', () => {
  test.use({ locale: 'nl-NL' });

  test('with no language setting gets the Dutch interface', async ({ page }) => {
    await page.goto('/app');
    await putLanguage(page, null);
    await page.reload();
    await expect(page.getByTestId('sidebar').getByRole('link', { name: 'Kandidaten' })).toBeVisible();
    await expect(page.getByText(/^Welkom terug, /)).toBeVisible();
  });
});
