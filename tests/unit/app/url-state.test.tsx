// @vitest-environment jsdom
// State in the URL: the people list's filters, sort, page and open candidate;
// the communications tab, thread filters and open thread. Back and Forward
// restore what was shown; a URL opens the same view; values a page does not
// accept fall back to its defaults.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PeoplePage } from '#app/pages/PeoplePage.tsx';
import { CommunicationsPage } from '#app/pages/CommunicationsPage.tsx';
import { getPaletteState, resetCommandPalette } from '#app/palette/paletteStore.ts';
import { renderApp, renderPage } from './renderInRouter.tsx';
import { currentUrl, recruiter, stubFetch } from './renderWithProviders.tsx';
import { message, reply, thread, threadList, threadRead, threadSummary, campaignList } from './messagingFixtures.ts';
import { detail, paramsOf, peopleList, pools } from './peopleFixtures.ts';
import { budget } from '../../support/time-scale.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  act(() => resetCommandPalette());
});

function stubPeople() {
  return stubFetch({
    'GET /api/talent-pools': pools,
    ...peopleList(120),
    'GET /api/candidates/3': detail(3),
  });
}

const lastList = (fetchMock: ReturnType<typeof stubFetch>) => paramsOf(fetchMock.mock.calls
  .map(([url]) => url as string).filter((url) => url.startsWith('/api/candidates?')).at(-1)!);
const searchField = () => within(screen.getByTestId('candidate-filters')).getByLabelText<HTMLInputElement>('Search');
const range = () => screen.getByTestId('candidate-range').textContent;

describe('people page state in the URL', () => {
  it('opens the view a URL describes: filters in the fields, the list as asked, the candidate open', async () => {
    const fetchMock = stubPeople();
    await renderPage('/app/people?q=anna&talentPoolId=2&sort=name&dir=asc&page=2&candidate=3', <PeoplePage />, { user: recruiter });
    await waitFor(() => expect(lastList(fetchMock)).toEqual({
      q: 'anna', talentPoolId: '2', sort: 'name', dir: 'asc', limit: '50', offset: '50', count: 'false',
    }));
    expect(searchField().value).toBe('anna');
    expect(await screen.findByTestId('candidate-detail')).toBeTruthy();
    await waitFor(() => expect(range()).toBe('51–100 of 120'));
  });

  it('falls back to the defaults for values it does not accept, and drops them from the URL', async () => {
    const fetchMock = stubPeople();
    await renderApp('/app/people?page=abc&sort=evil&dir=up&candidate=-3&consent=maybe&q=anna', { user: recruiter });
    await waitFor(() => expect(lastList(fetchMock)).toEqual({ q: 'anna', sort: 'createdAt', dir: 'desc', limit: '50', offset: '0', count: 'false' }));
    expect(currentUrl()).toBe('/app/people?q=anna');
    expect(screen.queryByTestId('candidate-detail')).toBeNull();
  });

  it('puts each change in the history; Back and Forward restore the list and the fields', async () => {
    const fetchMock = stubPeople();
    await renderPage('/app/people', <PeoplePage />, { user: recruiter });
    await screen.findAllByTestId('candidate-row');

    fireEvent.change(searchField(), { target: { value: 'an' } });
    fireEvent.change(searchField(), { target: { value: 'anna' } });
    await waitFor(() => expect(currentUrl()).toBe('/app/people?q=anna'));
    fireEvent.click(screen.getByTestId('sort-leadScore'));
    await waitFor(() => expect(currentUrl()).toBe('/app/people?q=anna&sort=leadScore&dir=desc'));
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(currentUrl()).toBe('/app/people?q=anna&sort=leadScore&dir=desc&page=2'));
    await waitFor(() => expect(range()).toBe('51–100 of 120'));

    // Going back shows the earlier lists again (from the query cache: no new requests needed).
    const sortedBy = () => screen.getByTestId('sort-leadScore').closest('th')!.getAttribute('aria-sort');
    act(() => window.history.back());
    await waitFor(() => expect(currentUrl()).toBe('/app/people?q=anna&sort=leadScore&dir=desc'));
    await waitFor(() => expect(range()).toBe('1–50 of 120'));
    expect(sortedBy()).toBe('descending');
    act(() => window.history.back());
    await waitFor(() => expect(currentUrl()).toBe('/app/people?q=anna'));
    await waitFor(() => expect(sortedBy()).not.toBe('descending'));
    expect(searchField().value).toBe('anna');
    act(() => window.history.back());
    await waitFor(() => expect(currentUrl()).toBe('/app/people'));
    await waitFor(() => expect(searchField().value).toBe(''));

    act(() => window.history.forward());
    await waitFor(() => expect(searchField().value).toBe('anna'));
    expect(currentUrl()).toBe('/app/people?q=anna');
    // Typing again after going back sends the new text (the field is not stuck on what it sent before).
    fireEvent.change(searchField(), { target: { value: 'bo' } });
    await waitFor(() => expect(currentUrl()).toBe('/app/people?q=bo'));
    await waitFor(() => expect(lastList(fetchMock).q).toBe('bo'));
  }, budget(60_000)); // seven views of a 50-row table, each rendered by jsdom: 4 s alone, over 20 s beside Playwright

  it('a new filter starts again at page 1', async () => {
    stubPeople();
    await renderPage('/app/people?page=3', <PeoplePage />, { user: recruiter });
    await waitFor(() => expect(range()).toBe('101–120 of 120'));
    fireEvent.click(within(screen.getByTestId('talent-pools')).getByText('Frontend Engineers'));
    await waitFor(() => expect(currentUrl()).toBe('/app/people?talentPoolId=2'));
  });
});

