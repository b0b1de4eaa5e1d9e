// @vitest-environment jsdom
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppRoutes } from '#app/router/AppRoutes.tsx';
import { navigate } from '#app/router/history.ts';
import { Link } from '#app/router/Link.tsx';
import { matchRoute } from '#app/router/routes.ts';
import { AppLayout } from '#app/shell/AppLayout.tsx';
import { currentUrl, recruiter, renderAt, stubFetch } from './renderWithProviders.tsx';

vi.mock('#app/lib/browserNavigation.ts', () => ({
  assignLocation: vi.fn(),
  replaceLocation: vi.fn(),
}));

beforeEach(() => {
  stubFetch({});
});

afterEach(() => vi.unstubAllGlobals());

/** Dispatches a click and reports whether the app prevented it (then stops jsdom from following it). */
function clickPrevented(element: HTMLElement, init: MouseEventInit = {}): boolean {
  let prevented = false;
  const spy = (event: Event) => {
    prevented = event.defaultPrevented;
    event.preventDefault();
  };
  window.addEventListener('click', spy, { once: true });
  act(() => { element.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ...init })); });
  return prevented;
}

function h1(): string | null {
  return screen.getByRole('heading', { level: 1 }).textContent;
}

describe('matchRoute', () => {
  it.each([
    ['/app', 'dashboard'],
    ['/app/', 'dashboard'],
    ['/app/people', 'people'],
    ['/app/talent-pools', 'people'],
    ['/app/candidates', 'people'],
    ['/app/communications', 'communications'],
    ['/app/meetings', 'meetings'],
    ['/app/settings', 'settings'],
    ['/app/meeting-booking', 'meetingBooking'],
    ['/app/theme-demo', 'themeDemo'],
    ['/app/admin', 'admin'],
  ])('%s shows the %s page', (path, page) => {
    expect(matchRoute(path)).toEqual({ kind: 'page', page });
  });

  it('redirects campaigns and messages to communications, keeping the query string', () => {
    expect(matchRoute('/app/campaigns', '?action=create-campaign&subject=Hi%20there'))
      .toEqual({ kind: 'redirect', to: '/app/communications?action=create-campaign&subject=Hi%20there' });
    expect(matchRoute('/app/messages')).toEqual({ kind: 'redirect', to: '/app/communications' });
  });

  it.each(['/app/nope', '/app/people/42/extra', '/app/constructor', '/app/toString'])('%s is not found', (path) => {
    expect(matchRoute(path)).toEqual({ kind: 'notFound' });
  });
});

describe('<AppRoutes>', () => {
  it.each(['/app/people', '/app/talent-pools', '/app/candidates'])('%s renders the People page', (path) => {
    renderAt(path, <AppRoutes />, { user: recruiter });
    expect(h1()).toBe('People');
    expect(screen.getByText('Talent pools and candidates: search, filter, import and export.')).toBeTruthy();
  });

  it.each([
    ['/app', 'Dashboard'],
    ['/app/communications', 'Communications'],
    ['/app/meetings', 'Meetings'],
    ['/app/meeting-booking', 'Meeting booking'],
    ['/app/theme-demo', 'Theme demo'],
    ['/app/settings', 'Settings'],
  ])('%s has the title %s', (path, title) => {
    renderAt(path, <AppRoutes />, { user: recruiter });
    expect(h1()).toBe(title);
  });

  it('greets the user on the dashboard', () => {
    renderAt('/app', <AppRoutes />, { user: recruiter });
    expect(screen.getByText('Welcome back, Rita Recruiter.')).toBeTruthy();
  });

  it.each(['/app/campaigns', '/app/messages'])('%s replaces the URL with /app/communications and its query', (path) => {
    const before = window.history.length;
    renderAt(`${path}?candidateId=3&subject=Hello%20you`, <AppRoutes />, { user: recruiter });
    expect(currentUrl()).toBe('/app/communications?candidateId=3&subject=Hello%20you');
    expect(window.history.length).toBe(before);
    expect(h1()).toBe('Communications');
  });

  it('shows a 404 inside the shell with a link back to /app', () => {
    renderAt('/app/does-not-exist', <AppLayout><AppRoutes /></AppLayout>, { user: recruiter });
    expect(h1()).toBe('Page not found');
    expect(screen.getByTestId('sidebar')).toBeTruthy();
    const back = screen.getByRole('link', { name: 'Back to Dashboard' });
    expect(back.getAttribute('href')).toBe('/app');
    fireEvent.click(back);
    expect(currentUrl()).toBe('/app');
    expect(h1()).toBe('Dashboard');
  });
});

describe('navigation', () => {
  it('a plain click on <Link> navigates without a page load', () => {
    renderAt('/app', <><Link to="/app/meetings">Go</Link><AppRoutes /></>, { user: recruiter });
    const before = window.history.length;
    expect(clickPrevented(screen.getByRole('link', { name: 'Go' }))).toBe(true);
    expect(currentUrl()).toBe('/app/meetings');
    expect(window.history.length).toBe(before + 1);
    expect(h1()).toBe('Meetings');
  });

  it('leaves modified clicks (new tab) to the browser', () => {
    renderAt('/app', <Link to="/app/meetings">Go</Link>, { user: recruiter });
    expect(clickPrevented(screen.getByRole('link', { name: 'Go' }), { ctrlKey: true })).toBe(false);
    expect(currentUrl()).toBe('/app');
  });

  it('leaves links outside /app to the browser', () => {
    renderAt('/app', <Link to="/about">About</Link>, { user: recruiter });
    expect(clickPrevented(screen.getByRole('link', { name: 'About' }))).toBe(false);
  });

  it('follows the back button (popstate)', () => {
    renderAt('/app/people', <AppRoutes />, { user: recruiter });
    act(() => navigate('/app/settings'));
    expect(h1()).toBe('Settings');
    act(() => {
      window.history.replaceState(null, '', '/app/people');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    expect(h1()).toBe('People');
  });
});
