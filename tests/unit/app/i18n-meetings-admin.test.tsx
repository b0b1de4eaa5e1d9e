// @vitest-environment jsdom
// The Meetings page, the Meeting booking page and the Admin portal in Dutch: what a
// user reads there (headings, buttons, labels, dates, week days, 24-hour times,
// validation messages, toasts). English stays word for word: the pages' own tests.
import { notifications } from '@mantine/notifications';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setInterfaceLanguage } from '#app/i18n/i18n.ts';
import { MeetingBookingPage } from '#app/pages/MeetingBookingPage.tsx';
import { MeetingsPage } from '#app/pages/MeetingsPage.tsx';
import { issueText } from '#app/i18n/serverText.ts';
import { msg } from '#domain/i18n/codes.ts';
import { ACCESS_REQUESTS, bannedRecruiter, USERS } from './authFixtures.ts';
import { meetingType, meetingTypeList, previewSlots, settingsAnswer } from './meetingFixtures.ts';
import { meeting, meetingAnswer, meetingList } from './meetingListFixtures.ts';
import { renderApp, renderPage } from './renderInRouter.tsx';
import { admin, jsonResponse, recruiter, stubFetch } from './renderWithProviders.tsx';

beforeEach(async () => {
  await setInterfaceLanguage('nl');
});

afterEach(async () => {
  act(() => notifications.clean());
  vi.unstubAllGlobals();
  await setInterfaceLanguage('en');
  localStorage.clear();
});

const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
const TIME_RANGE = /^\d\d:\d\d – \d\d:\d\d$/;

