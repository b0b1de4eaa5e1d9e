// The suppression list in the Admin Portal: how many addresses, whether one is
// on it, and lifting one with a reason (audited by the database function).
// Mounted at /api/admin/suppressions.
import { Hono } from 'hono';
import { removeSuppression, suppressionCount, suppressionOf } from '#domain/consent/suppressions.ts';
import { suppressionLookupSchema, suppressionRemoveSchema } from '#domain/candidates/schemas.ts';
import type { AppEnv } from '../context.ts';
import { asUser, requireAdmin, requireUser } from '../guards.ts';
import { parse, parseBody } from '../http.ts';

export const suppressionRoutes = new Hono<AppEnv>();
suppressionRoutes.use('*', requireUser, requireAdmin);

suppressionRoutes.get('/', async (c) => {
  const email = c.req.query('email');
  const count = await asUser(c, suppressionCount);
  if (email === undefined) return c.json({ count });
  const lookup = parse(suppressionLookupSchema, { email });
  return c.json({ count, entry: { email: lookup.email, ...await asUser(c, (tx) => suppressionOf(tx, lookup.email)) } });
});

suppressionRoutes.post('/remove', async (c) => {
  const { email, reason } = await parseBody(c, suppressionRemoveSchema);
  await asUser(c, (tx) => removeSuppression(tx, email, reason));
  return c.json({ removed: true, count: await asUser(c, suppressionCount) });
});
