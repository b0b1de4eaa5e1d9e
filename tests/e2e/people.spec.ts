// The people page against the real API. Each test makes its candidates through
// the API, with a word of its own in their names, and narrows the list to them
// with the Search filter.
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { expect, openApp, recruiterSessionPerFile, test } from './helpers.ts';
import { newCandidate, newCandidates, uniqueWord } from './data.ts';
import { budget } from '../support/time-scale.ts';

recruiterSessionPerFile('people');

const FIXTURE = fileURLToPath(new URL('../fixtures/csv/ui-candidates-nl.csv', import.meta.url));

/** The People page, signed in. */
async function openPeople(page: Page) {
  await page.goto('/app/people');
  await expect(page.getByRole('heading', { level: 1, name: 'People' })).toBeVisible();
}

const poolItem = (page: Page, name: string) => page.locator(`[data-testid="pool-item"][data-pool-name="${name}"]`);

/** Narrows the list to the candidates whose names carry `word`. */
async function searchFor(page: Page, word: string, rows: number) {
  await page.getByTestId('candidate-filters').getByLabel('Search').fill(word);
  await expect(page.getByTestId('candidate-row')).toHaveCount(rows);
}

test('lists the candidates 50 at a time, sorted on the server', async ({ page }) => {
  await openApp(page);
  const word = uniqueWord();
  await newCandidates(page, 101, (i) => ({ name: `Person ${String(i).padStart(3, '0')} ${word}`, leadScore: (i * 37) % 101 }));
  await openPeople(page);
  await searchFor(page, word, 50);
  await expect(page.getByTestId('candidate-range')).toHaveText('1–50 of 101');
  await page.getByRole('button', { name: 'Page 2', exact: true }).click();
  await expect(page.getByTestId('candidate-range')).toHaveText('51–100 of 101');

  await page.getByTestId('sort-leadScore').click();
  await expect(page.getByRole('columnheader', { name: /Lead score/ })).toHaveAttribute('aria-sort', 'descending');
  await expect(page.getByTestId('candidate-range')).toHaveText('1–50 of 101');
  const scores = await page.getByTestId('candidate-row').evaluateAll((rows) =>
    rows.map((row) => Number(row.querySelectorAll('td')[7]?.textContent)));
  expect(scores).toEqual([...scores].sort((a, b) => b - a));
});

