// Candidates' data requests (issue 30): admins list them with their deadline and handle them
// (mounted at /api/admin/data-requests); any member enters one that came by email, phone or
// letter (mounted at /api/data-requests). Handling is audited (domain/data-rights/data-requests.server.ts).
import { Hono } from 'hono';
import {
  dataRequestAnswerSchema, dataRequestCreateSchema, dataRequestHandleSchema, dataRequestListSchema, dataRequestQuerySchema,
} from '#domain/data-rights/schemas.ts';
import { enterDataRequest, handleDataRequest, listDataRequests } from '#domain/data-rights/data-requests.server.ts';
import type { AppEnv } from '../context.ts';
import { asUser, requireAdmin, requireUser } from '../guards.ts';
import { HttpError } from '../http.ts';
import { body, doc, idParam, query, reply } from '../contract.ts';

export const dataRequestAdminRoutes = new Hono<AppEnv>()
  .use('*', requireUser, requireAdmin)

  .get('/', doc({ summary: 'Data requests with their deadline, state and handler; ?state= (active: open or scheduled), ?kind=, ?overdue=true; 50 a page', access: 'admin', response: dataRequestListSchema }),
    query(dataRequestQuerySchema), async (c) =>
      reply(c, dataRequestListSchema, await asUser(c, (tx) => listDataRequests(tx, c.req.valid('query')))))

  .patch('/:id', doc({ summary: 'Handle a data request: done (an erasure erases the candidate now) or refused with the reason (an erasure: the data is kept); audited', access: 'admin', response: dataRequestAnswerSchema }),
    idParam(), body(dataRequestHandleSchema), async (c) => {
      const request = await asUser(c, (tx) => handleDataRequest(tx, c.var.user.id, c.req.valid('param').id, c.req.valid('json')));
      if (!request) throw new HttpError(404, 'data_request_not_found', { field: 'id' });
      return reply(c, dataRequestAnswerSchema, { request });
    });

export const dataRequestRoutes = new Hono<AppEnv>()
  .use('*', requireUser)

  .post('/', doc({ summary: 'Enter a data request that came by email, phone or letter; due a month after it was received (audited)', response: dataRequestAnswerSchema, status: 201 }),
    body(dataRequestCreateSchema), async (c) => {
      const request = await asUser(c, (tx) => enterDataRequest(tx, c.var.user.id, c.req.valid('json')));
      return reply(c, dataRequestAnswerSchema, { request }, 201);
    });
