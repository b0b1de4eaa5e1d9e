// @vitest-environment jsdom
// The interface in Dutch: the user's setting wins, else the browser's language, else
// English; saving the setting in Settings switches the interface at once.
import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { InterfaceLanguage } from '#app/i18n/InterfaceLanguage.tsx';
import { setInterfaceLanguage } from '#app/i18n/i18n.ts';
import { browserLanguage } from '#app/i18n/language.ts';
import { formatDateTime } from '#app/i18n/format.ts';
import type { ProfileSettings } from '#domain/settings/schemas.ts';
import { busyDashboard } from './dashboardFixtures.ts';
import { meeting, meetingList } from './meetingListFixtures.ts';
import { renderApp } from './renderInRouter.tsx';
import { jsonResponse, Providers, recruiter, sentJson, stubFetch } from './renderWithProviders.tsx';
import { profileSettings } from './settingsFixtures.ts';

const profile = (language: ProfileSettings['language']) => profileSettings({ language });

function stubApp(language: ProfileSettings['language'], extra: Record<string, unknown> = {}) {
  return stubFetch({
    'GET /api/settings/profile': profile(language),
    'GET /api/dashboard': busyDashboard,
    'GET /api/meetings': meetingList([]),
    ...extra,
  });
}

/** The app as App.tsx mounts it: the language follower next to the routed shell, on one query client. */
async function renderAppWithLanguage(path: string) {
  const view = await renderApp(path, { user: recruiter });
  render(<Providers client={view.client}><InterfaceLanguage /></Providers>);
  return view;
}

const sidebar = () => within(screen.getByTestId('sidebar'));

// The Dutch texts are a lazy chunk; here, transformed on first import, they can take longer
// than a query's wait, so they are compiled once up front (the switch itself stays lazy).
beforeAll(async () => { await import('#domain/i18n/nl.ts'); });

beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(DOMRect.fromRect({ width: 600, height: 240 }));
});

afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
  await setInterfaceLanguage('en');
  localStorage.clear();
});

describe('interface language', () => {
  it('picks Dutch when the first language of the browser we speak is Dutch', () => {
    expect(browserLanguage(['nl-NL', 'en'])).toBe('nl');
    expect(browserLanguage(['de-DE', 'nl-BE', 'en'])).toBe('nl');
    expect(browserLanguage(['en-GB', 'nl'])).toBe('en');
    expect(browserLanguage(['fr-FR'])).toBe('en');
    expect(browserLanguage([])).toBe('en');
  });

  it('shows the shell and the dashboard in Dutch for a user who chose Dutch', async () => {
    stubApp('nl', {
      'GET /api/meetings': meetingList([meeting(1), meeting(2, { location: { kind: 'phone', detail: '+31 6 1234 5678' } })]),
    });
    await renderAppWithLanguage('/app');
    expect(await sidebar().findByRole('link', { name: 'Kandidaten' })).toBeTruthy();
    expect(sidebar().getAllByRole('link').map((link) => link.textContent)).toEqual(
      ['Dashboard', 'Kandidaten', 'Communicatie', 'Instellingen', 'Afspraken', 'Afspraken plannen']);
    expect(sidebar().getByRole('button', { name: 'Uitloggen' })).toBeTruthy();
    expect(sidebar().getByTestId('sidebar-role').textContent).toBe('recruiter');
    const bar = screen.getByRole('navigation', { name: 'Mobiele navigatie', hidden: true });
    expect(within(bar).getAllByRole('link', { hidden: true }).map((link) => link.textContent))
      .toEqual(['Dashboard', 'Kandidaten', 'Communicatie', 'Instellingen']);

    expect(await screen.findByText('Welkom terug, Rita Recruiter.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Wacht op antwoord' })).toBeTruthy();
    expect(screen.getByTestId('kpi-sent').textContent).toBe('E-mails verstuurd1.234');
    expect(screen.getByTestId('kpi-human-open-rate').textContent).toContain('41,5%');
    expect(screen.getByRole('radio', { name: '30 dagen' })).toBeTruthy();
    expect(document.title).toContain('Dashboard');
    expect(screen.getAllByText(/^Ontvangen \d+ (feb|mrt) 2030 om \d\d:\d\d$/)).toHaveLength(2);

    const meetings = within(screen.getByTestId('upcoming-meetings-card'));
    expect(await meetings.findAllByText('Bevestigd')).toHaveLength(2);
    expect(meetings.getByText('Teams-link wordt aangemaakt…')).toBeTruthy();
    expect(meetings.getByText('Telefonisch: +31 6 1234 5678')).toBeTruthy();
    expect(meetings.getAllByText(/^wo 6 mrt, \d\d:\d\d – \d\d:\d\d$/)).toHaveLength(2);
  });

  it("follows the browser's language when the user has no setting", async () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['nl-NL', 'nl', 'en']);
    stubApp(null);
    await renderAppWithLanguage('/app');
    expect(await sidebar().findByRole('link', { name: 'Instellingen' })).toBeTruthy();
  });

  it('stays English for an English browser with no setting, word for word as before', async () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-GB', 'nl']);
    stubApp(null);
    await renderAppWithLanguage('/app');
    await screen.findByText('Welcome back, Rita Recruiter.');
    expect(sidebar().getAllByRole('link').map((link) => link.textContent)).toEqual(
      ['Dashboard', 'People', 'Communications', 'Settings', 'Meetings', 'Meeting booking']);
    expect(formatDateTime('2026-03-05T14:07:00')).toBe('Mar 5, 2026 at 2:07 PM');
  });

  it('switches at once when Dutch is saved in Settings, and back', async () => {
    let saved: ProfileSettings['language'] = null;
    const fetchMock = stubApp(null, {
      'GET /api/auth/me': { user: recruiter },
      'PUT /api/settings/profile': (_url: string, init: RequestInit) => {
        saved = sentJson(init).language || null;
        return jsonResponse(profile(saved));
      },
    });
    await renderAppWithLanguage('/app/settings');
    const form = within(await screen.findByRole('form', { name: 'Your profile' }));
    expect(sidebar().getByRole('link', { name: 'Settings' })).toBeTruthy();

    fireEvent.click(form.getByLabelText(/^Language/, { selector: 'input' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Nederlands' }));
    fireEvent.click(form.getByRole('button', { name: /profile|profiel/i }));

    expect(await sidebar().findByRole('link', { name: 'Instellingen' })).toBeTruthy();
    expect(saved).toBe('nl');
    expect(fetchMock.mock.calls.some(([url, init]) => url === '/api/settings/profile' && init?.method === 'PUT')).toBe(true);
    expect(formatDateTime('2026-03-05T14:07:00')).toBe('5 mrt 2026 om 14:07');

    fireEvent.click(form.getByLabelText(/^(Language|Taal)/, { selector: 'input' }));
    fireEvent.click(await screen.findByRole('option', { name: 'English' }));
    fireEvent.click(form.getByRole('button', { name: /profile|profiel/i }));
    expect(await sidebar().findByRole('link', { name: 'Settings' })).toBeTruthy();
    expect(saved).toBe('en');
  });
});
