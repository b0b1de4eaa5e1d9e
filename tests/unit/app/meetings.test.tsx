// @vitest-environment jsdom
// /app/meetings: the list with its Teams states, filters in the request, the
// meeting drawer (cancel, reschedule with a 409, marks and notes), the week
// calendar, and the navigation to the page. Meetings sit at noon UTC, so they
// fall on the same local date in any zone the tests may run in.
import { notifications } from '@mantine/notifications';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { assignLocation } from '#app/lib/browserNavigation.ts';
import { MeetingsPage } from '#app/pages/MeetingsPage.tsx';
import { admin, currentUrl, jsonResponse, recruiter, requestUrl, sentJson, stubFetch } from './renderWithProviders.tsx';
import { renderApp, renderPage } from './renderInRouter.tsx';
import { meeting, meetingAnswer, meetingList, slotsAnswer, slotTaken, type MeetingInput } from './meetingListFixtures.ts';
import { detail } from './peopleFixtures.ts';

afterEach(() => {
  act(() => notifications.clean());
  vi.unstubAllGlobals();
  vi.mocked(assignLocation).mockClear();
});

const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
// The English interface's clock follows the browser's (jsdom's en-US: 12-hour), as the dates do.
const clock = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', hourCycle: 'h12' });
/** "1:00 PM": an instant on the test's own clock, as the page shows it. */
const localTime = (iso: string) => clock.format(new Date(iso));

const joined = meeting(1, { teams: { state: 'created' }, joinUrl: 'https://teams.microsoft.com/l/meetup-join/abc' });
const pending = meeting(2, { start: '2030-03-06T14:00:00.000Z', end: '2030-03-06T14:30:00.000Z', candidate: { id: 8, name: 'Bram Jansen', email: null },
  attendee: { name: 'Bram Jansen', email: 'bram@example.com' } });
const failed = meeting(3, { start: '2030-03-07T12:00:00.000Z', end: '2030-03-07T12:30:00.000Z', teams: { state: 'failed', error: 'Outlook gave no join link' },
  candidate: { id: 9, name: 'Chris Peters', email: null } });
const notConfigured = meeting(4, { start: '2030-03-08T12:00:00.000Z', end: '2030-03-08T12:30:00.000Z',
  teams: { state: 'not_configured', error: 'Set GRAPH_TENANT_ID, GRAPH_CLIENT_ID and GRAPH_CLIENT_SECRET' },
  candidate: { id: 10, name: 'Dana Smit', email: null } });

/** GET /api/meetings answers `meetings`; a write's `{ meeting }` answer (a handler in `extra`) replaces that meeting in later lists. */
function stubMeetings(meetings: MeetingInput[], extra: Record<string, unknown> = {}) {
  let current = meetings;
  const answerAndRemember = async (handler: unknown, url: string, init: RequestInit) => {
    const response = typeof handler === 'function'
      ? await (handler as (u: string, i: RequestInit) => Response | Promise<Response>)(url, init)
      : jsonResponse(handler);
    if (response.ok) {
      const { meeting: changed } = await response.clone().json() as { meeting?: MeetingInput };
      if (changed) current = current.map((m) => (m.id === changed.id ? changed : m));
    }
    return response;
  };
  const routes = Object.fromEntries(Object.entries(extra).map(([key, handler]) =>
    [key, key.startsWith('GET ') ? handler : (url: string, init: RequestInit) => answerAndRemember(handler, url, init)]));
  return stubFetch({ 'GET /api/meetings': () => jsonResponse(meetingList(current)), ...routes });
}

const calls = (fetchMock: ReturnType<typeof stubFetch>, method: string, path: string) =>
  fetchMock.mock.calls.filter(([url, init]) => (init?.method ?? 'GET') === method && requestUrl(url).split('?')[0] === path);
const listQueries = (fetchMock: ReturnType<typeof stubFetch>) =>
  calls(fetchMock, 'GET', '/api/meetings').map(([url]) => new URL(requestUrl(url), 'http://x').searchParams);

