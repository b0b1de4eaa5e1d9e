// messaging-sweep, every minute: the safety net behind the API's direct
// enqueueing. It dispatches due campaigns, queues messages whose job went
// missing (job ids are derived from message and attempt, so a job that still
// exists is not duplicated), gives up crash-looping messages, and closes
// campaigns with nothing pending.
import type { PgBoss } from 'pg-boss';
import { completeCampaigns, dueCampaignIds } from '../../domain/campaigns.ts';
import { asService } from '../../domain/db/request.ts';
import { mailJob, QUEUES } from '../../domain/jobs.ts';
import { MAX_ATTEMPTS, STALE_SENDING_SECONDS } from '../../domain/mail/delivery.ts';
import { dispatchAndQueue } from './campaigns.ts';
import { ensureQueue, type JobDeps } from './deps.ts';

export async function sweep(deps: JobDeps) {
  for (const id of await asService(deps.pools.app, dueCampaignIds)) await dispatchAndQueue(deps, id);
  const lost = await asService(deps.pools.app, async (tx) => {
    await tx.query(
      `update public.messages set status = 'failed', error = coalesce(error, 'Delivery kept failing') || ' (gave up after ' || attempts || ' attempts)'
        where status in ('queued', 'sending') and attempts >= $1`, [MAX_ATTEMPTS]);
    // Never tried and older than a minute; waiting for a retry far longer than the
    // longest backoff (10 min); or claimed by a worker that never finished.
    const { rows } = await tx.query<{ id: number; attempts: number }>(
      `select id, attempts from public.messages
        where direction = 'out' and attempts < $1 and (
              (status = 'queued' and attempts = 0 and updated_at < now() - interval '1 minute')
           or (status = 'queued' and attempts > 0 and updated_at < now() - interval '20 minutes')
           or (status = 'sending' and updated_at < now() - make_interval(secs => $2)))
        order by updated_at limit 5000`, [MAX_ATTEMPTS, STALE_SENDING_SECONDS + 60]);
    await completeCampaigns(tx, null);
    return rows;
  });
  await deps.jobs.send(QUEUES.mailSend, lost.map((row) => mailJob(row.id, row.attempts)));
}

export async function registerSweep(boss: PgBoss, deps: JobDeps) {
  await ensureQueue(boss, QUEUES.messagingSweep, { retryLimit: 0, expireInSeconds: 300 });
  await boss.schedule(QUEUES.messagingSweep, '* * * * *');
  await boss.work(QUEUES.messagingSweep, async () => sweep(deps));
}
