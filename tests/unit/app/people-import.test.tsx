// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { assignColumn, delimiterName, fieldOfColumn, mapsName, readPercent, savePercent } from '#app/pages/people/import/importMapping.ts';
import { importPreviewSchema, importSummarySchema, skippedRowsSchema, type ImportPreview, type ImportSummary } from '#domain/imports/schemas.ts';
import { PeoplePage } from '#app/pages/PeoplePage.tsx';
import { setInterfaceLanguage } from '#app/i18n/i18n.ts';
import { answer, failure } from './answers.ts';
import { renderApp, renderPage } from './renderInRouter.tsx';
import { jsonResponse, recruiter, requestUrl, sentJson, stubFetch } from './renderWithProviders.tsx';
import { peopleList, pools } from './peopleFixtures.ts';

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

  it('names the delimiter and computes the two stages of the progress', () => {
    expect(delimiterName(';')).toBe('semicolon');
    expect(delimiterName('\t')).toBe('tab');
    const at = { status: 'running', stage: 'reading', processedBytes: 5, totalBytes: 10, stagedRows: 0, writtenRows: 0 } as const;
    expect([readPercent(at), savePercent(at)]).toEqual([50, 0]);
    expect(readPercent({ ...at, totalBytes: null })).toBe(0);
    const writing = { ...at, stage: 'writing', stagedRows: 4000, writtenRows: 1000 } as const;
    expect([readPercent(writing), savePercent(writing)]).toEqual([100, 25]);
    expect(savePercent({ ...at, status: 'completed', stage: null })).toBe(100);
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
    createdAt: '2026-03-05T14:07:00Z', startedAt: '2026-03-05T14:07:00Z', finishedAt: null, progress: 0.5,
    emailConsent: 'none', emailConsentWording: 'Record no consent: they will not be emailed until they agree', ...overrides,
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

/** Opens the dialog from the People page, chooses a file and starts the import with the guessed mapping; the dialog. */
async function startImport(file: File): Promise<HTMLElement> {
  fireEvent.click(await screen.findByRole('button', { name: 'Import CSV' }));
  await screen.findByRole('dialog', { name: 'Import candidates from CSV' });
  chooseFile(file);
  const dialog = screen.getByRole('dialog', { name: 'Import candidates from CSV' });
  await waitFor(() => expect(within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Start import' }).disabled).toBe(false));
  fireEvent.click(within(dialog).getByRole('button', { name: 'Start import' }));
  return dialog;
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
      ...peopleList(3),
      'POST /api/imports/preview': (url: string, init: RequestInit) => {
        previewCalls.push({ url, size: (init.body as Blob).size });
        const given = new URL(url, 'http://x').searchParams.get('mapping');
        return jsonResponse(preview(given ? JSON.parse(given) : { firstName: 0, lastName: 1, email: 2, location: 3 }));
      },
      'POST /api/imports': () => jsonResponse(summary({ status: 'pending', processedBytes: 0, progress: null }), 201),
      'GET /api/imports/5': () => jsonResponse(summary()),
      'PUT /api/imports/5/file': async () => {
        await uploaded;
        return jsonResponse(summary({
          status: 'completed', progress: 1, processedRows: 2001, imported: 1990, updated: 0, skipped: 11,
          emailConsent: 'agreed', emailConsentWording: 'These people agreed to receive email',
        }));
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
    // Email consent: shown, no consent unless the recruiter says these people agreed.
    const consent = within(dialog).getByTestId('import-consent');
    expect(within(consent).getByText('Email consent')).toBeTruthy();
    expect(within(consent).getByRole<HTMLInputElement>('radio', { name: 'Record no consent: they will not be emailed until they agree' }).checked).toBe(true);
    expect(within(consent).getByRole<HTMLInputElement>('radio', { name: 'These people agreed to receive email' }).checked).toBe(false);
    fireEvent.click(within(consent).getByRole('radio', { name: 'These people agreed to receive email' }));
    await waitFor(() => expect(within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Start import' }).disabled).toBe(false));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Start import' }));

    // Two stages from the server: rows read, then rows saved (not yet).
    await waitFor(() => expect(within(dialog).getByTestId('import-read-counts').textContent).toBe('900 rows read · 800 to save · 100 skipped'));
    const progress = within(dialog).getByTestId('import-progress');
    expect(within(progress).getByTestId('import-read').textContent).toContain('1. Reading and checking kandidaten.csv50%');
    expect(within(progress).getByTestId('import-save').textContent).toBe('2. Saving the rows, all together0%Starts when the whole file has been read.');
    expect(progress.textContent).toContain('The new people appear in People only when every row has been saved. If the import stops before that, nothing of it is kept.');
    const created = fetchMock.mock.calls.find(([url, init]) => url === '/api/imports' && init?.method === 'POST')!;
    expect(sentJson(created[1])).toEqual({
      fileName: 'kandidaten.csv', mapping: { firstName: 0, lastName: 1, email: 2 }, talentPoolId: 2, duplicates: 'update', delimiter: 'semicolon',
      emailConsent: 'agreed', language: 'en',
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
    expect(within(report).getByTestId('import-consent-recorded').textContent)
      .toBe('Email consent recorded for new people without a value in the file: “These people agreed to receive email”');
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
      ...peopleList(3),
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
      ...peopleList(3),
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
      ...peopleList(3),
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
      ...peopleList(3),
      'POST /api/imports/preview': () => jsonResponse(preview({ firstName: 0, lastName: 1, email: 2 })),
      'POST /api/imports': () => jsonResponse(summary({ status: 'pending', processedBytes: 0, progress: null }), 201),
      'GET /api/imports/5': () => jsonResponse(summary({ stage: 'writing', stagedRows: 4000, writtenRows: 2000, imported: 1990, updated: 10, progress: 0.75 })),
      'PUT /api/imports/5/file': async () => {
        await uploaded;
        return jsonResponse(failure({ error: message, field: 'file', import: summary({ status: 'failed', stage: null, error: message, imported: 0, skipped: 0, progress: null }) }), 422);
      },
    });
    await renderPage('/app/people', <PeoplePage />, { user: recruiter });
    const dialog = await startImport(bigFile());

    await waitFor(() => expect(within(dialog).getByTestId('import-save-counts').textContent)
      .toBe('2,000 of 4,000 rows saved · 1,990 new · 10 updated · 100 skipped'));
    const progress = within(dialog).getByTestId('import-progress');
    expect(within(progress).getByTestId('import-save').textContent).toContain('2. Saving the rows, all together50%');
    expect(within(progress).getByTestId('import-read').textContent).toContain('100%');

    finish();
    const report = await within(dialog).findByTestId('import-report');
    expect(within(report).getByTestId('import-failed').textContent).toContain('Nothing was imported');
    expect(within(report).getByTestId('import-error').textContent).toBe(message);
    expect(within(report).getByTestId('import-failed').textContent).toContain('No candidate from kandidaten.csv was added or changed. Fix the file and import it again.');
    // No counts or skipped rows of an import that left nothing behind.
    expect(within(report).queryByTestId('import-imported')).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Import another file' })).toBeTruthy();
  });

  it('cannot be closed while the file is read; once every row is read it closes, and People shows the import to its end', async () => {
    let finish!: () => void;
    const uploaded = new Promise<void>((resolve) => { finish = resolve; });
    // As the server: pending once created (the People page's list reads it so), running once the upload begins.
    let state: ImportSummary = summary({ status: 'pending', stage: null, processedBytes: 0, processedRows: 0, stagedRows: 0, skipped: 0, progress: null });
    stubFetch({
      'GET /api/talent-pools': pools,
      ...peopleList(3),
      'POST /api/imports/preview': () => jsonResponse(preview({ firstName: 0, lastName: 1, email: 2 })),
      'POST /api/imports': () => jsonResponse(state, 201),
      'GET /api/imports/5': () => jsonResponse(state),
      'GET /api/imports': () => jsonResponse([state]),
      'PUT /api/imports/5/file': async () => {
        state = summary();
        await uploaded;
        return jsonResponse(state);
      },
    });
    await renderPage('/app/people', <PeoplePage />, { user: recruiter });
    const dialog = await startImport(bigFile());

    // Reading: no way out of the dialog, and the page asks before it is left.
    await waitFor(() => expect(within(dialog).getByTestId('import-read-counts').textContent).toBe('900 rows read · 800 to save · 100 skipped'));
    expect(within(dialog).getByText('Leaving this page stops the import, and nothing of it is kept.')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Close' })).toBeNull();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.getByRole('dialog', { name: 'Import candidates from CSV' })).toBeTruthy();
    const leaving = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(leaving);
    expect(leaving.defaultPrevented).toBe(true);

    // Every row read: the server finishes it, the dialog may close and the page be left.
    state = summary({ stage: 'writing', processedBytes: 70_000, stagedRows: 4000, writtenRows: 2000, imported: 2000, progress: 0.6 });
    expect((await within(dialog).findByTestId('import-finishes-on-server')).textContent)
      .toBe('Every row has been read: you can close this window or leave the page. The import finishes on the server, and People shows its progress and outcome.');
    const staying = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(staying);
    expect(staying.defaultPrevented).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close, keep importing' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Import candidates from CSV' })).toBeNull());
    const running = await screen.findByTestId('running-import');
    expect(within(running).getByTestId('import-save-counts').textContent).toBe('2,000 of 4,000 rows saved · 2,000 new · 0 updated · 100 skipped');

    state = summary({ status: 'completed', stage: null, stagedRows: 4000, writtenRows: 4000, imported: 3990, updated: 10, progress: 1 });
    finish();
    const outcome = await screen.findByTestId('import-outcome', {}, { timeout: 5000 });
    expect(outcome.textContent).toContain('3,990 new · 10 updated · 100 skipped');
    // Said once, on the page: no toast besides.
    expect(screen.getAllByText('kandidaten.csv imported')).toHaveLength(1);
  });

  it('an import left for another page of the app says how it ended in a toast', async () => {
    let finish!: () => void;
    const uploaded = new Promise<void>((resolve) => { finish = resolve; });
    let state: ImportSummary = summary({ stage: 'writing', stagedRows: 4000, writtenRows: 0, progress: 0.5 });
    stubFetch({
      'GET /api/talent-pools': pools,
      ...peopleList(3),
      'POST /api/imports/preview': () => jsonResponse(preview({ firstName: 0, lastName: 1, email: 2 })),
      'POST /api/imports': () => jsonResponse(summary({ status: 'pending', processedBytes: 0, progress: null }), 201),
      'GET /api/imports/5': () => jsonResponse(state),
      'GET /api/imports': () => jsonResponse([state]),
      'PUT /api/imports/5/file': async () => {
        await uploaded;
        return jsonResponse(state);
      },
    });
    const { router } = await renderApp('/app/people', { user: recruiter });
    const dialog = await startImport(bigFile());
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Close, keep importing' }));
    await act(() => router.navigate({ href: '/app' }));
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Dashboard'));

    state = summary({ status: 'completed', stage: null, stagedRows: 4000, writtenRows: 4000, imported: 3990, updated: 10, progress: 1 });
    finish();
    expect(await screen.findByText('kandidaten.csv imported')).toBeTruthy();
    expect(screen.getByText('3,990 new · 10 updated · 100 skipped')).toBeTruthy();
  });

  it('opens from the URL (?action=import-csv, where the palette\'s Import CSV goes) and closing drops the action', async () => {
    stubFetch({ 'GET /api/talent-pools': pools, ...peopleList(3) });
    const { router } = await renderPage('/app/people?action=import-csv', <PeoplePage />, { user: recruiter });
    const dialog = await screen.findByRole('dialog', { name: 'Import candidates from CSV' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(window.location.search).not.toContain('action='));
    expect(router.state.location.pathname).toBe('/app/people');
  });
});

