import type { ComponentType } from 'react';
import { AdminPage } from '../pages/admin/AdminPage.tsx';
import { CommunicationsPage } from '../pages/CommunicationsPage.tsx';
import { DashboardPage } from '../pages/DashboardPage.tsx';
import { MeetingBookingPage } from '../pages/MeetingBookingPage.tsx';
import { MeetingsPage } from '../pages/MeetingsPage.tsx';
import { NotFoundPage } from '../pages/NotFoundPage.tsx';
import { PeoplePage } from '../pages/PeoplePage.tsx';
import { SettingsPage } from '../pages/settings/SettingsPage.tsx';
import { ThemeDemoPage } from '../pages/ThemeDemoPage.tsx';
import { ENROL_2FA_PATH } from '../pages/admin/TwoFactorRequiredAlert.tsx';
import { isAdmin, useCurrentUser } from '../session/CurrentUser.tsx';
import { useLocation } from './history.ts';
import { Redirect } from './Redirect.tsx';
import { matchRoute, type PageKey } from './routes.ts';

const PAGE_COMPONENTS: Record<PageKey, ComponentType> = {
  dashboard: DashboardPage,
  people: PeoplePage,
  communications: CommunicationsPage,
  meetings: MeetingsPage,
  settings: SettingsPage,
  meetingBooking: MeetingBookingPage,
  themeDemo: ThemeDemoPage,
  admin: AdminPage,
};

/** The page for the current URL. */
export function AppRoutes() {
  const { pathname, search } = useLocation();
  const user = useCurrentUser();
  const match = matchRoute(pathname, search);
  if (match.kind === 'redirect') return <Redirect to={match.to} />;
  // An admin signs in without two-factor only before enrolling (npm run create-admin): enrolment comes first.
  if (isAdmin(user) && !user.twoFactorEnabled && !(match.kind === 'page' && match.page === 'settings')) {
    return <Redirect to={ENROL_2FA_PATH} />;
  }
  if (match.kind === 'notFound') return <NotFoundPage />;
  const Page = PAGE_COMPONENTS[match.page];
  return <Page />;
}
