// campaign-steps, each minute (and queued on resume): late joiners get step 1,
// and every active recipient whose previous step was sent and whose delay has
// passed gets the next step queued (domain/campaigns/sequences.ts). Each page
// is one transaction; the ledger's unique key makes a rerun write nothing.
// `now` is the job's (tests pass one; no real waiting).
import type { PgBoss } from 'pg-boss';
import { advanceSequences, joinLate, type Queued } from '#domain/campaigns/sequences.server.ts';
import { asService } from '#platform/db/request.server.ts';
import { queuedMailJobs, QUEUES } from '#platform/runtime/jobs.server.ts';
import { ensureQueue, type JobDeps } from './deps.ts';
import { logged } from './job-log.ts';

export async function runCampaignSteps(deps: JobDeps, now = new Date()): Promise<number> {
  const { app } = deps.pools;
  const { publicUrl } = deps.config;
  // If queueing fails the messages stay 'queued' and the sweep queues them once their send_after has passed.
  const queue = (queued: Queued[]) => deps.jobs.send(QUEUES.mailSend, queuedMailJobs(queued));
  const joined = await asService(app, (tx) => joinLate(tx, publicUrl, now));
  await queue(joined);
  let written = joined.length;
  for (let after: number | null = 0; after !== null;) {
    const page: { queued: Queued[]; next: number | null } = await asService(app, (tx) => advanceSequences(tx, publicUrl, now, { after: after! }));
    await queue(page.queued);
    written += page.queued.length;
    after = page.next;
  }
  if (written) deps.log(`campaign-steps: ${written} message(s) queued`);
  return written;
}

export async function registerCampaignStepJobs(boss: PgBoss, deps: JobDeps) {
  await ensureQueue(boss, QUEUES.campaignSteps, { retryLimit: 3, retryDelay: 10, expireInSeconds: 300 });
  await boss.schedule(QUEUES.campaignSteps, '* * * * *');
  await boss.work<{ now?: string }>(QUEUES.campaignSteps, { batchSize: 1, pollingIntervalSeconds: 1 }, logged(QUEUES.campaignSteps, deps.logger, async ([job]) => {
    await runCampaignSteps(deps, job.data?.now ? new Date(job.data.now) : new Date());
  }));
}