describe('an import seen from the People page (a reload, another tab)', () => {
  it('shows a running import with its rows read and saved from the server, then its outcome, and reads the list again', async () => {
    let state: ImportSummary = summary({ stage: 'writing', stagedRows: 4000, writtenRows: 2000, imported: 2000, progress: 0.6 });
    const fetchMock = stubFetch({
      'GET /api/talent-pools': pools,
      ...peopleList(3),
      'GET /api/imports': () => jsonResponse([state]),
    });
    await renderPage('/app/people', <PeoplePage />, { user: recruiter });
    const running = await screen.findByTestId('running-import');
    expect(running.textContent).toContain('Importing kandidaten.csv');
    expect(within(running).getByTestId('import-read-counts').textContent).toBe('900 rows read · 4,000 to save · 100 skipped');
    expect(within(running).getByTestId('import-save-counts').textContent).toBe('2,000 of 4,000 rows saved · 2,000 new · 0 updated · 100 skipped');
    const listReads = () => fetchMock.mock.calls.filter(([url]) => requestUrl(url).startsWith('/api/candidates')).length;
    const before = listReads();

    state = summary({ status: 'completed', stage: null, stagedRows: 4000, writtenRows: 4000, imported: 3990, updated: 10, progress: 1 });
    const outcome = await screen.findByTestId('import-outcome', {}, { timeout: 5000 });
    expect(outcome.textContent).toContain('kandidaten.csv imported');
    expect(outcome.textContent).toContain('3,990 new · 10 updated · 100 skipped');
    expect(screen.queryByTestId('running-import')).toBeNull();
    await waitFor(() => expect(listReads()).toBeGreaterThan(before));
    fireEvent.click(within(outcome).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.queryByTestId('import-outcome')).toBeNull());
  });

  it('shows nothing for imports that ended before the page opened', async () => {
    stubFetch({
      'GET /api/talent-pools': pools,
      ...peopleList(3),
      'GET /api/imports': () => jsonResponse([summary({ status: 'completed', stage: null, progress: 1 })]),
    });
    await renderPage('/app/people', <PeoplePage />, { user: recruiter });
    await screen.findAllByTestId('candidate-row');
    expect(screen.queryByTestId('running-imports')).toBeNull();
  });
});

