// engagement-record: writes opens and clicks (each job's data: the hits of a
// few milliseconds at the pixel and click endpoints, which answered before
// queueing them), a batch of jobs in one transaction. Writing is idempotent (domain/engagement/record.ts:
// one event per message, kind, link and hour), so a retried batch adds nothing;
// a human event queues the score.
import type { PgBoss } from 'pg-boss';
import { recordHits } from '#domain/engagement/record.server.ts';
import type { EngagementRecordJob } from '#domain/engagement/tracking.server.ts';
import { QUEUES } from '#platform/runtime/jobs.server.ts';
import { ensureQueue, type JobDeps } from './deps.ts';
import { logged } from './job-log.ts';

/** Needs only the pools and the queue (the score job it hands on to). */
export async function registerEngagementRecordJobs(boss: PgBoss, deps: Pick<JobDeps, 'pools' | 'jobs' | 'logger'>) {
  await ensureQueue(boss, QUEUES.engagementRecord, { retryLimit: 5, retryDelay: 10, retryBackoff: true, expireInSeconds: 60 });
  await boss.work<EngagementRecordJob>(QUEUES.engagementRecord, { batchSize: 20, pollingIntervalSeconds: 1 }, logged(QUEUES.engagementRecord, deps.logger, async (jobs) => {
    await recordHits(deps.pools.app, jobs.flatMap((job) => job.data.hits ?? []), deps.jobs);
  }));
}
