// Which page's chunk an /app path opens on, by the page module's name (the route tree's
// lazy pages, routes.ts): the /app HTML preloads that chunk with the shell's, so the
// first page arrives with them instead of after them (site/pages/app/[...path].astro).
import { normalizePath } from './paths.ts';

const PAGES: Record<string, string> = {
  '/app': 'DashboardPage',
  '/app/people': 'PeoplePage',
  '/app/talent-pools': 'PeoplePage',
  '/app/candidates': 'PeoplePage',
  '/app/communications': 'CommunicationsPage',
  '/app/meetings': 'MeetingsPage',
  '/app/settings': 'SettingsPage',
  '/app/meeting-booking': 'MeetingBookingPage',
  '/app/theme-demo': 'ThemeDemoPage',
  '/app/admin': 'AdminPage',
};

/** A campaign's own page: /app/communications/campaigns/{id} (the router's route too, routes.ts). */
export const CAMPAIGN_PAGE = /^\/app\/communications\/campaigns\/([^/]+)$/;

/** The page module an /app path renders, or null (a redirect, a 404: the shell alone). */
export function pageModuleOf(pathname: string): string | null {
  const path = normalizePath(pathname);
  if (CAMPAIGN_PAGE.test(path)) return 'CampaignPage';
  return PAGES[path] ?? null;
}
