// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { assignColumn, delimiterName, fieldOfColumn, mapsName, progressPercent } from '#app/pages/people/import/importMapping.ts';
import { importPreviewSchema, importSummarySchema, skippedRowsSchema, type ImportPreview, type ImportSummary } from '#domain/imports/schemas.ts';
import { PeoplePage } from '#app/pages/PeoplePage.tsx';
import { answer, failure } from './answers.ts';
import { renderPage } from './renderInRouter.tsx';
import { jsonResponse, recruiter, requestUrl, sentJson, stubFetch } from './renderWithProviders.tsx';
import { pageResponse, pools, rowsFor } from './peopleFixtures.ts';

vi.mock('#app/lib/browserNavigation.ts', () => ({
  assignLocation: vi.fn(),
  replaceLocation: vi.fn(),
}));

afterEach(() => vi.unstubAllGlobals());

describe('import mapping rules', () => {
  it('puts one field on one column', () => {
    const mapping = { firstName: 0, lastName: 2, email: 3 };
    expect(assignColumn(mapping, 3, 'phone')).toEqual({ firstName: 0, lastName: 2, phone: 3 });
    expect(assignColumn(mapping, 1, 'email')).toEqual({ firstName: 0, lastName: 2, email: 1 });
    expect(assignColumn(mapping, 0, null)).toEqual({ lastName: 2, email: 3 });
    expect(fieldOfColumn(mapping, 2)).toBe('lastName');
    expect(fieldOfColumn(mapping, 1)).toBeNull();
  });

  it('needs a name column', () => {
    expect(mapsName({ email: 1 })).toBe(false);
    expect(mapsName({ name: 0 })).toBe(true);
    expect(mapsName({ lastName: 2 })).toBe(true);
  });

  it('names the delimiter and computes the progress', () => {
    expect(delimiterName(';')).toBe('semicolon');
    expect(delimiterName('\t')).toBe('tab');
    expect(progressPercent(undefined)).toBe(0);
    expect(progressPercent({ status: 'running', progress: 0.256, processedBytes: 0, totalBytes: 10 })).toBe(26);
    expect(progressPercent({ status: 'running', progress: null, processedBytes: 5, totalBytes: 10 })).toBe(50);
    expect(progressPercent({ status: 'completed', progress: null, processedBytes: 0, totalBytes: null })).toBe(100);
  });
});

const HEADERS = ['Voornaam', 'Achternaam', 'E-mailadres', 'Woonplaats'];
const FIELDS: ImportPreview['fields'] = [
  { field: 'name', label: 'Name' }, { field: 'firstName', label: 'First name' }, { field: 'lastName', label: 'Last name' },
  { field: 'email', label: 'Email' }, { field: 'location', label: 'Location' },
];

function preview(mapping: ImportPreview['mapping']): ImportPreview {
  return answer(importPreviewSchema, {
    delimiter: ';',
    encoding: 'utf-8',
    headers: HEADERS,
    mapping,
    columns: HEADERS.map((header, index) => ({
      index, header, field: (Object.entries(mapping).find(([, i]) => i === index)?.[0] ?? null) as never, sample: ['x'],
    })),
    fields: FIELDS,
    rows: [
      { line: 2, values: { name: 'Sanne de Vries', email: 'sanne@example.com' }, valid: true },
      { line: 3, values: { firstName: 'Daan', lastName: 'Bakker', email: 'daan@example' }, valid: false, problem: { field: 'email', message: 'email must be a valid email address' } },
    ],
  });
}

function summary(overrides: Partial<ImportSummary> = {}): ImportSummary {
  return answer(importSummarySchema, {
    id: 5, fileName: 'kandidaten.csv', status: 'running', stage: 'reading', talentPoolId: 2, duplicates: 'skip', mapping: {}, delimiter: ';',
    totalBytes: 70_000, processedBytes: 35_000, processedRows: 900, stagedRows: 800, writtenRows: 0, imported: 0, updated: 0, skipped: 100, error: null,
    createdAt: '2026-03-05T14:07:00Z', startedAt: '2026-03-05T14:07:00Z', finishedAt: null, progress: 0.5, ...overrides,
  });
}

