// Inbound mail: the raw RFC 822 message, POSTed by the mail provider's webhook
// or a pipe from the MTA, with `Authorization: Bearer <INBOUND_MAIL_SECRET>`.
import { createHash, timingSafeEqual } from 'node:crypto';
import { Hono } from 'hono';
import { networkOf } from '#platform/http/client-ip.server.ts';
import { hit, peek, type RateRule } from '#platform/http/rate-limit.server.ts';
import { receiveInboundEmail } from '#domain/messages/inbound-email.server.ts';
import { UnreadableMailError } from '#domain/mail/inbound-guard.server.ts';
import { inboundResultSchema, unmatchedEmailDetailSchema, unmatchedEmailListSchema } from '#domain/messages/inbound-email-schemas.ts';
import { getUnmatchedEmail, listUnmatchedEmails } from '#domain/messages/unmatched.server.ts';
import { providerConfigured } from '#domain/ai/provider.server.ts';
import { engagementScoreJob, enqueueQuietly, QUEUES } from '#platform/runtime/jobs.server.ts';
import { bounceRetryJob } from '#domain/mail/bounces.server.ts';
import type { AppEnv } from '../context.ts';
import { asUser, requireUser } from '../guards.ts';
import { HttpError } from '../http.ts';
import { say } from '#domain/i18n/codes.ts';
import { doc, idParam, reply } from '../contract.ts';

const MAX_BYTES = 15 * 1024 * 1024;

/**
 * Wrong secrets per address (an IPv6 /64): enough for a mistyped configuration, far too few to
 * guess a secret. Only failures count, so the provider sending the right secret is never limited.
 */
export const INBOUND_SECRET_FAILURES_PER_IP: RateRule = { name: 'inbound-secret-failure:ip', limit: 10, windowSeconds: 15 * 60 };

function sameSecret(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

export const inboundRoutes = new Hono<AppEnv>()
  /** The body is the raw message (message/rfc822), not JSON; the shared secret is the credential. */
  .post('/email', doc({ summary: 'Deliver an inbound email (the body: raw RFC 822; Authorization: Bearer <INBOUND_MAIL_SECRET>)', access: 'public',
    requestBody: { contentType: 'message/rfc822', description: 'The raw email (at most 15 MB)' },
    response: inboundResultSchema, status: 201,
    // 200: a duplicate, a List-Unsubscribe mail or a bounce; 202: kept aside, unmatched.
    alsoAnswers: { 200: inboundResultSchema, 202: inboundResultSchema } }), async (c) => {
    const secret = c.var.deps.config.inboundMailSecret;
    if (!secret) throw new HttpError(503, 'inbound_not_configured', { field: 'authorization' });
    const { owner } = c.var.deps.pools;
    const network = networkOf(c.var.deps.clientIp(c));
    // Checked before the secret: an address that used up its failures learns nothing more, right or wrong.
    const failures = await peek(owner, INBOUND_SECRET_FAILURES_PER_IP, network);
    if (!failures.allowed) {
      throw new HttpError(429, say('too_many_inbound_secrets', { minutes: Math.ceil(failures.retryAfterSeconds / 60) }), {
        field: 'authorization', extra: { retryAfter: failures.retryAfterSeconds },
      });
    }
    const given = /^Bearer\s+(.+)$/i.exec(c.req.header('authorization') ?? '')?.[1] ?? '';
    if (!given || !sameSecret(given, secret)) {
      await hit(owner, INBOUND_SECRET_FAILURES_PER_IP, network);
      throw new HttpError(401, 'invalid_inbound_secret', { field: 'authorization' });
    }
    if (Number(c.req.header('content-length') ?? 0) > MAX_BYTES) throw new HttpError(413, 'mail_too_large', { field: 'body' });
    const raw = Buffer.from(await c.req.arrayBuffer());
    if (raw.length > MAX_BYTES) throw new HttpError(413, 'mail_too_large', { field: 'body' });
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
  })

  .get('/unmatched', doc({ summary: 'Inbound mail kept aside (no candidate or thread found), newest first', response: unmatchedEmailListSchema }),
    requireUser, async (c) => reply(c, unmatchedEmailListSchema, { emails: await asUser(c, listUnmatchedEmails) }))

  /** One message kept aside, with the raw RFC 822 text (e.g. one that could not be read). */
  .get('/unmatched/:id', doc({ summary: 'One inbound mail kept aside, whole, with its raw RFC 822 text', response: unmatchedEmailDetailSchema }),
    requireUser, idParam(), async (c) => {
      const email = await asUser(c, (tx) => getUnmatchedEmail(tx, c.req.valid('param').id));
      if (!email) throw new HttpError(404, 'unmatched_email_not_found', { field: 'id' });
      return reply(c, unmatchedEmailDetailSchema, email);
    });
