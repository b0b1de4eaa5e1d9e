// Settings' state in the URL: the tab (?tab=security, so a tab can be linked; Profile
// when absent) and ?enrol=2fa, which opens Security with the enrolment notice.
// No zod: the route's schema sits in the first chunk (searchParams.ts).
import { optionalEnum, searchSchema, type SearchOf } from '#app/router/searchParams.ts';
import type { SessionUser } from '#domain/auth/schemas.ts';

export const SETTINGS_PATH = '/app/settings';
export const SETTINGS_TABS = ['profile', 'security', 'organisation', 'integrations'] as const;
export type SettingsTab = (typeof SETTINGS_TABS)[number];
export const DEFAULT_SETTINGS_TAB: SettingsTab = 'profile';

export const settingsSearchSchema = searchSchema({ enrol: optionalEnum(['2fa']), tab: optionalEnum(SETTINGS_TABS) });
export type SettingsSearch = SearchOf<typeof settingsSearchSchema.fields>;

/** The tabs this user has: Organisation is for admins. */
export function settingsTabs(user: Pick<SessionUser, 'role'>): SettingsTab[] {
  return SETTINGS_TABS.filter((tab) => tab !== 'organisation' || user.role === 'admin');
}

/** The tab to show: enrolment lands on Security; a tab the user does not have falls back to Profile. */
export function activeSettingsTab(search: SettingsSearch, user: Pick<SessionUser, 'role'>): SettingsTab {
  if (search.enrol === '2fa') return 'security';
  return search.tab && settingsTabs(user).includes(search.tab) ? search.tab : DEFAULT_SETTINGS_TAB;
}
