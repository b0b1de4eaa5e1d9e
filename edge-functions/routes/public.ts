// Routes anyone may call: health and "Request Access".
import { Hono } from 'hono';
import { fileAccessRequest } from '../../domain/access-requests.ts';
import { accessRequestSchema } from '../../domain/schemas/auth.ts';
import type { AppEnv } from '../context.ts';
import { asAnon } from '../guards.ts';
import { parseBody } from '../http.ts';

export const publicRoutes = new Hono<AppEnv>();

publicRoutes.get('/health', async (c) => {
  await c.var.deps.pools.app.query('select 1');
  return c.json({ status: 'ok', database: 'ok' });
});

publicRoutes.post('/access-requests', async (c) => {
  const input = await parseBody(c, accessRequestSchema);
  await asAnon(c, (tx) => fileAccessRequest(tx, input));
  return c.json({ success: true }, 201);
});
