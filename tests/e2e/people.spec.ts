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
  await page.getByRole('option', { name }).click();
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
  // What happens to bad rows is said before the start, and the report then shows it.
  await expect(dialog.getByText(/Rows that cannot be used are skipped and listed in the report; if the file cannot be read to the end or the import stops part-way, nothing of it is kept\.$/)).toBeVisible();
  // The email consent of rows without one: shown, none by default, chosen here.
  const consent = dialog.getByTestId('import-consent');
  await expect(consent.getByRole('radio', { name: 'Record no consent: they will not be emailed until they agree' })).toBeChecked();
  await consent.getByRole('radio', { name: 'These people agreed to receive email' }).check();
  await dialog.getByRole('button', { name: 'Start import' }).click();

  const report = dialog.getByTestId('import-report');
  await expect(report).toBeVisible({ timeout: budget(20_000) });
  await expect(report.getByTestId('import-consent-recorded'))
    .toHaveText('Email consent recorded for new people without a value in the file: “These people agreed to receive email”');
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

  // The words the recruiter chose are in each new person's consent history.
  await page.getByTestId('candidate-row').getByRole('link', { name: 'Sanne de Vries' }).click();
  const history = page.getByRole('dialog').getByTestId('consent-history');
  await expect(history.getByTestId('consent-event').filter({ hasText: 'These people agreed to receive email' })).toHaveCount(1);
});

test.describe('in Dutch', () => {
  test.use({ locale: 'nl-NL' });

  test('the mapping step shows the email consent, and the report and the consent history say what was recorded', async ({ page }) => {
    await page.goto('/app/people');
    await expect(page.getByRole('heading', { level: 1, name: 'Kandidaten' })).toBeVisible();
    await page.getByRole('button', { name: 'CSV importeren' }).click();
    const dialog = page.getByRole('dialog', { name: 'Kandidaten importeren uit CSV' });
    const word = uniqueWord();
    const csv = ['Naam;E-mailadres;Toestemming e-mail', `Noor ${word};noor-${word.toLowerCase()}@example.org;`,
      `Sem ${word};sem-${word.toLowerCase()}@example.org;ja`, `Geen Adres ${word};geen-adres;`].join('\n');
    await dialog.locator('input[type="file"]').setInputFiles({ name: 'nl.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await expect(dialog.getByTestId('import-preview-row')).toHaveCount(3);
    await expect(dialog.getByText(/Rijen die niet bruikbaar zijn, worden overgeslagen en in het verslag genoemd; als het bestand niet tot het eind te lezen is of de import halverwege stopt, blijft er niets van bewaard\.$/)).toBeVisible();
    const consent = dialog.getByTestId('import-consent');
    await expect(consent.getByRole('radio', { name: 'Geen toestemming vastleggen: ze krijgen geen e-mail tot ze toestemming geven' })).toBeChecked();
    await expect(consent.getByRole('radio', { name: 'Deze mensen hebben toestemming gegeven om e-mail te ontvangen' })).not.toBeChecked();
    await expect(consent).toContainText('Rijen met een waarde in de kolom ‘Toestemming e-mail’ krijgen die waarde; deze keuze geldt voor rijen waar die leeg is.');
    await dialog.getByRole('button', { name: 'Import starten' }).click();

    const report = dialog.getByTestId('import-report');
    await expect(report).toBeVisible({ timeout: budget(20_000) });
    await expect(report.getByTestId('import-imported')).toHaveText('2');
    await expect(report.getByTestId('import-skipped')).toHaveText('1');
    await expect(report.locator('[data-testid="skipped-row"][data-line="4"]')).toBeVisible();
    await expect(report.getByTestId('import-consent-recorded'))
      .toHaveText('Toestemming voor e-mail vastgelegd bij nieuwe mensen zonder waarde in het bestand: ‘Geen toestemming vastleggen: ze krijgen geen e-mail tot ze toestemming geven’');
    await dialog.getByRole('button', { name: 'Klaar' }).click();

    await page.getByTestId('candidate-filters').getByLabel('Zoeken').fill(word);
    await expect(page.getByTestId('candidate-row')).toHaveCount(2);
    await page.getByTestId('candidate-row').getByRole('link', { name: `Noor ${word}` }).click();
    const history = page.getByRole('dialog').getByTestId('consent-history');
    await expect(history.getByTestId('consent-event').filter({ hasText: 'Geen toestemming vastleggen: ze krijgen geen e-mail tot ze toestemming geven' })).toHaveCount(1);
  });
});

/** Where the file goes: an upload started in "another tab" (this test's own request), held open until `finish()`. */
async function uploadHeldOpen(page: Page, baseURL: string, fileName: string, firstPart: string) {
  const origin = new URL(baseURL).origin;
  const created = await page.request.post('/api/imports', { data: { fileName, mapping: { name: 0, email: 1 }, emailConsent: 'none' }, headers: { origin } });
  expect(created.status()).toBe(201);
  const { id } = await created.json() as { id: number };
  const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
  let feed!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start(controller) { feed = controller; } });
  feed.enqueue(new TextEncoder().encode(firstPart));
  const upload = fetch(`${origin}/api/imports/${id}/file`, {
    method: 'PUT', body, duplex: 'half', headers: { cookie, origin, 'content-type': 'text/csv' },
  } as RequestInit);
  return {
    finish: async (rest: string) => {
      feed.enqueue(new TextEncoder().encode(rest));
      feed.close();
      expect((await upload).status).toBe(200);
    },
  };
}

