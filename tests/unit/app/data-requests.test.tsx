// @vitest-environment jsdom
// /app/admin?tab=data-requests (issue 30): each request with its deadline (red with the days when
// overdue), state and handler; the filters; Mark done (an erasure asks first), Refuse with a reason;
// "Enter a request". And the dashboard's "Data rights" card, for admins only.
import { notifications } from '@mantine/notifications';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '#app/i18n/format.ts';
import { DashboardPage } from '#app/pages/DashboardPage.tsx';
import { dataRequests, DONE_CORRECTION, ERASED_BY_WORKER, LATE_ACCESS, OPEN_ERASURE, requestAnswer, SUMMARY } from './dataRightsFixtures.ts';
import { quietDashboard } from './dashboardFixtures.ts';
import { meetingList } from './meetingListFixtures.ts';
import { renderApp, renderPage } from './renderInRouter.tsx';
import { admin, jsonResponse, recruiter, requestUrl, sentJson, stubFetch } from './renderWithProviders.tsx';

afterEach(() => {
  act(() => notifications.clean());
  vi.unstubAllGlobals();
});

const LIST = dataRequests([LATE_ACCESS, OPEN_ERASURE, DONE_CORRECTION, ERASED_BY_WORKER]);
const rowOf = async (name: string) => (await screen.findAllByTestId('data-request')).find((row) => row.textContent?.includes(name))!;
const listQueries = (fetchMock: ReturnType<typeof stubFetch>) => fetchMock.mock.calls
  .map(([url]) => requestUrl(url)).filter((url) => url.startsWith('/api/admin/data-requests?') || url === '/api/admin/data-requests')
  .map((url) => Object.fromEntries(new URL(url, 'http://x').searchParams));

