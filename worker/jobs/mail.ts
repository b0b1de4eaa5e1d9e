// mail-send: delivers queued messages (a job names one, or up to 50 queued
// together by a campaign). pg-boss retries a job whose
// message failed temporarily (exponential backoff); a permanent failure or the
// last retry marks the message failed. Delivery is at-least-once per job; the
// claim (domain/mail/delivery.ts) makes it once per message while its worker
// lives, and ./recovery.ts queues a dead worker's messages again. A message a
// sender limit put back gets a job of its own at its send_after.
import type { PgBoss } from 'pg-boss';
import { messageIdsOf, QUEUES, type MailJobData } from '#platform/runtime/jobs.server.ts';
import { mailSettings } from '#domain/mail/compose.server.ts';
import { createDelivery } from '#domain/mail/delivery.server.ts';
import { SMTP_CONNECTIONS } from '#platform/mail/smtp.server.ts';
import { deferredMailJob } from '#domain/mail/sender-limits.server.ts';
import { ensureQueue, type JobDeps } from './deps.ts';
import { logged } from './job-log.ts';

/**
 * Only a backstop: a dead worker's messages are found through their claims
 * within seconds. Long, because a live worker's batch may wait its turn
 * behind 400 messages on 5 connections.
 */
const MAIL_JOB_EXPIRE_SECONDS = 300;

export async function registerMailJobs(boss: PgBoss, deps: JobDeps) {
  await ensureQueue(boss, QUEUES.mailSend, {
    retryLimit: deps.config.mail.retryLimit,
    retryDelay: deps.config.mail.retryDelaySeconds,
    retryBackoff: true,
    retryDelayMax: 600,
    expireInSeconds: MAIL_JOB_EXPIRE_SECONDS,
  });
  const delivery = createDelivery({
    app: deps.pools.app, mail: deps.mail, settings: mailSettings(deps.config), worker: deps.worker,
    // As many sends in flight as the SMTP pool has connections: each connection carries one message at a time.
    inFlight: SMTP_CONNECTIONS,
    limits: deps.config.senderLimits,
    whatsapp: deps.whatsapp,
  });
  // Each fetch claims its jobs' messages at once: up to 4 jobs (a campaign's job holds 50 messages, the
  // API's one); each message is then sent and recorded in its own slot. Eight fetches keep the slots busy.
  const options = {
    batchSize: 4, includeMetadata: true, perJobResults: true, pollingIntervalSeconds: 1, burstWhenBatchFull: true, localConcurrency: 8,
  } as const;
  await boss.work<MailJobData, unknown, typeof options>(QUEUES.mailSend, options, logged(QUEUES.mailSend, deps.logger, async (jobs) => {
    const lastTry = new Map(jobs.flatMap((job) => messageIdsOf(job.data).map((id) => [id, job.retryCount >= job.retryLimit] as const)));
    const outcomes = await delivery.deliver([...lastTry.keys()], (id) => lastTry.get(id) ?? true);
    // If this fails the messages stay queued with their send_after, and the sweep queues them then.
    await deps.jobs.send(QUEUES.mailSend, [...outcomes].flatMap(([id, outcome]) =>
      outcome.status === 'deferred' ? [deferredMailJob(id, outcome.attempts, outcome.until)] : []));
    return jobs.map((job) => {
      const mine = messageIdsOf(job.data).map((id) => [id, outcomes.get(id) ?? { status: 'not-claimed' as const }] as const);
      for (const [id, outcome] of mine) if (outcome.status === 'retry') deps.log(`mail-send: message ${id} will be retried: ${outcome.error}`);
      // Only a temporary failure fails the job (so that pg-boss retries it: the claim then takes only its
      // messages still queued); the rest is recorded on the message.
      const retry = mine.some(([, outcome]) => outcome.status === 'retry');
      const output = 'messageIds' in job.data ? Object.fromEntries(mine) : mine[0][1];
      return { id: job.id, status: retry ? 'failed' as const : 'completed' as const, output };
    });
  }));
}
