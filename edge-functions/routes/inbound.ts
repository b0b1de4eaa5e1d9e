// Inbound mail: the raw RFC 822 message, POSTed by the mail provider's webhook
// or a pipe from the MTA, with `Authorization: Bearer <INBOUND_MAIL_SECRET>`.
import { createHash, timingSafeEqual } from 'node:crypto';
import { Hono } from 'hono';
import { receiveInboundEmail } from '#domain/mail/inbound.ts';
import { UnreadableMailError } from '#domain/mail/inbound-guard.ts';
import { providerConfigured } from '#domain/ai/provider.ts';
import { enqueueQuietly, QUEUES } from '#domain/runtime/jobs.ts';
import type { AppEnv } from '../context.ts';
import { asUser, requireUser } from '../guards.ts';
import { HttpError, parseId } from '../http.ts';

const MAX_BYTES = 15 * 1024 * 1024;

function sameSecret(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

export const inboundRoutes = new Hono<AppEnv>();

inboundRoutes.post('/email', async (c) => {
  const secret = c.var.deps.config.inboundMailSecret;
  if (!secret) throw new HttpError(503, 'Inbound mail is not configured (set INBOUND_MAIL_SECRET)', { field: 'authorization' });
  const given = /^Bearer\s+(.+)$/i.exec(c.req.header('authorization') ?? '')?.[1] ?? '';
  if (!given || !sameSecret(given, secret)) throw new HttpError(401, 'Invalid inbound mail secret', { field: 'authorization' });
  if (Number(c.req.header('content-length') ?? 0) > MAX_BYTES) throw new HttpError(413, 'The message is larger than 15 MB', { field: 'body' });
  const raw = Buffer.from(await c.req.arrayBuffer());
  if (raw.length > MAX_BYTES) throw new HttpError(413, 'The message is larger than 15 MB', { field: 'body' });
  if (!/^[\x21-\x39\x3b-\x7e]+:/m.test(raw.subarray(0, 4096).toString('latin1'))) {
    throw new HttpError(400, 'body must be a raw RFC 822 email message', { field: 'body' });
  }
  const result = await receiveInboundEmail(c.var.deps.pools.app, raw).catch((error: unknown) => {
    // Kept aside for an admin (GET /unmatched/:id has the raw message); the sender's side learns why.
    if (error instanceof UnreadableMailError) {
      throw new HttpError(error.status, error.message, { field: 'body', extra: { unmatchedId: error.unmatchedId } });
    }
    throw error;
  });
  if (result.status === 'stored' && providerConfigured(c.var.deps.config.openai)) {
    await enqueueQuietly(c.var.deps.jobs, QUEUES.sentiment, [{ data: { messageId: result.messageId } }]);
  }
  return c.json(result, result.status === 'stored' ? 201 : result.status === 'unmatched' ? 202 : 200);
});

inboundRoutes.get('/unmatched', requireUser, async (c) => {
  const { rows } = await asUser(c, (tx) => tx.query(
    `select id, internet_message_id as "internetMessageId", from_address as "from", to_addresses as "to", subject,
            left(text_body, 2000) as text, reason, received_at as "receivedAt"
       from public.inbound_unmatched order by received_at desc limit 200`));
  return c.json({ emails: rows });
});

/** One message kept aside, with the raw RFC 822 text (e.g. one that could not be read). */
inboundRoutes.get('/unmatched/:id', requireUser, async (c) => {
  const id = parseId(c.req.param('id'));
  const { rows } = await asUser(c, (tx) => tx.query(
    `select id, internet_message_id as "internetMessageId", from_address as "from", to_addresses as "to", subject,
            text_body as text, reason, raw, received_at as "receivedAt"
       from public.inbound_unmatched where id = $1`, [id]));
  if (!rows[0]) throw new HttpError(404, 'Unmatched email not found', { field: 'id' });
  return c.json(rows[0]);
});
