// Which page a /app path shows (spec §2). Pure, so it is easy to test.

export type PageKey =
  | 'dashboard'
  | 'people'
  | 'communications'
  | 'meetings'
  | 'settings'
  | 'meetingBooking'
  | 'themeDemo'
  | 'admin';

export type RouteMatch =
  | { kind: 'page'; page: PageKey }
  | { kind: 'redirect'; to: string }
  | { kind: 'notFound' };

const PAGES: Record<string, PageKey> = {
  '/app': 'dashboard',
  '/app/people': 'people',
  '/app/talent-pools': 'people',
  '/app/candidates': 'people',
  '/app/communications': 'communications',
  '/app/meetings': 'meetings',
  '/app/settings': 'settings',
  '/app/meeting-booking': 'meetingBooking',
  '/app/theme-demo': 'themeDemo',
  '/app/admin': 'admin',
};

/** Old paths that now live elsewhere; the query string is kept. */
const REDIRECTS: Record<string, string> = {
  '/app/campaigns': '/app/communications',
  '/app/messages': '/app/communications',
};

export function normalizePath(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

export function matchRoute(pathname: string, search = ''): RouteMatch {
  const path = normalizePath(pathname);
  const redirect = REDIRECTS[path];
  if (redirect) return { kind: 'redirect', to: redirect + search };
  const page = Object.hasOwn(PAGES, path) ? PAGES[path] : undefined;
  return page ? { kind: 'page', page } : { kind: 'notFound' };
}
