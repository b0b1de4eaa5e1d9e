// The Admin Portal's API: users, access requests, audit log.
import { Hono } from 'hono';
import { accessRequestDecisionSchema, newUserSchema, userUpdateSchema } from '#domain/auth/schemas.ts';
import { audit, createUser, listUsers, updateUser } from '#domain/auth/users.ts';
import { decideAccessRequest, listAccessRequests } from '#domain/auth/access-requests.ts';
import type { AppEnv } from '../context.ts';
import { asUser, requireAdmin, requireUser } from '../guards.ts';
import { HttpError, parseBody, parseId, parseUuid } from '../http.ts';

export const adminRoutes = new Hono<AppEnv>();
adminRoutes.use('*', requireUser, requireAdmin);

adminRoutes.get('/users', async (c) => c.json({ users: await asUser(c, listUsers) }));

adminRoutes.post('/users', async (c) => {
  const input = await parseBody(c, newUserSchema);
  const user = await createUser(c.var.deps.auth, c.var.deps.pools.owner, input);
  await asUser(c, (tx) => audit(tx, c.var.user.id, 'user.create', 'user', user.id, { username: user.username, role: user.role }));
  return c.json({ user }, 201);
});

adminRoutes.patch('/users/:id', async (c) => {
  const id = parseUuid(c.req.param('id'));
  const change = await parseBody(c, userUpdateSchema);
  if (id === c.var.user.id && (change.role === 'recruiter' || change.banned)) {
    throw new HttpError(400, 'You cannot remove your own admin role or ban yourself', { field: change.banned ? 'banned' : 'role' });
  }
  const user = await asUser(c, async (tx) => {
    const updated = await updateUser(c.var.deps.auth, tx, id, change);
    if (updated) {
      const { password: _password, ...logged } = change;
      await audit(tx, c.var.user.id, 'user.update', 'user', id, { ...logged, passwordChanged: Boolean(change.password) });
    }
    return updated;
  });
  if (!user) throw new HttpError(404, 'User not found', { field: 'id' });
  return c.json({ user });
});

adminRoutes.get('/access-requests', async (c) => c.json({ requests: await asUser(c, listAccessRequests) }));

adminRoutes.patch('/access-requests/:id', async (c) => {
  const id = parseId(c.req.param('id'));
  const { status } = await parseBody(c, accessRequestDecisionSchema);
  const request = await asUser(c, async (tx) => {
    const decided = await decideAccessRequest(tx, id, status, c.var.user.id);
    if (decided) await audit(tx, c.var.user.id, `access_request.${status}`, 'access_request', id, { email: decided.email });
    return decided;
  });
  if (!request) throw new HttpError(404, 'Access request not found', { field: 'id' });
  return c.json({ request });
});

adminRoutes.get('/audit-log', async (c) => {
  const { rows } = await asUser(c, (tx) => tx.query(
    `select a.id, p.username::text as actor, a.action, a.entity, a.entity_id as "entityId", a.details, a.created_at as "createdAt"
       from public.audit_log a left join public.profiles p on p.id = a.actor_id
      order by a.created_at desc limit 200`));
  return c.json({ entries: rows });
});
