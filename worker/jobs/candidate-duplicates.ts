// candidate-duplicates: refreshes the likely duplicate candidates
// (public.refresh_candidate_duplicates, decision 042) nightly, soon after an import wrote people (the
// import route queues it) and when a recruiter asks ("Look for duplicates now"). The queue's policy
// is stately: at most one refresh waits and one runs, however many workers and requests there are
// (and the function itself takes an advisory lock, so two never overlap). Safe to run twice.
import type { PgBoss } from 'pg-boss';
import { refreshDuplicates } from '#domain/candidates/duplicates.server.ts';
import { asService } from '#platform/db/request.server.ts';
import { QUEUES } from '#platform/runtime/jobs.server.ts';
import type { JobDeps } from './deps.ts';
import { logged } from './job-log.ts';

/** Nightly, before the scores' decay (03:15): most imports of the day are in. */
export const CANDIDATE_DUPLICATES_CRON = '40 2 * * *';

export async function runCandidateDuplicates(deps: Pick<JobDeps, 'pools' | 'log'>): Promise<number> {
  const started = performance.now();
  const pairs = await asService(deps.pools.app, refreshDuplicates);
  deps.log(`candidate-duplicates: ${pairs} likely pairs in ${Math.round(performance.now() - started)} ms`);
  return pairs;
}

export async function registerCandidateDuplicateJobs(boss: PgBoss, deps: Pick<JobDeps, 'pools' | 'log'> & Partial<Pick<JobDeps, 'logger'>>) {
  const options = { retryLimit: 2, retryDelay: 60, expireInSeconds: 900 };
  // The policy is set when the queue is made (updateQueue cannot change it).
  await boss.createQueue(QUEUES.candidateDuplicates, { ...options, policy: 'stately' });
  await boss.updateQueue(QUEUES.candidateDuplicates, options);
  await boss.schedule(QUEUES.candidateDuplicates, CANDIDATE_DUPLICATES_CRON, { cause: 'nightly' });
  await boss.work(QUEUES.candidateDuplicates, { batchSize: 1, pollingIntervalSeconds: 2 },
    logged(QUEUES.candidateDuplicates, deps.logger, async () => ({ pairs: await runCandidateDuplicates(deps) })));
}
