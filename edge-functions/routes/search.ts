// The command palette's search. Mounted at /api/search.
import { Hono } from 'hono';
import { searchQuerySchema } from '#domain/candidates/schemas.ts';
import { search } from '#domain/search/search.ts';
import type { AppEnv } from '../context.ts';
import { asUser, requireUser } from '../guards.ts';
import { parse } from '../http.ts';

export const searchRoutes = new Hono<AppEnv>();
searchRoutes.use('*', requireUser);

/** `GET /api/search?q=` (2+ characters) -> an array of search results. */
searchRoutes.get('/', async (c) => {
  const { q } = parse(searchQuerySchema, { q: c.req.query('q') });
  return c.json(await asUser(c, (tx) => search(tx, q)));
});
