// @vitest-environment jsdom
// Scheduling for a team (issue 29), the recruiter's side: a meeting type's kind, hosts (priority order),
// distribution and reminders as the API takes them, a refused host list shown at its field, types a
// colleague owns shown read-only, the weekly maximum; on /app/meetings the host filter in the request
// and the URL, the hosts of a meeting, its reminders with their states, and a new booking link for a no-show.
import { notifications } from '@mantine/notifications';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setInterfaceLanguage } from '#app/i18n/i18n.ts';
import { MeetingBookingPage } from '#app/pages/MeetingBookingPage.tsx';
import { MeetingsPage } from '#app/pages/MeetingsPage.tsx';
import { failure } from './answers.ts';
import { meetingType, meetingTypeAnswer, meetingTypeList, previewSlots, settingsAnswer, teamMembers } from './meetingFixtures.ts';
import { meeting, meetingList, rebookAnswer, type MeetingInput } from './meetingListFixtures.ts';
import { renderPage } from './renderInRouter.tsx';
import { currentUrl, jsonResponse, recruiter, requestUrl, sentJson, stubFetch } from './renderWithProviders.tsx';

afterEach(() => {
  act(() => notifications.clean());
  vi.unstubAllGlobals();
  localStorage.clear();
});

const RITA = '0b6f1c52-8a47-4c1e-9d0b-2f4e6a8c1d01';
const SAM = '1c7a2d63-9b58-4d2f-8e1c-3a5f7b9d2e02';
const ANOUK = '2d8b3e74-ac69-4e3a-9f2d-4b6a8cae3f03';
const rita = { ...recruiter, id: RITA };
const members = teamMembers({ id: ANOUK, name: 'Anouk de Vries' }, { id: RITA, name: 'Rita Recruiter' }, { id: SAM, name: 'Sam Jansen' });

type FetchMock = ReturnType<typeof stubFetch>;
const callsTo = (fetchMock: FetchMock, method: string, path: string) =>
  fetchMock.mock.calls.filter(([url, init]) => (init?.method ?? 'GET') === method && requestUrl(url).split('?')[0] === path);

/** A row as it reads: its texts and badges ("1.", "Rita Recruiter", "Owner"). */
const readRow = (row: HTMLElement) => [...row.querySelectorAll('p, .mantine-Badge-label')].map((node) => node.textContent).join(' ');