describe('the Data requests tab', () => {
  it('shows each request with its deadline, state and handler; overdue in red', async () => {
    stubFetch({ 'GET /api/admin/data-requests': LIST });
    await renderApp('/app/admin?tab=data-requests', { user: admin });
    expect(screen.getByRole('tab', { name: 'Data requests', selected: true })).toBeTruthy();

    const late = await rowOf('Lotte Late');
    const lateDeadline = within(late).getByTestId('data-request-deadline');
    expect(lateDeadline.textContent).toBe('5 days overdue');
    expect(lateDeadline.getAttribute('style') ?? '').toContain('var(--mantine-color-red-text)');
    expect(within(late).getByText('Access')).toBeTruthy();
    expect(within(late).getByText('Email')).toBeTruthy();
    expect(within(late).getByText('Open')).toBeTruthy();
    expect(within(late).getByRole('button', { name: 'Mark done: the request of Lotte Late' })).toBeTruthy();

    const erasure = await rowOf('Erik Email');
    expect(within(erasure).getByTestId('data-request-deadline').textContent).toBe('12 days left');
    expect(within(erasure).getByText('erik@example.org')).toBeTruthy();

    const done = await rowOf('Cor Rect');
    expect(within(done).getByText('Done')).toBeTruthy();
    expect(within(done).getByText('Ada Admin')).toBeTruthy();
    expect(within(done).getByText('Fixed the address')).toBeTruthy();
    expect(within(done).queryByTestId('data-request-deadline')).toBeNull();
    expect(within(done).queryByRole('button')).toBeNull();

    const erased = await rowOf('Wim Weg');
    expect(within(erased).getByText('Privacy page')).toBeTruthy();
    expect(within(erased).getByText('erased')).toBeTruthy();
    expect(within(erased).getByText('The worker, when the undo window ended')).toBeTruthy();
  });

  it('asks for open and scheduled requests first, and for what the filters say', async () => {
    const fetchMock = stubFetch({ 'GET /api/admin/data-requests': LIST });
    await renderApp('/app/admin?tab=data-requests', { user: admin });
    await rowOf('Lotte Late');
    expect(listQueries(fetchMock)[0]).toEqual({ state: 'active' });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Overdue only' }));
    await waitFor(() => expect(listQueries(fetchMock).at(-1)).toEqual({ state: 'active', overdue: 'true' }));
  });

  it('marks an access request done at once, an erasure only after asking', async () => {
    const patchAccess = vi.fn(() => jsonResponse(requestAnswer({ ...LATE_ACCESS, state: 'done', overdue: false })));
    const patchErasure = vi.fn(() => jsonResponse(requestAnswer({ ...OPEN_ERASURE, candidate: null, state: 'done' })));
    const fetchMock = stubFetch({
      'GET /api/admin/data-requests': LIST, 'PATCH /api/admin/data-requests/11': patchAccess, 'PATCH /api/admin/data-requests/12': patchErasure,
    });
    await renderApp('/app/admin?tab=data-requests', { user: admin });
    fireEvent.click(await screen.findByRole('button', { name: 'Mark done: the request of Lotte Late' }));
    await waitFor(() => expect(patchAccess).toHaveBeenCalled());
    expect(sentJson(fetchMock.mock.calls.find(([url]) => url === '/api/admin/data-requests/11')![1])).toEqual({ state: 'done' });
    expect(await screen.findByText('Request marked done')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Mark done: the request of Erik Email' }));
    const dialog = await screen.findByRole('dialog', { name: 'Erase Erik Email now?' });
    expect(patchErasure).not.toHaveBeenCalled();
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' })));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Erase and mark done' }));
    await waitFor(() => expect(patchErasure).toHaveBeenCalled());
  });

  it('refuses a request only with a reason', async () => {
    const patch = vi.fn(() => jsonResponse(requestAnswer({ ...LATE_ACCESS, state: 'refused', resolution: 'Not our data' })));
    const fetchMock = stubFetch({ 'GET /api/admin/data-requests': LIST, 'PATCH /api/admin/data-requests/11': patch });
    await renderApp('/app/admin?tab=data-requests', { user: admin });
    fireEvent.click(await screen.findByRole('button', { name: 'Refuse the request of Lotte Late' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refuse the request of Lotte Late' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refuse' }));
    expect(await within(dialog).findByText('reason is required: say why, in at least 3 characters')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/^Reason/), { target: { value: 'Not our data' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refuse' }));
    await waitFor(() => expect(patch).toHaveBeenCalled());
    expect(sentJson(fetchMock.mock.calls.find(([url]) => url === '/api/admin/data-requests/11')![1])).toEqual({ state: 'refused', resolution: 'Not our data' });
    expect(await screen.findByText('Request refused')).toBeTruthy();
  });

  it('enters a request that came by email', async () => {
    const post = vi.fn(() => jsonResponse(requestAnswer({ ...DONE_CORRECTION, id: 20, state: 'open', handledBy: null, handledAt: null, resolution: null }), 201));
    const fetchMock = stubFetch({ 'GET /api/admin/data-requests': LIST, 'POST /api/data-requests': post });
    await renderApp('/app/admin?tab=data-requests', { user: admin });
    fireEvent.click(await screen.findByRole('button', { name: 'Enter a request' }));
    const dialog = await screen.findByRole('dialog', { name: 'Enter a request' });

    // Neither a candidate nor who asked: said under the name.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enter request' }));
    expect(await within(dialog).findByText('requesterName is required when no candidate is named')).toBeTruthy();
    expect(post).not.toHaveBeenCalled();

    fireEvent.change(within(dialog).getByLabelText(/^Name of who asked/), { target: { value: 'Cor Rect' } });
    fireEvent.change(within(dialog).getByLabelText(/^Details/), { target: { value: 'Wrong street name' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enter request' }));
    await waitFor(() => expect(post).toHaveBeenCalled());
    const sent = sentJson(fetchMock.mock.calls.find(([url]) => url === '/api/data-requests')![1]);
    expect(sent).toMatchObject({ candidateId: null, requesterName: 'Cor Rect', requesterEmail: null, kind: 'access', source: 'email', details: 'Wrong street name' });
    expect(Math.abs(Date.parse(sent.receivedAt) - Date.now())).toBeLessThan(60_000);
    expect(await screen.findByText('Request entered')).toBeTruthy();
  });
});

describe("the dashboard's Data rights card", () => {
  const dashboardRoutes = { 'GET /api/dashboard': quietDashboard, 'GET /api/meetings': meetingList([]) };

  it('shows admins what is due, linking to the tabs', async () => {
    stubFetch({ ...dashboardRoutes, 'GET /api/admin/data-rights-summary': SUMMARY });
    await renderPage('/app', <DashboardPage />, { user: admin });
    const card = await screen.findByTestId('data-rights');
    expect(within(card).getByRole('heading', { name: 'Data rights' })).toBeTruthy();
    expect((await within(card).findByTestId('data-rights-due')).textContent).toBe('2 requests due this week');
    expect(within(card).getByTestId('data-rights-overdue').textContent).toBe('1 request overdue');
    expect(within(card).getByTestId('data-rights-erasures').textContent).toBe('3 people erased in the next 7 days');
    expect(within(card).getByTestId('data-rights-counted').textContent)
      .toBe(`Counted ${formatDateTime(SUMMARY.erasuresCountedAt)}; recounted hourly and when rules, exemptions or requests change`);
    expect(within(card).getByRole('link', { name: 'Data requests' }).getAttribute('href')).toBe('/app/admin?tab=data-requests');
    expect(within(card).getByRole('link', { name: 'Retention' }).getAttribute('href')).toBe('/app/admin?tab=retention');
  });

  it('is not there for recruiters', async () => {
    const fetchMock = stubFetch(dashboardRoutes);
    await renderPage('/app', <DashboardPage />, { user: recruiter });
    await screen.findByTestId('needs-reply');
    expect(screen.queryByTestId('data-rights')).toBeNull();
    expect(fetchMock.mock.calls.some(([url]) => requestUrl(url).startsWith('/api/admin/'))).toBe(false);
  });
});
