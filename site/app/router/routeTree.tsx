// The /app routes (spec §2), code-based. Each page is its own chunk, loaded when
// its route is first visited or a link to it is hovered, with the rest of the English
// catalogue beside it (the start page, the dashboard, brings its own words: decision 044);
// the shell, the routes' search schemas (validateSearch), the redirects and the 404 page
// are in the first chunk.
import { createRootRouteWithContext, createRoute, lazyRouteComponent, redirect, type RouteComponent } from '@tanstack/react-router';
import type { SessionUser } from '#domain/auth/schemas.ts';
import { COMMUNICATIONS_PATH } from '../messaging/advancedEditor.ts';
import { ENROL_2FA_PATH } from '../pages/admin/TwoFactorRequiredAlert.tsx';
import { ADMIN_PATH, adminSearchSchema } from '../pages/admin/pageParams.ts';
import { communicationsSearchSchema } from '../pages/communications/pageParams.ts';
import { CAMPAIGN_PAGE_PATH, campaignPageSearchSchema } from '../pages/communications/campaign/pageParams.ts';
import { campaignPath } from '#domain/campaigns/paths.ts';
import { dashboardSearchSchema } from '../pages/dashboard/pageParams.ts';
import { MEETINGS_PATH, meetingsSearchSchema } from '../pages/meetings/pageParams.ts';
import { NotFoundPage } from '../pages/NotFoundPage.tsx';
import { peopleSearchSchema } from '../pages/people/candidateUrl.ts';
import { SETTINGS_PATH, settingsSearchSchema } from '../pages/settings/pageParams.ts';
import { isAdmin } from '../session/CurrentUser.tsx';
import { AppLayout } from '../shell/AppLayout.tsx';
import { normalizePath } from './paths.ts';
import { withEnglish } from '../i18n/withEnglish.ts';

export interface RouterContext {
  user: SessionUser;
}

/** `Root` renders around every page (the shell, with an <Outlet />); tests pass their own. */
export function createRouteTree(Root: RouteComponent = AppLayout) {
  const rootRoute = createRootRouteWithContext<RouterContext>()({
    component: Root,
    notFoundComponent: NotFoundPage,
    beforeLoad: ({ context, location }) => {
      // An admin signs in without two-factor only before enrolling (npm run create-admin): enrolment comes first.
      if (isAdmin(context.user) && !context.user.twoFactorEnabled && normalizePath(location.pathname) !== SETTINGS_PATH) {
        redirect({ href: ENROL_2FA_PATH, replace: true, throw: true });
      }
    },
  });

  const dashboardRoute = createRoute({
    getParentRoute: () => rootRoute,
    path: '/app',
    validateSearch: dashboardSearchSchema,
    component: lazyRouteComponent(() => import('../pages/DashboardPage.tsx'), 'DashboardPage'),
  });

  // /app/people, /app/talent-pools and /app/candidates all show the people page, with one set of parameters.
  const peopleLayout = createRoute({
    getParentRoute: () => rootRoute,
    id: '_people',
    validateSearch: peopleSearchSchema,
  });
  const PeoplePage = lazyRouteComponent(withEnglish(() => import('../pages/PeoplePage.tsx')), 'PeoplePage');
  const peopleRoutes = [
    createRoute({ getParentRoute: () => peopleLayout, path: '/app/people', component: PeoplePage }),
    createRoute({ getParentRoute: () => peopleLayout, path: '/app/talent-pools', component: PeoplePage }),
    createRoute({ getParentRoute: () => peopleLayout, path: '/app/candidates', component: PeoplePage }),
  ] as const;

  const communicationsRoute = createRoute({
    getParentRoute: () => rootRoute,
    path: COMMUNICATIONS_PATH,
    validateSearch: communicationsSearchSchema,
    // A campaign once opened by ?campaign={id} on the list has its own page now: old links land there.
    beforeLoad: ({ search }) => {
      if (search.campaign) redirect({ href: campaignPath(search.campaign), replace: true, throw: true });
    },
    component: lazyRouteComponent(withEnglish(() => import('../pages/CommunicationsPage.tsx')), 'CommunicationsPage'),
  });

  const campaignRoute = createRoute({
    getParentRoute: () => rootRoute,
    path: CAMPAIGN_PAGE_PATH,
    validateSearch: campaignPageSearchSchema,
    component: lazyRouteComponent(withEnglish(() => import('../pages/communications/campaign/CampaignPage.tsx')), 'CampaignPage'),
  });

  // Old paths that now live on the communications page; the query string is kept.
  const movedRoutes = (['/app/campaigns', '/app/messages'] as const).map((path) => createRoute({
    getParentRoute: () => rootRoute,
    path,
    beforeLoad: ({ location }) => {
      redirect({ href: COMMUNICATIONS_PATH + location.searchStr, replace: true, throw: true });
    },
  }));

  const meetingsRoute = createRoute({
    getParentRoute: () => rootRoute,
    path: MEETINGS_PATH,
    validateSearch: meetingsSearchSchema,
    component: lazyRouteComponent(withEnglish(() => import('../pages/MeetingsPage.tsx')), 'MeetingsPage'),
  });

  const settingsRoute = createRoute({
    getParentRoute: () => rootRoute,
    path: SETTINGS_PATH,
    validateSearch: settingsSearchSchema,
    component: lazyRouteComponent(withEnglish(() => import('../pages/settings/SettingsPage.tsx')), 'SettingsPage'),
  });

  const meetingBookingRoute = createRoute({
    getParentRoute: () => rootRoute,
    path: '/app/meeting-booking',
    component: lazyRouteComponent(withEnglish(() => import('../pages/MeetingBookingPage.tsx')), 'MeetingBookingPage'),
  });

  const themeDemoRoute = createRoute({
    getParentRoute: () => rootRoute,
    path: '/app/theme-demo',
    component: lazyRouteComponent(withEnglish(() => import('../pages/ThemeDemoPage.tsx')), 'ThemeDemoPage'),
  });

  // Everyone may open it: admins get the portal, others Access Denied (spec §2), both in the page's chunk.
  const adminRoute = createRoute({
    getParentRoute: () => rootRoute,
    path: ADMIN_PATH,
    validateSearch: adminSearchSchema,
    component: lazyRouteComponent(withEnglish(() => import('../pages/admin/AdminPage.tsx')), 'AdminPage'),
  });

  return rootRoute.addChildren([
    dashboardRoute,
    peopleLayout.addChildren(peopleRoutes),
    communicationsRoute,
    campaignRoute,
    ...movedRoutes,
    meetingsRoute,
    settingsRoute,
    meetingBookingRoute,
    themeDemoRoute,
    adminRoute,
  ]);
}
