// Talent pools: list with candidate counts, create, rename, delete (candidates
// stay), and membership changes. Mounted at /api/talent-pools.
import { Hono } from 'hono';
import { candidateIdsSchema, talentPoolCreateSchema, talentPoolUpdateSchema } from '#domain/candidates/schemas.ts';
import {
  addPoolMembers, createTalentPool, deleteTalentPool, getTalentPool, listTalentPools, removePoolMembers, updateTalentPool,
} from '#domain/talent-pools/talent-pools.ts';
import { audit } from '#domain/auth/users.ts';
import type { AppEnv } from '../context.ts';
import { asUser, requireUser } from '../guards.ts';
import { HttpError, parseBody, parseId } from '../http.ts';

const notFound = () => new HttpError(404, 'Talent pool not found', { field: 'id' });

export const talentPoolRoutes = new Hono<AppEnv>();
talentPoolRoutes.use('*', requireUser);

talentPoolRoutes.get('/', async (c) => c.json(await asUser(c, listTalentPools)));

talentPoolRoutes.post('/', async (c) => {
  const input = await parseBody(c, talentPoolCreateSchema);
  return c.json(await asUser(c, (tx) => createTalentPool(tx, c.var.user.id, input)), 201);
});

talentPoolRoutes.get('/:id', async (c) => {
  const id = parseId(c.req.param('id'));
  const pool = await asUser(c, (tx) => getTalentPool(tx, id));
  if (!pool) throw notFound();
  return c.json(pool);
});

talentPoolRoutes.patch('/:id', async (c) => {
  const id = parseId(c.req.param('id'));
  const change = await parseBody(c, talentPoolUpdateSchema);
  const pool = await asUser(c, (tx) => updateTalentPool(tx, id, change));
  if (!pool) throw notFound();
  return c.json(pool);
});

talentPoolRoutes.delete('/:id', async (c) => {
  const id = parseId(c.req.param('id'));
  const deleted = await asUser(c, async (tx) => {
    const pool = await getTalentPool(tx, id);
    if (!pool || !(await deleteTalentPool(tx, id))) return false;
    await audit(tx, c.var.user.id, 'talent_pool.delete', 'talent_pool', id, { name: pool.name, members: pool.candidateCount });
    return true;
  });
  if (!deleted) throw notFound();
  return c.json({ success: true });
});

/** Adds candidates to the pool: `{ candidateIds }` -> `{ added }` (members already in it are not counted). */
talentPoolRoutes.post('/:id/members', async (c) => {
  const id = parseId(c.req.param('id'));
  const { candidateIds } = await parseBody(c, candidateIdsSchema);
  const added = await asUser(c, async (tx) => {
    if (!(await getTalentPool(tx, id))) throw notFound();
    return addPoolMembers(tx, c.var.user.id, id, candidateIds);
  });
  return c.json({ added });
});

/** Removes candidates from the pool (they stay candidates): `{ candidateIds }` -> `{ removed }`. */
talentPoolRoutes.post('/:id/members/remove', async (c) => {
  const id = parseId(c.req.param('id'));
  const { candidateIds } = await parseBody(c, candidateIdsSchema);
  const removed = await asUser(c, async (tx) => {
    if (!(await getTalentPool(tx, id))) throw notFound();
    return removePoolMembers(tx, id, candidateIds);
  });
  return c.json({ removed });
});
