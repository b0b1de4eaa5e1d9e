// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MeetingBookingPage } from '#app/pages/MeetingBookingPage.tsx';
import { failure } from './answers.ts';
import { meetingType, meetingTypeAnswer, meetingTypeList, previewSlots, settingsAnswer } from './meetingFixtures.ts';
import { renderPage } from './renderInRouter.tsx';
import { jsonResponse, recruiter, requestUrl, sentJson, stubFetch } from './renderWithProviders.tsx';

afterEach(() => vi.unstubAllGlobals());

const intro = meetingType(1);

function stubBookingApi(routes: Record<string, unknown> = {}) {
  return stubFetch({
    'GET /api/booking-settings': settingsAnswer(),
    'GET /api/meeting-types': meetingTypeList(intro),
    'GET /api/booking-settings/slots': previewSlots,
    ...routes,
  });
}

async function renderBookingPage() {
  const view = await renderPage('/app/meeting-booking', <MeetingBookingPage />, { user: recruiter });
  await screen.findByTestId('availability-form');
  return view;
}

const form = () => within(screen.getByTestId('availability-form'));
const input = (label: string) => form().getByLabelText<HTMLInputElement>(label, { selector: 'input' });
const callsTo = (fetchMock: ReturnType<typeof stubFetch>, method: string, path: string) =>
  fetchMock.mock.calls.filter(([url, init]) => (init?.method ?? 'GET') === method && requestUrl(url).split('?')[0] === path);

