// The /app routes (spec §2). Each page is its own chunk, loaded when its route is first visited
// or a link to it is hovered, with the rest of the English catalogue beside it (the start page,
// the dashboard, brings its own words: decision 044). The routes' search schemas, the redirects
// and the 404 page are in the first chunk.
import type { ComponentType } from 'react';
import type { SessionUser } from '#domain/auth/schemas.ts';
import { campaignPath } from '#domain/campaigns/paths.ts';
import { withEnglish } from '../i18n/withEnglish.ts';
import { preloadableLazy } from '../lib/preloadableLazy.ts';
import { COMMUNICATIONS_PATH } from '../messaging/advancedEditor.ts';
import { ENROL_2FA_PATH } from '../pages/admin/TwoFactorRequiredAlert.tsx';
import { ADMIN_PATH, adminSearchSchema } from '../pages/admin/pageParams.ts';
import { communicationsSearchSchema } from '../pages/communications/pageParams.ts';
import { campaignPageSearchSchema } from '../pages/communications/campaign/pageParams.ts';
import { DASHBOARD_PATH, dashboardSearchSchema } from '../pages/dashboard/pageParams.ts';
import { MEETINGS_PATH, meetingsSearchSchema } from '../pages/meetings/pageParams.ts';
import { peopleSearchSchema } from '../pages/people/candidateUrl.ts';
import { SETTINGS_PATH, settingsSearchSchema } from '../pages/settings/pageParams.ts';
import { isAdmin } from '../session/CurrentUser.tsx';
import { CAMPAIGN_PAGE } from './pageModules.ts';
import { normalizePath } from './paths.ts';
import type { RawSearch } from './searchParams.ts';

/** A page's component, its code fetched on first use (preload: ahead of it). */
export type PageComponent = ComponentType & { preload(): Promise<unknown>; isLoaded(): boolean };

export interface AppRoute {
  /** The page module's name (pageModules.ts, the tests). */
  page: string;
  component: PageComponent;
  /** Reads the query: a value that is not valid is dropped (the page's default applies), and so is an unknown one. */
  validateSearch?: (search: RawSearch) => Record<string, unknown>;
  /** Where this address now lives, or null. */
  redirect?: (at: { search: Record<string, unknown>; searchStr: string }) => string | null;
}

function page<M>(load: () => Promise<M>, name: keyof M & string, english = true): PageComponent {
  const loadComponent = () => load().then((module) => module[name] as ComponentType);
  return preloadableLazy(english ? withEnglish(loadComponent) : loadComponent) as PageComponent;
}

const people: AppRoute = {
  page: 'PeoplePage',
  component: page(() => import('../pages/PeoplePage.tsx'), 'PeoplePage'),
  validateSearch: peopleSearchSchema,
};

const communications: AppRoute = {
  page: 'CommunicationsPage',
  component: page(() => import('../pages/CommunicationsPage.tsx'), 'CommunicationsPage'),
  validateSearch: communicationsSearchSchema,
  // A campaign once opened by ?campaign={id} on the list has its own page now: old links land there.
  redirect: ({ search }) => (typeof search.campaign === 'number' ? campaignPath(search.campaign) : null),
};

/** A moved path: the communications page, with the query string as it came. */
const movedToCommunications: AppRoute = {
  page: communications.page,
  component: communications.component,
  redirect: ({ searchStr }) => COMMUNICATIONS_PATH + searchStr,
};

const ROUTES = new Map<string, AppRoute>([
  [DASHBOARD_PATH, { page: 'DashboardPage', component: page(() => import('../pages/DashboardPage.tsx'), 'DashboardPage', false), validateSearch: dashboardSearchSchema }],
  // /app/people, /app/talent-pools and /app/candidates all show the people page, with one set of parameters.
  ['/app/people', people],
  ['/app/talent-pools', people],
  ['/app/candidates', people],
  [COMMUNICATIONS_PATH, communications],
  ['/app/campaigns', movedToCommunications],
  ['/app/messages', movedToCommunications],
  [MEETINGS_PATH, { page: 'MeetingsPage', component: page(() => import('../pages/MeetingsPage.tsx'), 'MeetingsPage'), validateSearch: meetingsSearchSchema }],
  [SETTINGS_PATH, { page: 'SettingsPage', component: page(() => import('../pages/settings/SettingsPage.tsx'), 'SettingsPage'), validateSearch: settingsSearchSchema }],
  ['/app/meeting-booking', { page: 'MeetingBookingPage', component: page(() => import('../pages/MeetingBookingPage.tsx'), 'MeetingBookingPage') }],
  ['/app/theme-demo', { page: 'ThemeDemoPage', component: page(() => import('../pages/ThemeDemoPage.tsx'), 'ThemeDemoPage') }],
  // Everyone may open it: admins get the portal, others Access Denied (spec §2), both in the page's chunk.
  [ADMIN_PATH, { page: 'AdminPage', component: page(() => import('../pages/admin/AdminPage.tsx'), 'AdminPage'), validateSearch: adminSearchSchema }],
]);

const campaign: AppRoute = {
  page: 'CampaignPage',
  component: page(() => import('../pages/communications/campaign/CampaignPage.tsx'), 'CampaignPage'),
  validateSearch: campaignPageSearchSchema,
};

/** The route of a normalized path and its parameters, or null (not found). */
export function matchRoute(path: string): { route: AppRoute; params: Record<string, string> } | null {
  const route = ROUTES.get(path);
  if (route) return { route, params: {} };
  const id = CAMPAIGN_PAGE.exec(path)?.[1];
  if (id === undefined) return null;
  try {
    return { route: campaign, params: { id: decodeURIComponent(id) } };
  } catch {
    return null; // not percent-encoded text: no campaign has that id
  }
}

/** Before any page: an admin signs in without two-factor only before enrolling (npm run create-admin), so enrolment comes first. */
export function rootRedirect(user: SessionUser, pathname: string): string | null {
  return isAdmin(user) && !user.twoFactorEnabled && normalizePath(pathname) !== SETTINGS_PATH ? ENROL_2FA_PATH : null;
}
