// campaign-dispatch: turns a due campaign into recipients and queued messages,
// a chunk of the pool per transaction (safe to run twice, resumable at the
// campaign's dispatch cursor), and queues each chunk's delivery at once, each
// message at its send_after (the send window): the first mails leave while the
// rest of a large pool is still being written.
import type { PgBoss } from 'pg-boss';
import { dispatchCampaignChunk } from '#domain/campaigns/campaigns.server.ts';
import { asService } from '#platform/db/request.server.ts';
import { queuedMailJobs, QUEUES } from '#platform/runtime/jobs.server.ts';
import { ensureQueue, type JobDeps } from './deps.ts';
import { logged } from './job-log.ts';

export async function dispatchAndQueue(deps: JobDeps, campaignId: number): Promise<number> {
  let total = 0;
  for (;;) {
    const { queued, done } = await asService(deps.pools.app, (tx) => dispatchCampaignChunk(tx, campaignId, deps.config.publicUrl));
    // If this fails the messages stay 'queued' and the sweep queues them.
    await deps.jobs.send(QUEUES.mailSend, queuedMailJobs(queued));
    total += queued.length;
    if (done) break;
  }
  if (total) deps.log(`campaign ${campaignId}: ${total} message(s) queued`);
  return total;
}

export async function registerCampaignJobs(boss: PgBoss, deps: JobDeps) {
  await ensureQueue(boss, QUEUES.campaignDispatch, { retryLimit: 5, retryDelay: 10, retryBackoff: true });
  await boss.work<{ campaignId: number }>(QUEUES.campaignDispatch, { batchSize: 5, pollingIntervalSeconds: 1 }, logged(QUEUES.campaignDispatch, deps.logger, async (jobs) => {
    for (const job of jobs) await dispatchAndQueue(deps, job.data.campaignId);
  }));
}
