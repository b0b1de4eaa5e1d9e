// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SettingsPage } from '#app/pages/settings/SettingsPage.tsx';
import { ME_QUERY_KEY } from '#app/session/useSession.ts';
import { privacySettingsSchema } from '#domain/engagement/schemas.ts';
import { answer, failure } from './answers.ts';
import { ENROLMENT as SETUP, SUCCESS } from './authFixtures.ts';
import { renderPage } from './renderInRouter.tsx';
import { admin, jsonResponse, recruiter, sentJson, stubFetch } from './renderWithProviders.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('settings', () => {
  it('shows the profile', async () => {
    stubFetch({});
    await renderPage('/app/settings', <SettingsPage />, { user: recruiter });
    expect(screen.getByText('rita')).toBeTruthy();
    expect(screen.getByText('Rita Recruiter')).toBeTruthy();
    expect(screen.getByText('rita@example.com')).toBeTruthy();
    expect(screen.getByText('recruiter')).toBeTruthy();
    expect(screen.queryByTestId('enrol-2fa-alert')).toBeNull();
  });

  it('explains enrolment with ?enrol=2fa', async () => {
    stubFetch({});
    await renderPage('/app/settings?enrol=2fa', <SettingsPage />, { user: { ...admin, twoFactorEnabled: false } });
    expect(screen.getByTestId('enrol-2fa-alert').textContent).toContain('Administrators must enrol');
  });

  it('sets up two-factor: password, QR code, backup codes, confirm', async () => {
    const fetchMock = stubFetch({
      'POST /api/auth/two-factor/setup': SETUP,
      'POST /api/auth/two-factor/confirm': SUCCESS,
    });
    const { client } = await renderPage('/app/settings', <SettingsPage />, { user: recruiter });
    client.setQueryData(ME_QUERY_KEY, recruiter);

    fireEvent.change(screen.getByLabelText('Current password'), { target: { value: 'my-password-123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set up two-factor' }));

    const qr = await screen.findByAltText('QR code for your authenticator app');
    expect(qr.getAttribute('src')).toBe('data:image/svg+xml;utf8,' + encodeURIComponent(SETUP.qrCodeSvg));
    expect(screen.getByTestId('otpauth-uri').textContent).toBe(SETUP.totpURI);
    expect(screen.getByText('aaaa-1111')).toBeTruthy();
    expect(screen.getByText('bbbb-2222')).toBeTruthy();
    const setupCall = fetchMock.mock.calls.find(([url]) => url === '/api/auth/two-factor/setup')!;
    expect(sentJson(setupCall[1])).toEqual({ password: 'my-password-123' });

    const confirm = screen.getByRole('button', { name: 'Confirm' });
    expect(confirm.hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByLabelText('I have saved these codes'));
    fireEvent.change(screen.getByLabelText('Authentication code'), { target: { value: '123456' } });
    fireEvent.click(confirm);

    expect(await screen.findByText('Two-factor enabled')).toBeTruthy();
    const confirmCall = fetchMock.mock.calls.find(([url]) => url === '/api/auth/two-factor/confirm')!;
    expect(sentJson(confirmCall[1])).toEqual({ code: '123456' });
    await waitFor(() => expect(client.getQueryState(ME_QUERY_KEY)?.isInvalidated).toBe(true));
  });

  it('shows the server error for a wrong password', async () => {
    stubFetch({ 'POST /api/auth/two-factor/setup': () => jsonResponse(failure({ error: 'Invalid password' }), 400) });
    await renderPage('/app/settings', <SettingsPage />, { user: recruiter });
    fireEvent.change(screen.getByLabelText('Current password'), { target: { value: 'nope' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set up two-factor' }));
    expect(await screen.findByText('Invalid password')).toBeTruthy();
  });

  it('rejects a code that is not 6 digits without calling the API', async () => {
    const fetchMock = stubFetch({ 'POST /api/auth/two-factor/setup': SETUP });
    await renderPage('/app/settings', <SettingsPage />, { user: recruiter });
    fireEvent.change(screen.getByLabelText('Current password'), { target: { value: 'pw' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set up two-factor' }));
    await screen.findByAltText('QR code for your authenticator app');
    fireEvent.click(screen.getByLabelText('I have saved these codes'));
    fireEvent.change(screen.getByLabelText('Authentication code'), { target: { value: '12ab' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Enter the 6-digit code from your authenticator app')).toBeTruthy();
    // The Security section reads the sessions list; the code itself was not sent.
    expect(fetchMock.mock.calls.filter(([url]) => url === '/api/auth/two-factor/confirm')).toHaveLength(0);
  });

  it('when on: admins cannot disable, recruiters can', async () => {
    stubFetch({ 'POST /api/auth/two-factor/disable': SUCCESS });
    const first = await renderPage('/app/settings', <SettingsPage />, { user: admin });
    expect(screen.getByText('Two-factor authentication is on')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Disable' })).toBeNull();
    first.unmount();

    await renderPage('/app/settings', <SettingsPage />, { user: { ...recruiter, twoFactorEnabled: true } });
    expect(screen.getByText('Two-factor authentication is on')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Password to disable'), { target: { value: 'pw' } });
    fireEvent.click(screen.getByRole('button', { name: 'Disable' }));
    expect(await screen.findByText('Two-factor disabled')).toBeTruthy();
  });
});

describe('settings: privacy (open and click tracking)', () => {
  const TRACKING_ON = answer(privacySettingsSchema, { trackingEnabled: true });

  it('a recruiter sees whether tracking is on, and cannot change it', async () => {
    stubFetch({ 'GET /api/settings/privacy': TRACKING_ON });
    await renderPage('/app/settings', <SettingsPage />, { user: recruiter });
    const toggle = await screen.findByRole('switch', { name: /^Track opens and clicks for the whole organisation/ });
    expect((toggle as HTMLInputElement).checked).toBe(true);
    expect(toggle.hasAttribute('disabled')).toBe(true);
    expect(screen.getByText('Only an administrator can change this.')).toBeTruthy();
  });

  it('an admin turns tracking off: the setting is saved and confirmed', async () => {
    const fetchMock = stubFetch({
      'GET /api/settings/privacy': TRACKING_ON,
      'PUT /api/settings/privacy': answer(privacySettingsSchema, { trackingEnabled: false }),
    });
    await renderPage('/app/settings', <SettingsPage />, { user: admin });
    const toggle = await screen.findByRole('switch', { name: /^Track opens and clicks for the whole organisation/ });
    fireEvent.click(toggle);
    expect(await screen.findByText('Tracking turned off')).toBeTruthy();
    const put = fetchMock.mock.calls.find(([url, init]) => url === '/api/settings/privacy' && init?.method === 'PUT')!;
    expect(sentJson(put[1])).toEqual({ trackingEnabled: false });
    await waitFor(() => expect((toggle as HTMLInputElement).checked).toBe(false));
  });

  it('shows why it could not save', async () => {
    stubFetch({
      'GET /api/settings/privacy': TRACKING_ON,
      'PUT /api/settings/privacy': () => jsonResponse(failure({ error: 'Only administrators can do this' }), 403),
    });
    await renderPage('/app/settings', <SettingsPage />, { user: admin });
    fireEvent.click(await screen.findByRole('switch', { name: /^Track opens and clicks for the whole organisation/ }));
    expect(await screen.findByText('Could not save the privacy setting')).toBeTruthy();
    expect(screen.getByText(/Only administrators can do this/)).toBeTruthy();
  });
});
