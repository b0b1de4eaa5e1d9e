// Registers the messaging jobs: mail delivery, campaign dispatch, reply
// sentiment, the meeting emails, reminders and Outlook events, opens, clicks and scores, consent renewal emails,
// the sweep behind them, and the recovery of a dead worker's deliveries. The
// mail adapter is chosen here; WhatsApp's goes through the same delivery.
import type { PgBoss } from 'pg-boss';
import { bossJobQueue, type JobQueue } from '#platform/runtime/jobs.server.ts';
import { createMailPort } from '#domain/mail/index.server.ts';
import { createWhatsAppPort } from '#domain/whatsapp/cloud-api.server.ts';
import type { JobDeps } from './deps.ts';
import { registerMailJobs } from './mail.ts';
import { registerCampaignJobs } from './campaigns.ts';
import { registerCampaignStepJobs } from './campaign-steps.ts';
import { registerSentimentJobs } from './sentiment.ts';
import { registerSweep } from './sweep.ts';
import { startRecovery } from './recovery.ts';
import { registerMeetingMailJobs } from './meeting-mail.ts';
import { registerMeetingReminderJobs } from './meeting-reminders.ts';
import { registerMeetingTeamsJobs } from './meeting-teams.ts';
import { createCalendarPort } from '#domain/meetings/teams.server.ts';
import { registerEngagementRecordJobs } from './engagement-record.ts';
import { registerEngagementScoreJobs } from './engagement-score.ts';
import { registerMailSyncJobs } from './mail-sync.ts';
import { registerMailSubscriptionJobs } from './mail-subscriptions.ts';
import { registerConsentRenewalJobs } from './consent-renewal.ts';
import { registerRetentionDigestJobs } from './retention-digest.ts';
import { registerAccessRequestNoticeJobs } from './access-request-notice.ts';

export async function registerMessagingJobs(boss: PgBoss, options: Omit<JobDeps, 'mail' | 'whatsapp' | 'jobs'>):
  Promise<{ jobs: JobQueue; stopRecovery(): Promise<void>; close(): Promise<void> }> {
  const jobs = bossJobQueue(boss);
  const deps: JobDeps = { ...options, mail: createMailPort(options.config, options.pools.app), whatsapp: createWhatsAppPort(), jobs };
  await registerMailJobs(boss, deps);
  await registerCampaignJobs(boss, deps);
  await registerCampaignStepJobs(boss, deps);
  await registerSentimentJobs(boss, deps);
  await registerMeetingMailJobs(boss, deps);
  await registerMeetingReminderJobs(boss, deps);
  await registerMeetingTeamsJobs(boss, { ...deps, calendar: createCalendarPort(options.config) });
  await registerEngagementRecordJobs(boss, deps);
  await registerEngagementScoreJobs(boss, deps);
  await registerMailSyncJobs(boss, deps);
  await registerMailSubscriptionJobs(boss, deps);
  await registerConsentRenewalJobs(boss, deps);
  await registerRetentionDigestJobs(boss, deps);
  await registerAccessRequestNoticeJobs(boss, deps);
  await registerSweep(boss, deps);
  // Stopped before pg-boss (it queues jobs); the mail port after it (handlers still send).
  return { jobs, stopRecovery: startRecovery(deps), close: () => deps.mail.close() };
}
