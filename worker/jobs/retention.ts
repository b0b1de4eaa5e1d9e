// retention: erases everyone the retention rules say is due (issue 30): inactive or without consent
// past their rule and grace period, or whose erasure request's undo window ended
// (domain/data-rights/retention-run.server.ts, through erase_candidates(); the address stays suppressed).
// The rules count days, an erasure request's undo window ends at a moment: hourly, so a request is
// carried out within the hour. pg-boss's cron makes one job per tick however many workers run, and the
// erasure holds an advisory lock besides: safe with several workers and safe to run twice. Afterwards it counts
// the people erased in the next 7 days for the dashboard's card (decision 061).
import type { PgBoss } from 'pg-boss';
import { eraseDueCandidates } from '#domain/data-rights/retention-run.server.ts';
import { dataRightsSummary } from '#domain/data-rights/retention.server.ts';
import { asService } from '#platform/db/request.server.ts';
import { QUEUES } from '#platform/runtime/jobs.server.ts';
import { ensureQueue, type JobDeps } from './deps.ts';
import { logged } from './job-log.ts';

export const RETENTION_CRON = '7 * * * *';

export async function registerRetentionJobs(boss: PgBoss, deps: Pick<JobDeps, 'pools' | 'log'> & Partial<Pick<JobDeps, 'logger'>>) {
  await ensureQueue(boss, QUEUES.retention, { retryLimit: 3, retryDelay: 300, expireInSeconds: 3600 });
  await boss.schedule(QUEUES.retention, RETENTION_CRON);
  await boss.work<{ now?: string }>(QUEUES.retention, logged(QUEUES.retention, deps.logger, async ([job]) => {
    const now = job?.data?.now ? new Date(job.data.now) : undefined;
    const run = await eraseDueCandidates(deps.pools.app, now);
    if (run.erased > 0 || run.skipped) {
      deps.log(`retention: ${run.skipped ? 'another worker is erasing' : `${run.erased} erased, ${run.requestsDone} erasure requests done`}`);
    }
    // The dashboard's Data rights card: counted now, so an admin's view reads the kept count (decision 061).
    if (!run.skipped) await asService(deps.pools.app, (tx) => dataRightsSummary(tx, 0));
  }));
}
