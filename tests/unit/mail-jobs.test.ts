// Delivery jobs for freshly queued messages (decision 021): those due together share a
// job of at most 50; a job of one is the API's own job (same id), so nothing is queued twice.
import { describe, expect, it } from 'vitest';
import { MAIL_JOB_MESSAGES, mailJob, messageIdsOf, queuedMailJobs, type MailJobData } from '#platform/runtime/jobs.server.ts';

const at = new Date('2026-11-27T08:00:00Z');

describe('queuedMailJobs', () => {
  it('puts up to 50 messages with the same send_after in one job, starting then', () => {
    const queued = Array.from({ length: 120 }, (_, i) => ({ id: i + 1, sendAfter: i < 110 ? null : at }));
    const jobs = queuedMailJobs(queued);
    expect(jobs.map((job) => messageIdsOf(job.data as MailJobData).length)).toEqual([50, 50, 10, 10]);
    expect(jobs.map((job) => job.startAfter)).toEqual([undefined, undefined, undefined, at]);
    expect(jobs.flatMap((job) => messageIdsOf(job.data as MailJobData))).toEqual(queued.map((m) => m.id));
    expect(MAIL_JOB_MESSAGES).toBe(50);
  });

  it('gives the same messages the same job id, and a lone message the API\'s job id', () => {
    const queued = [{ id: 7, sendAfter: null }, { id: 8, sendAfter: null }];
    expect(queuedMailJobs(queued).map((job) => job.id)).toEqual(queuedMailJobs(queued).map((job) => job.id));
    expect(queuedMailJobs([{ id: 7, sendAfter: null }])[0].id).toBe(mailJob(7).id);
    expect(queuedMailJobs([{ id: 7, sendAfter: null }])[0].id).not.toBe(queuedMailJobs(queued)[0].id);
  });

  it('gives a resume\'s jobs their own ids: the same for one resume, new for the next', () => {
    const queued = [{ id: 7, sendAfter: null }, { id: 8, sendAfter: null }];
    const resumed = queuedMailJobs(queued, 'resume:2026-11-26 10:00');
    expect(resumed.map((job) => messageIdsOf(job.data as MailJobData))).toEqual([[7, 8]]);
    expect(resumed[0].id).not.toBe(queuedMailJobs(queued)[0].id);
    expect(queuedMailJobs(queued, 'resume:2026-11-26 10:00')[0].id).toBe(resumed[0].id);
    expect(queuedMailJobs(queued, 'resume:2026-11-26 11:00')[0].id).not.toBe(resumed[0].id);
  });

  it('reads both job shapes', () => {
    expect(messageIdsOf({ messageId: 3 })).toEqual([3]);
    expect(messageIdsOf({ messageIds: [3, 4] })).toEqual([3, 4]);
  });
});
