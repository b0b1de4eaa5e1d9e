// meeting-mail: sends the candidate's meeting emails (domain/meetings/meeting-mail.ts),
// one job per notification. The claim makes a repeated job send nothing; a temporary
// failure fails the job so that pg-boss retries it with backoff. The sweep queues
// what a lost job, a dead worker or spent retries left behind.
import type { PgBoss } from 'pg-boss';
import { asService } from '#platform/db/request.server.ts';
import { MAX_ATTEMPTS } from '#domain/mail/delivery.server.ts';
import { calendarConfigured } from '#domain/meetings/calendar-port.ts';
import { sendMeetingNotification, STALE_MEETING_MAIL_CLAIM, type MeetingMailOptions } from '#domain/meetings/meeting-mail.server.ts';
import { meetingMailJob, QUEUES } from '#platform/runtime/jobs.server.ts';
import { ensureQueue, type JobDeps } from './deps.ts';
import { logged } from './job-log.ts';

export function meetingMailOptions(config: JobDeps['config']): MeetingMailOptions {
  return { publicUrl: config.publicUrl, from: config.smtp.from, calendarConfigured: calendarConfigured(config.graph) };
}

export async function registerMeetingMailJobs(boss: PgBoss, deps: JobDeps) {
  await ensureQueue(boss, QUEUES.meetingMail, {
    retryLimit: deps.config.mail.retryLimit,
    retryDelay: deps.config.mail.retryDelaySeconds,
    retryBackoff: true,
    retryDelayMax: 600,
    expireInSeconds: 300,
  });
  const options = { batchSize: 10, perJobResults: true, pollingIntervalSeconds: 1 } as const;
  await boss.work<{ notificationId: number }, unknown, typeof options>(QUEUES.meetingMail, options, logged(QUEUES.meetingMail, deps.logger, async (jobs) => {
    const settings = meetingMailOptions(deps.config);
    return Promise.all(jobs.map(async (job) => {
      try {
        const outcome = await sendMeetingNotification(deps.pools, deps.mail, job.data.notificationId, settings);
        return { id: job.id, status: 'completed' as const, output: outcome };
      } catch (error) {
        // A temporary delivery failure (the notification is queued again) or the database: retried.
        deps.log(`meeting-mail: notification ${job.data.notificationId} will be retried: ${(error as Error).message}`);
        return { id: job.id, status: 'failed' as const, output: { error: (error as Error).message } };
      }
    }));
  }));
}

/**
 * Once a minute (from the messaging sweep): notifications no job is working on.
 * Never tried after a minute (the API's enqueue was lost), waiting for a retry far
 * longer than the longest backoff (10 min), or left 'sending' by a dead worker. Job ids
 * name the attempt, so a job that still exists is not queued twice.
 */
export async function sweepMeetingMail(deps: JobDeps) {
  const lost = await asService(deps.pools.app, async (tx) => {
    await tx.query(
      `update public.meeting_notifications
          set status = 'failed', error = coalesce(error, 'Delivery kept failing') || ' (gave up after ' || attempts || ' attempts)'
        where attempts >= $1 and (status = 'queued' or (status = 'sending' and claimed_at < now() - ${STALE_MEETING_MAIL_CLAIM}))`,
      [MAX_ATTEMPTS]);
    const { rows } = await tx.query<{ id: number; attempts: number }>(
      `select id::int, attempts from public.meeting_notifications
        where status in ('queued', 'sending') and attempts < $1 and (
              (status = 'queued' and attempts = 0 and created_at < now() - interval '1 minute')
           or (status = 'queued' and attempts > 0 and claimed_at < now() - interval '20 minutes')
           or (status = 'sending' and claimed_at < now() - ${STALE_MEETING_MAIL_CLAIM}))
        order by created_at limit 1000`, [MAX_ATTEMPTS]);
    return rows;
  });
  await deps.jobs.send(QUEUES.meetingMail, lost.map((row) => meetingMailJob(row.id, row.attempts)));
}
