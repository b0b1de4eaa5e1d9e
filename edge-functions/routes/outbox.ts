// The dev outbox: mail "sent" while no mail service is configured, readable in
// the app, and "reply as the candidate", which feeds the real inbound path.
import { Hono } from 'hono';
import { candidateReply, getOutboxEmail, listOutbox } from '#domain/mail/outbox.ts';
import { receiveInboundEmail } from '#domain/mail/inbound.ts';
import { getMessage } from '#domain/messages/messages.ts';
import { outboxReplySchema } from '#domain/messages/schemas.ts';
import { providerConfigured } from '#domain/ai/provider.ts';
import { enqueueQuietly, QUEUES } from '#domain/runtime/jobs.ts';
import { mailKind } from '#domain/mail/index.ts';
import type { AppEnv } from '../context.ts';
import { asUser, requireUser } from '../guards.ts';
import { HttpError, parseBody, parseId } from '../http.ts';

export const outboxRoutes = new Hono<AppEnv>();
outboxRoutes.use('*', requireUser);

outboxRoutes.get('/', async (c) => c.json({
  transport: mailKind(c.var.deps.config),
  emails: await asUser(c, (tx) => listOutbox(tx)),
}));

outboxRoutes.get('/:id', async (c) => {
  const id = parseId(c.req.param('id'));
  const email = await asUser(c, (tx) => getOutboxEmail(tx, id));
  if (!email) throw new HttpError(404, 'Outbox email not found', { field: 'id' });
  return c.json(email);
});

outboxRoutes.post('/:id/reply', async (c) => {
  const id = parseId(c.req.param('id'));
  const { content } = await parseBody(c, outboxReplySchema);
  const email = await asUser(c, (tx) => getOutboxEmail(tx, id));
  if (!email) throw new HttpError(404, 'Outbox email not found', { field: 'id' });
  const result = await receiveInboundEmail(c.var.deps.pools.app, await candidateReply(email, content));
  if (result.status !== 'stored') return c.json(result, 200);
  if (providerConfigured(c.var.deps.config.openai)) {
    await enqueueQuietly(c.var.deps.jobs, QUEUES.sentiment, [{ data: { messageId: result.messageId } }]);
  }
  return c.json({ ...result, message: await asUser(c, (tx) => getMessage(tx, result.messageId)) }, 201);
});
