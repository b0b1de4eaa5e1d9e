// The interface in Dutch: a recruiter chooses Nederlands in Settings and every page
// speaks Dutch at once (its heading, tab title, dialogs and their close buttons), and
// English again after switching back; with no setting a Dutch browser gets Dutch, and
// the public pages follow the browser's language. The demo recruiter is shared by every spec, so
// each test puts the setting back (null: the browser's language) whatever happens.
import type { Page } from '@playwright/test';
import { expect, openApp, recruiterSessionPerFile, test } from './helpers.ts';
import { newCandidate } from './data.ts';

recruiterSessionPerFile('i18n');

async function putLanguage(page: Page, language: 'en' | 'nl' | null) {
  const status = await page.evaluate(async (value) => (await fetch('/api/settings/profile', {
    method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ language: value }),
  })).status, language);
  expect(status).toBe(200);
}

/** The profile form's words in the language the interface is in now. */
const PROFILE_FORM = {
  en: { form: 'Your profile', language: 'Language', save: 'Save profile' },
  nl: { form: 'Je profiel', language: 'Taal', save: 'Profiel opslaan' },
};

async function chooseLanguage(page: Page, option: string, shownIn: 'en' | 'nl' = 'en') {
  const words = PROFILE_FORM[shownIn];
  const profile = page.getByRole('form', { name: words.form });
  await profile.getByRole('combobox', { name: words.language }).click();
  await page.getByRole('option', { name: option }).click();
  await profile.getByRole('button', { name: words.save }).click();
}

test.afterEach(async ({ page }) => {
  // Only a signed-in page can (and needs to) put the recruiter's setting back.
  if (page.url().startsWith('http') && new URL(page.url()).pathname.startsWith('/app')) await putLanguage(page, null);
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
  expect(await page.locator('html').getAttribute('lang')).toBe('nl');

  // Every page: its heading and its tab title.
  for (const [link, heading] of [['Kandidaten', 'Kandidaten'], ['Communicatie', 'Communicatie'], ['Afspraken', 'Afspraken'],
    ['Afspraken plannen', 'Afspraken plannen'], ['Instellingen', 'Instellingen']] as const) {
    await sidebar.getByRole('link', { name: link, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page).toHaveTitle(`${heading} · Talentloop`);
  }
  // A dialog in Dutch, closed by its Dutch-named close button.
  await sidebar.getByRole('link', { name: 'Communicatie', exact: true }).click();
  await page.getByRole('button', { name: 'Bericht opstellen' }).click();
  const compose = page.getByRole('dialog', { name: 'Bericht opstellen' });
  await expect(compose).toBeVisible();
  await compose.getByRole('button', { name: 'Sluiten' }).click();
  await expect(compose).toBeHidden();

  await sidebar.getByRole('link', { name: 'Instellingen' }).click();
  await chooseLanguage(page, 'English', 'nl');
  await expect(sidebar.getByRole('link', { name: 'Settings' })).toBeVisible();
  await expect(sidebar.getByRole('button', { name: 'Sign Out' })).toBeVisible();
});

test('a Dutch recruiter reads what the server says in Dutch: a refusal on its field, the integrations\' state', async ({ page }) => {
  // The server answers a code beside its English (decision 032); the interface says the code in Dutch.
  await page.goto('/app');
  await putLanguage(page, 'nl');
  const taken = await newCandidate(page);
  await page.goto('/app/people?action=add-candidate');
  const form = page.getByTestId('candidate-form');
  await form.getByRole('textbox', { name: 'Naam' }).fill('Tweede persoon');
  await form.getByRole('textbox', { name: 'E-mail' }).fill(taken.email!);
  await page.getByTestId('drawer-footer').getByRole('button', { name: 'Kandidaat toevoegen' }).click();
  await expect(form.getByText('Er is al een kandidaat met dit e-mailadres')).toBeVisible();
  await expect(page.getByText('a candidate with this email already exists')).toHaveCount(0);

  await page.goto('/app/settings?tab=integrations');
  const mail = page.getByTestId('integration-mail');
  await expect(mail.getByText('Dev-outbox', { exact: true })).toBeVisible();
  // A recruiter reads what to do, without the set-up's variable names.
  await expect(mail.getByText(/^Er is nog geen maildienst gekoppeld/)).toBeVisible();
  await expect(page.getByTestId('integrations-panel').getByText(/SMTP_URL|OPENAI_API_KEY/)).toHaveCount(0);
  await expect(page.getByTestId('integrations-panel').getByText(/No mail service is configured|Drafts are written/)).toHaveCount(0);
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

test.describe('a Dutch browser on a 390 px phone', () => {
  test.use({ locale: 'nl-NL', viewport: { width: 390, height: 844 } });

  test('gets the Dutch bottom bar, page and dialog', async ({ page }) => {
    await page.goto('/app');
    await putLanguage(page, null);
    await page.reload();
    const bar = page.getByRole('navigation', { name: 'Mobiele navigatie' });
    await expect(bar.getByRole('link')).toHaveText(['Dashboard', 'Kandidaten', 'Communicatie', 'Instellingen']);
    await bar.getByRole('link', { name: 'Kandidaten' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Kandidaten' })).toBeVisible();
    await bar.getByRole('link', { name: 'Communicatie' }).click();
    await page.getByRole('button', { name: 'Bericht opstellen' }).click();
    const compose = page.getByRole('dialog', { name: 'Bericht opstellen' });
    await expect(compose).toBeVisible();
    await compose.getByRole('button', { name: 'Sluiten' }).click();
    await expect(compose).toBeHidden();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});

test.describe('the public pages', () => {
  test.use({ locale: 'nl-NL', storageState: { cookies: [], origins: [] } });

  test('follow a Dutch browser, and an English one keeps the spec\'s English', async ({ page, browser }) => {
    await page.goto('/login');
    expect(await page.locator('html').getAttribute('lang')).toBe('nl');
    await expect(page.getByRole('button', { name: 'Inloggen' })).toBeVisible();
    const english = await browser.newContext({ locale: 'en-US' });
    const other = await english.newPage();
    await other.goto('/login');
    expect(await other.locator('html').getAttribute('lang')).toBe('en');
    await english.close();
  });
});
