// Messages and threads: compose and reply (POST /api/candidates/{id}/messages),
// one message, a thread, the thread list ("Needs reply" or all, campaign sends without
// a reply grouped per campaign), marking read and marking a thread done.
import { Hono } from 'hono';
import { createMessage, getMessage, getThread, listCampaignGroups, listThreads, markRead, markThreadDone } from '#domain/messages/messages.server.ts';
import {
  campaignGroupListSchema, messageSchema, newMessageBodySchema, newMessageSchemaFor, sentMessageSchema, threadDoneSchema, threadListQuerySchema,
  threadListSchema, threadReadSchema, threadSchema,
} from '#domain/messages/schemas.ts';
import { enqueueQuietly, mailJob, QUEUES } from '#platform/runtime/jobs.server.ts';
import type { AppEnv } from '../context.ts';
import { asUser, requireUser } from '../guards.ts';
import { HttpError } from '../http.ts';
import { body, doc, idParam, query, reply } from '../contract.ts';

export const candidateMessageRoutes = new Hono<AppEnv>()
  .post('/:id/messages', doc({ summary: 'Send a message to a candidate, or a reply in a thread (stored queued; the worker sends it)', tag: 'messages',
    response: sentMessageSchema, status: 201 }),
  requireUser, idParam('candidateId'), body(newMessageBodySchema, newMessageSchemaFor), async (c) => {
    const message = await asUser(c, (tx) => createMessage(tx, c.req.valid('param').id, c.req.valid('json'), c.var.user, c.var.deps.config.publicUrl));
    await enqueueQuietly(c.var.deps.jobs, QUEUES.mailSend, [mailJob(message.id)]);
    return reply(c, sentMessageSchema, { success: true, message }, 201);
  });

export const messageRoutes = new Hono<AppEnv>()
  .use('*', requireUser)

  .get('/', doc({ summary: 'Threads, newest activity first (view needs-reply or all; filter by sentiment, candidate, unread)', response: threadListSchema }),
  query(threadListQuerySchema), async (c) => {
    const threads = await asUser(c, (tx) => listThreads(tx, c.req.valid('query')));
    return reply(c, threadListSchema, { threads });
  })

  // Before /:id, which would read "campaign-groups" as an id.
  .get('/campaign-groups', doc({ summary: 'Campaigns whose sends have no reply yet, each once with its count', response: campaignGroupListSchema }),
  async (c) => {
    const groups = await asUser(c, (tx) => listCampaignGroups(tx));
    return reply(c, campaignGroupListSchema, { groups });
  })

  .get('/:id', doc({ summary: 'One message', response: messageSchema }), idParam(), async (c) => {
    const message = await asUser(c, (tx) => getMessage(tx, c.req.valid('param').id));
    if (!message) throw new HttpError(404, 'message_not_found', { field: 'id' });
    return reply(c, messageSchema, message);
  })

  .get('/:id/thread', doc({ summary: 'The thread a message belongs to, oldest first', response: threadSchema }), idParam(), async (c) => {
    const thread = await asUser(c, (tx) => getThread(tx, c.req.valid('param').id));
    if (!thread) throw new HttpError(404, 'message_not_found', { field: 'id' });
    return reply(c, threadSchema, thread);
  })

  .post('/:id/read', doc({ summary: "Mark the thread's replies up to this message read", response: threadReadSchema }), idParam(), async (c) => {
    const read = await asUser(c, (tx) => markRead(tx, c.req.valid('param').id));
    if (!read) throw new HttpError(404, 'message_not_found', { field: 'id' });
    return reply(c, threadReadSchema, { success: true, ...read });
  })

  .post('/:id/done', doc({ summary: "Mark the message's thread done: it no longer needs a reply", response: threadDoneSchema }), idParam(), async (c) => {
    const done = await asUser(c, (tx) => markThreadDone(tx, c.req.valid('param').id));
    if (!done) throw new HttpError(404, 'message_not_found', { field: 'id' });
    return reply(c, threadDoneSchema, { success: true, ...done });
  });
