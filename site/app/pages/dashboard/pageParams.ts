// The dashboard's state in the URL: the period (?period=7d|30d|90d, default
// 30d) and whose work it shows (?scope=me|team, default me). No zod, and a
// type import only: the route's schema sits in the first chunk.
import type { DashboardQuery } from '#domain/dashboard/schemas.ts';
import { everyValue, optionalEnum, searchSchema, type SearchOf } from '#app/router/searchParams.ts';

export const DASHBOARD_PATH = '/app';
export const PERIODS = everyValue<DashboardQuery['period']>()(['7d', '30d', '90d']);
export const SCOPES = everyValue<DashboardQuery['scope']>()(['me', 'team']);
export const DEFAULT_PERIOD: DashboardQuery['period'] = '30d';
export const DEFAULT_SCOPE: DashboardQuery['scope'] = 'me';

/** The route's validateSearch: a value that is not valid is dropped (its default applies). */
export const dashboardSearchSchema = searchSchema({
  period: optionalEnum(PERIODS),
  scope: optionalEnum(SCOPES),
});
export type DashboardSearch = SearchOf<typeof dashboardSearchSchema.fields>;

/** The API's query for what the URL says. */
export function dashboardQuery(search: DashboardSearch): DashboardQuery {
  return { period: search.period ?? DEFAULT_PERIOD, scope: search.scope ?? DEFAULT_SCOPE };
}
