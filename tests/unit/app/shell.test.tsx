// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { assignLocation } from '#app/lib/browserNavigation.ts';
import { failure } from './answers.ts';
import { SUCCESS } from './authFixtures.ts';
import { renderApp } from './renderInRouter.tsx';
import { admin, jsonResponse, recruiter, stubFetch } from './renderWithProviders.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(assignLocation).mockClear();
});

describe('shell', () => {
  it('has a mobile bottom bar with exactly 4 links', async () => {
    await renderApp('/app', { user: admin });
    // jsdom lays out at 1024 px, where the bar is display: none; query hidden elements too.
    const bar = screen.getByRole('navigation', { name: 'Mobile navigation', hidden: true });
    const links = within(bar).getAllByRole('link', { hidden: true });
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Dashboard', '/app'],
      ['People', '/app/people'],
      ['Communications', '/app/communications'],
      ['Settings', '/app/settings'],
    ]);
  });

  it('hides the sidebar below sm and the bottom bar from sm (display: none classes)', async () => {
    await renderApp('/app', { user: recruiter });
    expect(screen.getByTestId('sidebar').className).toContain('mantine-visible-from-sm');
    expect(screen.getByTestId('mobile-bottom-bar').className).toContain('mantine-hidden-from-sm');
  });

  it('shows the Main group to everyone and no Admin Portal link to recruiters', async () => {
    await renderApp('/app', { user: recruiter });
    const sidebar = screen.getByTestId('sidebar');
    const main = within(sidebar).getByRole('region', { name: 'Main' });
    expect(within(main).getAllByRole('link').map((link) => link.textContent))
      .toEqual(['Dashboard', 'People', 'Communications', 'Settings']);
    expect(within(sidebar).queryByRole('link', { name: 'Admin Portal' })).toBeNull();
    expect(within(sidebar).queryByText('Admin')).toBeNull();
  });

  it('shows the Admin Portal link to admins', async () => {
    await renderApp('/app', { user: admin });
    const group = within(screen.getByTestId('sidebar')).getByRole('region', { name: 'Admin' });
    expect(within(group).getByRole('link', { name: 'Admin Portal' }).getAttribute('href')).toBe('/app/admin');
  });

  it('marks the active item, People also for talent pools', async () => {
    await renderApp('/app/talent-pools', { user: recruiter });
    const sidebar = screen.getByTestId('sidebar');
    expect(within(sidebar).getByRole('link', { name: 'People' }).getAttribute('aria-current')).toBe('page');
    expect(within(sidebar).getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBeNull();
  });

  it('navigates from the sidebar', async () => {
    await renderApp('/app', { user: recruiter });
    fireEvent.click(within(screen.getByTestId('sidebar')).getByRole('link', { name: 'Settings' }));
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Settings'));
  });

  it('shows the username, the role and a search button with the shortcut hint', async () => {
    await renderApp('/app', { user: recruiter });
    const sidebar = screen.getByTestId('sidebar');
    expect(within(sidebar).getByTestId('sidebar-username').textContent).toBe('rita');
    expect(within(sidebar).getByTestId('sidebar-role').textContent).toBe('recruiter');
    const search = within(sidebar).getByRole('button', { name: /^Search (Ctrl\+K|⌘K)$/ });
    expect(search.textContent).toMatch(/Ctrl\+K|⌘K/);
    fireEvent.click(search);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Dashboard');
  });

  it('signs out: POST /api/auth/logout, clear the cache, load /', async () => {
    const fetchMock = stubFetch({ 'POST /api/auth/logout': SUCCESS });
    const { client } = await renderApp('/app', { user: recruiter });
    client.setQueryData(['/api/talent-pools'], [{ id: 1 }]);
    fireEvent.click(screen.getByRole('button', { name: 'Sign Out' }));
    await waitFor(() => expect(assignLocation).toHaveBeenCalledWith('/'));
    expect(fetchMock).toHaveBeenCalledWith('/api/auth/logout', expect.objectContaining({ method: 'POST', credentials: 'include' }));
    expect(client.getQueryData(['/api/talent-pools'])).toBeUndefined();
  });

  it('stays and shows a toast when sign-out fails', async () => {
    stubFetch({ 'POST /api/auth/logout': () => jsonResponse(failure({ error: 'Server down' }), 500) });
    await renderApp('/app', { user: recruiter });
    fireEvent.click(screen.getByRole('button', { name: 'Sign Out' }));
    expect(await screen.findByText('Server down')).toBeTruthy();
    expect(assignLocation).not.toHaveBeenCalled();
  });

  it('opens the phone user menu from the header avatar: username, role, Settings and Sign Out; Admin Portal for admins only', async () => {
    await renderApp('/app', { user: recruiter });
    // jsdom lays out at 1024 px, where the header's phone controls are display: none; query hidden elements too.
    // The phone header's menus are their own chunk, mounted after the shell (decision 044).
    const avatar = await screen.findByRole('button', { name: 'Account: rita', hidden: true });
    expect(avatar.closest('.mantine-hidden-from-sm')).not.toBeNull();
    fireEvent.click(avatar);
    const menu = await screen.findByRole('menu', { hidden: true });
    expect(within(menu).getByTestId('header-username').textContent).toBe('rita');
    expect(within(menu).getByTestId('header-role').textContent).toBe('recruiter');
    expect(within(menu).getAllByRole('menuitem', { hidden: true }).map((item) => item.textContent)).toEqual(['Settings', 'Sign Out']);
    expect(within(menu).getByRole('menuitem', { name: 'Settings', hidden: true }).getAttribute('href')).toBe('/app/settings');
  });

  it('lists the Admin Portal in the phone user menu for admins, and signs out from it', async () => {
    stubFetch({ 'POST /api/auth/logout': SUCCESS });
    await renderApp('/app', { user: admin });
    fireEvent.click(await screen.findByTestId('header-user-menu'));
    const menu = await screen.findByRole('menu', { hidden: true });
    expect(within(menu).getByRole('menuitem', { name: 'Admin Portal', hidden: true }).getAttribute('href')).toBe('/app/admin');
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Sign Out', hidden: true }));
    await waitFor(() => expect(assignLocation).toHaveBeenCalledWith('/'));
  });
});
