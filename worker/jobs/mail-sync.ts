// mail-sync: reads each recruiter's own inbox for candidates' answers (decision 039,
// domain/messages/mailbox-sync.server.ts), every MS_MAIL_SYNC_SECONDS. Each read queues the next one
// (at Graph's Retry-After or the back-off when later); job ids name the mailbox and the time slot, so
// however many workers queue a slot's read it is queued once, and the mailbox's claim lets one worker
// at a time read it. mail-sync-schedule (a pg-boss schedule: once in total each minute) queues a read
// for every mailbox whose chain was lost (a crash, a lost job) or that was never read.
import type { PgBoss } from 'pg-boss';
import { asService } from '#platform/db/request.server.ts';
import { graphConfigured } from '#platform/mail/graph.server.ts';
import { createGraphInbox, type GraphInbox } from '#platform/mail/graph-inbox.server.ts';
import { mailSyncJob, QUEUES } from '#platform/runtime/jobs.server.ts';
import { mailboxesDue, mailboxRetryAfter } from '#domain/mail/mailboxes.server.ts';
import { syncMailbox } from '#domain/messages/mailbox-sync.server.ts';
import { ensureQueue, type JobDeps } from './deps.ts';
import { logged } from './job-log.ts';

/** Queues the read of every mailbox that is due and has no read queued (see above). */
export async function scheduleMailSyncs(deps: Pick<JobDeps, 'pools' | 'jobs' | 'config'>) {
  const seconds = deps.config.mail.syncSeconds;
  const due = await asService(deps.pools.app, (tx) => mailboxesDue(tx, seconds));
  await deps.jobs.send(QUEUES.mailSync, due.map((mailbox) => mailSyncJob(mailbox, new Date(), seconds)));
}

/** One read, then the next one queued. */
export async function runMailSync(deps: Pick<JobDeps, 'pools' | 'jobs' | 'config' | 'worker'>, inbox: GraphInbox, mailbox: string) {
  const seconds = deps.config.mail.syncSeconds;
  const result = await syncMailbox({ app: deps.pools.app, inbox, worker: deps.worker.id }, mailbox);
  const waitUntil = await asService(deps.pools.app, (tx) => mailboxRetryAfter(tx, mailbox));
  const next = new Date(Math.max(Date.now() + seconds * 1000, waitUntil?.getTime() ?? 0));
  await deps.jobs.send(QUEUES.mailSync, [mailSyncJob(mailbox, next, seconds)]);
  return result;
}

export async function registerMailSyncJobs(boss: PgBoss, deps: JobDeps) {
  if (!graphConfigured(deps.config.graph)) return;
  const inbox = createGraphInbox(deps.config.graph);
  await ensureQueue(boss, QUEUES.mailSync, { retryLimit: 0, expireInSeconds: 600 });
  await ensureQueue(boss, QUEUES.mailSyncSchedule, { retryLimit: 0, expireInSeconds: 300 });
  await boss.schedule(QUEUES.mailSyncSchedule, '* * * * *');
  await boss.work(QUEUES.mailSyncSchedule, logged(QUEUES.mailSyncSchedule, deps.logger, () => scheduleMailSyncs(deps)));
  const options = { batchSize: 4, pollingIntervalSeconds: 1 } as const;
  await boss.work<{ mailbox: string }, unknown, typeof options>(QUEUES.mailSync, options, logged(QUEUES.mailSync, deps.logger, async (jobs) => {
    for (const job of jobs) await runMailSync(deps, inbox, job.data.mailbox);
  }));
}
