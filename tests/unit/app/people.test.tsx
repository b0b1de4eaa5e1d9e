// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  DEFAULT_SORT, EMPTY_FILTERS, exportUrl, filterParams, listParams, nextSort, pageCount, rangeLabel,
} from '#app/pages/people/candidateFilters.ts';
import { readPeopleSearch, urlWithParams } from '#app/pages/people/candidateUrl.ts';
import { PeoplePage } from '#app/pages/PeoplePage.tsx';
import { deletedCountSchema, successSchema } from '#domain/schemas/answers.ts';
import { candidateCountSchema } from '#domain/candidates/schemas.ts';
import { poolMembersAddedSchema, talentPoolSchema } from '#domain/talent-pools/schemas.ts';
import { answer, failure } from './answers.ts';
import { renderPage } from './renderInRouter.tsx';
import { jsonResponse, recruiter, requestUrl, sentJson, stubFetch } from './renderWithProviders.tsx';
import { pageResponse, paramsOf, peopleList, pools, rowsFor } from './peopleFixtures.ts';

afterEach(() => vi.unstubAllGlobals());

describe('list parameters', () => {
  it('sends only the filters that are set, trimmed', () => {
    expect(filterParams(EMPTY_FILTERS)).toEqual({});
    expect(filterParams({
      q: ' anna ', talentPoolId: 3, skill: ' react', seniority: 'senior', location: 'Utrecht ', consent: 'none', minEngagement: 40,
    })).toEqual({ q: 'anna', talentPoolId: 3, skill: 'react', seniority: 'senior', location: 'Utrecht', consent: 'none', minEngagement: 40 });
    expect(filterParams({ ...EMPTY_FILTERS, minEngagement: 0 })).toEqual({});
  });

  it('pages 50 at a time with sort and direction, by cursor when one is known', () => {
    expect(listParams(EMPTY_FILTERS, DEFAULT_SORT, 3)).toEqual({ sort: 'createdAt', dir: 'desc', limit: 50, offset: 100 });
    expect(listParams(EMPTY_FILTERS, DEFAULT_SORT, 3, 'c2')).toEqual({ sort: 'createdAt', dir: 'desc', limit: 50, cursor: 'c2' });
  });

  it('builds the export URL from the filters and the order', () => {
    expect(exportUrl({ ...EMPTY_FILTERS, q: 'de vries', consent: 'email' }, { sort: 'name', dir: 'asc' }))
      .toBe('/api/candidates/export.csv?q=de+vries&consent=email&sort=name&dir=asc');
  });

  it('flips the direction on the same column; text starts A→Z, numbers highest first', () => {
    expect(nextSort({ sort: 'name', dir: 'asc' }, 'name')).toEqual({ sort: 'name', dir: 'desc' });
    expect(nextSort({ sort: 'name', dir: 'asc' }, 'leadScore')).toEqual({ sort: 'leadScore', dir: 'desc' });
    expect(nextSort({ sort: 'leadScore', dir: 'desc' }, 'location')).toEqual({ sort: 'location', dir: 'asc' });
  });

  it('labels the range and counts pages', () => {
    expect(rangeLabel(1, 200, 50)).toBe('1–50 of 200');
    expect(rangeLabel(3, 120, 20)).toBe('101–120 of 120');
    expect(rangeLabel(1, 0, 0)).toBe('0 of 0');
    expect(rangeLabel(1, 100000, 50)).toBe('1–50 of 100,000');
    expect(pageCount(0)).toBe(1);
    expect(pageCount(101)).toBe(3);
  });

  it('reads ?candidate= and edits the query string', () => {
    expect(readPeopleSearch('candidate=12').candidate).toBe(12);
    expect(readPeopleSearch('candidate=abc').candidate).toBeUndefined();
    expect(readPeopleSearch('candidate=0').candidate).toBeUndefined();
    expect(urlWithParams('/app/people', '?action=add-candidate', { action: null, candidate: '5' })).toBe('/app/people?candidate=5');
    expect(urlWithParams('/app/people', '?candidate=5', { candidate: null })).toBe('/app/people');
  });
});