describe('Meetings in Dutch', () => {
  it('shows the list, the meeting drawer, and cancels with a Dutch toast', async () => {
    const anna = meeting(1);
    stubFetch({
      'GET /api/meetings': meetingList([anna, meeting(2, { location: { kind: 'phone', detail: '+31 6 1234 5678' }, candidate: null,
        attendee: { name: 'Bram Jansen', email: 'bram@example.com' }, teams: { state: 'created' } })]),
      'POST /api/meetings/1/cancel': meetingAnswer({ ...anna, status: 'cancelled', cancelledBy: 'recruiter', cancelReason: null }),
    });
    await renderPage('/app/meetings', <MeetingsPage />, { user: recruiter });

    expect(screen.getByRole('heading', { level: 1, name: 'Afspraken' })).toBeTruthy();
    expect(document.title).toContain('Afspraken');
    expect(screen.getByRole('link', { name: 'Boekingsinstellingen' })).toBeTruthy();
    expect(screen.getByTestId('meetings-time-zone').textContent).toBe(`Tijden in ${zone}`);
    expect(screen.getByRole('tab', { name: 'Komend' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Voorbij' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Lijst' })).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('Host', { selector: 'input' }).value).toBe('Ik');
    expect(screen.getByPlaceholderText('Alle statussen')).toBeTruthy();

    const wednesday = await screen.findByRole('region', { name: 'woensdag 6 maart 2030' });
    const row = within(within(wednesday).getByTestId('meeting-row-1'));
    expect(row.getByTestId('meeting-time').textContent).toMatch(TIME_RANGE);
    expect(row.getByText('Bevestigd')).toBeTruthy();
    expect(within(screen.getByTestId('meeting-row-2')).getByText('Telefonisch: +31 6 1234 5678')).toBeTruthy();

    fireEvent.click(row.getByRole('button', { name: /^Details van de afspraak met Anna de Vries, \d\d:\d\d – \d\d:\d\d$/ }));
    const detail = within(await screen.findByTestId('meeting-detail'));
    expect(screen.getByRole('heading', { name: 'Afspraak met Anna de Vries' })).toBeTruthy();
    expect(detail.getByRole('heading', { name: 'Wanneer' })).toBeTruthy();
    expect(detail.getByRole('heading', { name: 'Wie en waar' })).toBeTruthy();
    expect(detail.getByText('Tijd van de kandidaat (America/New_York)')).toBeTruthy();
    expect(detail.getByLabelText('Notities')).toBeTruthy();
    expect(detail.getByRole('heading', { name: 'Herinneringen' })).toBeTruthy();
    expect(detail.getByText('Geen herinneringen voor deze afspraak.')).toBeTruthy();

    fireEvent.click(detail.getByRole('button', { name: 'Afspraak annuleren' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Afspraak annuleren' }));
    expect(dialog.getByText(/^De afspraak met Anna de Vries op wo 6 mrt, \d\d:\d\d – \d\d:\d\d wordt geannuleerd\./)).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Afspraak annuleren' }));
    expect(await screen.findByText('Afspraak geannuleerd. De kandidaat krijgt een e-mail.')).toBeTruthy();
  });

  it('shows the week calendar with Dutch day names and 24-hour times', async () => {
    stubFetch({ 'GET /api/meetings': meetingList([meeting(1)]) });
    await renderPage('/app/meetings?view=week&week=2030-03-06', <MeetingsPage />, { user: recruiter });

    expect(screen.getByTestId('week-label').textContent).toBe('4 mrt – 10 mrt 2030');
    expect(screen.getByRole('button', { name: 'Vorige week' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Volgende week' })).toBeTruthy();
    const calendar = within(await screen.findByTestId('week-calendar'));
    expect(calendar.getByText('ma 4')).toBeTruthy();
    expect(calendar.getByText('zo 10')).toBeTruthy();
    expect(calendar.getByText('07:00')).toBeTruthy();
    expect(calendar.getByText('19:00')).toBeTruthy();
    const day = within(screen.getByRole('region', { name: 'woensdag 6 maart 2030' }));
    expect(day.getByRole('button', { name: /^\d\d:\d\d – \d\d:\d\d, Anna de Vries, Intro call, Bevestigd$/ }).dataset.testid).toBe('week-meeting-1');
  });

  it('says an empty upcoming list in Dutch', async () => {
    stubFetch({ 'GET /api/meetings': meetingList([]) });
    await renderPage('/app/meetings', <MeetingsPage />, { user: recruiter });
    expect(await screen.findByText('Geen komende afspraken. Stuur een kandidaat een boekingslink vanuit het profiel.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Naar Kandidaten' })).toBeTruthy();
  });
});

describe('Meeting booking in Dutch', () => {
  const form = () => within(screen.getByTestId('availability-form'));
  const input = (label: string) => form().getByLabelText<HTMLInputElement>(label, { selector: 'input' });

  async function renderBooking() {
    const fetchMock = stubFetch({
      'GET /api/booking-settings': settingsAnswer(),
      'GET /api/meeting-types': meetingTypeList(meetingType(1), meetingType(2, { name: 'Belafspraak', locationKind: 'phone', locationDetail: '+31 6 12345678' })),
      'GET /api/booking-settings/slots': previewSlots,
      'DELETE /api/meeting-types/2': () => new Response(null, { status: 204 }),
    });
    await renderPage('/app/meeting-booking', <MeetingBookingPage />, { user: recruiter });
    await screen.findByTestId('availability-form');
    return fetchMock;
  }

  it('shows meeting types, availability with Dutch week days, and the preview', async () => {
    await renderBooking();
    expect(screen.getByRole('heading', { level: 1, name: 'Afspraken plannen' })).toBeTruthy();
    expect(document.title).toContain('Afspraken plannen');

    const types = within(screen.getByTestId('meeting-types'));
    expect(types.getByRole('heading', { name: 'Afspraaktypes' })).toBeTruthy();
    expect(types.getByText('30 min · Microsoft Teams')).toBeTruthy();
    expect(types.getByText('30 min · Telefonisch: +31 6 12345678')).toBeTruthy();
    expect(types.getByRole('button', { name: 'Intro call bewerken' })).toBeTruthy();

    expect(screen.getByRole('heading', { name: 'Beschikbaarheid' })).toBeTruthy();
    expect(screen.getByText('Outlook-agenda niet gekoppeld')).toBeTruthy();
    expect(form().getByLabelText<HTMLInputElement>('Tijdzone', { selector: 'input' }).value).toBe('Europe/Amsterdam');
    expect(input('Maandag').checked).toBe(true);
    expect(input('Zondag').checked).toBe(false);
    expect(input('Begin van tijdvak 2 op maandag').value).toBe('13:00');
    expect(input('Einde van tijdvak 2 op maandag').value).toBe('17:00');
    expect(within(screen.getByTestId('day-saturday')).getByText('Niet beschikbaar')).toBeTruthy();
    expect(input('Vrije dag voor uitzondering 1').checked).toBe(true);
    expect(input('Buffer vooraf').value).toBe('5 min');
    expect(input('Boekingshorizon').value).toBe('30 dagen');
    expect(input('Maximum per dag').value).toBe('6 afspraken');
    expect(input('Minimale aankondiging').value).toBe('4');
    expect(input('Eenheid van de minimale aankondiging').value).toBe('uur');
    expect(form().getByRole('button', { name: 'Beschikbaarheid opslaan' })).toBeTruthy();

    const preview = within(screen.getByTestId('booking-preview'));
    expect(preview.getByRole('heading', { name: 'Voorbeeld zoals de kandidaat het ziet' })).toBeTruthy();
    expect(await preview.findByText('Hoi Alex,')).toBeTruthy();
    const invitation = preview.getByText((_, element) => element?.tagName === 'P' && /nodigt je uit/.test(element.textContent ?? ''));
    expect(invitation.textContent).toMatch(/^.+ nodigt je uit om een tijd te kiezen voor Intro call \(30 minuten, Microsoft Teams\)\.$/);
    expect(preview.getByText(/^Tijden in Europe\/Amsterdam \(Midden-Europese (standaard|winter|zomer)tijd\)\.$/)).toBeTruthy();
    expect(preview.getByRole('heading', { name: 'maandag 30 november' })).toBeTruthy();
    expect(preview.getByRole('list', { name: 'Vrije tijden op maandag 30 november' }).textContent).toBe('09:0009:30');
  });

  it('says validation errors in Dutch', async () => {
    await renderBooking();
    fireEvent.change(input('Tijdstap'), { target: { value: '' } });
    fireEvent.click(form().getByRole('button', { name: 'Beschikbaarheid opslaan' }));
    expect(await form().findByText('De tijdstap moet een heel aantal minuten zijn, van 5 tot 240')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Afspraaktype toevoegen' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Afspraaktype toevoegen' }));
    fireEvent.click(dialog.getByRole('radio', { name: 'Telefonisch' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Afspraaktype toevoegen' }));
    expect(await dialog.findByText('Vul een naam in')).toBeTruthy();
    expect(dialog.getByText('Vul het telefoonnummer in om te bellen')).toBeTruthy();
    expect(dialog.getByLabelText(/^Telefoonnummer om te bellen/)).toBeTruthy();
    expect(dialog.getByRole('button', { name: 'Blauwgroen' })).toBeTruthy();
  });

  it('names ranges and dates in Dutch messages, and leaves English and unknown messages as they are', async () => {
    const overlap = msg('validation.range_overlap', {
      field: 'availability.monday.1', times: '10:00-13:00', otherField: 'availability.monday.0', otherTimes: '09:00-12:00',
    });
    expect(issueText(overlap)).toBe('Tijdvak 2 op maandag (10:00-13:00) overlapt met tijdvak 1 op maandag (09:00-12:00)');
    expect(issueText(msg('validation.range_order', { field: 'overrides.0.ranges.0', end: '09:00', start: '10:00' })))
      .toBe('Het einde van tijdvak 1 van uitzondering 1 (09:00) moet na het begin (10:00) liggen');
    expect(issueText(msg('validation.override_date_twice', { field: 'overrides.2', date: '2026-12-24', otherField: 'overrides.0' })))
      .toBe('De datum van uitzondering 3 (2026-12-24) staat al bij uitzondering 1');
    expect(issueText('Something the server says')).toBe('Something the server says');
    await setInterfaceLanguage('en');
    expect(issueText(overlap)).toBe('availability.monday.1 (10:00-13:00) overlaps availability.monday.0 (09:00-12:00)');
    expect(issueText(msg('validation.whole_minutes', { field: 'slotStepMinutes', min: 5, max: 240 })))
      .toBe('slotStepMinutes must be a whole number of minutes from 5 to 240');
  });

  it('deletes a meeting type with a Dutch confirmation and toast', async () => {
    await renderBooking();
    fireEvent.click(screen.getByRole('button', { name: 'Belafspraak verwijderen' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Afspraaktype verwijderen' }));
    expect(dialog.getByText(/^Wil je "Belafspraak" verwijderen\?/)).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Verwijderen' }));
    expect(await screen.findByText('Afspraaktype verwijderd')).toBeTruthy();
  });
});

describe('Admin portal in Dutch', () => {
  it('shows the portal, its tabs and users, and bans with a Dutch toast', async () => {
    stubFetch({
      'GET /api/admin/users': USERS,
      'GET /api/admin/access-requests': ACCESS_REQUESTS,
      'PATCH /api/admin/users/u-recruiter': () => jsonResponse(bannedRecruiter),
    });
    await renderApp('/app/admin', { user: admin });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Beheerportaal');
    expect(document.title).toContain('Beheerportaal');
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent))
      .toEqual(['Gebruikers', 'Toegangsaanvragen', 'Auditlog', 'Suppressielijst', 'Bewaartermijnen', 'Verzoeken']);

    const rita = within(await screen.findByTestId('user-row-rita'));
    expect(screen.getByText('2 gebruikers')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Tweestapsverificatie' })).toBeTruthy();
    expect(rita.getByText('Actief')).toBeTruthy();
    expect(rita.getAllByLabelText<HTMLInputElement>('Rol van rita')[0].value).toBe('Recruiter');
    fireEvent.click(rita.getByRole('button', { name: 'rita blokkeren' }));
    expect(await screen.findByText('Gebruiker bijgewerkt')).toBeTruthy();

    fireEvent.click(screen.getByRole('tab', { name: 'Toegangsaanvragen' }));
    expect(await screen.findByRole('button', { name: 'Goedkeuren' })).toBeTruthy();
    expect(screen.getByText('in afwachting')).toBeTruthy();
  });

  it('says the new-user form and its validation in Dutch', async () => {
    stubFetch({ 'GET /api/admin/users': USERS });
    await renderApp('/app/admin', { user: admin });
    fireEvent.click(await screen.findByRole('button', { name: 'Nieuwe gebruiker' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Nieuwe gebruiker' }));
    expect(dialog.getByText('Minstens 12 tekens')).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Gebruiker aanmaken' }));
    expect(await dialog.findByText('De gebruikersnaam heeft 3 tot 30 letters, cijfers, punten of liggende streepjes')).toBeTruthy();
    expect(dialog.getByText('Vul een geldig e-mailadres in')).toBeTruthy();
    expect(dialog.getByText('Het wachtwoord moet minstens 12 tekens lang zijn')).toBeTruthy();
  });

  it('denies a recruiter in Dutch', async () => {
    stubFetch({});
    await renderApp('/app/admin', { user: recruiter });
    const denied = within(screen.getByTestId('access-denied'));
    expect(denied.getByRole('heading', { level: 1 }).textContent).toBe('Geen toegang');
    expect(denied.getByRole('button', { name: 'Terug naar het dashboard' })).toBeTruthy();
    await waitFor(() => expect(document.title).toContain('Geen toegang'));
  });
});
