// @vitest-environment jsdom
// Booking links and upcoming meetings where recruiters work: the candidate
// drawer ("Meetings"), the compose dialog ("Insert booking link") and the dashboard.
import { notifications } from '@mantine/notifications';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { closeAllPanels, getDrawerState, openPanel } from '#app/drawers/drawerStore.ts';
import { DashboardPage } from '#app/pages/DashboardPage.tsx';
import { insertText } from '#app/pages/people/booking/bookingText.ts';
import { PeoplePage } from '#app/pages/PeoplePage.tsx';
import { GlobalPanels } from '#app/panels/GlobalPanels.tsx';
import { renderPage } from './renderInRouter.tsx';
import { jsonResponse, recruiter, renderAt, requestUrl, sentJson, stubFetch } from './renderWithProviders.tsx';
import {
  bookingLink, bookingLinkList, createdBookingLink, hoursFromNow, meeting, meetingList, meetingType, meetingTypeList,
} from './bookingFixtures.ts';
import { candidateList, candidate as listedCandidate, pool, poolList, sentMessage } from './messagingFixtures.ts';
import { detail, peopleList, pools } from './peopleFixtures.ts';

afterEach(() => {
  act(() => { closeAllPanels(); notifications.clean(); });
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'clipboard');
});

type FetchMock = ReturnType<typeof stubFetch>;

const callsTo = (fetchMock: FetchMock, method: string, path: string) =>
  fetchMock.mock.calls.filter(([url, init]) => requestUrl(url).split('?')[0] === path && (init?.method ?? 'GET') === method);
const queryOf = (fetchMock: FetchMock, path: string) =>
  Object.fromEntries(new URL(requestUrl(callsTo(fetchMock, 'GET', path).at(-1)![0]), 'http://x').searchParams);

const links = [
  bookingLink(1, { state: 'sent', sentAt: hoursFromNow(-40) }),
  bookingLink(2, { state: 'opened', sentAt: hoursFromNow(-30), openedAt: hoursFromNow(-20) }),
  bookingLink(3, { state: 'booked', meeting: { id: 51, start: hoursFromNow(30), end: hoursFromNow(30.5), status: 'confirmed' } }),
  bookingLink(4, { state: 'expired', expiresAt: hoursFromNow(-2) }),
];

function setClipboard(writeText: (text: string) => Promise<void>) {
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
}

/** The people page with the drawer open on candidate 7, and the global panels (compose). */
async function renderDrawer(extra: Record<string, unknown> = {}) {
  const fetchMock = stubFetch({
    'GET /api/talent-pools': pools,
    ...peopleList(3),
    'GET /api/candidates/7': detail(7),
    'GET /api/candidates/7/booking-links': bookingLinkList(links),
    'GET /api/meetings': meetingList([
      meeting(50, { start: hoursFromNow(-0.25), end: hoursFromNow(0.25) }),
      meeting(51, { status: 'rescheduled', recruiter: { id: 'u-colleague', name: 'Carl Colleague' }, joinUrl: null, teams: { state: 'pending' } }),
      // Over already: not upcoming.
      meeting(49, { start: hoursFromNow(-3), end: hoursFromNow(-2.5) }),
    ]),
    'GET /api/meeting-types': meetingTypeList([meetingType(11, { name: 'Intro call' })]),
    ...extra,
  });
  await renderPage('/app/people?candidate=7', <><PeoplePage /><GlobalPanels /></>, { user: recruiter });
  const section = await screen.findByTestId('candidate-meetings');
  return { fetchMock, section };
}

