// access-request-notice, every 5 minutes: admins are emailed the new access requests
// (domain/mail/access-request-notice.server.ts). pg-boss's cron makes one job per tick however many workers run;
// the requests' claim makes each one part of one email per admin even if two runs overlap.
import type { PgBoss } from 'pg-boss';
import { noticeAccessRequests, type NoticeRun } from '#domain/mail/access-request-notice.server.ts';
import { QUEUES } from '#platform/runtime/jobs.server.ts';
import { ensureQueue, staffMailDeps, type JobDeps } from './deps.ts';
import { logged } from './job-log.ts';

export const ACCESS_REQUEST_NOTICE_CRON = '*/5 * * * *';

export async function runAccessRequestNotice(deps: Pick<JobDeps, 'pools' | 'mail' | 'config' | 'log'>): Promise<NoticeRun> {
  const run = await noticeAccessRequests({ pools: deps.pools, ...staffMailDeps(deps) });
  if (run.requests) deps.log(`access-request-notice: ${run.requests} request(s), ${run.sent} admin(s) emailed, ${run.failed} failed`);
  return run;
}

export async function registerAccessRequestNoticeJobs(boss: PgBoss, deps: JobDeps) {
  await ensureQueue(boss, QUEUES.accessRequestNotice, { retryLimit: 0, expireInSeconds: 240 });
  await boss.schedule(QUEUES.accessRequestNotice, ACCESS_REQUEST_NOTICE_CRON);
  await boss.work(QUEUES.accessRequestNotice, logged(QUEUES.accessRequestNotice, deps.logger, async () => {
    await runAccessRequestNotice(deps);
  }));
}
