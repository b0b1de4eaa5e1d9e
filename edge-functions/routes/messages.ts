// Messages and threads: compose and reply (POST /api/candidates/{id}/messages),
// one message, a thread, the thread list and marking read.
import { Hono } from 'hono';
import { createMessage, getMessage, getThread, listThreads, markRead } from '#domain/messages/messages.ts';
import { newMessageSchemaFor, threadListQuerySchema } from '#domain/messages/schemas.ts';
import { enqueueQuietly, mailJob, QUEUES } from '#domain/runtime/jobs.ts';
import type { AppEnv } from '../context.ts';
import { asUser, requireUser } from '../guards.ts';
import { HttpError, jsonBody, parse, parseId } from '../http.ts';

export const candidateMessageRoutes = new Hono<AppEnv>();

candidateMessageRoutes.post('/:id/messages', requireUser, async (c) => {
  const candidateId = parseId(c.req.param('id'), 'candidateId');
  const body = await jsonBody(c);
  const input = parse(newMessageSchemaFor(body), body);
  const message = await asUser(c, (tx) => createMessage(tx, candidateId, input, c.var.user));
  await enqueueQuietly(c.var.deps.jobs, QUEUES.mailSend, [mailJob(message.id)]);
  return c.json({ success: true, message }, 201);
});

export const messageRoutes = new Hono<AppEnv>();
messageRoutes.use('*', requireUser);

messageRoutes.get('/', async (c) => {
  const query = parse(threadListQuerySchema, c.req.query());
  return c.json({ threads: await asUser(c, (tx) => listThreads(tx, query)) });
});

messageRoutes.get('/:id', async (c) => {
  const id = parseId(c.req.param('id'));
  const message = await asUser(c, (tx) => getMessage(tx, id));
  if (!message) throw new HttpError(404, 'Message not found', { field: 'id' });
  return c.json(message);
});

messageRoutes.get('/:id/thread', async (c) => {
  const id = parseId(c.req.param('id'));
  const thread = await asUser(c, (tx) => getThread(tx, id));
  if (!thread) throw new HttpError(404, 'Message not found', { field: 'id' });
  return c.json(thread);
});

messageRoutes.post('/:id/read', async (c) => {
  const id = parseId(c.req.param('id'));
  const read = await asUser(c, (tx) => markRead(tx, id));
  if (!read) throw new HttpError(404, 'Message not found', { field: 'id' });
  return c.json({ success: true, ...read });
});