test('creates, renames and deletes a talent pool (its candidates stay)', async ({ page }) => {
  await openApp(page);
  const word = uniqueWord();
  await newCandidates(page, 2, (i) => ({ name: `Pool Member ${i} ${word}` }));
  await openPeople(page);
  const name = `UI pool ${Date.now()}`;
  await page.getByRole('button', { name: 'New pool' }).click();
  const dialog = page.getByRole('dialog', { name: 'New talent pool' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByRole('button', { name: 'Create pool' }).click();
  await expect(poolItem(page, name)).toBeVisible();
  await expect(poolItem(page, name).getByLabel('0 candidates')).toBeVisible();

  // Add two candidates to it with the bulk action.
  await page.getByRole('button', { name: 'All candidates' }).click();
  await searchFor(page, word, 2);
  await page.getByTestId('candidate-row').nth(0).getByRole('checkbox').check();
  await page.getByTestId('candidate-row').nth(1).getByRole('checkbox').check();
  await expect(page.getByTestId('bulk-actions')).toContainText('2 selected');
  await page.getByTestId('bulk-actions').getByRole('button', { name: 'Add to pool' }).click();
  await page.getByRole('menuitem', { name }).click();
  await expect(poolItem(page, name).getByLabel('2 candidates')).toBeVisible();

  await poolItem(page, name).getByRole('button', { name: `Actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: 'Rename' }).click();
  const renamed = `${name} (renamed)`;
  const renameDialog = page.getByRole('dialog', { name: 'Rename talent pool' });
  await renameDialog.getByLabel('Name').fill(renamed);
  await renameDialog.getByRole('button', { name: 'Save' }).click();
  await expect(poolItem(page, renamed)).toBeVisible();

  const total = await page.getByTestId('candidate-range').textContent();
  await poolItem(page, renamed).getByRole('button', { name: `Actions for ${renamed}` }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: `Delete talent pool "${renamed}"?` });
  await expect(confirm).toContainText('Its candidates are not deleted');
  await confirm.getByRole('button', { name: 'Delete pool' }).click();
  await expect(poolItem(page, renamed)).toHaveCount(0);
  await expect(page.getByTestId('candidate-range')).toHaveText(total!);
});

test('imports a Dutch CSV and reports each skipped row with its line and reason', async ({ page }) => {
  await openApp(page);
  await openPeople(page);
  await page.getByRole('button', { name: 'Import CSV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import candidates from CSV' });
  await dialog.locator('input[type="file"]').setInputFiles(FIXTURE);

  // Columns guessed from the Dutch headers; the user can change them.
  await expect(dialog.getByLabel('Field for column Voornaam')).toHaveValue('First name');
  await expect(dialog.getByLabel('Field for column E-mailadres')).toHaveValue('Email');
  await expect(dialog.getByLabel('Field for column Woonplaats')).toHaveValue('Location');
  const rows = dialog.getByTestId('import-preview-row');
  await expect(rows).toHaveCount(6);
  await expect(rows.nth(0)).toHaveAttribute('data-valid', 'true');
  await expect(rows.nth(1)).toContainText('email must be a valid email address');
  await expect(rows.nth(2)).toContainText('name is required');
  await expect(rows.nth(3)).toContainText('phone must be a phone number');

  // Unmapping the location is reflected in a new preview; map it back.
  await dialog.getByLabel('Field for column Woonplaats').click();
  await page.getByRole('option', { name: "Don't import" }).click();
  await expect(dialog.getByLabel('Field for column Woonplaats')).toHaveValue("Don't import");
  await dialog.getByLabel('Field for column Woonplaats').click();
  await page.getByRole('option', { name: 'Location', exact: true }).click();

  await dialog.getByRole('radio', { name: 'Skip' }).check({ force: true });
  await dialog.getByRole('button', { name: 'Start import' }).click();

  const report = dialog.getByTestId('import-report');
  await expect(report).toBeVisible({ timeout: budget(20_000) });
  await expect(report.getByTestId('import-imported')).toHaveText('2');
  await expect(report.getByTestId('import-updated')).toHaveText('0');
  await expect(report.getByTestId('import-skipped')).toHaveText('4');
  const skipped = report.getByTestId('skipped-row');
  await expect(skipped).toHaveCount(4);
  await expect(report.locator('[data-testid="skipped-row"][data-line="3"]')).toContainText('email must be a valid email address');
  await expect(report.locator('[data-testid="skipped-row"][data-line="4"]')).toContainText('name is required');
  await expect(report.locator('[data-testid="skipped-row"][data-line="5"]')).toContainText('phone must be a phone number');
  await expect(report.locator('[data-testid="skipped-row"][data-line="7"]')).toContainText('already exists');
  await expect(report.getByTestId('import-report-link')).toHaveAttribute('href', /\/api\/imports\/\d+\/report\.csv$/);
  const href = await report.getByTestId('import-report-link').getAttribute('href');
  const csv = await page.request.get(href!);
  expect(await csv.text()).toContain('line,field,reason');

  await dialog.getByRole('button', { name: 'Done' }).click();
  await page.getByTestId('candidate-filters').getByLabel('Search').fill('ui-import');
  await expect(page.getByTestId('candidate-row')).toHaveCount(2);
});

test('opens a candidate, changes consent and sees it in the history', async ({ page }) => {
  await openApp(page);
  const word = uniqueWord();
  await newCandidate(page, { name: `Consent Person ${word}`, whatsappNumber: '+31 6 12345678', allowsWhatsapp: false });
  await openPeople(page);
  await searchFor(page, word, 1);
  const first = page.getByTestId('candidate-row').first();
  const name = (await first.getByRole('link').textContent())!.trim();
  await first.getByRole('link').click();
  // The search that narrowed the list may stay in the URL too.
  await expect(page).toHaveURL(/\/app\/people\?(.+&)?candidate=\d+$/);
  const drawer = page.getByRole('dialog');
  await expect(drawer.getByRole('heading', { name })).toBeVisible();
  await expect(drawer.getByTestId('candidate-detail')).toBeVisible();

  const detail = drawer.getByTestId('candidate-detail');
  const whatsapp = detail.getByRole('switch', { name: 'WhatsApp' });
  const before = await whatsapp.isChecked();
  expect(before).toBe(false);
  const events = detail.getByTestId('consent-event');
  const count = await events.count();
  await whatsapp.click();
  if (!before) {
    // A grant needs the evidence (decision 008).
    const evidence = page.getByRole('dialog', { name: 'Record WhatsApp consent' });
    await evidence.getByLabel('How did the candidate agree?').fill('Said yes on the phone on 3 Nov');
    await evidence.getByRole('button', { name: 'Record consent' }).click();
    await expect(evidence).toBeHidden();
  }
  await expect(whatsapp).toBeChecked({ checked: !before });
  await expect(events).toHaveCount(count + 1);
  await expect(events.first()).toContainText('WhatsApp');
  await expect(events.first()).toContainText(before ? 'Withdrawn' : 'Granted');
  await expect(events.first()).toContainText('Recruiter');

  // The URL opens the same candidate after a reload.
  await page.reload();
  await expect(page.getByRole('dialog').getByRole('heading', { name })).toBeVisible();
  await expect(page.getByRole('switch', { name: 'WhatsApp' })).toBeChecked({ checked: !before });
});

test('adds a candidate with errors shown on the fields, and exports the filtered list', async ({ page }) => {
  await openApp(page);
  await openPeople(page);
  await page.getByRole('button', { name: 'Add candidate' }).click();
  await expect(page).toHaveURL(/action=add-candidate/);
  const form = page.getByTestId('candidate-form');
  const drawer = page.getByRole('dialog', { name: 'Add candidate' });
  await drawer.getByRole('button', { name: 'Add candidate' }).click();
  await expect(form).toContainText('name is required');
  await form.getByRole('textbox', { name: 'Name', exact: true }).fill('Ui Testperson');
  await form.getByRole('textbox', { name: 'Email', exact: true }).fill('not-an-email');
  await form.getByRole('textbox', { name: 'Phone', exact: true }).fill('abc');
  await drawer.getByRole('button', { name: 'Add candidate' }).click();
  await expect(form).toContainText('email must be a valid email address');
  await expect(form).toContainText('phone must be a phone number');
  await form.getByRole('textbox', { name: 'Email', exact: true }).fill(`ui-add-${Date.now()}@example.com`);
  await form.getByRole('textbox', { name: 'Phone', exact: true }).fill('+31 6 12345678');
  await form.getByRole('textbox', { name: 'Location', exact: true }).fill('Haarlem');
  await drawer.getByRole('button', { name: 'Add candidate' }).click();
  await expect(page).toHaveURL(/\/app\/people\?candidate=\d+$/);
  await expect(page.getByRole('dialog').getByRole('heading', { name: 'Ui Testperson' })).toBeVisible();
  await page.keyboard.press('Escape');

  await page.getByTestId('candidate-filters').getByLabel('Location').fill('Haarlem');
  await expect(page.getByTestId('export-csv')).toHaveAttribute('href', /location=Haarlem/);
  const response = await page.request.get((await page.getByTestId('export-csv').getAttribute('href'))!);
  expect(response.ok()).toBe(true);
  expect(await response.text()).toContain('Ui Testperson');
});
