// messaging-sweep, every minute (once in total, however many workers: a pg-boss
// schedule): the safety net behind the API's direct enqueueing. It dispatches due
// campaigns, queues messages whose job went missing (job ids are derived from
// message and attempt, so a job that still exists is not duplicated), gives up
// crash-looping messages, closes campaigns with nothing pending, and fails imports
// whose process died. Claims of dead workers are ./recovery.ts's.
import type { PgBoss } from 'pg-boss';
import { completeCampaigns, dueCampaignIds } from '#domain/campaigns/campaigns.server.ts';
import { asService } from '#platform/db/request.server.ts';
import { mailJob, QUEUES } from '#platform/runtime/jobs.server.ts';
import { MAX_ATTEMPTS } from '#domain/mail/delivery.server.ts';
import { deferredMailJob } from '#domain/mail/sender-limits.server.ts';
import { STALE_CLAIM_SQL } from '#platform/runtime/workers.server.ts';
import { failInterruptedImports } from '#domain/imports/interrupted.server.ts';
import { dispatchAndQueue } from './campaigns.ts';
import { ensureQueue, type JobDeps } from './deps.ts';
import { sweepMeetingMail } from './meeting-mail.ts';
import { sweepMeetingTeams } from './meeting-teams.ts';
import { logged } from './job-log.ts';

export async function sweep(deps: JobDeps) {
  for (const id of await asService(deps.pools.app, dueCampaignIds)) await dispatchAndQueue(deps, id);
  const lost = await asService(deps.pools.app, async (tx) => {
    // Not while a live worker is sending it (its tenth attempt).
    await tx.query(
      `update public.messages m set status = 'failed', error = coalesce(error, 'Delivery kept failing') || ' (gave up after ' || attempts || ' attempts)'
        where attempts >= $1 and (status = 'queued' or (status = 'sending' and ${STALE_CLAIM_SQL}))`, [MAX_ATTEMPTS]);
    // Never tried and due for a minute, or waiting for a retry far longer than the longest backoff (10 min).
    // A message waiting for its send_after is not lost: its job starts then, and this finds it a minute later if not.
    const { rows } = await tx.query<{ id: number; attempts: number; send_after: Date | null }>(
      `select id, attempts, send_after from public.messages
        where direction = 'out' and status = 'queued' and attempts < $1
          and (send_after is null or send_after < now() - interval '1 minute') and (
              (attempts = 0 and updated_at < now() - interval '1 minute')
           or (attempts > 0 and updated_at < now() - interval '20 minutes'))
        order by updated_at limit 5000`, [MAX_ATTEMPTS]);
    await completeCampaigns(tx, null);
    // Sender-limit windows older than a few days count nothing any more.
    await tx.query('select public.forget_sender_windows()');
    return rows;
  });
  // A message that waited has its own job id (the one a sender limit gave it): the first job's id is taken.
  await deps.jobs.send(QUEUES.mailSend, lost.map((row) => (row.send_after
    ? deferredMailJob(row.id, row.attempts, row.send_after) : mailJob(row.id, row.attempts))));
  await sweepMeetingMail(deps);
  await sweepMeetingTeams(deps);
  const interrupted = await asService(deps.pools.app, failInterruptedImports);
  if (interrupted.length) deps.log(`messaging-sweep: import(s) ${interrupted.join(', ')} failed: their process stopped`);
}

export async function registerSweep(boss: PgBoss, deps: JobDeps) {
  await ensureQueue(boss, QUEUES.messagingSweep, { retryLimit: 0, expireInSeconds: 300 });
  await boss.schedule(QUEUES.messagingSweep, '* * * * *');
  await boss.work(QUEUES.messagingSweep, logged(QUEUES.messagingSweep, deps.logger, async () => sweep(deps)));
}
