// Microsoft Graph's change notifications on the recruiters' inboxes (decision 039), mounted at /api/graph.
// POST /notifications?validationToken=… is Graph's handshake while it makes a subscription: the token
// echoed as text/plain (Graph waits 10 seconds). Any other POST is a batch of notifications: each whose
// clientState is its subscription's secret queues that mailbox's read at once; nothing is read here.
// Wrong secrets are ignored and count against the sender's address, as for inbound mail. A well-formed
// batch is answered 202 whatever it held, so Graph does not send it again.
import { Hono } from 'hono';
import { networkOf } from '#platform/http/client-ip.server.ts';
import { hit, peek, type RateRule } from '#platform/http/rate-limit.server.ts';
import { asService } from '#platform/db/request.server.ts';
import { enqueueQuietly, mailSyncJob, QUEUES } from '#platform/runtime/jobs.server.ts';
import { notifiedMailboxes, NOTIFIED_READ_SLOT_SECONDS } from '#domain/mail/mailbox-subscriptions.server.ts';
import {
  graphNotificationsResultSchema, graphNotificationsSchema, graphValidationQuerySchema,
} from '#domain/mail/graph-notification-schemas.ts';
import { say } from '#domain/i18n/codes.ts';
import type { AppEnv } from '../context.ts';
import { HttpError, parse, parseBody } from '../http.ts';
import { doc, reply } from '../contract.ts';

/** Wrong or unknown subscriptions' notifications per address (an IPv6 /64): far too few to guess a 256-bit secret. */
export const GRAPH_NOTIFICATION_FAILURES_PER_IP: RateRule = { name: 'graph-notification-failure:ip', limit: 30, windowSeconds: 15 * 60 };

export const graphRoutes = new Hono<AppEnv>()
  .post('/notifications', doc({
    summary: "Microsoft Graph's change notifications on recruiters' inboxes: ?validationToken= is echoed as text/plain (the handshake); "
      + 'otherwise each notification whose clientState is its subscription\'s queues that mailbox\'s read at once',
    access: 'public', tag: 'mail',
    requestBody: { contentType: 'application/json', description: "Graph's changeNotificationCollection: { value: [{ subscriptionId, clientState, changeType, resource, … }] }" },
    response: graphNotificationsResultSchema, status: 202,
    alsoAnswers: { 200: { contentType: 'text/plain', description: 'The validation token, echoed' } },
  }), async (c) => {
    const { validationToken } = parse(graphValidationQuerySchema, c.req.query(), 'query');
    if (validationToken !== undefined) return c.text(validationToken, 200);

    const { owner, app } = c.var.deps.pools;
    const network = networkOf(c.var.deps.clientIp(c));
    // Checked first: an address that used up its failures learns nothing more, right or wrong.
    const failures = await peek(owner, GRAPH_NOTIFICATION_FAILURES_PER_IP, network);
    if (!failures.allowed) {
      throw new HttpError(429, say('too_many_graph_notification_failures', { minutes: Math.ceil(failures.retryAfterSeconds / 60) }), {
        field: 'clientState', extra: { retryAfter: failures.retryAfterSeconds },
      });
    }
    const { value } = await parseBody(c, graphNotificationsSchema);
    const { mailboxes, refused } = await asService(app, (tx) => notifiedMailboxes(tx, value));
    if (refused) await hit(owner, GRAPH_NOTIFICATION_FAILURES_PER_IP, network);
    await enqueueQuietly(c.var.deps.jobs, QUEUES.mailSync,
      mailboxes.map((mailbox) => mailSyncJob(mailbox, new Date(), NOTIFIED_READ_SLOT_SECONDS, 'now')));
    return reply(c, graphNotificationsResultSchema, { accepted: value.length - refused, ignored: refused, mailboxesQueued: mailboxes.length }, 202);
  });
