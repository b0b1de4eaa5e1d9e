// meeting-reminders, every minute (a pg-boss schedule: one run in total, however many
// workers): sends the candidate's meeting reminders that are due, by email or WhatsApp
// (domain/meetings/meeting-reminders.server.ts). Each reminder is claimed once (`for
// update skip locked`), so runs that overlap, in one worker or several, send it once; a
// claim left by a worker that died is taken over after 5 minutes; a temporary failure is
// tried again by a later run. Nothing is queued per reminder: the table is the queue.
import type { PgBoss } from 'pg-boss';
import { sendDueReminders, type ReminderOutcome } from '#domain/meetings/meeting-reminders.server.ts';
import { QUEUES } from '#platform/runtime/jobs.server.ts';
import { ensureQueue, type JobDeps } from './deps.ts';
import { logged } from './job-log.ts';
import { meetingMailOptions } from './meeting-mail.ts';

/** Cron of the run: each minute (a reminder goes out within a minute of its moment). */
export const MEETING_REMINDERS_CRON = '* * * * *';

export async function runMeetingReminders(deps: JobDeps): Promise<ReminderOutcome[]> {
  const outcomes = await sendDueReminders({
    pools: deps.pools, mail: deps.mail, whatsapp: deps.whatsapp, worker: deps.worker, options: meetingMailOptions(deps.config),
  });
  const sent = outcomes.filter((outcome) => outcome.state === 'sent').length;
  if (outcomes.length) deps.log(`meeting-reminders: ${sent} sent, ${outcomes.length - sent} not sent or tried again later`);
  return outcomes;
}

export async function registerMeetingReminderJobs(boss: PgBoss, deps: JobDeps) {
  await ensureQueue(boss, QUEUES.meetingReminders, { retryLimit: 0, expireInSeconds: 300 });
  await boss.schedule(QUEUES.meetingReminders, MEETING_REMINDERS_CRON);
  await boss.work(QUEUES.meetingReminders, { batchSize: 1, pollingIntervalSeconds: 1 }, logged(QUEUES.meetingReminders, deps.logger, async () => {
    const outcomes = await runMeetingReminders(deps);
    return { sent: outcomes.filter((outcome) => outcome.state === 'sent').length, handled: outcomes.length };
  }));
}