const page = () => <MeetingsPage />;

async function openDetails(name: RegExp) {
  fireEvent.click(await screen.findByRole('button', { name }));
  return screen.findByTestId('meeting-detail');
}

describe('meetings list', () => {
  it('lists upcoming meetings by day in the browser zone, with Join, pending, failed + Retry and not configured', async () => {
    const fetchMock = stubMeetings([joined, pending, failed, notConfigured], {
      'POST /api/meetings/3/teams-retry': meetingAnswer({ ...failed, teams: { state: 'pending' } }),
    });
    await renderPage('/app/meetings', page(), { user: recruiter });
    expect(screen.getByRole('heading', { level: 1, name: 'Meetings' })).toBeTruthy();
    expect(screen.getByTestId('meetings-time-zone').textContent).toBe(`Times in ${zone}`);

    const wednesday = await screen.findByRole('region', { name: 'Wednesday, March 6, 2030' });
    expect(within(wednesday).getAllByTestId(/^meeting-row-/).map((row) => row.dataset.testid)).toEqual(['meeting-row-1', 'meeting-row-2']);
    const row1 = screen.getByTestId('meeting-row-1');
    expect(within(row1).getByTestId('meeting-time').textContent).toBe(`${localTime(joined.start)} – ${localTime(joined.end)}`);
    expect(within(row1).getByTestId('meeting-status').textContent).toBe('Confirmed');
    expect(within(row1).getByTestId('meeting-type').textContent).toBe('Intro call');
    expect(within(row1).getByText('Microsoft Teams')).toBeTruthy();
    const join = within(row1).getByRole('link', { name: /^Join/ });
    expect(join.getAttribute('href')).toBe('https://teams.microsoft.com/l/meetup-join/abc');
    expect(join.getAttribute('target')).toBe('_blank');
    expect(join.getAttribute('rel')).toContain('noopener');

    expect(within(screen.getByTestId('meeting-row-2')).getByText('Creating Teams link…')).toBeTruthy();

    const row3 = screen.getByTestId('meeting-row-3');
    expect(within(row3).getByText('Teams link could not be created')).toBeTruthy();
    expect(within(row3).getByText('Outlook gave no join link')).toBeTruthy();
    fireEvent.click(within(row3).getByRole('button', { name: /^Retry/ }));
    await waitFor(() => expect(calls(fetchMock, 'POST', '/api/meetings/3/teams-retry')).toHaveLength(1));
    expect(await screen.findByText('Trying again to create the Teams link')).toBeTruthy();

    const row4 = screen.getByTestId('meeting-row-4');
    expect(within(row4).getByText('Teams not configured')).toBeTruthy();
    expect(within(row4).queryByTestId('teams-error')).toBeNull();
    fireEvent.click(within(row4).getByRole('button', { name: 'What to set' }));
    expect(within(row4).getByTestId('teams-error').textContent).toBe('Set GRAPH_TENANT_ID, GRAPH_CLIENT_ID and GRAPH_CLIENT_SECRET');

    const [query] = listQueries(fetchMock);
    expect(query.get('recruiter')).toBe('me');
    expect(Date.parse(query.get('from')!)).toBeLessThanOrEqual(Date.now());
    expect(Date.now() - Date.parse(query.get('from')!)).toBeLessThan(25 * 3600_000);
  });

  it('shows the empty state when nothing is upcoming', async () => {
    stubMeetings([]);
    await renderPage('/app/meetings', page(), { user: recruiter });
    expect((await screen.findByTestId('meetings-empty')).textContent)
      .toContain('No upcoming meetings. Send a candidate a booking link from their profile.');
  });

  it('sends the status filter, host Everyone and the dates to the API and keeps them in the URL', async () => {
    const fetchMock = stubMeetings([joined]);
    await renderPage('/app/meetings', page(), { user: recruiter });
    await screen.findByTestId('meeting-row-1');
    fireEvent.click(screen.getByLabelText('Status', { selector: 'input' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Cancelled' }));
    fireEvent.click(await screen.findByRole('option', { name: 'No-show' }));
    await waitFor(() => expect(listQueries(fetchMock).at(-1)?.get('status')).toBe('cancelled,no_show'));
    expect(currentUrl()).toBe('/app/meetings?status=cancelled%2Cno_show');

    fireEvent.click(screen.getByLabelText('Host', { selector: 'input' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Everyone' }));
    await waitFor(() => expect(listQueries(fetchMock).at(-1)?.get('recruiter')).toBe('all'));

    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2030-03-10' } });
    await waitFor(() => expect(currentUrl()).toContain('to=2030-03-10'));
    const to = listQueries(fetchMock).at(-1)!.get('to')!;
    // The end of 10 March on the local clock: the start of 11 March there.
    expect(Math.abs(Date.parse(to) - Date.parse('2030-03-11T00:00:00Z'))).toBeLessThanOrEqual(14 * 3600_000);
  });

  it('drops unknown statuses from the URL', async () => {
    const fetchMock = stubMeetings([]);
    await renderPage('/app/meetings?status=confirmed,bogus&view=month&week=2030-02-30', page(), { user: recruiter });
    await screen.findByTestId('meetings-empty');
    expect(currentUrl()).toBe('/app/meetings?status=confirmed');
    expect(listQueries(fetchMock)[0].get('status')).toBe('confirmed');
  });

  it('shows past meetings latest first, and Mark completed / Mark no-show patch the status', async () => {
    const older = meeting(5, { start: '2020-05-04T12:00:00.000Z', end: '2020-05-04T12:30:00.000Z', teams: { state: 'created' }, joinUrl: 'https://t/1' });
    const newer = meeting(6, { start: '2020-05-06T12:00:00.000Z', end: '2020-05-06T12:30:00.000Z', candidate: { id: 9, name: 'Chris Peters', email: null } });
    const fetchMock = stubMeetings([older, newer, joined], {
      'PATCH /api/meetings/6': (_url: string, init: RequestInit) => jsonResponse(meetingAnswer({ ...newer, ...sentJson(init) })),
    });
    await renderPage('/app/meetings?tab=past', page(), { user: recruiter });
    await screen.findByTestId('meeting-row-6');
    expect(screen.getAllByTestId(/^meeting-row-/).map((row) => row.dataset.testid)).toEqual(['meeting-row-6', 'meeting-row-5']);
    const detail = await openDetails(/^Details of the meeting with Chris Peters/);
    expect(within(detail).queryByRole('button', { name: 'Reschedule' })).toBeNull();
    expect(within(detail).getByRole('button', { name: 'Mark completed' })).toBeTruthy();
    fireEvent.click(within(detail).getByRole('button', { name: 'Mark no-show' }));
    await waitFor(() => expect(calls(fetchMock, 'PATCH', '/api/meetings/6')).toHaveLength(1));
    expect(sentJson(calls(fetchMock, 'PATCH', '/api/meetings/6')[0][1])).toEqual({ status: 'no_show' });
    expect(await screen.findByText('Marked as no-show')).toBeTruthy();
    await waitFor(() => expect(within(screen.getByTestId('meeting-detail')).getByTestId('meeting-status').textContent).toBe('No-show'));
  });
});

describe('meeting drawer', () => {
  it('shows both time zones, the candidate note, and saves notes', async () => {
    const withNote = { ...joined, candidateNote: 'I can only do mornings.' };
    const fetchMock = stubMeetings([withNote], {
      'PATCH /api/meetings/1': (_url: string, init: RequestInit) => jsonResponse(meetingAnswer({ ...withNote, ...sentJson(init) })),
    });
    await renderPage('/app/meetings', page(), { user: recruiter });
    const detail = await openDetails(/^Details of the meeting with Anna de Vries/);
    expect(currentUrl()).toBe('/app/meetings?meeting=1');
    expect(screen.getByRole('dialog', { name: 'Meeting with Anna de Vries' })).toBeTruthy();
    expect(within(detail).getByText("Candidate's time (America/New_York)")).toBeTruthy();
    expect(within(detail).getByText('Wed, Mar 6, 7:00 AM – 7:30 AM')).toBeTruthy();
    expect(within(detail).getByTestId('candidate-note').textContent).toBe('I can only do mornings.');

    fireEvent.change(within(detail).getByLabelText('Notes', { exact: false }), { target: { value: 'Strong on Kotlin' } });
    fireEvent.click(within(detail).getByRole('button', { name: 'Save notes' }));
    await waitFor(() => expect(calls(fetchMock, 'PATCH', '/api/meetings/1')).toHaveLength(1));
    expect(sentJson(calls(fetchMock, 'PATCH', '/api/meetings/1')[0][1])).toEqual({ notes: 'Strong on Kotlin' });
    expect(await screen.findByText('Notes saved')).toBeTruthy();
  });

  it('cancels with the reason; the candidate is emailed', async () => {
    const fetchMock = stubMeetings([joined], {
      'POST /api/meetings/1/cancel': meetingAnswer({ ...joined, status: 'cancelled', cancelReason: 'Role filled', cancelledBy: 'recruiter' }),
    });
    await renderPage('/app/meetings', page(), { user: recruiter });
    const detail = await openDetails(/^Details of the meeting with Anna de Vries/);
    fireEvent.click(within(detail).getByRole('button', { name: 'Cancel meeting' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel meeting' });
    expect(within(dialog).getByText(/The candidate is emailed\./)).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Reason (optional)', { exact: false }), { target: { value: 'Role filled' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel meeting' }));
    await waitFor(() => expect(calls(fetchMock, 'POST', '/api/meetings/1/cancel')).toHaveLength(1));
    expect(sentJson(calls(fetchMock, 'POST', '/api/meetings/1/cancel')[0][1])).toEqual({ reason: 'Role filled' });
    expect(await screen.findByText('Meeting cancelled. The candidate is emailed.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Cancel meeting' })).toBeNull());
    expect(within(screen.getByTestId('meeting-detail')).getByText('Role filled')).toBeTruthy();
  });

  it('shows an error in the cancel dialog when the API refuses', async () => {
    stubMeetings([joined], {
      'POST /api/meetings/1/cancel': () => jsonResponse({ error: 'This meeting has already taken place', field: 'id' }, 409),
    });
    await renderPage('/app/meetings', page(), { user: recruiter });
    const detail = await openDetails(/^Details of the meeting with Anna de Vries/);
    fireEvent.click(within(detail).getByRole('button', { name: 'Cancel meeting' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel meeting' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel meeting' }));
    expect(await within(dialog).findByText('This meeting has already taken place')).toBeTruthy();
  });
});

/** Noon UTC `days` from now: on the same local date in any zone within 11 hours of UTC. */
function noonIn(days: number, minutes = 0): string {
  const date = new Date();
  date.setUTCDate(date.getUTCDate() + days);
  date.setUTCHours(12, minutes, 0, 0);
  return date.toISOString();
}
const slot = (start: string) => ({ start, end: new Date(Date.parse(start) + 30 * 60_000).toISOString() });

describe('reschedule', () => {
  it('shows the week\'s free times, picks one and posts it', async () => {
    const free = [slot(noonIn(2)), slot(noonIn(2, 30)), slot(noonIn(3))];
    const fetchMock = stubMeetings([joined], {
      'GET /api/meetings/1/slots': slotsAnswer(zone, free),
      'POST /api/meetings/1/reschedule': meetingAnswer({ ...joined, ...free[1], status: 'rescheduled' }),
    });
    await renderPage('/app/meetings', page(), { user: recruiter });
    const detail = await openDetails(/^Details of the meeting with Anna de Vries/);
    fireEvent.click(within(detail).getByRole('button', { name: 'Reschedule' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reschedule meeting' });
    const picker = await within(dialog).findByTestId('slot-picker');
    // Seven days from today, each listed, the days without times saying so.
    expect(within(picker).getAllByRole('region')).toHaveLength(7);
    expect(within(picker).getAllByText('No free times')).toHaveLength(5);
    const [slotsQuery] = calls(fetchMock, 'GET', '/api/meetings/1/slots').map(([url]) => new URL(requestUrl(url), 'http://x').searchParams);
    expect(slotsQuery.get('timeZone')).toBe(zone);
    expect(Date.parse(slotsQuery.get('to')!) - Date.parse(slotsQuery.get('from')!)).toBeGreaterThan(6 * 24 * 3600_000);

    const confirm = within(dialog).getByRole('button', { name: 'Reschedule meeting' });
    expect(confirm.hasAttribute('disabled')).toBe(true);
    fireEvent.click(within(picker).getByRole('button', { name: localTime(free[1].start) }));
    expect(within(picker).getByRole('button', { name: localTime(free[1].start) }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(confirm);
    await waitFor(() => expect(calls(fetchMock, 'POST', '/api/meetings/1/reschedule')).toHaveLength(1));
    expect(sentJson(calls(fetchMock, 'POST', '/api/meetings/1/reschedule')[0][1])).toEqual({ start: free[1].start });
    expect(await screen.findByText('Meeting rescheduled. The candidate is emailed the new time.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Reschedule meeting' })).toBeNull());
  });

  it('a 409 shows the message and the fresh times, and one of those can be booked', async () => {
    const taken = slot(noonIn(2));
    const fresh = [slot(noonIn(4)), slot(noonIn(4, 30))];
    let attempts = 0;
    const fetchMock = stubMeetings([joined], {
      'GET /api/meetings/1/slots': slotsAnswer(zone, [taken]),
      'POST /api/meetings/1/reschedule': () => (++attempts === 1
        ? jsonResponse(slotTaken(fresh), 409)
        : jsonResponse(meetingAnswer({ ...joined, ...fresh[0], status: 'rescheduled' }))),
    });
    await renderPage('/app/meetings', page(), { user: recruiter });
    const detail = await openDetails(/^Details of the meeting with Anna de Vries/);
    fireEvent.click(within(detail).getByRole('button', { name: 'Reschedule' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reschedule meeting' });
    fireEvent.click(await within(dialog).findByRole('button', { name: localTime(taken.start) }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reschedule meeting' }));

    const conflict = await within(dialog).findByTestId('slot-conflict');
    expect(conflict.textContent).toContain('This time was just taken, please pick another');
    const picker = within(dialog).getByTestId('slot-picker');
    expect(within(picker).getAllByRole('button').map((b) => b.textContent)).toEqual(fresh.map((s) => localTime(s.start)));
    expect(within(dialog).getByRole('button', { name: 'Reschedule meeting' }).hasAttribute('disabled')).toBe(true);

    fireEvent.click(within(picker).getByRole('button', { name: localTime(fresh[0].start) }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reschedule meeting' }));
    await waitFor(() => expect(calls(fetchMock, 'POST', '/api/meetings/1/reschedule')).toHaveLength(2));
    expect(sentJson(calls(fetchMock, 'POST', '/api/meetings/1/reschedule')[1][1])).toEqual({ start: fresh[0].start });
    expect(await screen.findByText('Meeting rescheduled. The candidate is emailed the new time.')).toBeTruthy();
  });
});

describe('week view', () => {
  it('places a meeting in its day column and asks for that week', async () => {
    const fetchMock = stubMeetings([joined, failed]);
    await renderPage('/app/meetings?view=week&week=2030-03-06', page(), { user: recruiter });
    expect(screen.getByTestId('week-label').textContent).toBe('Mar 4 – Mar 10, 2030');
    const wednesday = await screen.findByRole('region', { name: 'Wednesday, March 6, 2030' });
    const block = within(wednesday).getByRole('button', { name: new RegExp(`^${localTime(joined.start)} – ${localTime(joined.end)}, Anna de Vries`) });
    expect(within(screen.getByRole('region', { name: 'Thursday, March 7, 2030' })).getByTestId('week-meeting-3')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Monday, March 4, 2030' })).queryAllByRole('button')).toHaveLength(0);

    const query = listQueries(fetchMock)[0];
    const from = Date.parse(query.get('from')!);
    expect(Math.abs(from - Date.parse('2030-03-04T00:00:00Z'))).toBeLessThanOrEqual(14 * 3600_000);
    expect(Math.abs(Date.parse(query.get('to')!) - from - 7 * 24 * 3600_000)).toBeLessThanOrEqual(3600_000);

    fireEvent.click(block);
    expect(await screen.findByTestId('meeting-detail')).toBeTruthy();
    expect(currentUrl()).toBe('/app/meetings?view=week&week=2030-03-06&meeting=1');
  });

  it('moves a week at a time', async () => {
    const fetchMock = stubMeetings([]);
    await renderPage('/app/meetings?view=week&week=2030-03-06', page(), { user: recruiter });
    fireEvent.click(screen.getByRole('button', { name: 'Next week' }));
    await waitFor(() => expect(screen.getByTestId('week-label').textContent).toBe('Mar 11 – Mar 17, 2030'));
    expect(currentUrl()).toBe('/app/meetings?view=week&week=2030-03-11');
    await waitFor(() => expect(listQueries(fetchMock)).toHaveLength(2));
  });
});

describe('candidate link', () => {
  it('opens the candidate drawer over the meetings page', async () => {
    stubMeetings([joined], { 'GET /api/candidates/7': detail(7) });
    await renderPage('/app/meetings', page(), { user: recruiter });
    const link = within(await screen.findByTestId('meeting-row-1')).getByRole('link', { name: 'Anna de Vries' });
    expect(link.getAttribute('href')).toBe('/app/meetings?candidate=7');
    fireEvent.click(link);
    await waitFor(() => expect(currentUrl()).toBe('/app/meetings?candidate=7'));
    expect(await screen.findByTestId('candidate-detail')).toBeTruthy();
  });
});

describe('navigation', () => {
  it('shows a Scheduling group between Main and Admin; Main and the bottom bar keep the spec\'s 4 items', async () => {
    stubMeetings([]);
    await renderApp('/app/meetings', { user: admin });
    const sidebar = screen.getByTestId('sidebar');
    expect(within(sidebar).getAllByRole('region').map((group) => group.getAttribute('aria-label'))).toEqual(['Main', 'Scheduling', 'Admin']);
    const scheduling = within(sidebar).getByRole('region', { name: 'Scheduling' });
    expect(within(scheduling).getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Meetings', '/app/meetings'],
      ['Meeting booking', '/app/meeting-booking'],
    ]);
    expect(within(scheduling).getByRole('link', { name: 'Meetings' }).getAttribute('aria-current')).toBe('page');
    expect(within(within(sidebar).getByRole('region', { name: 'Main' })).getAllByRole('link').map((link) => link.textContent))
      .toEqual(['Dashboard', 'People', 'Communications', 'Settings']);
    const bar = screen.getByRole('navigation', { name: 'Mobile navigation', hidden: true });
    expect(within(bar).getAllByRole('link', { hidden: true }).map((link) => link.textContent))
      .toEqual(['Dashboard', 'People', 'Communications', 'Settings']);
  });

  it('reaches Meetings and Meeting booking from the header menu on phones', async () => {
    stubMeetings([]);
    await renderApp('/app', { user: recruiter });
    // jsdom lays out at 1024 px, where the header's phone controls are display: none; query hidden elements too.
    expect((await screen.findByTestId('header-scheduling-button')).parentElement!.className).toContain('mantine-hidden-from-sm');
    fireEvent.click(screen.getByRole('button', { name: 'Scheduling', hidden: true }));
    const menu = await screen.findByRole('menu', { hidden: true });
    expect(within(menu).getAllByRole('menuitem', { hidden: true }).map((item) => [item.textContent, item.getAttribute('href')])).toEqual([
      ['Meetings', '/app/meetings'],
      ['Meeting booking', '/app/meeting-booking'],
    ]);
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Meetings', hidden: true }));
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Meetings'));
  });
});
