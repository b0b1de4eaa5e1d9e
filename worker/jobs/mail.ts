// mail-send: delivers queued messages, 50 per fetch. pg-boss retries a job whose
// message failed temporarily (exponential backoff); a permanent failure or the
// last retry marks the message failed. Delivery is at-least-once per job, and
// the claim in deliverMessages makes it at-most-once per message.
import type { PgBoss } from 'pg-boss';
import { QUEUES } from '../../domain/jobs.ts';
import { mailSettings } from '../../domain/mail/compose.ts';
import { deliverMessages, STALE_SENDING_SECONDS } from '../../domain/mail/delivery.ts';
import { ensureQueue, type JobDeps } from './deps.ts';

export async function registerMailJobs(boss: PgBoss, deps: JobDeps) {
  await ensureQueue(boss, QUEUES.mailSend, {
    retryLimit: deps.config.mail.retryLimit,
    retryDelay: deps.config.mail.retryDelaySeconds,
    retryBackoff: true,
    retryDelayMax: 600,
    // A job still active after this is a crashed worker's; its message's claim goes stale at the same age.
    expireInSeconds: STALE_SENDING_SECONDS,
  });
  const delivery = { app: deps.pools.app, mail: deps.mail, settings: mailSettings(deps.config) };
  // Batches: one claim and one record per 50 messages (pg-boss fetches one job per poll otherwise).
  // Eight batches overlap their database round trips with SMTP (bench: 0.5 → 0.73 of raw nodemailer);
  // at most 400 messages wait on the 5 SMTP connections, far inside the 300 s expiry even at 1 s a message.
  const options = {
    batchSize: 50, includeMetadata: true, perJobResults: true, pollingIntervalSeconds: 1, burstWhenBatchFull: true, localConcurrency: 8,
  } as const;
  await boss.work<{ messageId: number }, unknown, typeof options>(QUEUES.mailSend, options, async (jobs) => {
    const lastTry = new Map(jobs.map((job) => [job.data.messageId, job.retryCount >= job.retryLimit]));
    const outcomes = await deliverMessages(delivery, [...lastTry.keys()], (id) => lastTry.get(id) ?? true);
    return jobs.map((job) => {
      const outcome = outcomes.get(job.data.messageId) ?? { status: 'not-claimed' as const };
      if (outcome.status === 'retry') deps.log(`mail-send: message ${job.data.messageId} will be retried: ${outcome.error}`);
      // Only a temporary failure fails the job (so that pg-boss retries it); the rest is recorded on the message.
      return { id: job.id, status: outcome.status === 'retry' ? 'failed' as const : 'completed' as const, output: outcome };
    });
  });
}