/** A file bigger than the 64 KB preview slice. */
function bigFile(): File {
  const header = 'Voornaam;Achternaam;E-mailadres;Woonplaats\n';
  const row = 'Sanne;de Vries;sanne@example.com;Utrecht\n';
  return new File([header + row.repeat(2000)], 'kandidaten.csv', { type: 'text/csv' });
}

/** A Select's input (its option list carries the same label). */
async function selectInput(root: HTMLElement, label: string): Promise<HTMLInputElement> {
  const all = await within(root).findAllByLabelText(label);
  return all.find((element) => element.tagName === 'INPUT') as HTMLInputElement;
}

function chooseFile(file: File) {
  const dialog = screen.getByRole('dialog', { name: 'Import candidates from CSV' });
  const input = dialog.querySelector('input[type="file"]') as HTMLInputElement;
  fireEvent.change(input, { target: { files: [file] } });
}

describe('CSV import', () => {
  it('previews from the first 64 KB, lets the mapping change, runs with progress and reports the skipped rows', async () => {
    let finish!: () => void;
    const uploaded = new Promise<void>((resolve) => { finish = resolve; });
    const previewCalls: { url: string; size: number }[] = [];
    const fetchMock = stubFetch({
      'GET /api/talent-pools': pools,
      'GET /api/candidates': (url: string) => pageResponse(rowsFor(url, 3), 3),
      'POST /api/imports/preview': (url: string, init: RequestInit) => {
        previewCalls.push({ url, size: (init.body as Blob).size });
        const given = new URL(url, 'http://x').searchParams.get('mapping');
        return jsonResponse(preview(given ? JSON.parse(given) : { firstName: 0, lastName: 1, email: 2, location: 3 }));
      },
      'POST /api/imports': () => jsonResponse(summary({ status: 'pending', processedBytes: 0, progress: null }), 201),
      'GET /api/imports/5': () => jsonResponse(summary()),
      'PUT /api/imports/5/file': async () => {
        await uploaded;
        return jsonResponse(summary({ status: 'completed', progress: 1, processedRows: 2001, imported: 1990, updated: 0, skipped: 11 }));
      },
      'GET /api/imports/5/skipped': () => jsonResponse(answer(skippedRowsSchema, { rows: [
        { line: 3, field: 'email', reason: 'email must be a valid email address', code: 'validation.email_address', params: null },
        { line: 7, field: 'email', reason: 'a candidate with email a@b.nl already exists (skipped)', code: 'import_row_duplicate', params: { email: 'a@b.nl' } },
      ] })),
    });
    await renderPage('/app/people', <PeoplePage />, { user: recruiter });
    fireEvent.click(screen.getByRole('button', { name: 'Import CSV' }));
    await screen.findByRole('dialog', { name: 'Import candidates from CSV' });
    const file = bigFile();
    chooseFile(file);

    const dialog = screen.getByRole('dialog', { name: 'Import candidates from CSV' });
    const woonplaats = await selectInput(dialog, 'Field for column Woonplaats');
    expect((woonplaats).value).toBe('Location');
    // Only the start of the file went to the server, marked as cut off.
    expect(previewCalls[0].size).toBe(64 * 1024);
    expect(previewCalls[0].url).toContain('partial=true');
    const rows = within(dialog).getAllByTestId('import-preview-row');
    expect(rows[0].textContent).toContain('Valid');
    expect(rows[1].textContent).toContain('Daan Bakker');
    expect(rows[1].textContent).toContain('email must be a valid email address');

    // Change a column: a new preview with that mapping.
    fireEvent.click(woonplaats);
    fireEvent.click(await screen.findByRole('option', { name: "Don't import" }));
    await waitFor(() => expect(previewCalls).toHaveLength(2));
    expect(JSON.parse(new URL(previewCalls[1].url, 'http://x').searchParams.get('mapping')!)).toEqual({ firstName: 0, lastName: 1, email: 2 });

    // Pool and duplicates, then start.
    fireEvent.click(await selectInput(dialog, 'Add to talent pool'));
    fireEvent.click(await screen.findByRole('option', { name: 'Frontend Engineers' }));
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Update' }));
    await waitFor(() => expect(within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Start import' }).disabled).toBe(false));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Start import' }));

    expect(await within(dialog).findByTestId('import-progress')).toBeTruthy();
    await waitFor(() => expect(within(dialog).getByTestId('import-progress').textContent).toContain('50%'));
    expect(within(dialog).getByTestId('import-progress').textContent).toContain('900 rows read · 800 to import · 100 skipped');
    const created = fetchMock.mock.calls.find(([url, init]) => url === '/api/imports' && init?.method === 'POST')!;
    expect(sentJson(created[1])).toEqual({
      fileName: 'kandidaten.csv', mapping: { firstName: 0, lastName: 1, email: 2 }, talentPoolId: 2, duplicates: 'update', delimiter: 'semicolon',
    });
    const upload = fetchMock.mock.calls.find(([url]) => requestUrl(url).startsWith('/api/imports/5/file'))!;
    // No encoding: the server reads it from the whole file, not from the preview's first 64 KB.
    expect(upload[0]).toBe('/api/imports/5/file');
    // The File itself is the body: the browser streams it, nothing is read into memory.
    expect(upload[1]!.body).toBe(file);

    finish();
    const report = await within(dialog).findByTestId('import-report');
    expect(within(report).getByTestId('import-imported').textContent).toBe('1,990');
    expect(within(report).getByTestId('import-updated').textContent).toBe('0');
    expect(within(report).getByTestId('import-skipped').textContent).toBe('11');
    const skipped = await within(report).findAllByTestId('skipped-row');
    expect(skipped.map((row) => row.textContent)).toEqual([
      '3Emailemail must be a valid email address',
      '7Emaila candidate with email a@b.nl already exists (skipped)',
    ]);
    expect(within(report).getByText('Showing the first 2 of 11 skipped rows; the report has them all.')).toBeTruthy();
    expect(within(report).getByRole('link', { name: 'Download report' }).getAttribute('href')).toBe('/api/imports/5/report.csv');
  });

  it('asks for a name column before it can start', async () => {
    stubFetch({
      'GET /api/talent-pools': pools,
      'GET /api/candidates': (url: string) => pageResponse(rowsFor(url, 3), 3),
      'POST /api/imports/preview': () => jsonResponse(preview({ email: 2 })),
    });
    await renderPage('/app/people', <PeoplePage />, { user: recruiter });
    fireEvent.click(screen.getByRole('button', { name: 'Import CSV' }));
    await screen.findByRole('dialog', { name: 'Import candidates from CSV' });
    chooseFile(new File(['Voornaam;Achternaam;E-mailadres;Woonplaats\n'], 'small.csv', { type: 'text/csv' }));
    const dialog = screen.getByRole('dialog', { name: 'Import candidates from CSV' });
    expect(await within(dialog).findByText('Which column holds the name?')).toBeTruthy();
    expect(within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Start import' }).disabled).toBe(true);
  });

  it('shows why a file cannot be read', async () => {
    stubFetch({
      'GET /api/talent-pools': pools,
      'GET /api/candidates': (url: string) => pageResponse(rowsFor(url, 3), 3),
      'POST /api/imports/preview': () => jsonResponse(failure({ error: 'The file is empty: it needs a header row and at least one row', field: 'file' }), 422),
    });
    await renderPage('/app/people', <PeoplePage />, { user: recruiter });
    fireEvent.click(screen.getByRole('button', { name: 'Import CSV' }));
    await screen.findByRole('dialog', { name: 'Import candidates from CSV' });
    chooseFile(new File([''], 'empty.csv', { type: 'text/csv' }));
    expect(await screen.findByText('The file is empty: it needs a header row and at least one row')).toBeTruthy();
  });
});