describe('the consent choice in Dutch', () => {
  afterEach(async () => { await setInterfaceLanguage('en'); localStorage.clear(); });

  it('shows the choice in Dutch, names the consent column of the file, and sends the language the words were read in', async () => {
    await setInterfaceLanguage('nl');
    const fetchMock = stubFetch({
      'GET /api/talent-pools': pools,
      ...peopleList(3),
      'POST /api/imports/preview': () => jsonResponse(preview({ firstName: 0, lastName: 1, email: 2, allowsEmail: 3 })),
      'POST /api/imports': () => jsonResponse(summary({ status: 'pending', processedBytes: 0, progress: null }), 201),
      'GET /api/imports/5': () => jsonResponse(summary({ fileName: 'klein.csv', status: 'pending', processedBytes: 0, processedRows: 0, progress: null })),
      'PUT /api/imports/5/file': () => new Promise<Response>(() => {}),
    });
    await renderPage('/app/people', <PeoplePage />, { user: recruiter });
    fireEvent.click(screen.getByRole('button', { name: 'CSV importeren' }));
    const dialog = await screen.findByRole('dialog', { name: 'Kandidaten importeren uit CSV' });
    fireEvent.change(dialog.querySelector('input[type="file"]') as HTMLInputElement,
      { target: { files: [new File(['Voornaam;Achternaam;E-mailadres;Woonplaats\n'], 'klein.csv', { type: 'text/csv' })] } });
    const consent = await within(dialog).findByTestId('import-consent');
    expect(within(consent).getByText('Toestemming voor e-mail')).toBeTruthy();
    expect(within(consent).getByRole<HTMLInputElement>('radio', { name: 'Geen toestemming vastleggen: ze krijgen geen e-mail tot ze toestemming geven' }).checked).toBe(true);
    expect(consent.textContent).toContain('Rijen met een waarde in de kolom ‘Woonplaats’ krijgen die waarde; deze keuze geldt voor rijen waar die leeg is.');
    await waitFor(() => expect(within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Import starten' }).disabled).toBe(false));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Import starten' }));
    const progress = await within(dialog).findByTestId('import-progress');
    await waitFor(() => expect(progress.textContent).toBe('Wachten tot het uploaden van klein.csv begint…'));
    const created = fetchMock.mock.calls.find(([url, init]) => url === '/api/imports' && init?.method === 'POST')!;
    expect(sentJson(created[1])).toMatchObject({ emailConsent: 'none', language: 'nl' });
  });
});
