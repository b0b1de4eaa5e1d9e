// The Admin Portal's tab in the URL (?tab=retention, so the dashboard can link a tab; Users when absent).
// No zod: the route's schema sits in the first chunk (searchParams.ts).
import { optionalEnum, searchSchema, type SearchOf } from '#app/router/searchParams.ts';

export const ADMIN_PATH = '/app/admin';
export const ADMIN_TABS = ['users', 'access-requests', 'audit-log', 'suppressions', 'retention', 'data-requests'] as const;
export type AdminTab = (typeof ADMIN_TABS)[number];
export const DEFAULT_ADMIN_TAB: AdminTab = 'users';

export const adminSearchSchema = searchSchema({ tab: optionalEnum(ADMIN_TABS) });
export type AdminSearch = SearchOf<typeof adminSearchSchema.fields>;

/** A link to one tab of the portal. */
export const adminTabHref = (tab: AdminTab) => (tab === DEFAULT_ADMIN_TAB ? ADMIN_PATH : `${ADMIN_PATH}?tab=${tab}`);
