// GET /api/dashboard: the KPIs, chart series and lists of the /app dashboard.
// Thin: domain/dashboard/dashboard.ts reads the rollups.
import { Hono } from 'hono';
import { dashboardQuerySchema, dashboardSchema } from '#domain/dashboard/schemas.ts';
import { loadDashboard } from '#domain/dashboard/dashboard.server.ts';
import type { AppEnv } from '../context.ts';
import { asUser, requireUser } from '../guards.ts';
import { doc, query, reply } from '../contract.ts';

export const dashboardRoutes = new Hono<AppEnv>()
  .use('*', requireUser)

  .get('/', doc({ summary: 'The dashboard of a period (7, 30 or 90 days) for you or the team: KPIs, chart series and lists', response: dashboardSchema }),
  query(dashboardQuerySchema), async (c) => {
    const dashboard = await asUser(c, (tx) => loadDashboard(tx, c.var.user.id, c.req.valid('query')));
    return reply(c, dashboardSchema, dashboard);
  });
