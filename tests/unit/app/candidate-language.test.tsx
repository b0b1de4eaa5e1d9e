// @vitest-environment jsdom
// The candidate's language in the drawer and the edit form (issue 29): the drawer says it (or "Not known"), the form
// sets it with a labelled select used by keyboard alone (English, Dutch, Not known: the API's null), in English and Dutch.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { closeAllPanels } from '#app/drawers/drawerStore.ts';
import { setInterfaceLanguage } from '#app/i18n/i18n.ts';
import { PeoplePage } from '#app/pages/PeoplePage.tsx';
import { renderPage } from './renderInRouter.tsx';
import { jsonResponse, recruiter, sentJson, stubFetch } from './renderWithProviders.tsx';
import { detail, peopleList, pools } from './peopleFixtures.ts';

afterEach(async () => {
  act(() => closeAllPanels());
  vi.unstubAllGlobals();
  await setInterfaceLanguage('en');
  localStorage.clear();
});

const unknown = detail(7, { language: null });
const dutch = detail(7, { language: 'dutch' });

async function openCandidate(candidate: ReturnType<typeof detail>, extra: Record<string, unknown> = {}) {
  const fetchMock = stubFetch({
    'GET /api/talent-pools': pools,
    ...peopleList(3),
    'GET /api/candidates/7': candidate,
    ...extra,
  });
  await renderPage('/app/people?candidate=7', <PeoplePage />, { user: recruiter });
  return fetchMock;
}

/** The drawer's profile fact: the value shown after the label. */
async function factOf(label: string): Promise<string | null | undefined> {
  const profile = await screen.findByTestId('candidate-profile');
  return within(profile).getByText(label).nextElementSibling?.textContent;
}

async function openLanguageSelect(name = 'Edit', label = 'Language') {
  fireEvent.click(await screen.findByRole('button', { name }));
  const form = await screen.findByTestId('candidate-form');
  return within(form).getByLabelText<HTMLInputElement>(label, { selector: 'input' });
}

/** Opens the select with the arrow key (unless open), moves to `option` and picks it with Enter. */
async function chooseByKeyboard(input: HTMLInputElement, option: string) {
  input.focus();
  if (input.getAttribute('aria-expanded') !== 'true') fireEvent.keyDown(input, { key: 'ArrowDown', code: 'ArrowDown' });
  const options = await screen.findAllByRole('option');
  const target = options.findIndex((element) => element.textContent === option);
  const selected = Math.max(0, options.findIndex((element) => element.getAttribute('aria-selected') === 'true'));
  for (let step = selected; step < target; step++) fireEvent.keyDown(input, { key: 'ArrowDown', code: 'ArrowDown' });
  for (let step = selected; step > target; step--) fireEvent.keyDown(input, { key: 'ArrowUp', code: 'ArrowUp' });
  fireEvent.keyDown(input, { key: 'Enter', code: 'Enter' });
  await waitFor(() => expect(input.value).toBe(option));
}

const patchBody = (fetchMock: ReturnType<typeof stubFetch>) =>
  sentJson(fetchMock.mock.calls.filter(([url, init]) => url === '/api/candidates/7' && init?.method === 'PATCH').at(-1)![1]);

describe("the candidate's language", () => {
  it.each([[dutch, 'Dutch'], [unknown, 'Not known']])('the drawer says it, or that it is not known: %#', async (candidate, shown) => {
    await openCandidate(candidate);
    expect(await factOf('Language')).toBe(shown);
  });

  it('the edit form offers English, Dutch and Not known, and sets Dutch by keyboard', async () => {
    const patch = vi.fn(() => jsonResponse(dutch));
    const fetchMock = await openCandidate(unknown, { 'PATCH /api/candidates/7': patch });
    const select = await openLanguageSelect();
    expect(select.value).toBe('Not known');
    expect(within(screen.getByTestId('candidate-form')).getByText(/Their booking page, meeting emails and unsubscribe page are in it/)).toBeTruthy();
    select.focus();
    fireEvent.keyDown(select, { key: 'ArrowDown', code: 'ArrowDown' });
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual(['English', 'Dutch', 'Not known']);
    await chooseByKeyboard(select, 'Dutch');
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(patch).toHaveBeenCalled());
    expect(patchBody(fetchMock)).toMatchObject({ language: 'dutch', name: 'Anna de Vries' });
  });

  it('a language set goes back to Not known (null)', async () => {
    const patch = vi.fn(() => jsonResponse(unknown));
    const fetchMock = await openCandidate(dutch, { 'PATCH /api/candidates/7': patch });
    const select = await openLanguageSelect();
    expect(select.value).toBe('Dutch');
    await chooseByKeyboard(select, 'Not known');
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(patch).toHaveBeenCalled());
    expect(patchBody(fetchMock)).toMatchObject({ language: null });
  });

  it('in Dutch: Taal, Nederlands, Onbekend', async () => {
    await setInterfaceLanguage('nl');
    await openCandidate(dutch);
    expect(await factOf('Taal')).toBe('Nederlands');
    const select = await openLanguageSelect('Bewerken', 'Taal');
    expect(select.value).toBe('Nederlands');
    select.focus();
    fireEvent.keyDown(select, { key: 'ArrowDown', code: 'ArrowDown' });
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual(['Engels', 'Nederlands', 'Onbekend']);
  });
});
