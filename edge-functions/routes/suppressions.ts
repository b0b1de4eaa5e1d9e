// The suppression list in the Admin Portal: how many addresses, whether one is
// on it, and lifting one with a reason (audited by the database function).
// Mounted at /api/admin/suppressions.
import { Hono } from 'hono';
import { removeSuppression, suppressionCount, suppressionOf } from '#domain/consent/suppressions.server.ts';
import {
  suppressionQuerySchema, suppressionRemovedSchema, suppressionRemoveSchema, suppressionSummarySchema,
} from '#domain/consent/schemas.ts';
import type { AppEnv } from '../context.ts';
import { asUser, requireAdmin, requireUser } from '../guards.ts';
import { body, doc, query, reply } from '../contract.ts';

export const suppressionRoutes = new Hono<AppEnv>()
  .use('*', requireUser, requireAdmin)

  .get('/', doc({ summary: 'How many addresses are suppressed; with ?email=, whether that one is and why', access: 'admin', response: suppressionSummarySchema }),
  query(suppressionQuerySchema), async (c) => {
    const { email } = c.req.valid('query');
    const count = await asUser(c, suppressionCount);
    if (email === undefined) return reply(c, suppressionSummarySchema, { count });
    return reply(c, suppressionSummarySchema, { count, entry: await asUser(c, (tx) => suppressionOf(tx, email)) });
  })

  .post('/remove', doc({ summary: 'Lift one address from the suppression list, with a reason (audited)', access: 'admin', response: suppressionRemovedSchema }),
  body(suppressionRemoveSchema), async (c) => {
    const { email, reason } = c.req.valid('json');
    await asUser(c, (tx) => removeSuppression(tx, email, reason));
    return reply(c, suppressionRemovedSchema, { removed: true, count: await asUser(c, suppressionCount) });
  });
