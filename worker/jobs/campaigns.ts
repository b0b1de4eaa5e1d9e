// campaign-dispatch: turns a due campaign into recipients and queued messages
// (one transaction, safe to run twice), then queues their delivery, each at its
// send_after (the send window).
import type { PgBoss } from 'pg-boss';
import { dispatchCampaignMessages } from '#domain/campaigns/campaigns.ts';
import { asService } from '#domain/db/request.ts';
import { mailJobAt, QUEUES } from '#domain/runtime/jobs.ts';
import { ensureQueue, type JobDeps } from './deps.ts';

export async function dispatchAndQueue(deps: JobDeps, campaignId: number): Promise<number> {
  const queued = await asService(deps.pools.app, (tx) => dispatchCampaignMessages(tx, campaignId, deps.config.publicUrl));
  // If this fails the messages stay 'queued' and the sweep queues them.
  await deps.jobs.send(QUEUES.mailSend, queued.map((m) => mailJobAt(m.id, m.sendAfter)));
  if (queued.length) deps.log(`campaign ${campaignId}: ${queued.length} message(s) queued`);
  return queued.length;
}

export async function registerCampaignJobs(boss: PgBoss, deps: JobDeps) {
  await ensureQueue(boss, QUEUES.campaignDispatch, { retryLimit: 5, retryDelay: 10, retryBackoff: true });
  await boss.work<{ campaignId: number }>(QUEUES.campaignDispatch, { batchSize: 5, pollingIntervalSeconds: 1 }, async (jobs) => {
    for (const job of jobs) await dispatchAndQueue(deps, job.data.campaignId);
  });
}