const RUNNING_TEXTS = {
  en: {
    people: 'People', search: 'Search', title: (file: string) => `Importing ${file}`, read: '2,000 rows read · 2,000 to save · 0 skipped',
    notYet: 'Starts when the whole file has been read.', listedLater: 'The new people appear in People only when every row has been saved.',
    done: (file: string) => `${file} imported`, counts: '2,500 new · 0 updated · 0 skipped', range: '1–50 of 2,500',
  },
  nl: {
    people: 'Kandidaten', search: 'Zoeken', title: (file: string) => `${file} wordt geïmporteerd`, read: '2.000 rijen gelezen · 2.000 op te slaan · 0 overgeslagen',
    notYet: 'Begint zodra het hele bestand gelezen is.', listedLater: 'De nieuwe mensen verschijnen pas in de kandidatenlijst als elke rij is opgeslagen.',
    done: (file: string) => `${file} is geïmporteerd`, counts: '2.500 nieuw · 0 bijgewerkt · 0 overgeslagen', range: '1–50 van 2.500',
  },
} as const;

for (const language of ['en', 'nl'] as const) {
  test.describe(`an import running in another tab (${language})`, () => {
    test.use({ locale: language === 'nl' ? 'nl-NL' : 'en-US' });

    test('the People page shows its rows read, then saved, from the server, and the people only once all are saved', async ({ page, baseURL }) => {
      const texts = RUNNING_TEXTS[language];
      await page.goto('/app');
      const word = uniqueWord();
      const fileName = `${word}.csv`;
      const rows = Array.from({ length: 2500 }, (_, i) => `Tab ${word} ${i + 1},tab-${word.toLowerCase()}-${i + 1}@example.org`);
      const csv = ['name,email', ...rows].join('\n') + '\n';
      // 2,200 rows arrive: the first 2,000 are read, checked and staged; the rest waits for the end of the upload.
      const cut = csv.indexOf(`Tab ${word} 2201,`);
      const upload = await uploadHeldOpen(page, baseURL!, fileName, csv.slice(0, cut));

      await page.goto('/app/people');
      await expect(page.getByRole('heading', { level: 1, name: texts.people })).toBeVisible();
      const running = page.getByTestId('running-import').filter({ hasText: texts.title(fileName) });
      await expect(running.getByTestId('import-read-counts')).toHaveText(texts.read, { timeout: budget(20_000) });
      await expect(running.getByTestId('import-save-counts')).toHaveText(texts.notYet);
      await expect(running).toContainText(texts.listedLater);
      // Nobody of the file is in the list yet.
      await page.getByTestId('candidate-filters').getByLabel(texts.search).fill(word);
      await expect(page.getByTestId('candidate-row')).toHaveCount(0);

      await upload.finish(csv.slice(cut));
      const outcome = page.getByTestId('import-outcome').filter({ hasText: texts.done(fileName) });
      await expect(outcome).toContainText(texts.counts, { timeout: budget(30_000) });
      await expect(page.getByTestId('candidate-range')).toHaveText(texts.range);
    });
  });
}

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
