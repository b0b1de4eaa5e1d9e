// @vitest-environment jsdom
// Settings' tabs: the active one in the URL (linkable), ?enrol=2fa on Security, Organisation
// for admins only, keyboard between tabs; and the profile's email and interface language.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SettingsPage } from '#app/pages/settings/SettingsPage.tsx';
import { activeSettingsTab } from '#app/pages/settings/pageParams.ts';
import { profileSettingsSchema } from '#domain/settings/schemas.ts';
import { answer, failure } from './answers.ts';
import { SESSIONS } from './authFixtures.ts';
import { renderPage } from './renderInRouter.tsx';
import { admin, currentUrl, jsonResponse, recruiter, sentJson, stubFetch } from './renderWithProviders.tsx';
import { profileSettings } from './settingsFixtures.ts';

afterEach(() => vi.unstubAllGlobals());

const PROFILE = profileSettings();

const tab = (name: string) => screen.getByRole('tab', { name });

describe('settings tabs', () => {
  it('shows Profile, Security and Integrations to a recruiter, Organisation as well to an admin', async () => {
    stubFetch({ 'GET /api/settings/profile': PROFILE });
    const view = await renderPage('/app/settings', <SettingsPage />, { user: recruiter });
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Profile', 'Security', 'Integrations']);
    expect(tab('Profile').getAttribute('aria-selected')).toBe('true');
    view.unmount();
    await renderPage('/app/settings', <SettingsPage />, { user: admin });
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Profile', 'Security', 'Organisation', 'Integrations']);
  });

  it('puts the tab in the URL, and opens the tab the URL names', async () => {
    stubFetch({ 'GET /api/settings/profile': PROFILE, 'GET /api/auth/sessions': SESSIONS });
    const { router } = await renderPage('/app/settings', <SettingsPage />, { user: recruiter });
    fireEvent.click(tab('Security'));
    await waitFor(() => expect(currentUrl()).toBe('/app/settings?tab=security'));
    expect(await screen.findByTestId('security-card')).toBeTruthy();
    fireEvent.click(tab('Profile'));
    await waitFor(() => expect(currentUrl()).toBe('/app/settings'));
    await act(() => router.navigate({ href: '/app/settings?tab=security' }));
    await waitFor(() => expect(tab('Security').getAttribute('aria-selected')).toBe('true'));
  });

  it('moves between tabs with the arrow keys', async () => {
    stubFetch({ 'GET /api/settings/profile': PROFILE, 'GET /api/auth/sessions': SESSIONS });
    await renderPage('/app/settings', <SettingsPage />, { user: recruiter });
    const user = userEvent.setup();
    tab('Profile').focus();
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(tab('Security'));
    await waitFor(() => expect(currentUrl()).toBe('/app/settings?tab=security'));
  });

  it('lands on Security with the enrolment notice for ?enrol=2fa, and drops it on leaving', async () => {
    stubFetch({ 'GET /api/settings/profile': PROFILE, 'GET /api/auth/sessions': SESSIONS });
    await renderPage('/app/settings?enrol=2fa', <SettingsPage />, { user: { ...admin, twoFactorEnabled: false } });
    expect(tab('Security').getAttribute('aria-selected')).toBe('true');
    expect(screen.getByTestId('enrol-2fa-alert')).toBeTruthy();
    fireEvent.click(tab('Profile'));
    await waitFor(() => expect(currentUrl()).toBe('/app/settings'));
    expect(screen.queryByTestId('enrol-2fa-alert')).toBeNull();
  });

  it('picks the tab from the URL: enrolment first, an unknown or forbidden tab falls back to Profile', () => {
    expect(activeSettingsTab({ enrol: '2fa', tab: 'integrations' }, admin)).toBe('security');
    expect(activeSettingsTab({ tab: 'organisation' }, recruiter)).toBe('profile');
    expect(activeSettingsTab({ tab: 'organisation' }, admin)).toBe('organisation');
    expect(activeSettingsTab({}, admin)).toBe('profile');
  });
});

describe('settings: profile email and language', () => {
  const form = () => within(screen.getByRole('form', { name: 'Your profile' }));

  it('saves a new email and Dutch as the language', async () => {
    const fetchMock = stubFetch({
      'GET /api/settings/profile': PROFILE,
      'PUT /api/settings/profile': answer(profileSettingsSchema, { ...PROFILE, email: 'rita@acme.example', language: 'nl' }),
    });
    await renderPage('/app/settings', <SettingsPage />, { user: recruiter });
    await screen.findByRole('form', { name: 'Your profile' });
    expect(form().getByLabelText<HTMLInputElement>(/^Email/).value).toBe('rita@example.com');
    const language = form().getByLabelText<HTMLInputElement>(/^Language/, { selector: 'input' });
    expect(language.value).toBe("The browser's language");
    fireEvent.change(form().getByLabelText(/^Email/), { target: { value: 'Rita@Acme.example' } });
    fireEvent.click(language);
    fireEvent.click(await screen.findByRole('option', { name: 'Nederlands' }));
    fireEvent.click(form().getByRole('button', { name: 'Save profile' }));
    // Saved in Dutch: the interface has switched by the time it says so.
    expect(await screen.findByText('Profiel opgeslagen')).toBeTruthy();
    const put = fetchMock.mock.calls.find(([url, init]) => url === '/api/settings/profile' && init?.method === 'PUT')!;
    expect(sentJson(put[1])).toMatchObject({ email: 'rita@acme.example', language: 'nl' });
  });

  it('names a bad email before sending, and an address in use at its field', async () => {
    const fetchMock = stubFetch({
      'GET /api/settings/profile': PROFILE,
      'PUT /api/settings/profile': () => jsonResponse(failure({ error: 'email is already in use by another account', field: 'email' }), 409),
    });
    await renderPage('/app/settings', <SettingsPage />, { user: recruiter });
    await screen.findByRole('form', { name: 'Your profile' });
    fireEvent.change(form().getByLabelText(/^Email/), { target: { value: 'rita at example' } });
    fireEvent.click(form().getByRole('button', { name: 'Save profile' }));
    expect(await form().findByText('email must be a valid email address')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);

    fireEvent.change(form().getByLabelText(/^Email/), { target: { value: 'ada@example.com' } });
    fireEvent.click(form().getByRole('button', { name: 'Save profile' }));
    expect(await form().findByText('email is already in use by another account')).toBeTruthy();
  });
});
