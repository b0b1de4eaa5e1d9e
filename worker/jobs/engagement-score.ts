// engagement-score: recomputes the scores of the candidates the triggers marked
// pending (a human event, a reply's refined sentiment); queued by the tracking
// job and the booking at once, and run each minute for every other writer.
// engagement-nightly at 03:15 recomputes everyone, so decay lowers scores that
// no event touched. Both are set-based updates in SQL (public.recompute_engagement,
// decision 016; per 10,000 candidates) that write only changed scores: safe to run twice.
import type { PgBoss } from 'pg-boss';
import { recomputeAllEngagement, recomputePendingEngagement } from '#domain/engagement/recompute.server.ts';
import { QUEUES } from '#platform/runtime/jobs.server.ts';
import { ensureQueue, type JobDeps } from './deps.ts';
import { logged } from './job-log.ts';

/** Each minute: the writers that do not queue the job themselves (inbound replies, unsubscribes, sentiment). */
export const ENGAGEMENT_CATCH_UP_CRON = '* * * * *';
/** Nightly, after midnight's traffic: every score decays a day. */
export const ENGAGEMENT_NIGHTLY_CRON = '15 3 * * *';

export async function registerEngagementScoreJobs(boss: PgBoss, deps: Pick<JobDeps, 'pools' | 'log'> & Partial<Pick<JobDeps, 'logger'>>) {
  await ensureQueue(boss, QUEUES.engagementScore, { retryLimit: 3, retryDelay: 10, retryBackoff: true, expireInSeconds: 120 });
  await ensureQueue(boss, QUEUES.engagementNightly, { retryLimit: 2, retryDelay: 300, expireInSeconds: 3600 });
  await boss.schedule(QUEUES.engagementScore, ENGAGEMENT_CATCH_UP_CRON);
  // However many jobs are due, one pass takes everything pending.
  await boss.work(QUEUES.engagementScore, { batchSize: 100, pollingIntervalSeconds: 1 }, logged(QUEUES.engagementScore, deps.logger, async () => {
    await recomputePendingEngagement(deps.pools.app);
  }));
  await boss.schedule(QUEUES.engagementNightly, ENGAGEMENT_NIGHTLY_CRON);
  await boss.work(QUEUES.engagementNightly, logged(QUEUES.engagementNightly, deps.logger, async () => {
    const started = performance.now();
    const changed = await recomputeAllEngagement(deps.pools.app);
    deps.log(`engagement-nightly: ${changed} scores changed in ${Math.round(performance.now() - started)} ms`);
  }));
}