/** A few rows where the test is not about paging: each row is a table row of Mantine components, slow to draw in jsdom. */
const FEW = 5;

async function renderPeople(total = 120, extra: Record<string, unknown> = {}, path = '/app/people') {
  const fetchMock = stubFetch({
    'GET /api/talent-pools': pools,
    ...peopleList(total),
    ...extra,
  });
  const view = await renderPage(path, <PeoplePage />, { user: recruiter });
  return { fetchMock, ...view };
}

const listCalls = (fetchMock: ReturnType<typeof stubFetch>) => fetchMock.mock.calls
  .map(([url]) => requestUrl(url)).filter((url) => url.startsWith('/api/candidates?'));
const lastList = (fetchMock: ReturnType<typeof stubFetch>) => paramsOf(listCalls(fetchMock).at(-1)!);

describe('people page', () => {
  it('shows the pools with their counts and the first 50 candidates of the total', async () => {
    const { fetchMock } = await renderPeople();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('People');
    const panel = screen.getByTestId('talent-pools');
    expect(await within(panel).findByText('Backend Engineers')).toBeTruthy();
    expect(within(panel).getByLabelText('80 candidates')).toBeTruthy();
    expect(await screen.findAllByTestId('candidate-row')).toHaveLength(50);
    expect(screen.getByTestId('candidate-range').textContent).toBe('1–50 of 120');
    expect(lastList(fetchMock)).toEqual({ sort: 'createdAt', dir: 'desc', limit: '50', offset: '0', count: 'false' });
  });

  it('shows the rows before the total is counted, and counts once per filter, not per page or order', async () => {
    let release: () => void = () => undefined;
    const counted = new Promise<void>((resolve) => { release = resolve; });
    const { fetchMock } = await renderPeople(120, {
      'GET /api/candidates/count': async () => {
        await counted;
        return jsonResponse(answer(candidateCountSchema, { total: 120 }));
      },
    });
    expect(await screen.findAllByTestId('candidate-row')).toHaveLength(50);
    expect(screen.getByTestId('candidate-range').textContent).toBe('1–50 of …');
    expect(screen.getByRole('status', { name: 'Counting the matches…' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Page 2' })).toBeNull();
    release();
    await waitFor(() => expect(screen.getByTestId('candidate-range').textContent).toBe('1–50 of 120'));
    expect(screen.queryByRole('status', { name: 'Counting the matches…' })).toBeNull();
    const counts = () => fetchMock.mock.calls.filter(([url]) => requestUrl(url).startsWith('/api/candidates/count')).length;
    expect(counts()).toBe(1);
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(screen.getByTestId('candidate-range').textContent).toBe('51–100 of 120'));
    fireEvent.click(screen.getByTestId('sort-leadScore'));
    await waitFor(() => expect(lastList(fetchMock)).toMatchObject({ sort: 'leadScore', offset: '0' }));
    expect(counts()).toBe(1);
  });

  it('asks the server for the next page', async () => {
    const { fetchMock } = await renderPeople();
    await screen.findAllByTestId('candidate-row');
    fireEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(screen.getByTestId('candidate-range').textContent).toBe('101–120 of 120'));
    expect(lastList(fetchMock).offset).toBe('100');
    expect(screen.getAllByTestId('candidate-row')).toHaveLength(20);
  });

  it('says so when the count fails, and keeps the rows', async () => {
    await renderPeople(120, { 'GET /api/candidates/count': () => jsonResponse(failure({ error: 'statement timeout' }), 503) });
    expect(await screen.findAllByTestId('candidate-row')).toHaveLength(50);
    expect((await screen.findByRole('alert')).textContent).toBe('Could not count the matches');
    expect(screen.queryByRole('status', { name: 'Counting the matches…' })).toBeNull();
    expect(screen.getByTestId('candidate-range').textContent).toBe('1–50 of …');
  });

  it('fetches the next page by the cursor the previous page sent (keyset paging)', async () => {
    const { fetchMock } = await renderPeople(120, {
      'GET /api/candidates': (url: string) => {
        const params = paramsOf(url);
        const response = pageResponse(rowsFor(params.cursor === 'after-50' ? `${url}&offset=50` : url, 120));
        if (!params.cursor && params.offset === '0') response.headers.set('X-Next-Cursor', 'after-50');
        return response;
      },
    });
    await screen.findAllByTestId('candidate-row');
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(screen.getByTestId('candidate-range').textContent).toBe('51–100 of 120'));
    expect(lastList(fetchMock)).toEqual({ sort: 'createdAt', dir: 'desc', limit: '50', cursor: 'after-50', count: 'false' });
    // A page jumped to directly goes by offset.
    fireEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(lastList(fetchMock).offset).toBe('100'));
  });

  it('sorts on the server: a score column highest first, then flipped', async () => {
    const { fetchMock } = await renderPeople(FEW);
    await screen.findAllByTestId('candidate-row');
    fireEvent.click(screen.getByTestId('sort-leadScore'));
    await waitFor(() => expect(lastList(fetchMock)).toMatchObject({ sort: 'leadScore', dir: 'desc', offset: '0' }));
    expect(screen.getByTestId('sort-leadScore').closest('th')!.getAttribute('aria-sort')).toBe('descending');
    fireEvent.click(screen.getByTestId('sort-leadScore'));
    await waitFor(() => expect(lastList(fetchMock)).toMatchObject({ sort: 'leadScore', dir: 'asc' }));
  });

  it('shows the chosen columns, remembers the choice, and always shows the column it is sorted by', async () => {
    localStorage.removeItem('talentloop-people-columns');
    const { fetchMock } = await renderPeople(FEW);
    await screen.findAllByTestId('candidate-row');
    const headers = () => screen.getAllByRole('columnheader').map((th) => th.textContent?.replace(/[▲▼↕]/g, '').trim());
    // Added is not a default column, but the list is sorted by it (newest first), so it shows.
    expect(headers()).toEqual(['', 'Name', 'Role', 'Skills', 'Consent', 'Lead score', 'Engagement', 'Added']);
    fireEvent.click(screen.getByTestId('people-columns'));
    const columns = await screen.findByRole('group', { name: 'Show columns' });
    fireEvent.click(within(columns).getByRole('checkbox', { name: 'Skills' }));
    fireEvent.click(within(columns).getByRole('checkbox', { name: 'Consent' }));
    expect(within(columns).getByRole<HTMLInputElement>('checkbox', { name: 'Skills' }).checked).toBe(false);
    expect(headers()).toEqual(['', 'Name', 'Role', 'Lead score', 'Engagement', 'Added']);
    expect(JSON.parse(localStorage.getItem('talentloop-people-columns')!)).toEqual(['role', 'leadScore', 'engagement']);
    // Sorted by name, Added goes; the location, without a column of its own, is under the role.
    fireEvent.click(screen.getByTestId('sort-name'));
    await waitFor(() => expect(lastList(fetchMock)).toMatchObject({ sort: 'name' }));
    expect(headers()).toEqual(['', 'Name', 'Role', 'Lead score', 'Engagement']);
    expect(screen.getAllByTestId('candidate-row')[0].textContent).toContain('Senior · Utrecht');
    fireEvent.click(within(columns).getByRole('checkbox', { name: 'Location' }));
    expect(headers()).toEqual(['', 'Name', 'Role', 'Location', 'Lead score', 'Engagement']);
    expect(screen.getAllByTestId('candidate-row')[0].textContent).not.toContain('Senior · Utrecht');
    localStorage.removeItem('talentloop-people-columns');
  });

  it('lists candidates as cards on a phone, with the sort as a choice', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query.includes('max-width: 47.99em'), media: query, onchange: null,
      addListener: () => {}, removeListener: () => {}, addEventListener: () => {}, removeEventListener: () => {}, dispatchEvent: () => false,
    }));
    const { fetchMock } = await renderPeople(FEW);
    const cards = await screen.findAllByTestId('candidate-row');
    expect(cards).toHaveLength(FEW);
    expect(screen.queryByTestId('candidates-table')).toBeNull();
    expect(within(screen.getByTestId('candidate-cards')).getByRole('link', { name: cards[0].querySelector('a')!.textContent })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Sort by'), { target: { value: 'engagementScore' } });
    await waitFor(() => expect(lastList(fetchMock)).toMatchObject({ sort: 'engagementScore', dir: 'desc' }));
    fireEvent.click(screen.getByRole('button', { name: 'Descending; sort ascending' }));
    await waitFor(() => expect(lastList(fetchMock)).toMatchObject({ sort: 'engagementScore', dir: 'asc' }));
  });

  it('filters by pool (side list), consent and engagement at once, and by typed text after a pause', async () => {
    const { fetchMock } = await renderPeople();
    await screen.findAllByTestId('candidate-row');
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(lastList(fetchMock).offset).toBe('50'));

    fireEvent.click(within(screen.getByTestId('talent-pools')).getByText('Frontend Engineers'));
    await waitFor(() => expect(lastList(fetchMock)).toMatchObject({ talentPoolId: '2', offset: '0' }));

    const filters = screen.getByTestId('candidate-filters');
    fireEvent.change(within(filters).getByLabelText('Min. engagement'), { target: { value: '40' } });
    await waitFor(() => expect(lastList(fetchMock)).toMatchObject({ minEngagement: '40' }));

    const before = listCalls(fetchMock).length;
    const search = within(filters).getByLabelText('Search');
    fireEvent.change(search, { target: { value: 'a' } });
    fireEvent.change(search, { target: { value: 'an' } });
    fireEvent.change(search, { target: { value: 'anna' } });
    await waitFor(() => expect(lastList(fetchMock)).toMatchObject({ q: 'anna', talentPoolId: '2', minEngagement: '40' }));
    // One request for the settled text, not one per keystroke.
    expect(listCalls(fetchMock).slice(before).map((url) => paramsOf(url).q)).toEqual(['anna']);
    expect(screen.getByTestId('export-csv').getAttribute('href'))
      .toBe('/api/candidates/export.csv?q=anna&talentPoolId=2&minEngagement=40&sort=createdAt&dir=desc');
  });

  it('adds the selected candidates to a pool and deletes them after confirming', async () => {
    const addMembers = vi.fn(() => jsonResponse(answer(poolMembersAddedSchema, { added: 2 })));
    const bulkDelete = vi.fn(() => jsonResponse(answer(deletedCountSchema, { deleted: 2 })));
    const { fetchMock } = await renderPeople(FEW, {
      'POST /api/talent-pools/2/members': addMembers,
      'POST /api/candidates/bulk-delete': bulkDelete,
    });
    await screen.findAllByTestId('candidate-row');
    fireEvent.click(screen.getByLabelText('Select Candidate 1'));
    fireEvent.click(screen.getByLabelText('Select Candidate 2'));
    const bar = screen.getByTestId('bulk-actions');
    expect(bar.textContent).toContain('2 selected');

    // The pool list has a search field, focused on open: a word without its accents and case finds the pool, Enter takes
    // the first match (a name no pool has is offered as a new pool, last).
    fireEvent.click(within(bar).getByRole('button', { name: 'Add to pool' }));
    const poolSearch = await screen.findByRole('textbox', { name: 'Find a pool' });
    await waitFor(() => expect(document.activeElement).toBe(poolSearch));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Backend Engineers', 'Frontend Engineers']);
    fireEvent.change(poolSearch, { target: { value: 'marketing' } });
    await waitFor(() => expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Create pool "marketing"']));
    fireEvent.change(poolSearch, { target: { value: 'FRÖNT' } });
    await waitFor(() => expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Frontend Engineers', 'Create pool "FRÖNT"']));
    fireEvent.keyDown(poolSearch, { key: 'Enter', code: 'Enter' });
    await waitFor(() => expect(addMembers).toHaveBeenCalled());
    const addCall = fetchMock.mock.calls.find(([url]) => url === '/api/talent-pools/2/members')!;
    expect(sentJson(addCall[1])).toEqual({ candidateIds: [1, 2] });
    expect(await screen.findByText('Added 2 candidates to the pool')).toBeTruthy();

    fireEvent.click(within(screen.getByTestId('bulk-actions')).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete 2 candidates?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete 2 candidates' }));
    await waitFor(() => expect(bulkDelete).toHaveBeenCalled());
    const deleteCall = fetchMock.mock.calls.find(([url]) => url === '/api/candidates/bulk-delete')!;
    expect(sentJson(deleteCall[1])).toEqual({ candidateIds: [1, 2] });
    await waitFor(() => expect(screen.queryByTestId('bulk-actions')).toBeNull());
  });

  it('selects a whole page from the header checkbox', async () => {
    await renderPeople();
    await screen.findAllByTestId('candidate-row');
    fireEvent.click(screen.getByLabelText('Select all on this page'));
    expect(screen.getByTestId('bulk-actions').textContent).toContain('50 selected');
  });

  it('creates a talent pool and shows a server refusal on the name field', async () => {
    let attempts = 0;
    const create = vi.fn(() => (++attempts === 1
      ? jsonResponse(failure({ error: 'a talent pool with this name already exists', field: 'name' }), 409)
      : jsonResponse(answer(talentPoolSchema, { id: 9, name: 'Designers', description: null, candidateCount: 0 }), 201)));
    const { fetchMock } = await renderPeople(FEW, { 'POST /api/talent-pools': create });
    fireEvent.click(screen.getByRole('button', { name: 'New pool' }));
    const dialog = await screen.findByRole('dialog', { name: 'New talent pool' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create pool' }));
    expect(await within(dialog).findByText('name is required')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/Name/), { target: { value: 'Designers' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create pool' }));
    expect(await within(dialog).findByText('a talent pool with this name already exists')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create pool' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New talent pool' })).toBeNull());
    const call = fetchMock.mock.calls.filter(([url, init]) => url === '/api/talent-pools' && init?.method === 'POST').at(-1)!;
    expect(sentJson(call[1])).toEqual({ name: 'Designers', description: null });
    await waitFor(() => expect(lastList(fetchMock).talentPoolId).toBe('9'));
  });

  it('asks before deleting a pool and says its candidates are not deleted', async () => {
    const remove = vi.fn(() => jsonResponse(answer(successSchema, { success: true })));
    await renderPeople(FEW, { 'DELETE /api/talent-pools/1': remove });
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for Backend Engineers' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete talent pool "Backend Engineers"?' });
    expect(dialog.textContent).toContain('Its candidates are not deleted');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete pool' }));
    await waitFor(() => expect(remove).toHaveBeenCalled());
    expect(await screen.findByText('Talent pool deleted')).toBeTruthy();
  });

  it('renames a pool with PATCH', async () => {
    const rename = vi.fn(() => jsonResponse(answer(talentPoolSchema, { ...pools[1], name: 'Frontend & Design' })));
    const { fetchMock } = await renderPeople(FEW, { 'PATCH /api/talent-pools/2': rename });
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for Frontend Engineers' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Rename' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename talent pool' });
    const name = within(dialog).getByLabelText<HTMLInputElement>(/Name/);
    await waitFor(() => expect(name.value).toBe('Frontend Engineers'));
    fireEvent.change(name, { target: { value: 'Frontend & Design' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(rename).toHaveBeenCalled());
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/talent-pools/2')!;
    expect(sentJson(call[1])).toEqual({ name: 'Frontend & Design', description: null });
  });

  it('says so when nothing matches', async () => {
    await renderPeople(0);
    expect(await screen.findByTestId('no-candidates')).toBeTruthy();
    expect(screen.getByTestId('candidate-range').textContent).toBe('0 of 0');
    await act(async () => {});
  });
});
