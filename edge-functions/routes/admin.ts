// The Admin Portal's API: users, access requests, audit log.
import { Hono } from 'hono';
import {
  accessRequestAnswerSchema, accessRequestDecisionSchema, accessRequestListSchema, auditLogSchema, newUserSchema,
  userAnswerSchema, userIdSchema, userListSchema, userUpdateSchema,
} from '#domain/auth/schemas.ts';
import { audit, createUser, listAuditLog, listUsers, updateUser } from '#domain/auth/users.server.ts';
import { decideAccessRequest, listAccessRequests } from '#domain/auth/access-requests.server.ts';
import type { AppEnv } from '../context.ts';
import { asUser, requireAdmin, requireUser } from '../guards.ts';
import { HttpError } from '../http.ts';
import { pathParams, body, doc, idParam, reply } from '../contract.ts';

export const adminRoutes = new Hono<AppEnv>()
  .use('*', requireUser, requireAdmin)

  .get('/users', doc({ summary: 'Every user with role, two-factor and ban state', access: 'admin', response: userListSchema }), async (c) =>
    reply(c, userListSchema, { users: await asUser(c, listUsers) }))

  .post('/users', doc({ summary: 'Create a user (audited)', access: 'admin', response: userAnswerSchema, status: 201 }),
  body(newUserSchema), async (c) => {
    const input = c.req.valid('json');
    const user = await createUser(c.var.deps.identity, c.var.deps.pools.owner, input);
    await asUser(c, (tx) => audit(tx, c.var.user.id, 'user.create', 'user', user.id, { username: user.username, role: user.role }));
    return reply(c, userAnswerSchema, { user }, 201);
  })

  .patch('/users/:id', doc({ summary: 'Change a user: name, role, ban, password (audited)', access: 'admin', response: userAnswerSchema }),
  pathParams(userIdSchema), body(userUpdateSchema), async (c) => {
    const { id } = c.req.valid('param');
    const change = c.req.valid('json');
    if (id === c.var.user.id && (change.role === 'recruiter' || change.banned)) {
      throw new HttpError(400, 'cannot_change_self', { field: change.banned ? 'banned' : 'role' });
    }
    const user = await asUser(c, async (tx) => {
      const updated = await updateUser(c.var.deps.identity, tx, id, change);
      if (updated) {
        const { password: _password, ...logged } = change;
        await audit(tx, c.var.user.id, 'user.update', 'user', id, { ...logged, passwordChanged: Boolean(change.password) });
      }
      return updated;
    });
    if (!user) throw new HttpError(404, 'user_not_found', { field: 'id' });
    return reply(c, userAnswerSchema, { user });
  })

  .get('/access-requests', doc({ summary: 'Access requests, pending first', access: 'admin', response: accessRequestListSchema }), async (c) =>
    reply(c, accessRequestListSchema, { requests: await asUser(c, listAccessRequests) }))

  .patch('/access-requests/:id', doc({ summary: 'Approve or reject an access request (audited)', access: 'admin', response: accessRequestAnswerSchema }),
  idParam(), body(accessRequestDecisionSchema), async (c) => {
    const { id } = c.req.valid('param');
    const { status } = c.req.valid('json');
    const request = await asUser(c, async (tx) => {
      const decided = await decideAccessRequest(tx, id, status, c.var.user.id);
      if (decided) await audit(tx, c.var.user.id, `access_request.${status}`, 'access_request', id, { email: decided.email });
      return decided;
    });
    if (!request) throw new HttpError(404, 'access_request_not_found', { field: 'id' });
    return reply(c, accessRequestAnswerSchema, { request });
  })

  .get('/audit-log', doc({ summary: 'The newest 200 audit log entries', access: 'admin', response: auditLogSchema }), async (c) =>
    reply(c, auditLogSchema, { entries: await asUser(c, listAuditLog) }));
