// mail-send: delivers queued messages, 50 per fetch. pg-boss retries a job whose
// message failed temporarily (exponential backoff); a permanent failure or the
// last retry marks the message failed. Delivery is at-least-once per job; the
// claim (domain/mail/delivery.ts) makes it once per message while its worker
// lives, and ./recovery.ts queues a dead worker's messages again. A message a
// sender limit put back gets a job of its own at its send_after.
import type { PgBoss } from 'pg-boss';
import { QUEUES } from '#domain/runtime/jobs.ts';
import { mailSettings } from '#domain/mail/compose.ts';
import { createDelivery } from '#domain/mail/delivery.ts';
import { SMTP_CONNECTIONS } from '#domain/mail/smtp.ts';
import { deferredMailJob } from '#domain/mail/sender-limits.ts';
import { ensureQueue, type JobDeps } from './deps.ts';

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
  });
  // Batches: one claim per 50 messages (pg-boss fetches one job per poll otherwise); each message is
  // then sent and recorded in its own slot. Eight batches keep the slots busy while others claim.
  const options = {
    batchSize: 50, includeMetadata: true, perJobResults: true, pollingIntervalSeconds: 1, burstWhenBatchFull: true, localConcurrency: 8,
  } as const;
  await boss.work<{ messageId: number }, unknown, typeof options>(QUEUES.mailSend, options, async (jobs) => {
    const lastTry = new Map(jobs.map((job) => [job.data.messageId, job.retryCount >= job.retryLimit]));
    const outcomes = await delivery.deliver([...lastTry.keys()], (id) => lastTry.get(id) ?? true);
    // If this fails the messages stay queued with their send_after, and the sweep queues them then.
    await deps.jobs.send(QUEUES.mailSend, [...outcomes].flatMap(([id, outcome]) =>
      outcome.status === 'deferred' ? [deferredMailJob(id, outcome.attempts, outcome.until)] : []));
    return jobs.map((job) => {
      const outcome = outcomes.get(job.data.messageId) ?? { status: 'not-claimed' as const };
      if (outcome.status === 'retry') deps.log(`mail-send: message ${job.data.messageId} will be retried: ${outcome.error}`);
      // Only a temporary failure fails the job (so that pg-boss retries it); the rest is recorded on the message.
      return { id: job.id, status: outcome.status === 'retry' ? 'failed' as const : 'completed' as const, output: outcome };
    });
  });
}