/** Opens a Mantine Select by its accessible name and picks an option. */
async function choose(label: string, option: string) {
  fireEvent.click(input(label));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

describe('meeting booking settings', () => {
  it('tells a recruiter that Teams is not connected yet and to ask their admin, without set-up steps', async () => {
    stubBookingApi({
      'GET /api/booking-settings': settingsAnswer({
        calendar: { connected: false, code: 'not_connected', message: 'Teams is not configured: … To turn it on, set MS_TENANT_ID, …' },
      }),
    });
    await renderBookingPage();
    const status = screen.getByTestId('calendar-status').textContent;
    expect(status).toContain('Teams is not connected yet');
    expect(status).toContain('Ask your admin to connect Microsoft Teams.');
    expect(status).not.toMatch(/MS_TENANT_ID|Entra/);
  });

  it('shows the saved settings, the calendar status and the meeting types', async () => {
    stubBookingApi({
      'GET /api/booking-settings': settingsAnswer({
        warnings: [{ field: 'durationMinutes', message: 'A 240-minute meeting is longer than every availability range' }],
      }),
    });
    await renderBookingPage();

    expect(form().getByLabelText<HTMLInputElement>('Time zone', { selector: 'input' }).value).toBe('Europe/Amsterdam');
    expect(input('Monday').checked).toBe(true);
    expect(input('Start of range 1 on Monday').value).toBe('09:00');
    expect(input('End of range 1 on Monday').value).toBe('12:00');
    expect(input('Start of range 2 on Monday').value).toBe('13:00');
    expect(input('End of range 2 on Monday').value).toBe('17:00');
    expect(input('Saturday').checked).toBe(false);
    expect(within(screen.getByTestId('day-saturday')).getByText('Unavailable')).toBeTruthy();
    expect(input('Date of override 1').value).toBe('2026-12-24');
    expect(input('Day off for override 1').checked).toBe(true);
    expect(input('Buffer before').value).toBe('5 min');
    expect(input('Buffer after').value).toBe('10 min');
    expect(input('Minimum notice').value).toBe('4');
    expect(input('Minimum notice unit').value).toBe('hours');
    expect(input('Booking horizon').value).toBe('30 days');
    expect(input('Slot step').value).toBe('30 min');
    expect(input('Daily maximum').value).toBe('6 meetings');

    expect(screen.getByTestId('calendar-status').textContent).toContain('Teams not configured: set GRAPH_TENANT_ID');
    expect(screen.getByTestId('settings-warnings').textContent).toContain('A 240-minute meeting is longer than every availability range');
    const types = within(screen.getByTestId('meeting-types'));
    expect(types.getByText('Intro call')).toBeTruthy();
    expect(types.getByText('30 min · Microsoft Teams')).toBeTruthy();
  });

  it('shows an overlapping range at its field without sending anything', async () => {
    const fetchMock = stubBookingApi();
    await renderBookingPage();

    fireEvent.click(form().getByRole('button', { name: 'Add range on Tuesday' }));
    expect(input('Start of range 2 on Tuesday').value).toBe('17:00');
    await choose('Start of range 2 on Tuesday', '10:00');
    fireEvent.click(form().getByRole('button', { name: 'Save availability' }));

    const message = 'availability.tuesday.1 (10:00-18:00) overlaps availability.tuesday.0 (09:00-17:00)';
    expect(await form().findByText(message)).toBeTruthy();
    expect(input('Start of range 2 on Tuesday').getAttribute('aria-invalid')).toBe('true');
    expect(input('Start of range 2 on Tuesday').getAttribute('aria-errormessage')).toBe('error-availability-tuesday-1');
    await waitFor(() => expect(document.activeElement).toBe(input('Start of range 2 on Tuesday')));
    expect(callsTo(fetchMock, 'PUT', '/api/booking-settings')).toHaveLength(0);
  });

  it('saves the whole settings with PUT and says so', async () => {
    const fetchMock = stubBookingApi({
      'PUT /api/booking-settings': (_url: string, init: RequestInit) => jsonResponse(settingsAnswer({ settings: sentJson(init) })),
    });
    await renderBookingPage();

    fireEvent.change(input('Buffer before'), { target: { value: '15' } });
    fireEvent.click(input('Saturday'));
    fireEvent.change(input('Daily maximum'), { target: { value: '' } });
    fireEvent.click(form().getByRole('button', { name: 'Save availability' }));

    expect(await screen.findByText('Availability saved')).toBeTruthy();
    const [put] = callsTo(fetchMock, 'PUT', '/api/booking-settings');
    const { settings } = settingsAnswer();
    expect(sentJson(put[1])).toEqual({
      ...settings,
      availability: { ...settings.availability, saturday: [{ start: '09:00', end: '17:00' }] },
      bufferBeforeMinutes: 15,
      maxPerDay: null,
    });
  });

  it('shows a server error on the field it names', async () => {
    const error = 'availability.monday.1 (13:00-17:00) is refused by the server';
    stubBookingApi({ 'PUT /api/booking-settings': () => jsonResponse(failure({ error, field: 'availability.monday.1' }), 422) });
    await renderBookingPage();

    fireEvent.click(form().getByRole('button', { name: 'Save availability' }));

    const shown = await form().findByText(error);
    expect(shown.id).toBe('error-availability-monday-1');
    expect(input('Start of range 2 on Monday').getAttribute('aria-invalid')).toBe('true');
    expect(input('End of range 2 on Monday').getAttribute('aria-invalid')).toBe('true');
    expect(input('Start of range 1 on Monday').getAttribute('aria-invalid')).not.toBe('true');
    expect(document.activeElement).toBe(input('Start of range 2 on Monday'));
  });

  it('adds a meeting type: posts it and lists it', async () => {
    const created = meetingType(2, {
      name: 'Final interview', durationMinutes: 45, description: null, locationKind: 'phone', locationDetail: '+31 6 12345678', colour: 'teal',
    });
    let types = meetingTypeList(intro);
    const fetchMock = stubBookingApi({
      'GET /api/meeting-types': () => jsonResponse(types),
      'POST /api/meeting-types': () => {
        types = meetingTypeList(intro, created);
        return jsonResponse(meetingTypeAnswer(created), 201);
      },
    });
    await renderBookingPage();

    fireEvent.click(within(screen.getByTestId('meeting-types')).getByRole('button', { name: 'Add meeting type' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add meeting type' }));
    fireEvent.change(dialog.getByLabelText('Name', { exact: false }), { target: { value: 'Final interview' } });
    fireEvent.click(dialog.getByLabelText('45 min'));
    fireEvent.click(dialog.getByLabelText('Phone'));
    fireEvent.change(dialog.getByLabelText('Phone number to call', { exact: false }), { target: { value: '+31 6 12345678' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Teal' }));
    expect(dialog.getByRole('button', { name: 'Teal' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(dialog.getByRole('button', { name: 'Add meeting type' }));

    const row = await screen.findByTestId('meeting-type-2');
    expect(within(row).getByText('Final interview')).toBeTruthy();
    expect(within(row).getByText('45 min · Phone: +31 6 12345678')).toBeTruthy();
    const [post] = callsTo(fetchMock, 'POST', '/api/meeting-types');
    expect(sentJson(post[1])).toEqual({
      name: 'Final interview', durationMinutes: 45, description: null, locationKind: 'phone', locationDetail: '+31 6 12345678', colour: 'teal',
      kind: 'one_on_one', distribution: 'availability',
      reminders: [{ minutesBefore: 1440, channel: 'email' }, { minutesBefore: 60, channel: 'email' }],
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add meeting type' })).toBeNull());
  });

  it('previews the coming week as the candidate sees it, by day in the recruiter\'s zone', async () => {
    const fetchMock = stubBookingApi();
    await renderBookingPage();

    const preview = within(await screen.findByTestId('candidate-view'));
    expect(preview.getByText('Hi Alex,')).toBeTruthy();
    expect(preview.getByText(/Rita Recruiter invites you to book a time for/).textContent)
      .toContain('Intro call (30 minutes, Microsoft Teams)');
    const monday = within(await preview.findByTestId('preview-day-2026-11-30'));
    expect(monday.getByRole('heading', { name: 'Monday, November 30' })).toBeTruthy();
    expect(monday.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['9:00 AM', '9:30 AM']);
    const tuesday = within(preview.getByTestId('preview-day-2026-12-01'));
    expect(tuesday.getByRole('heading', { name: 'Tuesday, December 1' })).toBeTruthy();
    expect(tuesday.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['2:00 PM']);

    const [slotsCall] = callsTo(fetchMock, 'GET', '/api/booking-settings/slots');
    const query = new URL(requestUrl(slotsCall[0]), 'http://x').searchParams;
    expect(query.get('meetingTypeId')).toBe('1');
    expect(query.get('timeZone')).toBe('Europe/Amsterdam');
    expect(Date.parse(query.get('to')!) - Date.parse(query.get('from')!)).toBe(7 * 24 * 60 * 60 * 1000);
  });
});
