// Talent pools: list with candidate counts, create, rename, delete (candidates
// stay), membership changes, and a campaign's reach. Mounted at /api/talent-pools.
import { Hono } from 'hono';
import { candidateIdsSchema } from '#domain/candidates/schemas.ts';
import {
  poolMembersAddedSchema, poolMembersRemovedSchema, poolReachQuerySchema, poolReachSchema, talentPoolCreateSchema, talentPoolListSchema, talentPoolSchema, talentPoolUpdateSchema,
} from '#domain/talent-pools/schemas.ts';
import {
  addPoolMembers, createTalentPool, deleteTalentPool, getTalentPool, listTalentPools, removePoolMembers, updateTalentPool,
} from '#domain/talent-pools/talent-pools.server.ts';
import { poolReach } from '#domain/campaigns/reach.server.ts';
import { successSchema } from '#domain/schemas/answers.ts';
import { audit } from '#domain/auth/users.server.ts';
import type { AppEnv } from '../context.ts';
import { asUser, requireUser } from '../guards.ts';
import { HttpError } from '../http.ts';
import { body, doc, idParam, query, reply } from '../contract.ts';

const notFound = () => new HttpError(404, 'talent_pool_not_found', { field: 'id' });

export const talentPoolRoutes = new Hono<AppEnv>()
  .use('*', requireUser)

  .get('/', doc({ summary: 'The talent pools with their candidate counts', response: talentPoolListSchema }), async (c) =>
    reply(c, talentPoolListSchema, await asUser(c, listTalentPools)))

  .post('/', doc({ summary: 'Create a talent pool', response: talentPoolSchema, status: 201 }), body(talentPoolCreateSchema), async (c) => {
    const pool = await asUser(c, (tx) => createTalentPool(tx, c.var.user.id, c.req.valid('json')));
    return reply(c, talentPoolSchema, pool, 201);
  })

  .get('/:id', doc({ summary: 'A talent pool with its candidate count', response: talentPoolSchema }), idParam(), async (c) => {
    const pool = await asUser(c, (tx) => getTalentPool(tx, c.req.valid('param').id));
    if (!pool) throw notFound();
    return reply(c, talentPoolSchema, pool);
  })

  /** How many members a campaign would reach now, and why the others are skipped (dispatch's rule). */
  .get('/:id/reach', doc({ summary: 'How many of the pool a campaign would reach now (with ?whatsapp=true: step 1 by WhatsApp template where it can go; with ?names=true: the first names), and why the others are skipped',
    response: poolReachSchema }),
    idParam(), query(poolReachQuerySchema), async (c) => {
      const reach = await asUser(c, (tx) => poolReach(tx, c.req.valid('param').id, c.req.valid('query')));
      if (!reach) throw notFound();
      return reply(c, poolReachSchema, reach);
    })

  .patch('/:id', doc({ summary: 'Rename a talent pool or change its description', response: talentPoolSchema }), idParam(),
    body(talentPoolUpdateSchema), async (c) => {
      const pool = await asUser(c, (tx) => updateTalentPool(tx, c.req.valid('param').id, c.req.valid('json')));
      if (!pool) throw notFound();
      return reply(c, talentPoolSchema, pool);
    })

  .delete('/:id', doc({ summary: 'Delete a talent pool (its candidates stay)', response: successSchema }), idParam(), async (c) => {
    const { id } = c.req.valid('param');
    const deleted = await asUser(c, async (tx) => {
      const pool = await getTalentPool(tx, id);
      if (!pool || !(await deleteTalentPool(tx, id))) return false;
      await audit(tx, c.var.user.id, 'talent_pool.delete', 'talent_pool', id, { name: pool.name, members: pool.candidateCount });
      return true;
    });
    if (!deleted) throw notFound();
    return reply(c, successSchema, { success: true });
  })

  /** Adds candidates to the pool; members already in it are not counted. */
  .post('/:id/members', doc({ summary: 'Add candidates to a talent pool', response: poolMembersAddedSchema }), idParam(),
    body(candidateIdsSchema), async (c) => {
      const { id } = c.req.valid('param');
      const { candidateIds } = c.req.valid('json');
      const added = await asUser(c, async (tx) => {
        if (!(await getTalentPool(tx, id))) throw notFound();
        return addPoolMembers(tx, c.var.user.id, id, candidateIds);
      });
      return reply(c, poolMembersAddedSchema, { added });
    })

  /** Removes candidates from the pool; they stay candidates. */
  .post('/:id/members/remove', doc({ summary: 'Remove candidates from a talent pool', response: poolMembersRemovedSchema }), idParam(),
    body(candidateIdsSchema), async (c) => {
      const { id } = c.req.valid('param');
      const { candidateIds } = c.req.valid('json');
      const removed = await asUser(c, async (tx) => {
        if (!(await getTalentPool(tx, id))) throw notFound();
        return removePoolMembers(tx, id, candidateIds);
      });
      return reply(c, poolMembersRemovedSchema, { removed });
    });
