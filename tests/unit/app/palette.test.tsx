// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  clampHighlight, isEditableTarget, isSearchableQuery, resultCountLabel, shouldTogglePalette, type ShortcutKeyEvent,
} from '#app/palette/paletteLogic.ts';
import { closeAllPanels, getDrawerState } from '#app/drawers/drawerStore.ts';
import { getPaletteState, resetCommandPalette } from '#app/palette/paletteStore.ts';
import { resultIconName, type SearchResult } from '#app/palette/searchResult.ts';
import { CommandPalette } from '#app/shell/DeferredPanels.tsx';
import { searchResultsSchema } from '#domain/search/schemas.ts';
import { answer } from './answers.ts';
import { renderApp } from './renderInRouter.tsx';
import { currentUrl, jsonResponse, recruiter, requestUrl, stubFetch } from './renderWithProviders.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  act(() => { resetCommandPalette(); closeAllPanels(); });
});

describe('palette rules', () => {
  it('clamps the highlight at both ends without wrapping', () => {
    expect(clampHighlight(0, -1, 3)).toBe(0);
    expect(clampHighlight(0, 1, 3)).toBe(1);
    expect(clampHighlight(2, 1, 3)).toBe(2);
    expect(clampHighlight(1, -1, 3)).toBe(0);
    expect(clampHighlight(5, 0, 3)).toBe(2);
    expect(clampHighlight(0, 1, 0)).toBe(0);
  });

  it('pluralises the result count', () => {
    expect(resultCountLabel(1)).toBe('1 result');
    expect(resultCountLabel(3)).toBe('3 results');
    expect(resultCountLabel(0)).toBe('0 results');
  });

  it('searches from 2 characters (trimmed)', () => {
    expect(isSearchableQuery('a')).toBe(false);
    expect(isSearchableQuery(' a ')).toBe(false);
    expect(isSearchableQuery('an')).toBe(true);
  });

  it('falls back to the Search icon', () => {
    expect(resultIconName('User')).toBe('User');
    expect(resultIconName('Calendar')).toBe('Calendar');
    expect(resultIconName('Rocket')).toBe('Search');
    expect(resultIconName(undefined)).toBe('Search');
    expect(resultIconName(null)).toBe('Search');
  });

  const key = (target: EventTarget | null, init: Partial<ShortcutKeyEvent> = {}): ShortcutKeyEvent => ({
    key: 'k', metaKey: false, ctrlKey: true, altKey: false, shiftKey: false, target, ...init,
  });

  it('toggles on Cmd+K and Ctrl+K, not on K alone, Alt or Shift, nor on key repeat', () => {
    const body = document.body;
    expect(shouldTogglePalette(key(body))).toBe(true);
    expect(shouldTogglePalette(key(body, { ctrlKey: false, metaKey: true }))).toBe(true);
    expect(shouldTogglePalette(key(body, { key: 'K' }))).toBe(true);
    expect(shouldTogglePalette(key(body, { ctrlKey: false }))).toBe(false);
    expect(shouldTogglePalette(key(body, { altKey: true }))).toBe(false);
    expect(shouldTogglePalette(key(body, { shiftKey: true }))).toBe(false);
    expect(shouldTogglePalette(key(body, { key: 'j' }))).toBe(false);
    expect(shouldTogglePalette(key(body, { repeat: true }))).toBe(false);
  });

  it('ignores the shortcut in inputs, textareas and editable areas', () => {
    const input = document.createElement('input');
    const textarea = document.createElement('textarea');
    const editable = document.createElement('div');
    editable.setAttribute('contenteditable', 'true');
    const inside = document.createElement('span');
    editable.append(inside);
    const notEditable = document.createElement('div');
    notEditable.setAttribute('contenteditable', 'false');
    for (const target of [input, textarea, editable, inside]) {
      expect(isEditableTarget(target)).toBe(true);
      expect(shouldTogglePalette(key(target))).toBe(false);
    }
    expect(isEditableTarget(notEditable)).toBe(false);
    expect(isEditableTarget(document.createElement('button'))).toBe(false);
    expect(isEditableTarget(null)).toBe(false);
  });

  it('still closes from the palette\'s own search field', () => {
    const input = document.createElement('input');
    input.setAttribute('data-command-palette-input', 'true');
    expect(shouldTogglePalette(key(input))).toBe(true);
  });
});