/** Opens a Mantine Select (by its accessible name, inside `scope`) and picks an option. */
async function choose(scope: ReturnType<typeof within>, label: string, option: string) {
  fireEvent.click(scope.getByLabelText(label, { selector: 'input' }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

describe('meeting types for a team', () => {
  function stubBookingApi(routes: Record<string, unknown> = {}) {
    return stubFetch({
      'GET /api/booking-settings': settingsAnswer(),
      'GET /api/meeting-types': meetingTypeList(meetingType(1, { hosts: [{ id: RITA, name: 'Rita Recruiter' }], ownerId: RITA })),
      'GET /api/booking-settings/slots': previewSlots,
      'GET /api/meeting-types/hosts': members,
      ...routes,
    });
  }

  async function openAddDialog() {
    await renderPage('/app/meeting-booking', <MeetingBookingPage />, { user: rita });
    fireEvent.click(within(await screen.findByTestId('meeting-types')).getByRole('button', { name: 'Add meeting type' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add meeting type' }));
    fireEvent.change(dialog.getByLabelText('Name', { exact: false }), { target: { value: 'Panel interview' } });
    return dialog;
  }

  it('adds a round-robin type: hosts in priority order, distribution and reminders as the API takes them, and lists it', async () => {
    const created = meetingType(2, {
      name: 'Panel interview', description: null, kind: 'round_robin', distribution: 'even', ownerId: RITA,
      hosts: [{ id: RITA, name: 'Rita Recruiter' }, { id: SAM, name: 'Sam Jansen' }, { id: ANOUK, name: 'Anouk de Vries' }],
      reminders: [{ minutesBefore: 60, channel: 'whatsapp' }, { minutesBefore: 90, channel: 'email' }],
    });
    let types = meetingTypeList(meetingType(1, { hosts: [{ id: RITA, name: 'Rita Recruiter' }], ownerId: RITA }));
    const fetchMock = stubBookingApi({
      'GET /api/meeting-types': () => jsonResponse(types),
      'POST /api/meeting-types': () => {
        types = meetingTypeList(created);
        return jsonResponse(meetingTypeAnswer(created), 201);
      },
    });
    const dialog = await openAddDialog();

    // One-on-one by default: no hosts to pick, nothing asked of the colleagues' list.
    expect(dialog.getByRole('radio', { name: 'One-on-one' })).toHaveProperty('checked', true);
    expect(dialog.queryByLabelText('Add a host')).toBeNull();
    expect(callsTo(fetchMock, 'GET', '/api/meeting-types/hosts')).toHaveLength(0);

    fireEvent.click(dialog.getByRole('radio', { name: 'Round robin' }));
    const hostRows = () => dialog.getAllByTestId('host-row').map(readRow);
    await waitFor(() => expect(hostRows()).toEqual(['1. Rita Recruiter Owner']));
    expect(dialog.queryByRole('button', { name: 'Remove Rita Recruiter' })).toBeNull();
    await choose(dialog, 'Add a host', 'Anouk de Vries');
    await choose(dialog, 'Add a host', 'Sam Jansen');
    expect(hostRows()).toEqual(['1. Rita Recruiter Owner', '2. Anouk de Vries', '3. Sam Jansen']);
    fireEvent.click(dialog.getByRole('button', { name: 'Move Sam Jansen up' }));
    expect(hostRows()).toEqual(['1. Rita Recruiter Owner', '2. Sam Jansen', '3. Anouk de Vries']);
    // The moved row's button keeps the focus, so the keyboard can go on moving it.
    await waitFor(() => expect(document.activeElement).toBe(dialog.getByRole('button', { name: 'Move Sam Jansen up' })));

    expect(dialog.getByRole('radio', { name: 'Spread by availability' })).toHaveProperty('checked', true);
    fireEvent.click(dialog.getByRole('radio', { name: 'Spread evenly' }));

    // Reminders: 24 h and 1 h by email to start with; the second by WhatsApp, a third of 90 minutes, the first removed.
    expect(dialog.getByLabelText<HTMLInputElement>('When to send reminder 1', { selector: 'input' }).value).toBe('24 h before');
    await choose(dialog, 'Channel of reminder 2', 'WhatsApp');
    fireEvent.click(dialog.getByRole('button', { name: 'Add reminder' }));
    expect(dialog.getByLabelText<HTMLInputElement>('When to send reminder 3', { selector: 'input' }).value).toBe('1 h before');
    await choose(dialog, 'When to send reminder 3', 'Custom');
    fireEvent.change(dialog.getByLabelText('Minutes before, reminder 3'), { target: { value: '90' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Remove reminder 1' }));

    fireEvent.click(dialog.getByRole('button', { name: 'Add meeting type' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/api/meeting-types')).toHaveLength(1));
    expect(sentJson(callsTo(fetchMock, 'POST', '/api/meeting-types')[0][1])).toEqual({
      name: 'Panel interview', durationMinutes: 30, description: null, locationKind: 'teams', locationDetail: null, colour: 'blue',
      kind: 'round_robin', hostIds: [RITA, SAM, ANOUK], distribution: 'even',
      reminders: [{ minutesBefore: 60, channel: 'whatsapp' }, { minutesBefore: 90, channel: 'email' }],
    });

    const row = within(await screen.findByTestId('meeting-type-2'));
    expect(row.getByTestId('meeting-type-hosts').textContent).toBe('Round robin with Rita Recruiter, Sam Jansen, and Anouk de Vries');
    expect(row.getByTestId('meeting-type-reminders').textContent).toBe('Reminders: 1 h before by WhatsApp and 90 min before by email');
  });

  it('shows a refused host list at the hosts field and keeps the dialog open', async () => {
    const error = 'A round-robin or collective meeting type needs at least two hosts';
    stubBookingApi({
      'POST /api/meeting-types': () => jsonResponse(failure({ error, code: 'team_type_two_hosts', field: 'hostIds' }), 422),
    });
    const dialog = await openAddDialog();
    fireEvent.click(dialog.getByRole('radio', { name: 'Collective' }));
    expect(await dialog.findByText('Every host joins the meeting.')).toBeTruthy();
    expect(dialog.queryByRole('radio', { name: 'Spread evenly' })).toBeNull();
    fireEvent.click(dialog.getByRole('button', { name: 'Add meeting type' }));

    const shown = await dialog.findByText(error);
    const addHost = dialog.getByLabelText('Add a host', { selector: 'input' });
    expect(shown.id).toBe('meeting-type-hosts-error');
    expect(addHost.getAttribute('aria-invalid')).toBe('true');
    expect(addHost.getAttribute('aria-errormessage')).toBe('meeting-type-hosts-error');
    await waitFor(() => expect(document.activeElement).toBe(addHost));
    expect(screen.getByRole('dialog', { name: 'Add meeting type' })).toBeTruthy();
  });

  it('refuses the same reminder twice at its row, in the interface\'s language, without sending', async () => {
    const fetchMock = stubBookingApi();
    const dialog = await openAddDialog();
    await choose(dialog, 'When to send reminder 2', '24 h before');
    fireEvent.click(dialog.getByRole('button', { name: 'Add meeting type' }));
    const message = await dialog.findByText('reminders.1 is the same reminder as reminders.0');
    expect(message.id).toBe('error-reminders-1');
    expect(dialog.getByLabelText('When to send reminder 2', { selector: 'input' }).getAttribute('aria-invalid')).toBe('true');
    expect(dialog.getByLabelText('When to send reminder 1', { selector: 'input' }).getAttribute('aria-invalid')).not.toBe('true');
    expect(callsTo(fetchMock, 'POST', '/api/meeting-types')).toHaveLength(0);

    await act(() => setInterfaceLanguage('nl'));
    try {
      fireEvent.click(dialog.getByRole('button', { name: 'Afspraaktype toevoegen' }));
      expect(await dialog.findByText('Herinnering 2 is dezelfde herinnering als herinnering 1')).toBeTruthy();
    } finally {
      await act(() => setInterfaceLanguage('en'));
    }
  });

  it('edits a round robin back to one-on-one without naming hosts, and shows a colleague\'s type read-only', async () => {
    const team = meetingType(3, {
      name: 'Tech screen', kind: 'round_robin', ownerId: RITA,
      hosts: [{ id: RITA, name: 'Rita Recruiter' }, { id: SAM, name: 'Sam Jansen' }], reminders: [],
    });
    const samsType = meetingType(4, {
      name: 'Sam\'s panel', kind: 'collective', ownerId: SAM,
      hosts: [{ id: SAM, name: 'Sam Jansen' }, { id: RITA, name: 'Rita Recruiter' }],
    });
    const fetchMock = stubBookingApi({
      'GET /api/meeting-types': meetingTypeList(team, samsType),
      'PATCH /api/meeting-types/3': (_url: string, init: RequestInit) =>
        jsonResponse(meetingTypeAnswer({ ...team, ...sentJson(init), hosts: [{ id: RITA, name: 'Rita Recruiter' }] })),
    });
    await renderPage('/app/meeting-booking', <MeetingBookingPage />, { user: rita });

    const theirs = within(await screen.findByTestId('meeting-type-4'));
    expect(theirs.getByTestId('meeting-type-hosts').textContent).toBe('Collective with Sam Jansen and Rita Recruiter');
    expect(theirs.getByText('Set up by Sam Jansen; you are one of its hosts, only they can change it.')).toBeTruthy();
    expect(theirs.queryByRole('button')).toBeNull();

    const mine = within(screen.getByTestId('meeting-type-3'));
    expect(mine.getByTestId('meeting-type-reminders').textContent).toBe('No reminders');
    fireEvent.click(mine.getByRole('button', { name: 'Edit Tech screen' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit meeting type' }));
    expect(dialog.getByRole('radio', { name: 'Round robin' })).toHaveProperty('checked', true);
    await waitFor(() => expect(dialog.getAllByTestId('host-row').map(readRow)).toEqual(['1. Rita Recruiter Owner', '2. Sam Jansen']));
    expect(dialog.getByText('No reminders: the candidate gets only the booking confirmation.')).toBeTruthy();
    fireEvent.click(dialog.getByRole('radio', { name: 'One-on-one' }));
    expect(dialog.queryByTestId('host-list')).toBeNull();
    fireEvent.click(dialog.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(callsTo(fetchMock, 'PATCH', '/api/meeting-types/3')).toHaveLength(1));
    const sent = sentJson(callsTo(fetchMock, 'PATCH', '/api/meeting-types/3')[0][1]);
    expect(sent).toMatchObject({ kind: 'one_on_one', reminders: [] });
    expect(sent).not.toHaveProperty('hostIds');
    expect(await screen.findByText('Meeting type saved')).toBeTruthy();
  });

  it('saves a weekly maximum beside the daily one', async () => {
    const fetchMock = stubBookingApi({
      'PUT /api/booking-settings': (_url: string, init: RequestInit) => jsonResponse(settingsAnswer({ settings: sentJson(init) })),
    });
    await renderPage('/app/meeting-booking', <MeetingBookingPage />, { user: rita });
    const form = within(await screen.findByTestId('availability-form'));
    const weekly = form.getByLabelText<HTMLInputElement>('Weekly maximum', { selector: 'input' });
    expect(weekly.value).toBe('');
    expect(weekly.placeholder).toBe('No limit');
    fireEvent.change(weekly, { target: { value: '20' } });
    fireEvent.click(form.getByRole('button', { name: 'Save availability' }));
    expect(await screen.findByText('Availability saved')).toBeTruthy();
    expect(sentJson(callsTo(fetchMock, 'PUT', '/api/booking-settings')[0][1])).toMatchObject({ maxPerDay: 6, maxPerWeek: 20 });
  });
});

describe('meetings of a team', () => {
  function stubMeetingsApi(meetings: MeetingInput[], routes: Record<string, unknown> = {}) {
    return stubFetch({
      'GET /api/meetings': () => jsonResponse(meetingList(meetings)),
      'GET /api/meeting-types/hosts': members,
      ...routes,
    });
  }
  const listQueries = (fetchMock: FetchMock) =>
    callsTo(fetchMock, 'GET', '/api/meetings').map(([url]) => new URL(requestUrl(url), 'http://x').searchParams);

  it('filters by host: a colleague\'s meetings, everyone\'s, and mine again, in the request and the URL', async () => {
    const mineAlone = meeting(1, { recruiter: { id: RITA, name: 'Rita Recruiter' }, hosts: [{ id: RITA, name: 'Rita Recruiter' }] });
    const panel = meeting(2, { start: '2030-03-06T14:00:00.000Z', end: '2030-03-06T15:00:00.000Z', recruiter: { id: SAM, name: 'Sam Jansen' },
      hosts: [{ id: SAM, name: 'Sam Jansen' }, { id: RITA, name: 'Rita Recruiter' }] });
    const samsOwn = meeting(3, { start: '2030-03-07T12:00:00.000Z', end: '2030-03-07T12:30:00.000Z', recruiter: { id: SAM, name: 'Sam Jansen' },
      hosts: [{ id: SAM, name: 'Sam Jansen' }] });
    const fetchMock = stubMeetingsApi([mineAlone, panel, samsOwn]);
    await renderPage('/app/meetings', <MeetingsPage />, { user: rita });

    // Whose meeting it is shows when it is not the viewer's alone.
    expect(within(await screen.findByTestId('meeting-row-1')).queryByTestId('meeting-hosts')).toBeNull();
    expect(within(screen.getByTestId('meeting-row-2')).getByTestId('meeting-hosts').textContent).toBe('with Sam Jansen and Rita Recruiter');
    expect(within(screen.getByTestId('meeting-row-3')).getByTestId('meeting-hosts').textContent).toBe('with Sam Jansen');

    const host = () => screen.getByLabelText<HTMLInputElement>('Host', { selector: 'input' });
    expect(host().value).toBe('Me');
    expect(listQueries(fetchMock)[0].get('recruiter')).toBe('me');
    fireEvent.click(host());
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual(['Everyone', 'Me', 'Anouk de Vries', 'Sam Jansen']);
    fireEvent.click(screen.getByRole('option', { name: 'Sam Jansen' }));
    await waitFor(() => expect(listQueries(fetchMock).at(-1)?.get('host')).toBe(SAM));
    expect(listQueries(fetchMock).at(-1)?.has('recruiter')).toBe(false);
    expect(currentUrl()).toBe(`/app/meetings?host=${SAM}`);
    expect(host().value).toBe('Sam Jansen');

    await choose(within(document.body), 'Host', 'Everyone');
    await waitFor(() => expect(listQueries(fetchMock).at(-1)?.get('recruiter')).toBe('all'));
    expect(listQueries(fetchMock).at(-1)?.has('host')).toBe(false);
    expect(currentUrl()).toBe('/app/meetings?recruiter=all');

    await choose(within(document.body), 'Host', 'Me');
    await waitFor(() => expect(currentUrl()).toBe('/app/meetings'));
    expect(host().value).toBe('Me');
  });

  it('opens with the host from the URL, in the week view too', async () => {
    const fetchMock = stubMeetingsApi([]);
    await renderPage(`/app/meetings?view=week&week=2030-03-06&host=${ANOUK}`, <MeetingsPage />, { user: rita });
    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>('Host', { selector: 'input' }).value).toBe('Anouk de Vries'));
    expect(listQueries(fetchMock).every((query) => query.get('host') === ANOUK && !query.has('recruiter'))).toBe(true);
  });

  it('shows the meeting\'s hosts and its reminders with their states', async () => {
    const at = (iso: string) => iso;
    const reminded = meeting(1, {
      recruiter: { id: RITA, name: 'Rita Recruiter' },
      hosts: [{ id: RITA, name: 'Rita Recruiter' }, { id: SAM, name: 'Sam Jansen' }],
      reminders: [
        { minutesBefore: 60, channel: 'email', state: 'scheduled', dueAt: at('2030-03-06T11:00:00.000Z'), sentAt: null, error: null },
        { minutesBefore: 1440, channel: 'email', state: 'sent', dueAt: at('2030-03-05T12:00:00.000Z'), sentAt: at('2030-03-05T12:00:04.000Z'), error: null },
        { minutesBefore: 1440, channel: 'whatsapp', state: 'skipped', dueAt: at('2030-03-05T12:00:00.000Z'), sentAt: null,
          error: 'blockers.no_whatsapp_consent' },
        { minutesBefore: 120, channel: 'email', state: 'failed', dueAt: at('2030-03-06T10:00:00.000Z'), sentAt: null,
          error: '550 5.1.1 Mailbox unavailable' },
        { minutesBefore: 15, channel: 'whatsapp', state: 'cancelled', dueAt: at('2030-03-06T11:45:00.000Z'), sentAt: null, error: null },
      ],
    });
    stubMeetingsApi([reminded]);
    await renderPage('/app/meetings?meeting=1', <MeetingsPage />, { user: rita });
    const detail = within(await screen.findByTestId('meeting-detail'));

    expect(detail.getByTestId('meeting-detail-hosts').textContent).toBe('Rita Recruiter and Sam Jansen');
    const items = within(detail.getByTestId('meeting-reminders')).getAllByTestId('meeting-reminder');
    expect(items.map((item) => [...item.querySelectorAll('p, .mantine-Badge-label')].map((node) => node.textContent))).toEqual([
      ['Sent', '24 h before by email', expect.stringMatching(/^Sent Mar 5, 2030 at /)],
      ['Skipped', '24 h before by WhatsApp', 'Candidate has not consented to WhatsApp'],
      ['Failed', '2 h before by email', '550 5.1.1 Mailbox unavailable'],
      ['Scheduled', '1 h before by email', expect.stringMatching(/^Due Mar 6, 2030 at /)],
      ['Cancelled', '15 min before by WhatsApp', 'Not sent: the meeting changed.'],
    ]);
    expect(detail.queryByRole('button', { name: 'Send a new booking link' })).toBeNull();
  });

  it('sends a no-show\'s candidate a new booking link: the link is shown and the meetings are fetched again', async () => {
    const noShow = meeting(6, { start: '2020-05-06T12:00:00.000Z', end: '2020-05-06T12:30:00.000Z', status: 'no_show',
      candidate: { id: 9, name: 'Chris Peters', email: 'chris@example.com' } });
    const walkIn = meeting(7, { start: '2020-05-05T12:00:00.000Z', end: '2020-05-05T12:30:00.000Z', status: 'no_show', candidate: null,
      attendee: { name: 'Walk-in', email: null } });
    const fetchMock = stubMeetingsApi([noShow, walkIn], { 'POST /api/meetings/6/rebook': () => jsonResponse(rebookAnswer('fresh-token'), 201) });
    await renderPage('/app/meetings?tab=past&meeting=7', <MeetingsPage />, { user: rita });
    expect(within(await screen.findByTestId('meeting-detail')).queryByRole('button', { name: 'Send a new booking link' })).toBeNull();

    fireEvent.click(within(screen.getByTestId('meeting-row-6')).getByRole('button', { name: /^Details of the meeting with Chris Peters/ }));
    await waitFor(() => expect(screen.getByRole('dialog', { name: 'Meeting with Chris Peters' })).toBeTruthy());
    const detail = within(screen.getByTestId('meeting-detail'));
    expect(detail.getByText('The candidate did not come. Email them a new link to book another time.')).toBeTruthy();
    const lists = listQueries(fetchMock).length;
    fireEvent.click(detail.getByRole('button', { name: 'Send a new booking link' }));

    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/api/meetings/6/rebook')).toHaveLength(1));
    expect(sentJson(callsTo(fetchMock, 'POST', '/api/meetings/6/rebook')[0][1])).toEqual({});
    expect(await screen.findByText('New booking link sent to Chris Peters')).toBeTruthy();
    expect(screen.getByText('http://localhost:4400/book/fresh-token')).toBeTruthy();
    expect(detail.getByLabelText<HTMLInputElement>('New booking link').value).toBe('http://localhost:4400/book/fresh-token');
    expect(detail.getByRole('button', { name: 'Copy link' })).toBeTruthy();
    await waitFor(() => expect(listQueries(fetchMock).length).toBeGreaterThan(lists));
  });

  it('says why a new booking link could not be sent', async () => {
    const noShow = meeting(6, { start: '2020-05-06T12:00:00.000Z', end: '2020-05-06T12:30:00.000Z', status: 'no_show' });
    stubMeetingsApi([noShow], {
      'POST /api/meetings/6/rebook': () => jsonResponse(failure({ error: 'Email address is on the suppression list', code: 'blockers.suppressed' }), 422),
    });
    await renderPage('/app/meetings?tab=past&meeting=6', <MeetingsPage />, { user: rita });
    fireEvent.click(within(await screen.findByTestId('meeting-detail')).getByRole('button', { name: 'Send a new booking link' }));
    expect(await screen.findByText('Could not send a new booking link')).toBeTruthy();
    expect(screen.getByText('Email address is on the suppression list')).toBeTruthy();
    expect(screen.queryByLabelText('New booking link')).toBeNull();
  });
});
