// The Admin Portal's tab in the URL (?tab=retention, so the dashboard can link a tab; Users when absent).
// zod/mini only: the route's schema sits in the first chunk.
import * as z from 'zod/mini';
import { optionalEnum } from '#app/router/searchParams.ts';

export const ADMIN_PATH = '/app/admin';
export const ADMIN_TABS = ['users', 'access-requests', 'audit-log', 'suppressions', 'retention', 'data-requests'] as const;
export type AdminTab = (typeof ADMIN_TABS)[number];
export const DEFAULT_ADMIN_TAB: AdminTab = 'users';

export const adminSearchSchema = z.object({ tab: optionalEnum(ADMIN_TABS) });
export type AdminSearch = z.infer<typeof adminSearchSchema>;

/** A link to one tab of the portal. */
export const adminTabHref = (tab: AdminTab) => (tab === DEFAULT_ADMIN_TAB ? ADMIN_PATH : `${ADMIN_PATH}?tab=${tab}`);
