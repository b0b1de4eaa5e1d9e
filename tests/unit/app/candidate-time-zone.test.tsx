// @vitest-environment jsdom
// The candidate's time zone in the drawer: the line says where the zone comes
// from, and the edit form sets it by hand with a searchable, labelled select
// (keyboard only here) or goes back to "Infer from location".
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { closeAllPanels } from '#app/drawers/drawerStore.ts';
import { PeoplePage } from '#app/pages/PeoplePage.tsx';
import { failure } from './answers.ts';
import { renderPage } from './renderInRouter.tsx';
import { jsonResponse, recruiter, sentJson, stubFetch } from './renderWithProviders.tsx';
import { detail, peopleList, pools } from './peopleFixtures.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  closeAllPanels();
});

const inferred = detail(7, { timeZone: { zone: 'Europe/Amsterdam', fromLocation: true, source: 'location' } });
const byHand = detail(7, { timeZone: { zone: 'Asia/Tokyo', fromLocation: false, source: 'manual' } });
const organisations = detail(7, { location: 'Remote', timeZone: { zone: 'Europe/Amsterdam', fromLocation: false, source: 'organisation' } });

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

async function openEditForm() {
  fireEvent.click(await screen.findByRole('button', { name: 'Edit' }));
  const form = await screen.findByTestId('candidate-form');
  return { form, zone: within(form).getByLabelText<HTMLInputElement>('Time zone', { selector: 'input' }) };
}

/** Types into the searchable select, then picks the first match with the arrow key and Enter. */
async function chooseByKeyboard(input: HTMLInputElement, search: string, option: string) {
  input.focus();
  fireEvent.change(input, { target: { value: search } });
  expect(await screen.findByRole('option', { name: option })).toBeTruthy();
  fireEvent.keyDown(input, { key: 'ArrowDown', code: 'ArrowDown' });
  fireEvent.keyDown(input, { key: 'Enter', code: 'Enter' });
  await waitFor(() => expect(input.value).toBe(option));
}

const patchBody = (fetchMock: ReturnType<typeof stubFetch>) =>
  sentJson(fetchMock.mock.calls.filter(([url, init]) => url === '/api/candidates/7' && init?.method === 'PATCH').at(-1)![1]);

describe('the drawer\'s time zone line', () => {
  it.each([
    [inferred, 'Europe/Amsterdam (from the location)'],
    [byHand, 'Asia/Tokyo (set by hand)'],
    [organisations, 'Europe/Amsterdam (the organisation\'s default)'],
  ])('says where the zone comes from: %#', async (candidate, line) => {
    await openCandidate(candidate);
    expect(within(await screen.findByTestId('candidate-profile')).getByText(line)).toBeTruthy();
  });
});

describe('the edit form\'s time zone', () => {
  it('starts at "Infer from location" for an inferred zone, says what that gives now, and sets a zone by keyboard', async () => {
    const patch = vi.fn(() => jsonResponse(byHand));
    const fetchMock = await openCandidate(inferred, { 'PATCH /api/candidates/7': patch });
    const { form, zone } = await openEditForm();
    expect(zone.value).toBe('Infer from location');
    expect(within(form).getByText(/Now: Europe\/Amsterdam \(from the location\)/)).toBeTruthy();
    // Spaces find underscores: "new york" is America/New_York.
    zone.focus();
    fireEvent.change(zone, { target: { value: 'new york' } });
    expect(await screen.findByRole('option', { name: 'America/New_York' })).toBeTruthy();
    await chooseByKeyboard(zone, 'tokyo', 'Asia/Tokyo');
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(patch).toHaveBeenCalled());
    expect(patchBody(fetchMock)).toMatchObject({ timeZone: 'Asia/Tokyo', location: 'Utrecht' });
  });

  it('starts at a zone set by hand, and "Infer from location" sends null', async () => {
    const patch = vi.fn(() => jsonResponse(inferred));
    const fetchMock = await openCandidate(byHand, { 'PATCH /api/candidates/7': patch });
    const { zone } = await openEditForm();
    expect(zone.value).toBe('Asia/Tokyo');
    await chooseByKeyboard(zone, 'infer', 'Infer from location');
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(patch).toHaveBeenCalled());
    expect(patchBody(fetchMock)).toMatchObject({ timeZone: null });
  });

  it('shows the server\'s refusal on the field', async () => {
    const patch = vi.fn(() => jsonResponse(failure({ error: 'timeZone must be an IANA time zone like Europe/Amsterdam', field: 'timeZone' }), 400));
    await openCandidate(byHand, { 'PATCH /api/candidates/7': patch });
    const { form } = await openEditForm();
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await within(form).findByText('timeZone must be an IANA time zone like Europe/Amsterdam')).toBeTruthy();
  });
});
