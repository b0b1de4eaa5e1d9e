// consent-renewal, each hour: one renewal email to every candidate whose email consent expires within the
// organisation's renewal_lead_days and who may still be emailed (domain/privacy/renewal.server.ts). Each batch
// claims its candidates in one transaction (SKIP LOCKED, re-checked by the update), so two workers never queue
// two renewals for one candidate; the mail jobs go out after the commit (the sweep finds them if that fails).
// `now` is the job's (tests pass one; no real waiting).
import type { PgBoss } from 'pg-boss';
import { queueConsentRenewals, RENEWAL_BATCH } from '#domain/privacy/renewal.server.ts';
import { asService } from '#platform/db/request.server.ts';
import { queuedMailJobs, QUEUES } from '#platform/runtime/jobs.server.ts';
import { ensureQueue, type JobDeps } from './deps.ts';
import { logged } from './job-log.ts';

/** Hourly, off the full hour: a day's renewals spread over the day rather than one burst at night. */
export const CONSENT_RENEWAL_CRON = '23 * * * *';

/** All due renewals, batch by batch; returns how many were queued. */
export async function runConsentRenewal(deps: Pick<JobDeps, 'pools' | 'config' | 'jobs' | 'log'>, now = new Date()): Promise<number> {
  let queued = 0;
  for (;;) {
    const batch = await asService(deps.pools.app, (tx) => queueConsentRenewals(tx, deps.config.publicUrl, now));
    await deps.jobs.send(QUEUES.mailSend, queuedMailJobs(batch));
    queued += batch.length;
    if (batch.length < RENEWAL_BATCH) break;
  }
  if (queued) deps.log(`consent-renewal: ${queued} renewal email(s) queued`);
  return queued;
}

export async function registerConsentRenewalJobs(boss: PgBoss, deps: JobDeps) {
  await ensureQueue(boss, QUEUES.consentRenewal, { retryLimit: 3, retryDelay: 60, expireInSeconds: 900 });
  await boss.schedule(QUEUES.consentRenewal, CONSENT_RENEWAL_CRON);
  await boss.work<{ now?: string }>(QUEUES.consentRenewal, logged(QUEUES.consentRenewal, deps.logger, async ([job]) => {
    await runConsentRenewal(deps, job?.data?.now ? new Date(job.data.now) : new Date());
  }));
}
