// The API's way to hand work to the worker. The state that matters is in SQL
// (a message with status 'queued', a campaign with status 'scheduled'); a job
// only makes the worker act at once. If enqueueing fails, or no queue is
// wired in (WORKER=off), the worker's sweep finds that state within a minute.
import { createHash } from 'node:crypto';
import type { PgBoss } from 'pg-boss';

export const QUEUES = {
  mailSend: 'mail-send',
  campaignDispatch: 'campaign-dispatch',
  /** Sequences: late joiners' first step and every due next step (data: { now?: ISO time, for tests }); also each minute. */
  campaignSteps: 'campaign-steps',
  sentiment: 'message-sentiment',
  messagingSweep: 'messaging-sweep',
  /** Brings a meeting's Outlook event (and Teams link) up to the meeting's sequence. */
  meetingTeams: 'meeting-teams',
  /** Sends one of the candidate's meeting emails (public.meeting_notifications). */
  meetingMail: 'meeting-mail',
  /** Each minute: sends the meetings' reminders that are due (public.meeting_reminders). */
  meetingReminders: 'meeting-reminders',
  /** Records opens and clicks (data: an EngagementRecordJob, domain/engagement/tracking.ts): the endpoint answers first. */
  engagementRecord: 'engagement-record',
  /** Recomputes the scores the triggers marked pending (private.engagement_pending) after events arrived; also each minute. */
  engagementScore: 'engagement-score',
  /** Once a night: every candidate's score decays with time (one set-based update). */
  engagementNightly: 'engagement-nightly',
  /** Reads one recruiter's own inbox for candidates' answers (data: { mailbox }); each read queues the next. */
  mailSync: 'mail-sync',
  /** Each minute: queues the read of every mailbox whose chain of reads was lost. */
  mailSyncSchedule: 'mail-sync-schedule',
  /** Every 10 minutes, with an https PUBLIC_URL: makes the missing Graph subscriptions on inboxes and renews those due. */
  mailSubscriptions: 'mail-subscriptions',
  /** Hourly: one renewal email to each candidate whose email consent expires soon (data: { now?: ISO time, for tests }). */
  consentRenewal: 'consent-renewal',
  /** Each hour: erases everyone the retention rules say is due by now (data: { now?: ISO time, for tests }). */
  retention: 'retention',
  /** Hourly: the admins' weekly erasure preview email, from Monday 08:00 in the organisation's zone (data: { now?: ISO time, for tests }). */
  retentionDigest: 'retention-digest',
  /** Every 5 minutes: admins are emailed the access requests filed since the last run. */
  accessRequestNotice: 'access-request-notice',
  /** Refreshes the likely duplicate candidates (public.refresh_candidate_duplicates): nightly, after an import, on request; one at a time. */
  candidateDuplicates: 'candidate-duplicates',
} as const;

export interface JobRequest {
  data: object;
  /** A uuid; a second job with the same id is dropped (pg-boss inserts ON CONFLICT DO NOTHING). */
  id?: string;
  startAfter?: Date;
}

export interface JobQueue {
  send(queue: string, jobs: JobRequest[]): Promise<void>;
}

