// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { accessRequestAnswerSchema } from '#domain/auth/schemas.ts';
import { answer, failure } from './answers.ts';
import { ACCESS_REQUESTS, AUDIT_LOG, bannedRecruiter, USERS } from './authFixtures.ts';
import { renderApp } from './renderInRouter.tsx';
import { admin, currentUrl, jsonResponse, recruiter, sentJson, stubFetch } from './renderWithProviders.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const DENIED_TEXT = "You don't have permission to access this page. Admin privileges are required.";

describe('/app/admin for a non-admin', () => {
  it('shows Access Denied with the exact text and no admin calls', async () => {
    const fetchMock = stubFetch({});
    await renderApp('/app/admin', { user: recruiter });
    const denied = screen.getByTestId('access-denied');
    expect(within(denied).getByRole('heading', { level: 1 }).textContent).toBe('Access Denied');
    expect(screen.getByText(DENIED_TEXT)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('"Back to Dashboard" goes to /app', async () => {
    stubFetch({});
    await renderApp('/app/admin', { user: recruiter });
    fireEvent.click(screen.getByRole('button', { name: 'Back to Dashboard' }));
    await waitFor(() => expect(currentUrl()).toBe('/app'));
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Dashboard'));
  });

  it('redirects to /app after about 3 seconds', async () => {
    stubFetch({});
    // Both pages' code loaded first: with a fake clock, nothing may wait for a chunk (React's Suspense retries use timers).
    const { router } = await renderApp('/app', { user: recruiter });
    await router.preload('/app/admin');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await act(() => router.navigate({ href: '/app/admin' }));
    expect(screen.getByTestId('access-denied')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(2900));
    expect(currentUrl()).toBe('/app/admin');
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(currentUrl()).toBe('/app');
    vi.useRealTimers();
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Dashboard'));
  });
});

describe('/app/admin for an admin', () => {
  it('lists users in the Users tab', async () => {
    stubFetch({ 'GET /api/admin/users': USERS });
    await renderApp('/app/admin', { user: admin });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Admin Portal');
    expect(screen.getByRole('tab', { name: 'Users' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Access requests' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Audit log' })).toBeTruthy();
    expect(await screen.findByTestId('user-row-rita')).toBeTruthy();
    expect(screen.getByTestId('user-row-ada')).toBeTruthy();
  });

  it('bans a user with PATCH { banned: true }', async () => {
    const patch = vi.fn(() => jsonResponse(bannedRecruiter));
    const fetchMock = stubFetch({ 'GET /api/admin/users': USERS, 'PATCH /api/admin/users/u-recruiter': patch });
    await renderApp('/app/admin', { user: admin });
    fireEvent.click(await screen.findByRole('button', { name: 'Ban rita' }));
    await waitFor(() => expect(patch).toHaveBeenCalled());
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/admin/users/u-recruiter')!;
    expect(sentJson(call[1])).toEqual({ banned: true });
    expect(await screen.findByText('User updated')).toBeTruthy();
  });

  it('does not let admins ban or demote themselves', async () => {
    stubFetch({ 'GET /api/admin/users': USERS });
    await renderApp('/app/admin', { user: admin });
    expect((await screen.findByRole('button', { name: 'Ban ada' })).hasAttribute('disabled')).toBe(true);
  });

  it('approves an access request', async () => {
    const [nina] = ACCESS_REQUESTS.requests;
    const patch = vi.fn(() => jsonResponse(answer(accessRequestAnswerSchema, { request: { ...nina, status: 'approved' } })));
    const fetchMock = stubFetch({
      'GET /api/admin/users': USERS,
      'GET /api/admin/access-requests': ACCESS_REQUESTS,
      [`PATCH /api/admin/access-requests/${nina.id}`]: patch,
    });
    await renderApp('/app/admin', { user: admin });
    fireEvent.click(screen.getByRole('tab', { name: 'Access requests' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(patch).toHaveBeenCalled());
    const call = fetchMock.mock.calls.find(([url]) => url === `/api/admin/access-requests/${nina.id}`)!;
    expect(sentJson(call[1])).toEqual({ status: 'approved' });
  });

  it('shows the audit log', async () => {
    stubFetch({
      'GET /api/admin/users': USERS,
      'GET /api/admin/audit-log': AUDIT_LOG,
    });
    await renderApp('/app/admin', { user: admin });
    fireEvent.click(screen.getByRole('tab', { name: 'Audit log' }));
    // In words: who, what, about whom by name, the details labelled; no ids, no JSON.
    const [created, unknown] = await screen.findAllByTestId('audit-entry');
    expect(within(created).getByText('Created a user')).toBeTruthy();
    expect(within(created).getByText('bram')).toBeTruthy();
    expect(within(created).getByText('Role: recruiter')).toBeTruthy();
    expect(within(created).getByText('Password changed: no')).toBeTruthy();
    expect(created.textContent).not.toMatch(/u9|\{/);
    // An action this interface has no words for shows its code rather than nothing.
    expect(within(unknown).getByText('pipeline.rebuilt')).toBeTruthy();
    expect(within(unknown).getByText('system')).toBeTruthy();
  });

  it('asks for two-factor set-up when the API answers 403 two_factor_required', async () => {
    stubFetch({
      'GET /api/admin/users': () => jsonResponse(failure({ error: 'Two-factor authentication required', code: 'two_factor_required' }), 403),
    });
    await renderApp('/app/admin', { user: admin });
    expect(await screen.findByText('Set up two-factor authentication before using the Admin Portal.')).toBeTruthy();
    const go = screen.getByRole('link', { name: 'Go to Settings' });
    expect(go.getAttribute('href')).toBe('/app/settings?enrol=2fa');
    fireEvent.click(go);
    await waitFor(() => expect(currentUrl()).toBe('/app/settings?enrol=2fa'));
    expect(await screen.findByTestId('enrol-2fa-alert')).toBeTruthy();
  });

  it('sends an admin without two-factor to enrol in Settings first', async () => {
    const fetchMock = stubFetch({});
    await renderApp('/app/admin', { user: { ...admin, twoFactorEnabled: false } });
    expect(await screen.findByTestId('enrol-2fa-alert')).toBeTruthy();
    expect(window.location.pathname + window.location.search).toBe('/app/settings?enrol=2fa');
    expect(fetchMock).not.toHaveBeenCalledWith(expect.stringContaining('/api/admin'), expect.anything());
  });

  it('takes a new admin without two-factor from the page after sign-in to enrolment', async () => {
    stubFetch({});
    await renderApp('/app', { user: { ...admin, twoFactorEnabled: false } });
    expect(await screen.findByTestId('enrol-2fa-alert')).toBeTruthy();
    expect(window.location.pathname + window.location.search).toBe('/app/settings?enrol=2fa');
  });
});
