// /app/settings at 1440 × 900 and 390 × 844, by keyboard: the tabs (in the URL), a
// recruiter's profile and sessions, an admin's organisation and integrations with a
// test mail into the dev outbox (the e2e server has no mail service, AI or Graph).
// Each test puts back what it changed (later specs draft with these settings).
import type { Page } from '@playwright/test';
import { expect, signInAdmin, signInRecruiter, test } from './helpers.ts';

/** A PUT from the page itself (same origin, cookies), to restore a setting. */
async function put(page: Page, path: string, body: unknown) {
  const status = await page.evaluate(async ([url, json]) => (await fetch(url, {
    method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify(json),
  })).status, [path, body] as const);
  expect(status).toBe(200);
}

async function noSidewaysScroll(page: Page) {
  const { scrollWidth, width } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, width: window.innerWidth }));
  expect(scrollWidth).toBeLessThanOrEqual(width);
}

const SIZES = [
  { name: '1440 × 900', viewport: { width: 1440, height: 900 } },
  { name: '390 × 844', viewport: { width: 390, height: 844 } },
];

for (const { name, viewport } of SIZES) {
  test.describe(`settings at ${name}`, () => {
    test.use({ viewport });

    // The demo recruiter is every spec's: once changed, they leave with no title and the browser's language, whatever happens.
    let recruiterChanged = false;
    test.afterEach(async ({ page }) => {
      if (recruiterChanged) await put(page, '/api/settings/profile', { title: null, language: null });
      recruiterChanged = false;
    });

    test('a recruiter saves their profile and moves through the tabs by keyboard', async ({ page }) => {
      await signInRecruiter(page);
      await page.goto('/app/settings');
      await expect(page.getByRole('tab')).toHaveText(['Profile', 'Security', 'Integrations']);

      const profile = page.getByRole('form', { name: 'Your profile' });
      await expect(profile.getByLabel('Display name')).toHaveValue('Sam Jansen');
      await expect(profile.getByLabel('Email')).toHaveValue(/@/);
      recruiterChanged = true;
      await profile.getByRole('combobox', { name: 'Language' }).click();
      await page.getByRole('option', { name: 'Nederlands' }).click();
      await profile.getByLabel('Title').focus();
      await page.keyboard.type('Talent Partner');
      await page.keyboard.press('Enter');
      // Saved in Dutch, the interface speaks Dutch at once, the toast included.
      await expect(page.getByText('Profiel opgeslagen')).toBeVisible();
      const dutchProfile = page.getByRole('form', { name: 'Je profiel' });
      await expect(dutchProfile.getByRole('combobox', { name: 'Taal' })).toHaveValue('Nederlands');
      await noSidewaysScroll(page);
      await put(page, '/api/settings/profile', { title: null, language: null });
      await page.reload();
      await expect(profile.getByRole('combobox', { name: 'Language' })).toBeVisible();

      await page.getByRole('tab', { name: 'Profile' }).focus();
      await page.keyboard.press('ArrowRight');
      await expect(page).toHaveURL(/\/app\/settings\?tab=security$/);
      await expect(page.getByRole('tab', { name: 'Security' })).toBeFocused();
      await expect(page.getByRole('button', { name: 'Sign out elsewhere' })).toBeVisible();
      await expect(page.getByRole('list', { name: 'Active sessions' }).getByText('This device')).toBeVisible();
      await noSidewaysScroll(page);

      await page.keyboard.press('ArrowRight');
      await expect(page).toHaveURL(/\?tab=integrations$/);
      const mail = page.getByTestId('integration-mail');
      await expect(mail.getByText('Dev outbox', { exact: true })).toBeVisible();
      await expect(mail.getByText('Only an administrator can send a test.')).toBeVisible();
      await expect(page.getByRole('button', { name: /^Send a test/ })).toHaveCount(0);
      await noSidewaysScroll(page);

      // A link to a tab the recruiter does not have shows their profile.
      await page.goto('/app/settings?tab=organisation');
      await expect(page.getByRole('tab', { name: 'Profile', selected: true })).toBeVisible();
    });

    test('an admin sends a test mail, sees why the others cannot be tested, and saves the organisation', async ({ page }) => {
      await signInAdmin(page);
      await page.goto('/app/settings?enrol=2fa');
      await expect(page.getByRole('tab', { name: 'Security', selected: true })).toBeVisible();
      await expect(page.getByTestId('enrol-2fa-alert')).toBeVisible();

      await page.getByRole('tab', { name: 'Integrations' }).click();
      await expect(page).toHaveURL(/\/app\/settings\?tab=integrations$/);
      const ai = page.getByTestId('integration-ai');
      await expect(ai.getByText('Built-in offline drafter', { exact: true })).toBeVisible();
      await expect(ai.getByRole('button', { name: 'Send a test: AI provider' })).toBeDisabled();
      await expect(ai.getByText('No AI provider is configured, so there is nothing to test.')).toBeVisible();
      await expect(page.getByTestId('integration-teams').getByRole('button', { name: /^Send a test/ })).toBeDisabled();
      if (viewport.width > 1000) {
        const mail = page.getByTestId('integration-mail');
        await mail.getByRole('button', { name: 'Send a test: Mail' }).focus();
        await page.keyboard.press('Enter');
        await expect(mail.getByText('Test passed')).toBeVisible();
        await expect(mail.getByText(/is in the dev outbox/)).toBeVisible();
      }
      await noSidewaysScroll(page);

      await page.getByRole('tab', { name: 'Organisation' }).click();
      await expect(page).toHaveURL(/\?tab=organisation$/);
      const organisation = page.getByRole('form', { name: 'Organisation settings' });
      await organisation.getByLabel('Company name').fill('Acme Talent');
      await organisation.getByLabel('Default sender address').fill('jobs at acme');
      await organisation.getByRole('button', { name: 'Save organisation settings' }).click();
      await expect(organisation.getByText('senderEmail must be a valid email address')).toBeVisible();
      await organisation.getByLabel('Default sender address').fill('jobs@acme.example');
      await organisation.getByRole('button', { name: 'Save organisation settings' }).click();
      await expect(page.getByText('Organisation settings saved')).toBeVisible();
      await expect(page.getByRole('switch', { name: /^Track opens and clicks/ })).toBeVisible();
      await noSidewaysScroll(page);
      await put(page, '/api/settings/organisation', { companyName: null, senderEmail: null });
    });
  });
}