/** A uuid-shaped id derived from a name: the same work always gets the same job id. */
export function stableJobId(name: string): string {
  const hex = createHash('sha256').update(name).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * One delivery job per message and attempt: the API and the sweep never queue
 * the same attempt twice. The recovery of a dead worker's work names a `cause`
 * (the stale claim, the job it replaces), so that its job is not mistaken for
 * the one still held by the dead worker, yet is queued only once however many
 * workers recover it.
 */
export const mailJob = (messageId: number, attempts = 0, cause?: string): JobRequest => ({
  data: { messageId } satisfies MailJobData,
  id: stableJobId(`mail-send:${messageId}:${attempts}${cause ? `:${cause}` : ''}`),
});

/** What a mail-send job carries: one message (the API, retries, recovery) or a group queued together. */
export type MailJobData = { messageId: number } | { messageIds: number[] };

export const messageIdsOf = (data: MailJobData): number[] => ('messageIds' in data ? data.messageIds : [data.messageId]);

/** Messages per delivery job when many are queued at once (a campaign's dispatch, a sequence step). */
export const MAIL_JOB_MESSAGES = 50;

/**
 * Delivery jobs for many queued messages at once: those with the same send_after share a job of up
 * to 50, starting then (the claim waits for send_after anyway). One job per message cost pg-boss three
 * writes per mail, a third of a large campaign's database work (bench/campaign-100k.ts). The id comes
 * from the messages (and the `cause`, as mailJob's: a resume names itself), so the same group is
 * queued once.
 */
export function queuedMailJobs(queued: Array<{ id: number; sendAfter: Date | null }>, cause?: string): JobRequest[] {
  const jobs: JobRequest[] = [];
  for (const [at, messages] of Map.groupBy(queued, (m) => m.sendAfter?.getTime() ?? 0)) {
    for (let i = 0; i < messages.length; i += MAIL_JOB_MESSAGES) {
      const ids = messages.slice(i, i + MAIL_JOB_MESSAGES).map((m) => m.id);
      jobs.push({ data: { messageIds: ids }, id: stableJobId(`mail-send:${ids.join(',')}:0${cause ? `:${cause}` : ''}`),
        startAfter: at ? new Date(at) : undefined });
    }
  }
  return jobs;
}

/** One Outlook sync per meeting and sequence (a retry after 429 names its attempt). */
export const meetingTeamsJob = (meetingId: number, sequence: number, attempt = 0, startAfter?: Date): JobRequest => ({
  data: { meetingId },
  id: stableJobId(`meeting-teams:${meetingId}:${sequence}:${attempt}`),
  startAfter,
});

/**
 * One read of a mailbox per time slot of `slotSeconds` (MS_MAIL_SYNC_SECONDS) and cause: the chain of reads,
 * the schedule and "Sync now" (cause 'now') each queue a slot's read once, whoever queues it.
 */
export const mailSyncJob = (mailbox: string, at: Date, slotSeconds: number, cause: 'due' | 'now' = 'due'): JobRequest => ({
  data: { mailbox },
  id: stableJobId(`mail-sync:${mailbox}:${cause}:${Math.floor(at.getTime() / 1000 / slotSeconds)}`),
  startAfter: at.getTime() > Date.now() ? at : undefined,
});

/** One job per meeting email and attempt. */
export const meetingMailJob = (notificationId: number, attempt = 0): JobRequest => ({
  data: { notificationId },
  id: stableJobId(`meeting-mail:${notificationId}:${attempt}`),
});

/**
 * "Scores are due": the job recomputes every candidate the triggers marked pending. One job per
 * 10 seconds, starting when they end, so a burst of events is one recompute and a late event of
 * the burst is never left to a job that already ran.
 */
export const engagementScoreJob = (at = new Date()): JobRequest => {
  const bucketEnds = Math.ceil((at.getTime() + 1) / 10_000) * 10_000;
  return { data: {}, id: stableJobId(`engagement-score:${bucketEnds}`), startAfter: new Date(bucketEnds) };
};

/**
 * A refresh of the likely duplicates for one cause ('import:<id>' after an import, 'request:<time>' for "Look for
 * duplicates now"): each cause queues once; the queue holds at most one waiting refresh (policy stately).
 */
export const candidateDuplicatesJob = (cause: string): JobRequest => ({
  data: { cause },
  id: stableJobId(`candidate-duplicates:${cause}`),
});

export function bossJobQueue(boss: Pick<PgBoss, 'insert'>): JobQueue {
  return {
    async send(queue, jobs) {
      if (!jobs.length) return;
      for (let i = 0; i < jobs.length; i += 1000) {
        await boss.insert(queue, jobs.slice(i, i + 1000).map((job) => ({ data: job.data, id: job.id, startAfter: job.startAfter })));
      }
    },
  };
}

/** For callers that must not fail after their transaction committed: a lost job is recovered by the sweep. */
export async function enqueueQuietly(jobs: JobQueue | undefined, queue: string, requests: JobRequest[]): Promise<void> {
  if (!jobs || !requests.length) return;
  try {
    await jobs.send(queue, requests);
  } catch (error) {
    console.warn(`enqueue ${queue} failed (the sweep will pick it up): ${(error as Error).message}`);
  }
}
