// @vitest-environment jsdom
// The Security section of Settings: password change, sessions, backup codes.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SettingsPage } from '#app/pages/settings/SettingsPage.tsx';
import { sessionListSchema } from '#domain/auth/schemas.ts';
import { answer, failure } from './answers.ts';
import { NEW_BACKUP_CODES, revoked, SESSIONS, SUCCESS } from './authFixtures.ts';
import { renderPage } from './renderInRouter.tsx';
import { admin, jsonResponse, recruiter, sentJson, stubFetch } from './renderWithProviders.tsx';
import { budget } from '../../support/time-scale.ts';

afterEach(() => vi.unstubAllGlobals());

function bodyOf(fetchMock: ReturnType<typeof stubFetch>, method: string, url: string) {
  const call = fetchMock.mock.calls.find(([u, init]) => u === url && (init?.method ?? 'GET') === method);
  if (!call) return undefined;
  return call[1]!.body == null ? null : sentJson(call[1]);
}

function securityCard() {
  return within(screen.getByTestId('security-card'));
}

describe('Settings → Security: sessions', () => {
  it('lists sessions with device, address and last activity, this device marked', async () => {
    stubFetch({ 'GET /api/auth/sessions': SESSIONS });
    await renderPage('/app/settings?tab=security', <SettingsPage />, { user: recruiter });
    const rows = await screen.findAllByTestId('session-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]).getByText('Firefox on Windows')).toBeTruthy();
    expect(within(rows[0]).getByText('This device')).toBeTruthy();
    expect(within(rows[0]).queryByRole('button', { name: /Sign out/ })).toBeNull();
    expect(within(rows[1]).getByText(/^10\.0\.0\.2 · Last active Nov 19, 2026/)).toBeTruthy();
  });

  it('signs out one session, then elsewhere', async () => {
    let sessions = SESSIONS;
    const fetchMock = stubFetch({
      'GET /api/auth/sessions': () => jsonResponse(sessions),
      [`DELETE /api/auth/sessions/${SESSIONS.sessions[1].id}`]: () => {
        sessions = answer(sessionListSchema, { sessions: [SESSIONS.sessions[0]] });
        return jsonResponse(SUCCESS);
      },
      'POST /api/auth/sessions/revoke-others': revoked(0),
    });
    await renderPage('/app/settings?tab=security', <SettingsPage />, { user: recruiter });
    fireEvent.click(await screen.findByRole('button', { name: /^Sign out Safari on iOS/ }));
    expect(await screen.findByText('Session signed out')).toBeTruthy();
    await waitFor(() => expect(screen.getAllByTestId('session-row')).toHaveLength(1));
    // Only this device left: nothing else to sign out.
    expect(securityCard().getByRole('button', { name: 'Sign out elsewhere' }).hasAttribute('disabled')).toBe(true);
    expect(fetchMock.mock.calls.some(([url, init]) => url === `/api/auth/sessions/${SESSIONS.sessions[1].id}` && init?.method === 'DELETE')).toBe(true);
  });

  it('"Sign out elsewhere" posts JSON and reports the count', async () => {
    const fetchMock = stubFetch({ 'GET /api/auth/sessions': SESSIONS, 'POST /api/auth/sessions/revoke-others': revoked(1) });
    await renderPage('/app/settings?tab=security', <SettingsPage />, { user: recruiter });
    await screen.findAllByTestId('session-row');
    fireEvent.click(securityCard().getByRole('button', { name: 'Sign out elsewhere' }));
    expect(await screen.findByText('1 other session ended.')).toBeTruthy();
    expect(bodyOf(fetchMock, 'POST', '/api/auth/sessions/revoke-others')).toEqual({});
  });
});

describe('Settings → Security: password', () => {
  it('checks the form before posting, then changes the password (keyboard only)', async () => {
    const user = userEvent.setup({ delay: null });
    const fetchMock = stubFetch({ 'GET /api/auth/sessions': SESSIONS, 'POST /api/auth/password': SUCCESS });
    await renderPage('/app/settings?tab=security', <SettingsPage />, { user: recruiter });

    securityCard().getByRole('button', { name: 'Change password' }).focus();
    await user.keyboard('{Enter}');
    const form = within(await screen.findByTestId('change-password-form'));
    expect(document.activeElement).toBe(form.getByLabelText(/^Current password/));

    await user.keyboard('old-password-1{Tab}short{Tab}short{Enter}');
    expect(await form.findByText('newPassword must be at least 12 characters')).toBeTruthy();
    await user.clear(form.getByLabelText(/^New password/));
    await user.type(form.getByLabelText(/^New password/), 'a-new-password-2');
    await user.clear(form.getByLabelText(/^Repeat new password/));
    await user.type(form.getByLabelText(/^Repeat new password/), 'a-new-password-3{Enter}');
    expect(await form.findByText('The new passwords do not match')).toBeTruthy();
    expect(bodyOf(fetchMock, 'POST', '/api/auth/password')).toBeUndefined();

    await user.clear(form.getByLabelText(/^Repeat new password/));
    await user.type(form.getByLabelText(/^Repeat new password/), 'a-new-password-2{Enter}');
    expect(await screen.findByText('Password changed')).toBeTruthy();
    expect(bodyOf(fetchMock, 'POST', '/api/auth/password')).toEqual({ currentPassword: 'old-password-1', newPassword: 'a-new-password-2' });
    await waitFor(() => expect(screen.queryByTestId('change-password-form')).toBeNull());
  }, budget(60_000)); // typing each character through user-event: slow beside Playwright on 2 cores

  it('shows the server\'s refusal on the field it names', async () => {
    stubFetch({
      'GET /api/auth/sessions': SESSIONS,
      'POST /api/auth/password': () => jsonResponse(failure({ error: 'currentPassword is incorrect', field: 'currentPassword' }), 400),
    });
    await renderPage('/app/settings?tab=security', <SettingsPage />, { user: recruiter });
    fireEvent.click(securityCard().getByRole('button', { name: 'Change password' }));
    const form = within(await screen.findByTestId('change-password-form'));
    fireEvent.change(form.getByLabelText(/^Current password/), { target: { value: 'wrong-password' } });
    fireEvent.change(form.getByLabelText(/^New password/), { target: { value: 'a-new-password-2' } });
    fireEvent.change(form.getByLabelText(/^Repeat new password/), { target: { value: 'a-new-password-2' } });
    fireEvent.click(form.getByRole('button', { name: 'Change password' }));
    expect(await form.findByText('currentPassword is incorrect')).toBeTruthy();
  });
});

describe('Settings → Security: backup codes', () => {
  it('asks for the password and shows the new codes once', async () => {
    const fetchMock = stubFetch({
      'GET /api/auth/sessions': SESSIONS,
      'POST /api/auth/two-factor/backup-codes': NEW_BACKUP_CODES,
    });
    await renderPage('/app/settings?tab=security', <SettingsPage />, { user: admin });
    fireEvent.click(securityCard().getByRole('button', { name: 'Regenerate backup codes' }));
    const form = within(await screen.findByTestId('backup-codes-form'));
    fireEvent.click(form.getByRole('button', { name: 'Generate new codes' }));
    expect(await form.findByText('Enter your password')).toBeTruthy();
    expect(bodyOf(fetchMock, 'POST', '/api/auth/two-factor/backup-codes')).toBeUndefined();

    fireEvent.change(form.getByLabelText('Password to generate new codes'), { target: { value: 'my-password-123' } });
    fireEvent.click(form.getByRole('button', { name: 'Generate new codes' }));
    const codes = within(await screen.findByTestId('new-backup-codes'));
    expect(codes.getByText('AAAAA-11111')).toBeTruthy();
    expect(codes.getByText('Your old backup codes no longer work.')).toBeTruthy();
    expect(bodyOf(fetchMock, 'POST', '/api/auth/two-factor/backup-codes')).toEqual({ password: 'my-password-123' });

    const done = codes.getByRole('button', { name: 'Done' });
    expect(done.hasAttribute('disabled')).toBe(true);
    fireEvent.click(codes.getByLabelText('I have saved these codes'));
    fireEvent.click(done);
    // Gone for good: only a new regeneration shows codes again.
    expect(screen.queryByText('AAAAA-11111')).toBeNull();
    expect(securityCard().getByRole('button', { name: 'Regenerate backup codes' })).toBeTruthy();
  });

  it('shows a wrong password under the field', async () => {
    stubFetch({
      'GET /api/auth/sessions': SESSIONS,
      'POST /api/auth/two-factor/backup-codes': () => jsonResponse(failure({ error: 'password is incorrect', field: 'password' }), 400),
    });
    await renderPage('/app/settings?tab=security', <SettingsPage />, { user: admin });
    fireEvent.click(securityCard().getByRole('button', { name: 'Regenerate backup codes' }));
    const form = within(await screen.findByTestId('backup-codes-form'));
    fireEvent.change(form.getByLabelText('Password to generate new codes'), { target: { value: 'nope' } });
    fireEvent.click(form.getByRole('button', { name: 'Generate new codes' }));
    expect(await form.findByText('password is incorrect')).toBeTruthy();
  });

  it('is offered only with two-factor authentication on', async () => {
    stubFetch({ 'GET /api/auth/sessions': SESSIONS });
    await renderPage('/app/settings?tab=security', <SettingsPage />, { user: recruiter });
    await screen.findAllByTestId('session-row');
    expect(securityCard().queryByRole('button', { name: 'Regenerate backup codes' })).toBeNull();
  });
});
