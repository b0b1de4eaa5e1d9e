// campaign-dispatch: turns a due campaign into recipients and queued messages
// (one transaction, safe to run twice), then queues their delivery.
import type { PgBoss } from 'pg-boss';
import { dispatchCampaign } from '#domain/campaigns/campaigns.ts';
import { asService } from '#domain/db/request.ts';
import { mailJob, QUEUES } from '#domain/runtime/jobs.ts';
import { ensureQueue, type JobDeps } from './deps.ts';

export async function dispatchAndQueue(deps: JobDeps, campaignId: number): Promise<number> {
  const messageIds = await asService(deps.pools.app, (tx) => dispatchCampaign(tx, campaignId, deps.config.publicUrl));
  // If this fails the messages stay 'queued' and the sweep queues them.
  await deps.jobs.send(QUEUES.mailSend, messageIds.map((id) => mailJob(id)));
  if (messageIds.length) deps.log(`campaign ${campaignId}: ${messageIds.length} message(s) queued`);
  return messageIds.length;
}

export async function registerCampaignJobs(boss: PgBoss, deps: JobDeps) {
  await ensureQueue(boss, QUEUES.campaignDispatch, { retryLimit: 5, retryDelay: 10, retryBackoff: true });
  await boss.work<{ campaignId: number }>(QUEUES.campaignDispatch, { batchSize: 5, pollingIntervalSeconds: 1 }, async (jobs) => {
    for (const job of jobs) await dispatchAndQueue(deps, job.data.campaignId);
  });
}