const results: SearchResult[] = answer(searchResultsSchema, [
  { id: 'c1', type: 'candidate', title: 'Anna de Vries', subtitle: 'anna@example.com', url: '/app/people?candidate=1', action: 'navigate', icon: 'User' },
  { id: 'm1', type: 'campaign', title: 'Annual nurture', description: 'Nurture Campaign', url: '/app/communications/campaigns/4', action: 'navigate', icon: 'Mail' },
  { id: 'a1', type: 'action', title: 'Add candidate', url: '/app/people?action=add-candidate', action: 'navigate', icon: 'UserPlus' },
]);

async function renderShell(search: (q: string) => SearchResult[] | Promise<SearchResult[]> = () => results) {
  const fetchMock = stubFetch({
    'GET /api/search': async (url: string) => {
      const q = new URL(url, 'http://x').searchParams.get('q') ?? '';
      return jsonResponse(answer(searchResultsSchema, await search(q)));
    },
  });
  await renderApp('/app', { user: recruiter });
  // The dialog is its own chunk: loaded here, so that opening it is immediate as in the tests before.
  await CommandPalette.preload();
  return fetchMock;
}

const searchCalls = (fetchMock: ReturnType<typeof stubFetch>) =>
  fetchMock.mock.calls.map(([url]) => requestUrl(url)).filter((url) => url.startsWith('/api/search'));

function ctrlK(target: Element | Window = window) {
  fireEvent.keyDown(target, { key: 'k', code: 'KeyK', ctrlKey: true });
}

const palette = () => screen.queryByTestId('command-palette');
const input = () => screen.getByPlaceholderText('Search candidates, campaigns and templates...');

function typeQuery(text: string) {
  fireEvent.change(input(), { target: { value: text } });
}

