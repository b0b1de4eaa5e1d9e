// The dev outbox: mail "sent" while no mail service is configured, readable in
// the app, and "reply as the candidate", which feeds the real inbound path.
import { Hono } from 'hono';
import { candidateReply, getOutboxEmail, listOutbox } from '#domain/mail/outbox.server.ts';
import { receiveInboundEmail } from '#domain/messages/inbound-email.server.ts';
import { getMessage } from '#domain/messages/messages.server.ts';
import { outboxReplySchema } from '#domain/messages/schemas.ts';
import { outboxEmailSchema, outboxListSchema } from '#domain/mail/outbox-schemas.ts';
import { outboxReplyResultSchema } from '#domain/messages/inbound-email-schemas.ts';
import { providerConfigured } from '#domain/ai/provider.server.ts';
import { enqueueQuietly, QUEUES } from '#platform/runtime/jobs.server.ts';
import { mailKind } from '#domain/mail/index.server.ts';
import type { AppEnv } from '../context.ts';
import { asUser, requireUser } from '../guards.ts';
import { HttpError } from '../http.ts';
import { body, doc, idParam, reply } from '../contract.ts';

export const outboxRoutes = new Hono<AppEnv>()
  .use('*', requireUser)

  .get('/', doc({ summary: 'The dev outbox: the 100 newest mails, and the transport in use', response: outboxListSchema }), async (c) => {
    return reply(c, outboxListSchema, { transport: mailKind(c.var.deps.config), emails: await asUser(c, (tx) => listOutbox(tx)) });
  })

  .get('/:id', doc({ summary: 'One outbox mail with its headers and raw text', response: outboxEmailSchema }), idParam(), async (c) => {
    const email = await asUser(c, (tx) => getOutboxEmail(tx, c.req.valid('param').id));
    if (!email) throw new HttpError(404, 'outbox_email_not_found', { field: 'id' });
    return reply(c, outboxEmailSchema, email);
  })

  /** 201 with the stored reply; 200 when the inbound path did not store it as one (a repeat, kept aside, an unsubscribe). */
  .post('/:id/reply', doc({ summary: 'Answer an outbox mail as the candidate, through the inbound mail path', response: outboxReplyResultSchema,
    status: 201, alsoAnswers: { 200: outboxReplyResultSchema } }),
  idParam(), body(outboxReplySchema), async (c) => {
    const { content } = c.req.valid('json');
    const email = await asUser(c, (tx) => getOutboxEmail(tx, c.req.valid('param').id));
    if (!email) throw new HttpError(404, 'outbox_email_not_found', { field: 'id' });
    const result = await receiveInboundEmail(c.var.deps.pools.app, await candidateReply(email, content));
    if (result.status !== 'stored') return reply(c, outboxReplyResultSchema, result, 200);
    if (providerConfigured(c.var.deps.config.openai)) {
      await enqueueQuietly(c.var.deps.jobs, QUEUES.sentiment, [{ data: { messageId: result.messageId } }]);
    }
    return reply(c, outboxReplyResultSchema, { ...result, message: await asUser(c, (tx) => getMessage(tx, result.messageId)) }, 201);
  });