describe('communications page state in the URL', () => {
  const threads = [
    threadSummary({ threadId: 40, subject: 'Coffee next week?', sentiment: 'positive', candidate: { id: 7, name: 'Anna de Vries' },
      lastMessage: { id: 41, content: 'Sounds great.', direction: 'in', status: 'received', channel: 'email', createdAt: '2026-03-06T10:00:00.000Z' } }),
  ];
  const stubMessaging = () => stubFetch({
    'GET /api/messages': threadList(threads),
    'GET /api/messages/40/thread': thread([
      message(40, { subject: 'Coffee next week?', content: 'Hi Anna, coffee?', threadId: 40 }),
      reply(41, { subject: 'Re: Coffee next week?', content: 'Sounds great.', threadId: 40, originalMessageId: 40 }),
    ]),
    'POST /api/messages/41/read': threadRead(40),
    'GET /api/campaigns': campaignList([]),
  });

  it('opens the tab, filters and thread a URL names', async () => {
    const fetchMock = stubMessaging();
    await renderPage('/app/communications?sentiment=positive&thread=40', <CommunicationsPage />, { user: recruiter });
    expect(screen.getByRole('tab', { name: 'Messages' }).getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByText('Hi Anna, coffee?')).toBeTruthy();
    expect(fetchMock.mock.calls.map(([url]) => url as string)).toContain('/api/messages?sentiment=positive');
  });

  it('puts the tab and the open thread in the history', async () => {
    stubMessaging();
    await renderPage('/app/communications', <CommunicationsPage />, { user: recruiter });
    const list = await screen.findByTestId('thread-list');
    fireEvent.click(within(list).getByText('Coffee next week?'));
    await waitFor(() => expect(currentUrl()).toBe('/app/communications?thread=40'));
    expect(await screen.findByText('Hi Anna, coffee?')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Campaigns' }));
    await waitFor(() => expect(currentUrl()).toBe('/app/communications?thread=40&tab=campaigns'));
    act(() => window.history.back());
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Messages' }).getAttribute('aria-selected')).toBe('true'));
    expect(await screen.findByText('Hi Anna, coffee?')).toBeTruthy();
  });
});

describe('the command palette shortcut', () => {
  it('opens the palette once its code has arrived when Cmd/Ctrl+K comes first', async () => {
    stubFetch({});
    await renderApp('/app', { user: recruiter });
    expect(screen.queryByTestId('command-palette')).toBeNull();
    fireEvent.keyDown(window, { key: 'k', code: 'KeyK', ctrlKey: true });
    expect(getPaletteState().opened).toBe(true);
    expect(await screen.findByTestId('command-palette')).toBeTruthy();
  });
});
