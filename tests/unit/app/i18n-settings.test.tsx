// @vitest-environment jsdom
// Settings (every tab), the theme demo and the 404 page in Dutch; English stays as the
// other settings tests read it word for word.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setInterfaceLanguage } from '#app/i18n/i18n.ts';
import { NotFoundPage } from '#app/pages/NotFoundPage.tsx';
import { SettingsPage } from '#app/pages/settings/SettingsPage.tsx';
import { ThemeDemoPage } from '#app/pages/ThemeDemoPage.tsx';
import { integrationsSchema } from '#domain/integrations/schemas.ts';
import { answer } from './answers.ts';
import { SESSIONS } from './authFixtures.ts';
import { renderPage } from './renderInRouter.tsx';
import { admin, recruiter, stubFetch } from './renderWithProviders.tsx';
import { organisationSettings, profileSettings } from './settingsFixtures.ts';

const PROFILE = profileSettings({ language: 'nl' });
const ORGANISATION = organisationSettings({
  companyName: 'Acme Talent', website: 'https://acme.example', industry: 'fintech', senderName: 'Acme Recruiting',
  senderEmail: 'jobs@acme.example', signature: 'Acme Talent', defaultLanguage: 'dutch',
});
const INTEGRATIONS = answer(integrationsSchema, {
  canSendTests: false, mailboxes: [],
  integrations: [{
    kind: 'mail', name: 'Mail', status: 'configured', mode: 'SMTP', summary: 'Emails go out through this SMTP server.',
    details: [{ label: 'Server', value: 'smtp.example.com:587' }], testable: true, notTestable: null,
  }],
});

function stubSettings() {
  stubFetch({
    'GET /api/settings/profile': PROFILE,
    'GET /api/settings/organisation': ORGANISATION,
    'GET /api/settings/privacy': { trackingEnabled: true },
    'GET /api/settings/integrations': INTEGRATIONS,
    'GET /api/auth/sessions': SESSIONS,
  });
}

afterEach(async () => {
  vi.unstubAllGlobals();
  await setInterfaceLanguage('en');
  localStorage.clear();
});

describe('settings in Dutch', () => {
  it('names the tabs and the profile form in Dutch', async () => {
    await setInterfaceLanguage('nl');
    stubSettings();
    await renderPage('/app/settings', <SettingsPage />, { user: admin });
    expect(screen.getByRole('heading', { level: 1, name: 'Instellingen' })).toBeTruthy();
    expect(document.title).toBe('Instellingen · Talentloop');
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Profiel', 'Beveiliging', 'Organisatie', 'Koppelingen']);
    const form = within(await screen.findByRole('form', { name: 'Je profiel' }));
    expect(form.getByLabelText(/^Weergavenaam/)).toBeTruthy();
    expect(form.getByLabelText(/^Taal/, { selector: 'input' })).toBeTruthy();
    expect(form.getByRole('button', { name: 'Profiel opslaan' })).toBeTruthy();
    expect(screen.getByText('Gebruikersnaam')).toBeTruthy();
  });

  it('shows Security, Organisation and Integrations in Dutch; API values stay as sent', async () => {
    await setInterfaceLanguage('nl');
    stubSettings();
    await renderPage('/app/settings?tab=security', <SettingsPage />, { user: admin });
    expect(await screen.findByRole('heading', { name: 'Tweestapsverificatie' })).toBeTruthy();
    expect(screen.getByText('Tweestapsverificatie staat aan')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Wachtwoord wijzigen' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Overal elders uitloggen' })).toBeTruthy();
    expect(screen.getAllByText(/Laatst actief \d+ \w+ \d{4} om \d\d:\d\d/).length).toBeGreaterThan(0);

    fireEvent.click(screen.getByRole('button', { name: 'Wachtwoord wijzigen' }));
    fireEvent.change(screen.getByLabelText(/^Nieuw wachtwoord/), { target: { value: 'a-long-enough-password' } });
    fireEvent.change(screen.getByLabelText(/^Herhaal nieuw wachtwoord/), { target: { value: 'something-else-entirely' } });
    fireEvent.change(screen.getByLabelText(/^Huidig wachtwoord/), { target: { value: 'current-password' } });
    fireEvent.click(screen.getAllByRole('button', { name: 'Wachtwoord wijzigen' }).at(-1)!);
    expect(await screen.findByText('De nieuwe wachtwoorden komen niet overeen')).toBeTruthy();

    fireEvent.click(screen.getByRole('tab', { name: 'Organisatie' }));
    const form = within(await screen.findByRole('form', { name: 'Organisatie-instellingen' }));
    expect(form.getByLabelText('Bedrijfsnaam')).toBeTruthy();
    expect(form.getByText('Bijv. fintech; vult {{industry}} in')).toBeTruthy();
    expect(form.getByLabelText<HTMLInputElement>(/^Standaardtaal/, { selector: 'input' }).value).toBe('Nederlands');
    expect(await screen.findByText('Openingen en klikken meten voor de hele organisatie')).toBeTruthy();

    fireEvent.click(screen.getByRole('tab', { name: 'Koppelingen' }));
    const mail = within(await screen.findByTestId('integration-mail'));
    expect(mail.getByText('Ingesteld')).toBeTruthy();
    expect(mail.getByText('Alleen een beheerder kan een test sturen.')).toBeTruthy();
    expect(mail.getByText('Emails go out through this SMTP server.')).toBeTruthy();
  });

  it('stays in English, word for word, for an English interface', async () => {
    stubSettings();
    await renderPage('/app/settings?tab=organisation', <SettingsPage />, { user: admin });
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Profile', 'Security', 'Organisation', 'Integrations']);
    const form = within(await screen.findByRole('form', { name: 'Organisation settings' }));
    expect(form.getByText('E.g. fintech; fills {{industry}}')).toBeTruthy();
    expect(form.getByLabelText<HTMLInputElement>(/^Default language/, { selector: 'input' }).value).toBe('Dutch');
  });
});

describe('the theme demo and the 404 page in Dutch', () => {
  it('shows the theme demo in Dutch', async () => {
    await setInterfaceLanguage('nl');
    await renderPage('/app/theme-demo', <ThemeDemoPage />, { user: recruiter });
    expect(screen.getByRole('heading', { level: 1, name: 'Themademo' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Kleuren en contrast' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Toon melding: succes' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Zijpaneel xl' })).toBeTruthy();
  });

  it('says the page was not found in Dutch, and in English as before', async () => {
    await setInterfaceLanguage('nl');
    const view = await renderPage('/app/nothing-here', <NotFoundPage />, { user: recruiter });
    expect(screen.getByRole('heading', { name: 'Pagina niet gevonden' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Terug naar het dashboard' }).getAttribute('href')).toBe('/app');
    await waitFor(() => expect(document.title).toBe('Pagina niet gevonden · Talentloop'));
    view.unmount();
    await setInterfaceLanguage('en');
    await renderPage('/app/nothing-here', <NotFoundPage />, { user: recruiter });
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(screen.getByText('The page you are looking for does not exist or has moved.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Dashboard' })).toBeTruthy();
  });
});
