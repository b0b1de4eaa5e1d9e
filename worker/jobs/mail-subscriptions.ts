// mail-subscriptions: with an https PUBLIC_URL, Graph change-notification subscriptions on the recruiters'
// inboxes (decision 039, domain/messages/inbox-subscriptions.server.ts), made when missing and renewed before
// they expire. A pg-boss schedule: once in total every 10 minutes, however many workers run.
import type { PgBoss } from 'pg-boss';
import { graphConfigured } from '#platform/mail/graph.server.ts';
import { createGraphSubscriptions, type GraphSubscriptions } from '#platform/mail/graph-subscriptions.server.ts';
import { log } from '#platform/runtime/log.server.ts';
import { QUEUES } from '#platform/runtime/jobs.server.ts';
import { keepInboxSubscriptions } from '#domain/messages/inbox-subscriptions.server.ts';
import { ensureQueue, type JobDeps } from './deps.ts';
import { logged } from './job-log.ts';

/** One pass: the missing subscriptions made, the due ones renewed. */
export function keepMailSubscriptions(deps: Pick<JobDeps, 'pools' | 'config' | 'logger'>, subscriptions: GraphSubscriptions) {
  const logger = deps.logger ?? log;
  return keepInboxSubscriptions({
    app: deps.pools.app, subscriptions, publicUrl: deps.config.publicUrl, warn: (message, fields) => logger.warn(message, fields),
  });
}

export async function registerMailSubscriptionJobs(boss: PgBoss, deps: JobDeps) {
  if (!graphConfigured(deps.config.graph)) return;
  const subscriptions = createGraphSubscriptions(deps.config.graph);
  await ensureQueue(boss, QUEUES.mailSubscriptions, { retryLimit: 0, expireInSeconds: 600 });
  await boss.schedule(QUEUES.mailSubscriptions, '*/10 * * * *');
  await boss.work(QUEUES.mailSubscriptions, logged(QUEUES.mailSubscriptions, deps.logger, () => keepMailSubscriptions(deps, subscriptions)));
}