describe('candidate drawer: Meetings', () => {
  it('lists upcoming meetings (Join, status, colleague) and booking links with their state and expiry', async () => {
    const { fetchMock, section } = await renderDrawer();
    const meetings = await within(section).findAllByTestId('upcoming-meeting');
    expect(meetings).toHaveLength(2);
    expect(meetings[0].textContent).toContain('Intro call');
    expect(meetings[0].textContent).toContain('Confirmed');
    expect(within(meetings[0]).getByRole('link', { name: /^Join/ }).getAttribute('href')).toBe('https://teams.microsoft.com/l/meetup-join/50');
    expect(meetings[1].textContent).toContain('Rescheduled');
    expect(meetings[1].textContent).toContain('With Carl Colleague');
    expect(within(meetings[1]).getByTestId('teams-status').textContent).toContain('Creating Teams link');
    expect(within(meetings[1]).queryByRole('link', { name: /^Join/ })).toBeNull();
    expect(queryOf(fetchMock, '/api/meetings')).toMatchObject({ candidateId: '7', status: 'confirmed,rescheduled', recruiter: 'all' });
    expect(Date.parse(queryOf(fetchMock, '/api/meetings').from)).toBeLessThan(Date.now());

    const items = await within(section).findAllByTestId('booking-link');
    expect(items.map((item) => within(item).getByTestId('booking-link-state').textContent)).toEqual(['Sent', 'Opened', 'Booked', 'Expired']);
    expect(items[0].textContent).toContain('Intro call · 30 min');
    expect(items[0].textContent).toMatch(/Expires \w{3} \d{1,2}, \d{4}/);
    expect(items[2].textContent).toContain('Booked for');
    expect(items[3].textContent).toContain('Expired');
    // An expired link can book nothing: nothing to copy.
    expect(within(items[3]).queryByRole('button', { name: 'Copy link' })).toBeNull();
  });

  it('"Copy link" writes the url and says so; when the browser refuses, the link shows selected', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    setClipboard(writeText);
    const { section } = await renderDrawer();
    const items = await within(section).findAllByTestId('booking-link');
    fireEvent.click(within(items[1]).getByRole('button', { name: 'Copy link' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(links[1].url));
    expect(await screen.findByText('Link copied')).toBeTruthy();

    setClipboard(() => Promise.reject(new DOMException('denied', 'NotAllowedError')));
    fireEvent.click(within(items[0]).getByRole('button', { name: 'Copy link' }));
    const field = await within(items[0]).findByRole<HTMLInputElement>('textbox', { name: 'Booking link' });
    expect(field.value).toBe(links[0].url);
    await waitFor(() => expect(document.activeElement).toBe(field));
    expect([field.selectionStart, field.selectionEnd]).toEqual([0, links[0].url.length]);
  });

  it('"Send booking link" in the drawer\'s footer offers the meeting types and opens compose with {{bookingLink}}: the link is made only when the message is sent', async () => {
    const send = vi.fn(() => jsonResponse(sentMessage(77, { candidate: { id: 7, name: 'Anna de Vries', email: 'anna@example.com' } }), 201));
    const { fetchMock } = await renderDrawer({
      'GET /api/meeting-types': meetingTypeList([meetingType(11, { name: 'Intro call' }), meetingType(12, { name: 'Deep dive', durationMinutes: 60 })]),
      'POST /api/candidates/7/messages': send,
    });
    const footer = await screen.findByTestId('drawer-footer');
    fireEvent.click(await within(footer).findByRole('button', { name: 'Send booking link' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Intro call (30 min)', 'Deep dive (60 min)']);
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Deep dive (60 min)' }));

    await waitFor(() => expect(getDrawerState().compose).toMatchObject({ open: true, candidateId: 7, candidateName: 'Anna de Vries' }));
    const compose = await screen.findByRole('dialog', { name: 'Compose Message' });
    const message = within(compose).getByLabelText<HTMLTextAreaElement>(/^Message/, { selector: 'textarea' });
    await waitFor(() => expect(message.value).toBe("Hi Anna,\n\nI'd like to talk with you. Pick a time that suits you here: {{bookingLink}}"
      + '\n\nBest regards,\nRita Recruiter'));
    expect(within(compose).getByLabelText<HTMLInputElement>('Subject', { exact: false, selector: 'input' }).value).not.toBe('');
    expect(callsTo(fetchMock, 'POST', '/api/booking-links')).toHaveLength(0);

    fireEvent.click(within(compose).getByRole('button', { name: 'Send message' }));
    await waitFor(() => expect(send).toHaveBeenCalled());
    expect(sentJson(callsTo(fetchMock, 'POST', '/api/candidates/7/messages')[0][1])).toMatchObject({ bookingMeetingTypeId: 12 });
    expect(callsTo(fetchMock, 'POST', '/api/booking-links')).toHaveLength(0);
  });

  it('with one meeting type there is nothing to choose, and a cancelled message leaves no link', async () => {
    const { fetchMock } = await renderDrawer();
    const send = await within(await screen.findByTestId('drawer-footer')).findByRole('button', { name: 'Send booking link' });
    await waitFor(() => expect(send.hasAttribute('disabled')).toBe(false));
    fireEvent.click(send);
    expect(screen.queryByRole('menu')).toBeNull();
    const compose = await screen.findByRole('dialog', { name: 'Compose Message' });
    fireEvent.click(within(compose).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(getDrawerState().compose.open).toBe(false));
    expect(callsTo(fetchMock, 'POST', '/api/booking-links')).toHaveLength(0);
  });

  it('a candidate who cannot be emailed still gets a link to copy, and is told why it is not sent', async () => {
    const create = vi.fn(() => jsonResponse(createdBookingLink(92, 'no-mail'), 201));
    const { section } = await renderDrawer({
      'GET /api/candidates/7': detail(7, { allowsEmail: false, contactBlockers: { email: ['no_consent'], whatsapp: [] } }),
      'POST /api/booking-links': create,
    });
    expect((await within(section).findByTestId('booking-link-cannot-email')).textContent).toContain('Candidate has not consented to email');
    const footer = screen.getByTestId('drawer-footer');
    expect(within(footer).queryByRole('button', { name: 'Send booking link' })).toBeNull();
    const button = within(footer).getByRole('button', { name: 'Create booking link' });
    await waitFor(() => expect(button.hasAttribute('disabled')).toBe(false));
    fireEvent.click(button);
    expect(await screen.findByText('Booking link created')).toBeTruthy();
    expect(create).toHaveBeenCalled();
    expect(getDrawerState().compose.open).toBe(false);
  });

  it('without meeting types it points to meeting booking instead', async () => {
    const { section } = await renderDrawer({ 'GET /api/meeting-types': meetingTypeList([]) });
    const note = await within(section).findByTestId('no-meeting-types');
    expect(within(note).getByRole('link', { name: 'Set up meeting booking' }).getAttribute('href')).toBe('/app/meeting-booking');
    expect(within(screen.getByTestId('drawer-footer')).queryByRole('button', { name: /booking link/ })).toBeNull();
    expect(within(screen.getByTestId('drawer-footer')).getByRole('button', { name: 'Send message' })).toBeTruthy();
  });
});

describe('compose: Insert booking link', () => {
  function stubCompose(extra: Record<string, unknown> = {}) {
    return stubFetch({
      'GET /api/candidates': candidateList([listedCandidate(2, { name: 'Pool Person 2' }), listedCandidate(3, { name: 'Pool Person 3' })]),
      'GET /api/talent-pools': poolList([pool(1, 'Frontend', 2)]),
      'GET /api/ai-templates': [],
      ...extra,
    });
  }
  const dialog = () => screen.getByRole('dialog', { name: 'Compose Message' });
  const messageField = () => within(dialog()).getByLabelText<HTMLTextAreaElement>(/^Message/, { selector: 'textarea' });

  it('for one candidate: inserts {{bookingLink}} at the cursor, their own link made when the message is sent', async () => {
    const fetchMock = stubCompose();
    renderAt('/app', <GlobalPanels />, { user: recruiter });
    act(() => openPanel('compose', { candidateId: 2, candidateName: 'Pool Person 2', content: 'Book here:  Thanks!' }));
    // The dialog first puts the focus on its first control; the recruiter works after that.
    await waitFor(() => expect(dialog().contains(document.activeElement)).toBe(true));
    expect(within(dialog()).getByTestId('booking-link-hint').textContent).toBe('Their own link, made when the message is sent');
    const field = messageField();
    field.setSelectionRange(11, 11);
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Insert booking link' }));
    await waitFor(() => expect(field.value).toBe('Book here: {{bookingLink}} Thanks!'));
    expect(callsTo(fetchMock, 'POST', '/api/booking-links')).toHaveLength(0);
    expect(document.activeElement).toBe(field);
    expect(field.selectionStart).toBe('Book here: {{bookingLink}}'.length);
  });

  it('for a pool: inserts {{bookingLink}}, which each recipient gets filled with their own link', async () => {
    const fetchMock = stubCompose();
    renderAt('/app', <GlobalPanels />, { user: recruiter });
    act(() => openPanel('compose', { talentPoolId: 1, content: 'Hi {{firstName}}, pick a time:' }));
    expect(within(dialog()).getByTestId('booking-link-hint').textContent).toBe('Each recipient gets their own link');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Insert booking link' }));
    await waitFor(() => expect(messageField().value).toBe('Hi {{firstName}}, pick a time: {{bookingLink}}'));
    // Not a blank for the recruiter to fill: the campaign fills it.
    expect(within(dialog()).queryByTestId('compose-placeholders-to-fill')).toBeNull();
    expect(callsTo(fetchMock, 'POST', '/api/booking-links')).toHaveLength(0);
  });

  it('waits for a candidate to be chosen', () => {
    stubCompose();
    renderAt('/app', <GlobalPanels />, { user: recruiter });
    act(() => openPanel('compose'));
    expect(within(dialog()).getByRole('button', { name: 'Insert booking link' }).hasAttribute('disabled')).toBe(true);
    expect(within(dialog()).getByTestId('booking-link-hint').textContent).toBe('Choose a candidate first');
  });
});

describe('dashboard: Upcoming meetings', () => {
  it('lists my next 5 meetings with the candidate (to the drawer), type and Join', async () => {
    const fetchMock = stubFetch({
      'GET /api/meetings': meetingList([6, 2, 4, 1, 3, 5].map((id) => meeting(id, {
        candidate: { id: 100 + id, name: `Person ${id}`, email: null },
        meetingType: { id: 1, name: id === 1 ? 'Intro call' : 'Deep dive', colour: 'teal' },
      }))),
    });
    await renderPage('/app', <DashboardPage />, { user: recruiter });
    expect(screen.getByText('Welcome back, Rita Recruiter.')).toBeTruthy();
    const card = screen.getByRole('region', { name: 'Upcoming meetings' });
    const rows = await within(card).findAllByTestId('upcoming-meeting');
    expect(rows).toHaveLength(5);
    expect(rows.map((row) => within(row).getByRole('link', { name: /^Person/ }).textContent)).toEqual(['Person 1', 'Person 2', 'Person 3', 'Person 4', 'Person 5']);
    expect(within(rows[0]).getByRole('link', { name: 'Person 1' }).getAttribute('href')).toBe('/app/people?candidate=101');
    expect(rows[0].textContent).toContain('Intro call');
    expect(within(rows[0]).getByRole('link', { name: /^Join/ }).getAttribute('href')).toBe('https://teams.microsoft.com/l/meetup-join/1');
    expect(queryOf(fetchMock, '/api/meetings')).toMatchObject({ status: 'confirmed,rescheduled', recruiter: 'me' });
  });

  it('with none: "Set your availability" links to meeting booking', async () => {
    stubFetch({ 'GET /api/meetings': meetingList([]) });
    await renderPage('/app', <DashboardPage />, { user: recruiter });
    const empty = await screen.findByTestId('no-upcoming-meetings');
    expect(within(empty).getByRole('link', { name: 'Set your availability' }).getAttribute('href')).toBe('/app/meeting-booking');
  });
});

describe('insertText', () => {
  it('replaces the selection (or adds at the end), a space apart from the words around it', () => {
    expect(insertText('a  b', 'X', { start: 2, end: 2 })).toEqual({ value: 'a X b', caret: 3 });
    expect(insertText('ab', 'X', { start: 1, end: 1 })).toEqual({ value: 'a X b', caret: 4 });
    expect(insertText('a bcd e', 'X', { start: 2, end: 5 })).toEqual({ value: 'a X e', caret: 3 });
    expect(insertText('Hello', 'X', null)).toEqual({ value: 'Hello X', caret: 7 });
    expect(insertText('', 'X', null)).toEqual({ value: 'X', caret: 1 });
    expect(insertText('Hi\n', 'X', null)).toEqual({ value: 'Hi\nX', caret: 4 });
  });
});
