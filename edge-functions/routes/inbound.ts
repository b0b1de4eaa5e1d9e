// Inbound mail: the raw RFC 822 message, POSTed by a pipe from the MTA with
// `Authorization: Bearer <INBOUND_MAIL_SECRET>`, or a mail service's inbound webhook
// as the service sends it (decision 037): SendGrid Inbound Parse and Postmark with
// INBOUND_MAIL_SECRET as the basic-auth password in their URL, Mailgun signed with
// MAILGUN_SIGNING_KEY (at /email/mime: Mailgun sends the raw message only to a URL
// ending in "mime"). Whatever the format, its raw message takes the one inbound path.
import { Hono, type Context } from 'hono';
import { networkOf } from '#platform/http/client-ip.server.ts';
import { hit, peek, type RateRule } from '#platform/http/rate-limit.server.ts';
import { receiveInboundEmail } from '#domain/messages/inbound-email.server.ts';
import { UnreadableMailError } from '#domain/mail/inbound-guard.server.ts';
import type { InboundDelivery } from '#domain/mail/inbound-delivery.server.ts';
import { acceptedRaw, deliveryOf } from '#domain/mail/inbound-formats.server.ts';
import { postmarkDelivery } from '#domain/mail/inbound-postmark.server.ts';
import { inboundResultSchema, unmatchedEmailDetailSchema, unmatchedEmailListSchema } from '#domain/messages/inbound-email-schemas.ts';
import { getUnmatchedEmail, listUnmatchedEmails } from '#domain/messages/unmatched.server.ts';
import { providerConfigured } from '#domain/ai/provider.server.ts';
import { engagementScoreJob, enqueueQuietly, QUEUES } from '#platform/runtime/jobs.server.ts';
import { bounceRetryJob } from '#domain/mail/bounces.server.ts';
import type { AppEnv } from '../context.ts';
import { asUser, requireUser } from '../guards.ts';
import { HttpError, isJsonType, jsonBody } from '../http.ts';
import { say } from '#domain/i18n/codes.ts';
import { doc, idParam, reply } from '../contract.ts';

const MAX_BYTES = 15 * 1024 * 1024;

/**
 * Wrong secrets per address (an IPv6 /64): enough for a mistyped configuration, far too few to
 * guess a secret. Only failures count, so the provider sending the right secret is never limited.
 * Every format's wrong credentials count here: a wrong secret, or a wrong or replayed Mailgun signature.
 */
export const INBOUND_SECRET_FAILURES_PER_IP: RateRule = { name: 'inbound-secret-failure:ip', limit: 10, windowSeconds: 15 * 60 };

/** The request's format and raw message: Postmark's JSON, a SendGrid or Mailgun form, or the raw message itself. */
async function readDelivery(c: Context<AppEnv>): Promise<InboundDelivery> {
  if (Number(c.req.header('content-length') ?? 0) > MAX_BYTES) throw new HttpError(413, 'mail_too_large', { field: 'body' });
  const type = c.req.header('content-type');
  if (isJsonType(type)) return postmarkDelivery(await jsonBody(c));
  const body = new Uint8Array(await c.req.arrayBuffer());
  if (body.length > MAX_BYTES) throw new HttpError(413, 'mail_too_large', { field: 'body' });
  return deliveryOf(type, body);
}

const RECEIVE_DOC = doc({
  summary: 'Deliver an inbound email: the raw RFC 822 message (Authorization: Bearer <INBOUND_MAIL_SECRET>), or the inbound webhook of '
    + 'SendGrid (Inbound Parse, raw) or Postmark (RawEmail) with basic auth, or of Mailgun (body-mime, signed; at /api/inbound/email/mime)',
  access: 'public',
  requestBody: { contentType: 'message/rfc822', description: 'The raw email (at most 15 MB), or the webhook form or JSON of SendGrid, Mailgun or Postmark' },
  response: inboundResultSchema, status: 201,
  // 200: a duplicate, a List-Unsubscribe mail or a bounce; 202: kept aside, unmatched.
  alsoAnswers: { 200: inboundResultSchema, 202: inboundResultSchema },
});