describe('CSV import refusals (all or nothing)', () => {
  it('shows the line of a file that cannot be read, before anything starts', async () => {
    const message = 'Line 2: a quoted value opened here is never closed: add the closing quote (") and import again';
    stubFetch({
      'GET /api/talent-pools': pools,
      'GET /api/candidates': (url: string) => pageResponse(rowsFor(url, 3), 3),
      'POST /api/imports/preview': () => jsonResponse(failure({ error: message, field: 'file' }), 422),
    });
    await renderPage('/app/people', <PeoplePage />, { user: recruiter });
    fireEvent.click(screen.getByRole('button', { name: 'Import CSV' }));
    await screen.findByRole('dialog', { name: 'Import candidates from CSV' });
    chooseFile(new File(['name,email\n"Anna,anna@example.org\nBen,ben@example.org\n'], 'broken.csv', { type: 'text/csv' }));
    const dialog = screen.getByRole('dialog', { name: 'Import candidates from CSV' });
    const alert = await within(dialog).findByTestId('import-preview-error');
    expect(alert.textContent).toContain('This file cannot be imported');
    expect(alert.textContent).toContain(message);
    expect(within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Start import' }).disabled).toBe(true);
  });

  it('says that nothing was imported when the file fails part-way, with its line, and shows the writing stage before', async () => {
    let finish!: () => void;
    const uploaded = new Promise<void>((resolve) => { finish = resolve; });
    const message = 'Line 4501 contains a NUL character (a zero byte), which cannot be stored: remove it, or save the file again as CSV UTF-8, and import again';
    stubFetch({
      'GET /api/talent-pools': pools,
      'GET /api/candidates': (url: string) => pageResponse(rowsFor(url, 3), 3),
      'POST /api/imports/preview': () => jsonResponse(preview({ firstName: 0, lastName: 1, email: 2 })),
      'POST /api/imports': () => jsonResponse(summary({ status: 'pending', processedBytes: 0, progress: null }), 201),
      'GET /api/imports/5': () => jsonResponse(summary({ stage: 'writing', stagedRows: 4000, writtenRows: 2000, imported: 1990, updated: 10, progress: 0.75 })),
      'PUT /api/imports/5/file': async () => {
        await uploaded;
        return jsonResponse(failure({ error: message, field: 'file', import: summary({ status: 'failed', stage: null, error: message, imported: 0, skipped: 0, progress: null }) }), 422);
      },
    });
    await renderPage('/app/people', <PeoplePage />, { user: recruiter });
    fireEvent.click(screen.getByRole('button', { name: 'Import CSV' }));
    await screen.findByRole('dialog', { name: 'Import candidates from CSV' });
    chooseFile(bigFile());
    const dialog = screen.getByRole('dialog', { name: 'Import candidates from CSV' });
    await waitFor(() => expect(within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Start import' }).disabled).toBe(false));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Start import' }));

    const progress = await within(dialog).findByTestId('import-progress');
    await waitFor(() => expect(progress.textContent).toContain('2,000 of 4,000 rows saved · 1,990 imported · 10 updated'));
    expect(progress.textContent).toContain('Saving the candidates from kandidaten.csv, all at once');
    expect(progress.textContent).toContain('75%');

    finish();
    const report = await within(dialog).findByTestId('import-report');
    expect(within(report).getByTestId('import-failed').textContent).toContain('Nothing was imported');
    expect(within(report).getByTestId('import-error').textContent).toBe(message);
    expect(within(report).getByTestId('import-failed').textContent).toContain('No candidate from kandidaten.csv was added or changed. Fix the file and import it again.');
    // No counts or skipped rows of an import that left nothing behind.
    expect(within(report).queryByTestId('import-imported')).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Import another file' })).toBeTruthy();
  });

  it('opens from the URL (?action=import-csv, where the palette\'s Import CSV goes) and closing drops the action', async () => {
    stubFetch({ 'GET /api/talent-pools': pools, 'GET /api/candidates': (url: string) => pageResponse(rowsFor(url, 3), 3) });
    const { router } = await renderPage('/app/people?action=import-csv', <PeoplePage />, { user: recruiter });
    const dialog = await screen.findByRole('dialog', { name: 'Import candidates from CSV' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(window.location.search).not.toContain('action='));
    expect(router.state.location.pathname).toBe('/app/people');
  });
});