describe('command palette', () => {
  it('opens from the sidebar Search button with the start hint and no search call', async () => {
    const fetchMock = await renderShell();
    expect(palette()).toBeNull();
    fireEvent.click(screen.getByTestId('search-button'));
    expect(palette()).not.toBeNull();
    expect(screen.getByText('Start typing to search across the product')).toBeTruthy();
    expect(screen.getByText('Try "create campaign"')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(input()));
    fireEvent.change(input(), { target: { value: 'a' } });
    expect(screen.getByText('Start typing to search across the product')).toBeTruthy();
    expect(searchCalls(fetchMock)).toEqual([]);
  });

  it('toggles with Ctrl+K and Cmd+K, but not while typing in an input', async () => {
    await renderShell();
    ctrlK();
    expect(palette()).not.toBeNull();
    ctrlK(input());
    expect(palette()).toBeNull();
    fireEvent.keyDown(window, { key: 'k', metaKey: true });
    expect(palette()).not.toBeNull();
    fireEvent.keyDown(input(), { key: 'Escape' });
    expect(palette()).toBeNull();

    const field = document.createElement('input');
    document.body.append(field);
    ctrlK(field);
    expect(palette()).toBeNull();
    const editable = document.createElement('div');
    editable.setAttribute('contenteditable', 'true');
    document.body.append(editable);
    ctrlK(editable);
    expect(palette()).toBeNull();
    field.remove();
    editable.remove();
  });

  it('keeps what is typed right after Ctrl+K, before its field has focus, as the query', async () => {
    const fetchMock = await renderShell();
    ctrlK();
    expect(document.activeElement).toBe(document.body);
    for (const key of ['a', 'n']) fireEvent.keyDown(document.body, { key });
    fireEvent.keyDown(document.body, { key: 'a', ctrlKey: true }); // a shortcut, not text
    fireEvent.keyDown(document.body, { key: 'Shift', shiftKey: true });
    expect((input() as HTMLInputElement).value).toBe('an');
    await waitFor(() => expect(searchCalls(fetchMock)).toEqual(['/api/search?q=an']));
    expect(await screen.findByText('Anna de Vries')).toBeTruthy();

    // Once the field has focus, typing is the field's own; keys in another field are never taken.
    await waitFor(() => expect(document.activeElement).toBe(input()));
    fireEvent.keyDown(input(), { key: 'x' });
    const field = document.createElement('input');
    document.body.append(field);
    fireEvent.keyDown(field, { key: 'y' });
    field.remove();
    expect(getPaletteState().query).toBe('an');
  });

  it('shows Searching..., then results with icons, subtitles and a pluralised count', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => { release = resolve; });
    const fetchMock = await renderShell(async () => { await gate; return results; });
    ctrlK();
    typeQuery('an');
    expect(await screen.findByText('Searching...')).toBeTruthy();
    release();
    const items = await screen.findAllByTestId('palette-result');
    expect(items).toHaveLength(3);
    expect(searchCalls(fetchMock)).toEqual(['/api/search?q=an']);
    expect(within(items[0]).getByText('Anna de Vries')).toBeTruthy();
    expect(within(items[0]).getByText('anna@example.com')).toBeTruthy();
    expect(within(items[1]).getByText('Nurture Campaign')).toBeTruthy();
    expect(items.map((item) => item.querySelector('svg')?.getAttribute('data-icon'))).toEqual(['User', 'Mail', 'UserPlus']);
    expect(screen.getByTestId('palette-count').textContent).toBe('3 results');
    expect(items[0].getAttribute('aria-selected')).toBe('true');
  });

  it('says "1 result" for one', async () => {
    await renderShell(() => results.slice(0, 1));
    ctrlK();
    typeQuery('anna');
    await screen.findAllByTestId('palette-result');
    expect(screen.getByTestId('palette-count').textContent).toBe('1 result');
  });

  it('shows "No results found" with the hint', async () => {
    await renderShell(() => []);
    ctrlK();
    typeQuery('zzz');
    expect(await screen.findByText('No results found')).toBeTruthy();
    expect(screen.getByText('Try a different search term')).toBeTruthy();
    expect(screen.getByTestId('palette-count').textContent).toBe('0 results');
  });

  it('moves the highlight with Down/Up, clamped, and Enter navigates, closes and clears', async () => {
    await renderShell();
    ctrlK();
    typeQuery('an');
    await screen.findAllByTestId('palette-result');
    const selected = () => screen.getAllByTestId('palette-result').findIndex((item) => item.getAttribute('aria-selected') === 'true');
    fireEvent.keyDown(input(), { key: 'ArrowUp' });
    expect(selected()).toBe(0);
    fireEvent.keyDown(input(), { key: 'ArrowDown' });
    expect(selected()).toBe(1);
    fireEvent.keyDown(input(), { key: 'ArrowDown' });
    fireEvent.keyDown(input(), { key: 'ArrowDown' });
    fireEvent.keyDown(input(), { key: 'ArrowDown' });
    expect(selected()).toBe(2);
    fireEvent.keyDown(input(), { key: 'ArrowUp' });
    expect(selected()).toBe(1);
    expect(input().getAttribute('aria-activedescendant')).toBe(screen.getAllByTestId('palette-result')[1].id);
    fireEvent.keyDown(input(), { key: 'Enter' });
    await waitFor(() => expect(currentUrl()).toBe('/app/communications/campaigns/4'));
    expect(palette()).toBeNull();
    expect(getPaletteState()).toEqual({ opened: false, query: '', highlight: 0 });
  });

  it('navigates on a click too', async () => {
    await renderShell();
    ctrlK();
    typeQuery('an');
    const items = await screen.findAllByTestId('palette-result');
    fireEvent.click(items[2]);
    await waitFor(() => expect(currentUrl()).toBe('/app/people?action=add-candidate'));
    expect(palette()).toBeNull();
  });

  it('reopens with an empty query and the first result highlighted, served from the cache', async () => {
    const fetchMock = await renderShell();
    ctrlK();
    typeQuery('an');
    await screen.findAllByTestId('palette-result');
    fireEvent.keyDown(input(), { key: 'ArrowDown' });
    fireEvent.keyDown(input(), { key: 'Escape' });
    expect(palette()).toBeNull();
    ctrlK();
    expect((input() as HTMLInputElement).value).toBe('');
    expect(screen.getByText('Start typing to search across the product')).toBeTruthy();
    typeQuery('an');
    const items = screen.getAllByTestId('palette-result');
    expect(items[0].getAttribute('aria-selected')).toBe('true');
    await waitFor(() => expect(searchCalls(fetchMock)).toEqual(['/api/search?q=an']));
  });

  it('sizes the dialog 42rem, capped by the screen width (a phone), and the list at most 24rem', async () => {
    await renderShell();
    ctrlK();
    typeQuery('an');
    await screen.findAllByTestId('palette-result');
    const dialog = screen.getByRole('dialog', { name: 'Search' });
    expect(dialog.style.maxWidth).toBe('100%');
    const root = dialog.closest<HTMLElement>('[style*="--modal-size"]')!;
    expect(root.style.getPropertyValue('--modal-size')).toContain('42rem');
    const list = screen.getByRole('listbox', { name: 'Search results' });
    expect(list.style.maxHeight).toBe('24rem');
  });
});

