// retention-digest, each hour: the admins' weekly erasure preview email (domain/data-rights/retention-digest.server.ts).
// Hourly rather than once on Monday morning: a worker that was down then sends it when it is back, and a failed
// email is tried again; the ledger makes it one per admin per week. `now` is the job's (tests pass one).
import type { PgBoss } from 'pg-boss';
import { sendRetentionDigests, type DigestRun } from '#domain/data-rights/retention-digest.server.ts';
import { QUEUES } from '#platform/runtime/jobs.server.ts';
import { ensureQueue, staffMailDeps, type JobDeps } from './deps.ts';
import { logged } from './job-log.ts';

export const RETENTION_DIGEST_CRON = '41 * * * *';

export async function runRetentionDigest(deps: Pick<JobDeps, 'pools' | 'mail' | 'config' | 'log'>, now = new Date()): Promise<DigestRun> {
  const run = await sendRetentionDigests({ pools: deps.pools, ...staffMailDeps(deps) }, now);
  if (run.sent || run.failed) deps.log(`retention-digest: week of ${run.week}: ${run.sent} sent, ${run.failed} failed`);
  return run;
}

export async function registerRetentionDigestJobs(boss: PgBoss, deps: JobDeps) {
  await ensureQueue(boss, QUEUES.retentionDigest, { retryLimit: 0, expireInSeconds: 900 });
  await boss.schedule(QUEUES.retentionDigest, RETENTION_DIGEST_CRON);
  await boss.work<{ now?: string }>(QUEUES.retentionDigest, logged(QUEUES.retentionDigest, deps.logger, async ([job]) => {
    await runRetentionDigest(deps, job?.data?.now ? new Date(job.data.now) : new Date());
  }));
}
