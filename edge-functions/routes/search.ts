// The command palette's search. Mounted at /api/search.
import { Hono } from 'hono';
import { searchQuerySchema, searchResultsSchema } from '#domain/search/schemas.ts';
import { search } from '#domain/search/search.server.ts';
import type { AppEnv } from '../context.ts';
import { asUser, requireUser } from '../guards.ts';
import { doc, query, reply } from '../contract.ts';

export const searchRoutes = new Hono<AppEnv>()
  .use('*', requireUser)

  .get('/', doc({ summary: 'Candidates (by name, email, job function, skills, location, seniority, preferred role, notes), talent pools, campaigns, templates, meetings and actions matching q (2+ characters; every word must match)', response: searchResultsSchema }),
    query(searchQuerySchema), async (c) => {
      const { q } = c.req.valid('query');
      return reply(c, searchResultsSchema, await asUser(c, (tx) => search(tx, q)));
    });