const moreTypes: SearchResult[] = answer(searchResultsSchema, [
  { id: 'pool:3', type: 'pool', title: 'Sales Amsterdam', subtitle: 'Talent pool', url: '/app/people?talentPoolId=3', action: 'navigate', icon: 'Users' },
  { id: 'meeting:9', type: 'meeting', title: 'Intro call with Anna de Vries', subtitle: '2026-12-02 14:00 · Confirmed',
    url: '/app/meetings?view=week&week=2026-12-02&recruiter=all&meeting=9', action: 'navigate', icon: 'CalendarClock' },
  { id: 'action:import-csv', type: 'action', title: 'Import CSV', description: 'Import candidates from a CSV file', url: '/app/people?action=import-csv', action: 'navigate', icon: 'Upload' },
  { id: 'action:book-meeting', type: 'action', title: 'Book a meeting', description: 'Choose a candidate, then Send booking link',
    url: '/app/people', action: 'navigate', icon: 'CalendarPlus' },
]);

describe('talent pools, meetings and the new actions in the palette', () => {
  it('draws each with its icon, title and subtitle', async () => {
    await renderShell(() => moreTypes);
    ctrlK();
    typeQuery('sales');
    const items = await screen.findAllByTestId('palette-result');
    expect(items.map((item) => item.querySelector('svg')?.getAttribute('data-icon'))).toEqual(['Users', 'CalendarClock', 'Upload', 'CalendarPlus']);
    expect(within(items[0]).getByText('Sales Amsterdam')).toBeTruthy();
    expect(within(items[0]).getByText('Talent pool')).toBeTruthy();
    expect(within(items[1]).getByText('Intro call with Anna de Vries')).toBeTruthy();
    expect(within(items[1]).getByText('2026-12-02 14:00 · Confirmed')).toBeTruthy();
    expect(screen.getByTestId('palette-count').textContent).toBe('4 results');
  });

  it('opens a pool as the filtered people page', async () => {
    await renderShell(() => moreTypes);
    ctrlK();
    typeQuery('sales');
    fireEvent.click((await screen.findAllByTestId('palette-result'))[0]);
    await waitFor(() => expect(currentUrl()).toBe('/app/people?talentPoolId=3'));
    expect(palette()).toBeNull();
  });

  it('opens a template\'s campaign wizard over the page the recruiter is on, which stays as it was', async () => {
    await renderShell(() => answer(searchResultsSchema, [
      { id: 'template:spotlight', type: 'template', title: 'Company Spotlight', url: '/app/communications?template=company-spotlight', action: 'navigate', icon: 'FileText' },
    ]));
    ctrlK();
    typeQuery('spotlight');
    await screen.findAllByTestId('palette-result');
    fireEvent.keyDown(input(), { key: 'Enter' });
    await waitFor(() => expect(getDrawerState().campaign).toMatchObject({ open: true, templateId: 'company-spotlight' }));
    expect(currentUrl()).toBe('/app');
    expect(palette()).toBeNull();
  });

  it('opens a meeting in its week with Enter', async () => {
    await renderShell(() => moreTypes);
    ctrlK();
    typeQuery('intro');
    await screen.findAllByTestId('palette-result');
    fireEvent.keyDown(input(), { key: 'ArrowDown' });
    fireEvent.keyDown(input(), { key: 'Enter' });
    await waitFor(() => expect(currentUrl()).toBe('/app/meetings?view=week&week=2026-12-02&recruiter=all&meeting=9'));
    expect(palette()).toBeNull();
  });
});
