// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Link } from '#app/router/Link.tsx';
import { navigate } from '#app/router/navigate.ts';
import { pageModuleOf } from '#app/router/pageModules.ts';
import { resolveHref } from '#app/router/router.ts';
import { Outlet } from '#app/router/RouterView.tsx';
import { parseSearch, stringifySearch } from '#app/router/searchParams.ts';
import { currentUrl, recruiter, renderAt, stubFetch } from './renderWithProviders.tsx';
import { renderApp, renderPage } from './renderInRouter.tsx';

beforeEach(() => {
  stubFetch({});
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

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

const PAGE_NAMES: Record<string, string> = {
  DashboardPage: 'dashboard',
  PeoplePage: 'people',
  CommunicationsPage: 'communications',
  MeetingsPage: 'meetings',
  SettingsPage: 'settings',
  MeetingBookingPage: 'meetingBooking',
  ThemeDemoPage: 'themeDemo',
  AdminPage: 'admin',
};

/** What the router resolves `href` to, without rendering: a redirect, a page, or not found. */
function resolve(href: string) {
  const location = resolveHref(href, recruiter);
  if (location.href !== href) return { kind: 'redirect', to: location.href };
  if (!location.route) return { kind: 'notFound' };
  return { kind: 'page', page: PAGE_NAMES[location.route.page] };
}

describe('the route tree', () => {
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
    expect(resolve(path)).toEqual({ kind: 'page', page });
  });

  it('redirects campaigns and messages to communications, keeping the query string', () => {
    expect(resolve('/app/campaigns?action=create-campaign&subject=Hi%20there'))
      .toEqual({ kind: 'redirect', to: '/app/communications?action=create-campaign&subject=Hi%20there' });
    expect(resolve('/app/messages')).toEqual({ kind: 'redirect', to: '/app/communications' });
  });

  it.each(['/app', '/app/', '/app/people', '/app/talent-pools', '/app/communications', '/app/communications/campaigns/7', '/app/admin',
    '/app/meeting-booking', '/app/nope', '/app/campaigns'])(
    '%s: the HTML preloads the chunk of the page the router shows (pageModules.ts agrees with routes.ts)', (path) => {
      const location = resolveHref(path, recruiter);
      expect(pageModuleOf(path)).toBe(location.href === path ? location.route?.page ?? null : null);
    });

  it.each(['/app/nope', '/app/people/42/extra', '/app/constructor', '/app/toString'])('%s is not found', (path) => {
    expect(resolve(path)).toEqual({ kind: 'notFound' });
  });
});

describe('search params in the address bar', () => {
  it('reads plain pairs, the first of a repeated key, and no prototype keys', () => {
    expect(parseSearch('?a=1&b=x%20y&b=z&c=')).toEqual({ a: '1', b: 'x y', c: '' });
    expect(Object.getPrototypeOf(parseSearch('?__proto__=1'))).toBeNull();
  });

  it('writes URI-encoded values in order and leaves out empty ones', () => {
    expect(stringifySearch({ subject: 'Hi & hello', page: 2, q: '', x: undefined, y: null })).toBe('?subject=Hi%20%26%20hello&page=2');
    expect(stringifySearch({})).toBe('');
  });

});

describe('<AppRouter> pages', () => {
  it.each(['/app/people', '/app/talent-pools', '/app/candidates'])('%s renders the People page', async (path) => {
    await renderApp(path, { user: recruiter });
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
  ])('%s has the title %s', async (path, title) => {
    await renderApp(path, { user: recruiter });
    expect(h1()).toBe(title);
  });

  it('drops from the URL the values a page does not accept, instead of failing', async () => {
    await renderApp('/app/communications?tab=nope&thread=x&sentiment=positive', { user: recruiter });
    expect(currentUrl()).toBe('/app/communications?sentiment=positive');
    expect(h1()).toBe('Communications');
  });

  it('greets the user on the dashboard', async () => {
    await renderApp('/app', { user: recruiter });
    expect(screen.getByText('Welcome back, Rita Recruiter.')).toBeTruthy();
  });

  it.each(['/app/campaigns', '/app/messages'])('%s replaces the URL with /app/communications and its query', async (path) => {
    window.history.replaceState(null, '', '/app');
    const before = window.history.length;
    await renderApp(`${path}?candidateId=3&subject=Hello%20you`, { user: recruiter });
    expect(currentUrl()).toBe('/app/communications?candidateId=3&subject=Hello%20you');
    expect(window.history.length).toBe(before);
    expect(h1()).toBe('Communications');
  });

  it.each(['/app/communications?campaign=5', '/app/communications?tab=campaigns&campaign=5', '/app/campaigns?campaign=5'])(
    'an old campaign link %s lands on the campaign\'s own page', async (path) => {
      await renderApp(path, { user: recruiter });
      expect(currentUrl()).toBe('/app/communications/campaigns/5');
    });

  it.each(['/app/communications/campaigns/abc', '/app/communications/campaigns/0', '/app/communications/campaigns/05'])(
    '%s is not a campaign: the 404 page', async (path) => {
      await renderApp(path, { user: recruiter });
      expect(h1()).toBe('Page not found');
    });

  it('shows a 404 inside the shell with a link back to /app', async () => {
    await renderApp('/app/does-not-exist', { user: recruiter });
    expect(h1()).toBe('Page not found');
    expect(screen.getByTestId('sidebar')).toBeTruthy();
    const back = screen.getByRole('link', { name: 'Back to Dashboard' });
    expect(back.getAttribute('href')).toBe('/app');
    fireEvent.click(back);
    await waitFor(() => expect(currentUrl()).toBe('/app'));
    await waitFor(() => expect(h1()).toBe('Dashboard'));
  });
});

describe('navigation', () => {
  it('a plain click on <Link> navigates without a page load', async () => {
    await renderPage('/app', <><Link to="/app/meetings">Go</Link><Outlet /></>, { user: recruiter });
    const before = window.history.length;
    expect(clickPrevented(screen.getByRole('link', { name: 'Go' }))).toBe(true);
    await waitFor(() => expect(currentUrl()).toBe('/app/meetings'));
    expect(window.history.length).toBe(before + 1);
    await waitFor(() => expect(h1()).toBe('Meetings'));
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

  it('starts another page at the top and puts the page back where it was on Back', async () => {
    await renderApp('/app/people', { user: recruiter });
    const scrolls: number[] = [];
    vi.spyOn(window, 'scrollTo').mockImplementation((_x: number, y: number) => { scrolls.push(y); });
    const scrollY = vi.spyOn(window, 'scrollY', 'get').mockReturnValue(640);
    act(() => navigate('/app/settings'));
    await waitFor(() => expect(h1()).toBe('Settings'));
    await waitFor(() => expect(scrolls).toEqual([0]));
    scrollY.mockReturnValue(0);
    act(() => window.history.back());
    await waitFor(() => expect(h1()).toBe('People'));
    await waitFor(() => expect(scrolls).toEqual([0, 640]));
  });

  it('follows the back button (popstate)', async () => {
    await renderApp('/app/people', { user: recruiter });
    act(() => navigate('/app/settings'));
    await waitFor(() => expect(h1()).toBe('Settings'));
    act(() => window.history.back());
    await waitFor(() => expect(h1()).toBe('People'));
  });
});
