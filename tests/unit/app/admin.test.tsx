// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminUser } from '#app/api/types.ts';
import { AppRoutes } from '#app/router/AppRoutes.tsx';
import { admin, currentUrl, jsonResponse, recruiter, renderAt, stubFetch } from './renderWithProviders.tsx';

vi.mock('#app/lib/browserNavigation.ts', () => ({
  assignLocation: vi.fn(),
  replaceLocation: vi.fn(),
}));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const DENIED_TEXT = "You don't have permission to access this page. Admin privileges are required.";

const users: AdminUser[] = [
  { ...admin, banned: false, createdAt: '2026-03-05T14:07:00Z' },
  { ...recruiter, banned: false, createdAt: '2026-03-06T09:00:00Z' },
];

describe('/app/admin for a non-admin', () => {
  it('shows Access Denied with the exact text and no admin calls', () => {
    const fetchMock = stubFetch({});
    renderAt('/app/admin', <AppRoutes />, { user: recruiter });
    const denied = screen.getByTestId('access-denied');
    expect(within(denied).getByRole('heading', { level: 1 }).textContent).toBe('Access Denied');
    expect(screen.getByText(DENIED_TEXT)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('"Back to Dashboard" goes to /app', () => {
    stubFetch({});
    renderAt('/app/admin', <AppRoutes />, { user: recruiter });
    fireEvent.click(screen.getByRole('button', { name: 'Back to Dashboard' }));
    expect(currentUrl()).toBe('/app');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Dashboard');
  });

  it('redirects to /app after about 3 seconds', () => {
    vi.useFakeTimers();
    stubFetch({});
    renderAt('/app/admin', <AppRoutes />, { user: recruiter });
    act(() => { vi.advanceTimersByTime(2900); });
    expect(currentUrl()).toBe('/app/admin');
    act(() => { vi.advanceTimersByTime(200); });
    expect(currentUrl()).toBe('/app');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Dashboard');
  });
});

describe('/app/admin for an admin', () => {
  it('lists users in the Users tab', async () => {
    stubFetch({ 'GET /api/admin/users': { users } });
    renderAt('/app/admin', <AppRoutes />, { user: admin });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Admin Portal');
    expect(screen.getByRole('tab', { name: 'Users' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Access requests' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Audit log' })).toBeTruthy();
    expect(await screen.findByTestId('user-row-rita')).toBeTruthy();
    expect(screen.getByTestId('user-row-ada')).toBeTruthy();
  });

  it('bans a user with PATCH { banned: true }', async () => {
    const patch = vi.fn(() => jsonResponse({ user: { ...users[1], banned: true } }));
    const fetchMock = stubFetch({ 'GET /api/admin/users': { users }, 'PATCH /api/admin/users/u-recruiter': patch });
    renderAt('/app/admin', <AppRoutes />, { user: admin });
    fireEvent.click(await screen.findByRole('button', { name: 'Ban rita' }));
    await waitFor(() => expect(patch).toHaveBeenCalled());
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/admin/users/u-recruiter')!;
    expect(JSON.parse(String(call[1]!.body))).toEqual({ banned: true });
    expect(await screen.findByText('User updated')).toBeTruthy();
  });

  it('does not let admins ban or demote themselves', async () => {
    stubFetch({ 'GET /api/admin/users': { users } });
    renderAt('/app/admin', <AppRoutes />, { user: admin });
    expect((await screen.findByRole('button', { name: 'Ban ada' })).hasAttribute('disabled')).toBe(true);
  });

  it('approves an access request', async () => {
    const patch = vi.fn(() => jsonResponse({ request: {} }));
    const fetchMock = stubFetch({
      'GET /api/admin/users': { users },
      'GET /api/admin/access-requests': {
        requests: [{ id: 'r1', name: 'Nina', email: 'nina@example.com', company: 'Acme', message: 'Hi', status: 'pending', createdAt: '2026-03-01T10:00:00Z' }],
      },
      'PATCH /api/admin/access-requests/r1': patch,
    });
    renderAt('/app/admin', <AppRoutes />, { user: admin });
    fireEvent.click(screen.getByRole('tab', { name: 'Access requests' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(patch).toHaveBeenCalled());
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/admin/access-requests/r1')!;
    expect(JSON.parse(String(call[1]!.body))).toEqual({ status: 'approved' });
  });

  it('shows the audit log', async () => {
    stubFetch({
      'GET /api/admin/users': { users },
      'GET /api/admin/audit-log': {
        entries: [{ id: 'a1', actor: 'ada', action: 'user.create', entity: 'user', entityId: 'u9', details: { role: 'recruiter' }, createdAt: '2026-03-05T14:07:00Z' }],
      },
    });
    renderAt('/app/admin', <AppRoutes />, { user: admin });
    fireEvent.click(screen.getByRole('tab', { name: 'Audit log' }));
    expect(await screen.findByText('user.create')).toBeTruthy();
    expect(screen.getByText('{"role":"recruiter"}')).toBeTruthy();
  });

  it('asks for two-factor set-up when the API answers 403 two_factor_required', async () => {
    stubFetch({
      'GET /api/admin/users': () => jsonResponse({ error: 'Two-factor authentication required', code: 'two_factor_required' }, 403),
    });
    renderAt('/app/admin', <AppRoutes />, { user: admin });
    expect(await screen.findByText('Set up two-factor authentication before using the Admin Portal.')).toBeTruthy();
    const go = screen.getByRole('link', { name: 'Go to Settings' });
    expect(go.getAttribute('href')).toBe('/app/settings?enrol=2fa');
    fireEvent.click(go);
    expect(currentUrl()).toBe('/app/settings?enrol=2fa');
    expect(screen.getByTestId('enrol-2fa-alert')).toBeTruthy();
  });

  it('sends an admin without two-factor to enrol in Settings first', async () => {
    const fetchMock = stubFetch({});
    renderAt('/app/admin', <AppRoutes />, { user: { ...admin, twoFactorEnabled: false } });
    expect(await screen.findByTestId('enrol-2fa-alert')).toBeTruthy();
    expect(window.location.pathname + window.location.search).toBe('/app/settings?enrol=2fa');
    expect(fetchMock).not.toHaveBeenCalledWith(expect.stringContaining('/api/admin'), expect.anything());
  });

  it('takes a new admin without two-factor from the page after sign-in to enrolment', async () => {
    stubFetch({});
    renderAt('/app', <AppRoutes />, { user: { ...admin, twoFactorEnabled: false } });
    expect(await screen.findByTestId('enrol-2fa-alert')).toBeTruthy();
    expect(window.location.pathname + window.location.search).toBe('/app/settings?enrol=2fa');
  });
});