async function receive(c: Context<AppEnv>) {
  const { owner } = c.var.deps.pools;
  const network = networkOf(c.var.deps.clientIp(c));
  // Checked before anything else: an address that used up its failures learns nothing more, right or wrong.
  const failures = await peek(owner, INBOUND_SECRET_FAILURES_PER_IP, network);
  if (!failures.allowed) {
    throw new HttpError(429, say('too_many_inbound_secrets', { minutes: Math.ceil(failures.retryAfterSeconds / 60) }), {
      field: 'authorization', extra: { retryAfter: failures.retryAfterSeconds },
    });
  }
  const raw = await acceptedRaw(owner, await readDelivery(c), c.req.header('authorization'), c.var.deps.config);
  if (!Buffer.isBuffer(raw)) {
    if (raw.status === 401) await hit(owner, INBOUND_SECRET_FAILURES_PER_IP, network);
    throw new HttpError(raw.status, raw.said, { field: raw.field });
  }
  if (!/^[\x21-\x39\x3b-\x7e]+:/m.test(raw.subarray(0, 4096).toString('latin1'))) {
    throw new HttpError(400, 'not_rfc822', { field: 'body' });
  }
  const result = await receiveInboundEmail(c.var.deps.pools.app, raw).catch((error: unknown) => {
    // Kept aside for an admin (GET /unmatched/:id has the raw message); the sender's side learns why.
    if (error instanceof UnreadableMailError) {
      throw new HttpError(error.status, error, { field: 'body', extra: { unmatchedId: error.unmatchedId } });
    }
    throw error;
  });
  if (result.status === 'stored' && providerConfigured(c.var.deps.config.openai)) {
    await enqueueQuietly(c.var.deps.jobs, QUEUES.sentiment, [{ data: { messageId: result.messageId } }]);
  }
  // A soft bounce sends the message again at its send_after (else the sweep finds it).
  const retry = result.status === 'bounce' ? bounceRetryJob(result) : null;
  if (retry) await enqueueQuietly(c.var.deps.jobs, QUEUES.mailSend, [retry]);
  // A reply (or an unsubscribe by mail) marked its candidate's score due.
  if (result.status !== 'unmatched') await enqueueQuietly(c.var.deps.jobs, QUEUES.engagementScore, [engagementScoreJob()]);
  // 201 a reply stored, 202 kept aside, 200 a repeat, an unsubscribe mail or a bounce.
  return reply(c, inboundResultSchema, result, result.status === 'stored' ? 201 : result.status === 'unmatched' ? 202 : 200);
}

export const inboundRoutes = new Hono<AppEnv>()
  .post('/email', RECEIVE_DOC, receive)
  /** The same, at a URL ending in "mime": where Mailgun's route forwards the raw message. */
  .post('/email/mime', RECEIVE_DOC, receive)

  .get('/unmatched', doc({ summary: 'Inbound mail kept aside (no candidate or thread found), newest first', response: unmatchedEmailListSchema }),
    requireUser, async (c) => reply(c, unmatchedEmailListSchema, { emails: await asUser(c, listUnmatchedEmails) }))

  /** One message kept aside, with the raw RFC 822 text (e.g. one that could not be read). */
  .get('/unmatched/:id', doc({ summary: 'One inbound mail kept aside, whole, with its raw RFC 822 text', response: unmatchedEmailDetailSchema }),
    requireUser, idParam(), async (c) => {
      const email = await asUser(c, (tx) => getUnmatchedEmail(tx, c.req.valid('param').id));
      if (!email) throw new HttpError(404, 'unmatched_email_not_found', { field: 'id' });
      return reply(c, unmatchedEmailDetailSchema, email);
    });
