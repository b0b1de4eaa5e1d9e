// meeting-teams: brings a meeting's Outlook event and Teams link up to the
// meeting's sequence (domain/meetings/teams-sync.ts). One job per meeting and
// sequence; a run that fails temporarily is retried by pg-boss with backoff, and
// the fifth failure marks the meeting failed (the recruiter's retry button starts
// over). The sweep re-queues meetings whose job went missing.
import type { PgBoss } from 'pg-boss';
import type { CalendarPort } from '#domain/meetings/calendar-port.ts';
import { MAX_TEAMS_ATTEMPTS, syncMeetingToOutlook, teamsJobsBehind } from '#domain/meetings/teams-sync.server.ts';
import { QUEUES } from '#platform/runtime/jobs.server.ts';
import { ensureQueue, type JobDeps } from './deps.ts';
import { logged } from './job-log.ts';

export type MeetingTeamsDeps = JobDeps & { calendar: CalendarPort | null };

/** A run re-reads a new event's link for a few seconds while it holds the meeting; well inside this. */
const TEAMS_JOB_EXPIRE_SECONDS = 120;

export async function registerMeetingTeamsJobs(boss: PgBoss, deps: MeetingTeamsDeps) {
  await ensureQueue(boss, QUEUES.meetingTeams, {
    // The handler counts attempts on the meeting; pg-boss's retries stop at the same count.
    retryLimit: MAX_TEAMS_ATTEMPTS - 1,
    retryDelay: 15,
    retryBackoff: true,
    retryDelayMax: 300,
    expireInSeconds: TEAMS_JOB_EXPIRE_SECONDS,
  });
  // One meeting per job (a failure fails only its own job); a few at once, as each waits on Graph.
  await boss.work<{ meetingId: number }>(QUEUES.meetingTeams, { pollingIntervalSeconds: 1, localConcurrency: 4 }, logged(QUEUES.meetingTeams, deps.logger, async ([job]) => {
    const outcome = await syncMeetingToOutlook(deps.pools, deps.calendar, job.data.meetingId, (line) => deps.log(line),
      { jobs: deps.jobs, publicUrl: deps.config.publicUrl });
    return { outcome };
  }));
}

/** For the once-a-minute sweep: queues the meetings whose Outlook sync went missing. */
export async function sweepMeetingTeams(deps: Pick<JobDeps, 'pools' | 'jobs'>) {
  const jobs = await teamsJobsBehind(deps.pools);
  await deps.jobs.send(QUEUES.meetingTeams, jobs);
}
