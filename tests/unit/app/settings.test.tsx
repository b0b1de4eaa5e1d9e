// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SettingsPage } from '#app/pages/settings/SettingsPage.tsx';
import { ME_QUERY_KEY } from '#app/session/useSession.ts';
import { privacySettingsSchema } from '#domain/engagement/schemas.ts';
import { organisationSettingsSchema, profileSettingsSchema } from '#domain/settings/schemas.ts';
import { answer, failure } from './answers.ts';
import { ENROLMENT as SETUP, SUCCESS } from './authFixtures.ts';
import { renderPage } from './renderInRouter.tsx';
import { admin, jsonResponse, recruiter, sentJson, stubFetch } from './renderWithProviders.tsx';
import { organisationSettings, profileSettings } from './settingsFixtures.ts';

afterEach(() => vi.unstubAllGlobals());

describe('settings', () => {
  it('shows the profile', async () => {
    stubFetch({});
    await renderPage('/app/settings', <SettingsPage />, { user: recruiter });
    expect(screen.getByText('rita')).toBeTruthy();
    expect(screen.getByText('Rita Recruiter')).toBeTruthy();
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
    const { client } = await renderPage('/app/settings?tab=security', <SettingsPage />, { user: recruiter });
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
    await renderPage('/app/settings?tab=security', <SettingsPage />, { user: recruiter });
    fireEvent.change(screen.getByLabelText('Current password'), { target: { value: 'nope' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set up two-factor' }));
    expect(await screen.findByText('Invalid password')).toBeTruthy();
  });

  it('rejects a code that is not 6 digits without calling the API', async () => {
    const fetchMock = stubFetch({ 'POST /api/auth/two-factor/setup': SETUP });
    await renderPage('/app/settings?tab=security', <SettingsPage />, { user: recruiter });
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
    const first = await renderPage('/app/settings?tab=security', <SettingsPage />, { user: admin });
    expect(screen.getByText('Two-factor authentication is on')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Disable' })).toBeNull();
    first.unmount();

    await renderPage('/app/settings?tab=security', <SettingsPage />, { user: { ...recruiter, twoFactorEnabled: true } });
    expect(screen.getByText('Two-factor authentication is on')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Password to disable'), { target: { value: 'pw' } });
    fireEvent.click(screen.getByRole('button', { name: 'Disable' }));
    expect(await screen.findByText('Two-factor disabled')).toBeTruthy();
  });
});

describe('settings: privacy (open and click tracking)', () => {
  const TRACKING_ON = answer(privacySettingsSchema, { trackingEnabled: true });

  it('an admin turns tracking off: the setting is saved and confirmed', async () => {
    const fetchMock = stubFetch({
      'GET /api/settings/privacy': TRACKING_ON,
      'PUT /api/settings/privacy': answer(privacySettingsSchema, { trackingEnabled: false }),
    });
    await renderPage('/app/settings?tab=organisation', <SettingsPage />, { user: admin });
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
    await renderPage('/app/settings?tab=organisation', <SettingsPage />, { user: admin });
    fireEvent.click(await screen.findByRole('switch', { name: /^Track opens and clicks for the whole organisation/ }));
    expect(await screen.findByText('Could not save the privacy setting')).toBeTruthy();
    expect(screen.getByText(/Only administrators can do this/)).toBeTruthy();
  });
});

describe('settings: profile and organisation', () => {
  const PROFILE = profileSettings();
  const ORGANISATION = organisationSettings({
    companyName: 'Acme Talent', website: 'https://acme.example', industry: 'fintech', senderName: 'Acme Recruiting',
    senderEmail: 'jobs@acme.example', signature: 'Acme Talent\nHerengracht 1', defaultLanguage: 'english',
  });
  const form = (name: string) => within(screen.getByRole('form', { name }));

  it('a recruiter edits their title and signature: saved, confirmed, the session read again', async () => {
    const fetchMock = stubFetch({
      'GET /api/settings/profile': PROFILE,
      'GET /api/settings/organisation': ORGANISATION,
      'PUT /api/settings/profile': answer(profileSettingsSchema, { ...PROFILE, title: 'Talent Partner', signature: 'Rita\nTalent Partner' }),
    });
    const { client } = await renderPage('/app/settings', <SettingsPage />, { user: recruiter });
    client.setQueryData(ME_QUERY_KEY, recruiter);
    await screen.findByRole('form', { name: 'Your profile' });
    const profile = form('Your profile');
    expect(profile.getByLabelText<HTMLInputElement>(/^Display name/).value).toBe('Rita Recruiter');
    fireEvent.change(profile.getByLabelText(/^Title/), { target: { value: 'Talent Partner' } });
    fireEvent.change(profile.getByLabelText(/^Signature/), { target: { value: 'Rita\nTalent Partner' } });
    fireEvent.click(profile.getByRole('button', { name: 'Save profile' }));

    expect(await screen.findByText('Profile saved')).toBeTruthy();
    const put = fetchMock.mock.calls.find(([url, init]) => url === '/api/settings/profile' && init?.method === 'PUT')!;
    expect(sentJson(put[1])).toEqual({
      displayName: 'Rita Recruiter', title: 'Talent Partner', email: 'rita@example.com', signature: 'Rita\nTalent Partner',
      timeZone: 'Europe/Amsterdam', language: null, staffEmails: true,
    });
    await waitFor(() => expect(client.getQueryState(ME_QUERY_KEY)?.isInvalidated).toBe(true));
  });

  it('an admin turns the admin emails to them off in their profile; a recruiter has no such switch', async () => {
    const fetchMock = stubFetch({
      'GET /api/settings/profile': PROFILE,
      'GET /api/settings/organisation': ORGANISATION,
      'PUT /api/settings/profile': answer(profileSettingsSchema, { ...PROFILE, staffEmails: false }),
    });
    const view = await renderPage('/app/settings', <SettingsPage />, { user: admin });
    await screen.findByRole('form', { name: 'Your profile' });
    const staffEmails = form('Your profile').getByRole<HTMLInputElement>('switch', { name: /^Admin emails to me/ });
    expect(staffEmails.checked).toBe(true);
    fireEvent.click(staffEmails);
    fireEvent.click(form('Your profile').getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Profile saved')).toBeTruthy();
    const put = fetchMock.mock.calls.find(([url, init]) => url === '/api/settings/profile' && init?.method === 'PUT')!;
    expect(sentJson(put[1])).toMatchObject({ staffEmails: false });
    view.unmount();

    await renderPage('/app/settings', <SettingsPage />, { user: recruiter });
    await screen.findByRole('form', { name: 'Your profile' });
    expect(form('Your profile').queryByRole('switch', { name: /^Admin emails to me/ })).toBeNull();
  });

  it('the organisation\'s emails to admins say whom they go to, and warn once the last admin has turned them off', async () => {
    let recipients = [{ id: admin.id, name: 'Ann Admin' }];
    stubFetch({
      'GET /api/settings/profile': PROFILE,
      'GET /api/settings/organisation': () => jsonResponse(answer(organisationSettingsSchema, { ...ORGANISATION, adminEmailRecipients: recipients })),
      'PUT /api/settings/profile': () => {
        recipients = [];
        return jsonResponse(answer(profileSettingsSchema, { ...PROFILE, staffEmails: false }));
      },
    });
    await renderPage('/app/settings?tab=organisation', <SettingsPage />, { user: admin });
    expect((await screen.findByTestId('admin-email-recipients')).textContent).toBe('They go to Ann Admin.');

    fireEvent.click(screen.getByRole('tab', { name: 'Profile' }));
    await screen.findByRole('form', { name: 'Your profile' });
    expect(screen.queryByTestId('no-other-admin-emails')).toBeNull();
    fireEvent.click(form('Your profile').getByRole('switch', { name: /^Admin emails to me/ }));
    // Said before saving: Ann is the only one who gets them.
    expect((await screen.findByTestId('no-other-admin-emails')).textContent)
      .toBe('No other admin gets these emails: with this off, access requests and the erasure preview are emailed to nobody.');
    fireEvent.click(form('Your profile').getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Profile saved')).toBeTruthy();

    fireEvent.click(screen.getByRole('tab', { name: 'Organisation' }));
    const warning = await screen.findByText('No admin gets these emails');
    expect(warning.closest('[data-testid="admin-email-recipients"]')!.textContent)
      .toContain('Every admin has turned off “Admin emails to me” in Settings → Profile.');
  });

  it('turning admin emails off says nothing while another admin still gets them', async () => {
    stubFetch({
      'GET /api/settings/profile': PROFILE,
      'GET /api/settings/organisation': answer(organisationSettingsSchema, { ...ORGANISATION, adminEmailRecipients: [
        { id: admin.id, name: 'Ann Admin' }, { id: 'another-admin', name: 'Bram Beheer' }] }),
    });
    // Whom they go to is read first (the Organisation tab shows it), so that the Profile tab has it when the switch moves.
    await renderPage('/app/settings?tab=organisation', <SettingsPage />, { user: admin });
    expect((await screen.findByTestId('admin-email-recipients')).textContent).toBe('They go to 2 admins: Ann Admin, Bram Beheer.');
    fireEvent.click(screen.getByRole('tab', { name: 'Profile' }));
    await screen.findByRole('form', { name: 'Your profile' });
    const staffEmails = form('Your profile').getByRole<HTMLInputElement>('switch', { name: /^Admin emails to me/ });
    fireEvent.click(staffEmails);
    await waitFor(() => expect(staffEmails.checked).toBe(false));
    expect(screen.queryByTestId('no-other-admin-emails')).toBeNull();
  });

  it('checks the profile in the browser with the API\'s schema, and shows a refusal at its field', async () => {
    const fetchMock = stubFetch({
      'GET /api/settings/profile': PROFILE,
      'GET /api/settings/organisation': ORGANISATION,
      'PUT /api/settings/profile': () => jsonResponse(failure({ error: 'timeZone must be an IANA time zone like Europe/Amsterdam', field: 'timeZone' }), 400),
    });
    await renderPage('/app/settings', <SettingsPage />, { user: recruiter });
    await screen.findByRole('form', { name: 'Your profile' });
    const profile = form('Your profile');
    fireEvent.change(profile.getByLabelText(/^Display name/), { target: { value: '   ' } });
    fireEvent.click(profile.getByRole('button', { name: 'Save profile' }));
    expect(await profile.findByText('displayName is required')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url, init]) => url === '/api/settings/profile' && init?.method === 'PUT')).toBe(false);

    fireEvent.change(profile.getByLabelText(/^Display name/), { target: { value: 'Rita R.' } });
    fireEvent.click(profile.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Could not save your profile')).toBeTruthy();
    expect(profile.getByText('timeZone must be an IANA time zone like Europe/Amsterdam')).toBeTruthy();
  });

  it('a recruiter has no Organisation tab, and ?tab=organisation shows their profile', async () => {
    stubFetch({ 'GET /api/settings/profile': PROFILE, 'GET /api/settings/organisation': ORGANISATION });
    await renderPage('/app/settings?tab=organisation', <SettingsPage />, { user: recruiter });
    expect(screen.queryByRole('tab', { name: 'Organisation' })).toBeNull();
    expect(screen.getByRole('tab', { name: 'Profile', selected: true })).toBeTruthy();
    await screen.findByRole('form', { name: 'Your profile' });
    expect(screen.queryByRole('form', { name: 'Organisation settings' })).toBeNull();
  });

  it('an admin changes the organisation: a bad website is named before sending, then it saves, the weekly email switched off', async () => {
    const saved = answer(organisationSettingsSchema, { ...ORGANISATION, companyName: 'Acme Group', website: 'https://acme.group' });
    const fetchMock = stubFetch({
      'GET /api/settings/profile': { ...PROFILE, username: 'ada' },
      'GET /api/settings/organisation': ORGANISATION,
      'PUT /api/settings/organisation': saved,
    });
    await renderPage('/app/settings?tab=organisation', <SettingsPage />, { user: admin });
    await screen.findByRole('form', { name: 'Organisation settings' });
    const organisation = form('Organisation settings');
    fireEvent.change(organisation.getByLabelText(/^Company name/), { target: { value: 'Acme Group' } });
    fireEvent.change(organisation.getByLabelText(/^Website/), { target: { value: 'acme.group' } });
    fireEvent.click(organisation.getByRole('button', { name: 'Save organisation settings' }));
    expect(await organisation.findByText('website must be a web address like https://example.com')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);

    fireEvent.change(organisation.getByLabelText(/^Website/), { target: { value: 'https://acme.group' } });
    // The weekly erasure preview email, on by default, switched off.
    const digest = organisation.getByRole('switch', { name: /^Weekly erasure preview by email/ });
    expect((digest as HTMLInputElement).checked).toBe(true);
    fireEvent.click(digest);
    fireEvent.click(organisation.getByRole('button', { name: 'Save organisation settings' }));
    expect(await screen.findByText('Organisation settings saved')).toBeTruthy();
    const put = fetchMock.mock.calls.find(([url, init]) => url === '/api/settings/organisation' && init?.method === 'PUT')!;
    expect(sentJson(put[1])).toEqual({
      companyName: 'Acme Group', website: 'https://acme.group', industry: 'fintech', senderName: 'Acme Recruiting',
      senderEmail: 'jobs@acme.example', signature: 'Acme Talent\nHerengracht 1', defaultLanguage: 'english', timeZone: 'Europe/Amsterdam', sendFrom: 'shared',
      consentValidMonths: 24, renewalLeadDays: 30, retentionDigest: false, accessRequestEmails: true,
    });
  });

  it('tells an admin why the organisation could not be saved', async () => {
    stubFetch({
      'GET /api/settings/profile': PROFILE,
      'GET /api/settings/organisation': ORGANISATION,
      'PUT /api/settings/organisation': () => jsonResponse(failure({ error: 'Set up two-factor authentication before using the Admin Portal.' }), 403),
    });
    await renderPage('/app/settings?tab=organisation', <SettingsPage />, { user: admin });
    await screen.findByRole('form', { name: 'Organisation settings' });
    const organisation = form('Organisation settings');
    fireEvent.change(organisation.getByLabelText(/^Industry/), { target: { value: 'healthcare' } });
    fireEvent.click(organisation.getByRole('button', { name: 'Save organisation settings' }));
    expect(await screen.findByText('Could not save the organisation settings')).toBeTruthy();
    expect(screen.getByText(/Set up two-factor authentication before using the Admin Portal/)).toBeTruthy();
  });
});
