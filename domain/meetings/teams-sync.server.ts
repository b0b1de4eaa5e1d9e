// The Teams job's logic: brings a meeting's Outlook event (and its Teams link) up
// to the meeting's sequence. One run per meeting at a time: the meeting row is
// locked for the whole run (a second run skips it), and the event id is written in
// that same transaction, so a repeated or concurrent job finds the event and never
// makes a second one. A crash between Graph's answer and the commit is covered by
// Graph itself: the create carries a transactionId, and a repeated create with it
// answers with the event already made.
import type { Pools } from '../../platform/db/pools.server.ts';
import { asService, type Tx } from '../../platform/db/request.server.ts';
import { escapeHtml } from '../html.ts';
import { candidateLocale, type Locale } from '../i18n/locale.ts';
import type { Language } from '../schemas/language.ts';
import { text, translator } from '../i18n/translate.ts';
import { enqueueQuietly, meetingTeamsJob, QUEUES, type JobQueue, type JobRequest } from '../../platform/runtime/jobs.server.ts';
import type { LocationKind } from './booking-schemas.ts';
import { bookingUrl } from './booking-links.server.ts';
import { CalendarError, CalendarRateLimited, TEAMS_LINK_FAILED, TEAMS_NOT_CONFIGURED, type CalendarEvent, type CalendarEventState, type CalendarPort } from './calendar-port.ts';

/** Failed runs (not counting Graph's "wait") before the meeting shows the error. */
export const MAX_TEAMS_ATTEMPTS = 5;
/** Waits before each re-read of an event whose Teams link is not there yet. */
export const LINK_WAITS_MS = [1_000, 2_000, 3_000];

export interface TeamsSyncOptions {
  /** Where a run that Graph asked to wait queues its successor. */
  jobs: JobQueue;
  /** PUBLIC_URL: the event's body links to the booking page (reschedule, cancel). */
  publicUrl: string;
  /** Tests pass short waits. */
  linkWaitsMs?: readonly number[];
}

export type TeamsSyncOutcome =
  | 'locked' | 'missing' | 'not_configured' | 'up_to_date' | 'created' | 'moved' | 'cancelled' | 'link_failed'
  | 'rate_limited' | 'failed';

interface MeetingRow {
  id: number;
  status: string;
  sequence: number;
  title: string;
  starts_at: Date;
  ends_at: Date;
  time_zone: string;
  location_kind: LocationKind;
  location_detail: string | null;
  /** The event's attendee, whom Outlook invites: the candidate on record, never an address typed on the booking page (decision 015). */
  attendee_name: string | null;
  attendee_email: string | null;
  /** The candidate's language: the event's words, which Outlook's invitation shows them. */
  attendee_language: Language | null;
  candidate_note: string | null;
  cancel_reason: string | null;
  ics_uid: string;
  teams_event_id: string | null;
  teams_join_url: string | null;
  teams_synced_sequence: number | null;
  teams_attempts: number;
  mailbox: string;
  recruiter_name: string;
  type_description: string | null;
  token: string | null;
  co_hosts: Array<{ name: string; email: string }>;
}

/** The row, locked for this run; null when another run holds it (or it is gone). */
async function lockMeeting(tx: Tx, meetingId: number): Promise<MeetingRow | null> {
  const { rows } = await tx.query<MeetingRow>(
    `select m.id::int, m.status, m.sequence, m.title, m.starts_at, m.ends_at, m.time_zone, m.location_kind, m.location_detail,
            c.name as attendee_name, c.email::text as attendee_email, c.language as attendee_language,
            m.candidate_note, m.cancel_reason, m.ics_uid, m.teams_event_id, m.teams_join_url, m.teams_synced_sequence,
            m.teams_attempts, p.email::text as mailbox, p.display_name as recruiter_name,
            t.description as type_description, l.token,
            (select coalesce(json_agg(json_build_object('name', hp.display_name, 'email', hp.email::text) order by hp.display_name), '[]')
               from public.meeting_hosts h join public.profiles hp on hp.id = h.host_id
              where h.meeting_id = m.id and h.host_id <> m.recruiter_id) as co_hosts
       from public.meetings m
       join public.profiles p on p.id = m.recruiter_id
       left join public.candidates c on c.id = m.candidate_id
       left join public.meeting_types t on t.id = m.meeting_type_id
       left join public.booking_links l on l.id = m.booking_link_id
      where m.id = $1
      for update of m skip locked`, [meetingId]);
  return rows[0] ?? null;
}

/** The language of the event's words, which Outlook's invitation shows the candidate: theirs, as in the emails (English while not known). */
const eventLocale = (meeting: MeetingRow): Locale => candidateLocale(meeting.attendee_language, 'en');

/** The event's subject: the meeting's title, as the ICS SUMMARY says it. */
const eventSubject = (meeting: MeetingRow) => text(eventLocale(meeting), 'emails.meeting.calendar.summary', { title: meeting.title });

/** What the event says: the subject, the meeting's description, the candidate's note, the links to change it. */
function eventBody(meeting: MeetingRow, publicUrl: string, locale: Locale): string {
  const t = translator(locale, 'emails.meeting.outlook');
  const parts = [`<p>${escapeHtml(t('intro', { title: meeting.title, recruiter: meeting.recruiter_name }))}</p>`];
  if (meeting.type_description) parts.push(`<p>${escapeHtml(meeting.type_description)}</p>`);
  if (meeting.candidate_note) {
    parts.push(`<p><strong>${escapeHtml(t('noteFrom', { name: meeting.attendee_name ?? t('theCandidate') }))}</strong><br>${escapeHtml(meeting.candidate_note).replace(/\n/g, '<br>')}</p>`);
  }
  if (meeting.token) {
    const page = bookingUrl(publicUrl, meeting.token);
    parts.push(`<p>${escapeHtml(t('changeBefore'))}<a href="${escapeHtml(`${page}/reschedule`)}">${escapeHtml(t('reschedule'))}</a>` +
      `${escapeHtml(t('changeBetween'))}<a href="${escapeHtml(`${page}/cancel`)}">${escapeHtml(t('cancel'))}</a>${escapeHtml(t('changeAfter'))}</p>`);
  }
  return parts.join('\n');
}

function calendarEvent(meeting: MeetingRow, publicUrl: string): CalendarEvent {
  return {
    subject: eventSubject(meeting),
    bodyHtml: eventBody(meeting, publicUrl, eventLocale(meeting)),
    start: meeting.starts_at.toISOString(),
    end: meeting.ends_at.toISOString(),
    timeZone: meeting.time_zone,
    attendee: { name: meeting.attendee_name ?? '', email: meeting.attendee_email ?? '' },
    coHosts: meeting.co_hosts,
    location: { kind: meeting.location_kind, detail: meeting.location_detail },
    // The first event of a meeting is keyed by its UID. After a cancellation (the event is gone from Outlook)
    // a meeting booked again needs a new one: keyed by the sequence the cancellation reached.
    transactionId: meeting.teams_synced_sequence === null ? meeting.ics_uid : `${meeting.ics_uid}:after:${meeting.teams_synced_sequence}`,
  };
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Teams may add the join link a moment after the event: read the event again a few times. */
async function awaitJoinUrl(calendar: CalendarPort, mailbox: string, eventId: string, waits: readonly number[]): Promise<string | null> {
  for (const ms of waits) {
    await wait(ms);
    const { joinUrl } = await calendar.getEvent(mailbox, eventId);
    if (joinUrl) return joinUrl;
  }
  return null;
}

/**
 * A job for the meeting as it stands: keyed by the row's version (updated_at), so that the
 * sweep, finding a meeting whose deferred job still waits, names that same job (dropped as a
 * duplicate) instead of running it before Graph's Retry-After.
 */
export const teamsJobForVersion = (meetingId: number, sequence: number, updatedAt: Date, startAfter?: Date): JobRequest =>
  meetingTeamsJob(meetingId, sequence, updatedAt.getTime(), startAfter);

/**
 * The Outlook side reflects the meeting's sequence now; `event` is what Outlook holds (null: nothing); `failure`: why not
 * (states.teams.link_failed, kept as its English and its code, decision 032).
 */
async function recordSynced(tx: Tx, meeting: MeetingRow, event: CalendarEventState | null, status: 'created' | 'failed',
  failure: 'teams.link_failed' | null) {
  await tx.query(
    `update public.meetings set teams_event_id = $2, teams_join_url = $3, teams_synced_sequence = $4,
            teams_status = $5, teams_error = $6, teams_error_code = $7, teams_attempts = 0
      where id = $1`,
    [meeting.id, event?.eventId ?? null, event?.joinUrl ?? null, meeting.sequence, status, failure && TEAMS_LINK_FAILED, failure]);
}

/** Creates, moves or cancels; the event id is written as soon as Graph gave it (same transaction). */
async function bringUpToDate(tx: Tx, calendar: CalendarPort, meeting: MeetingRow, options: TeamsSyncOptions): Promise<TeamsSyncOutcome> {
  const waits = options.linkWaitsMs ?? LINK_WAITS_MS;
  const cancelled = meeting.status === 'cancelled';
  const behind = meeting.teams_synced_sequence === null || meeting.teams_synced_sequence < meeting.sequence;
  let event: CalendarEventState | null = meeting.teams_event_id ? { eventId: meeting.teams_event_id, joinUrl: meeting.teams_join_url } : null;
  let outcome: TeamsSyncOutcome = 'up_to_date';

  if (cancelled) {
    if (event && behind) {
      await calendar.cancelEvent(meeting.mailbox, event.eventId, meeting.cancel_reason?.trim() || text(eventLocale(meeting), 'emails.meeting.outlook.cancelled'));
      outcome = 'cancelled';
    }
    // Outlook holds nothing now; a meeting booked again gets a new event.
    await recordSynced(tx, meeting, null, 'created', null);
    return outcome;
  }

  if (!event) {
    event = await calendar.createEvent(meeting.mailbox, calendarEvent(meeting, options.publicUrl));
    // At once: whatever fails after this (the link's re-reads), the next run finds this event.
    await tx.query(
      `update public.meetings set teams_event_id = $2, teams_join_url = $3, teams_synced_sequence = $4 where id = $1`,
      [meeting.id, event.eventId, event.joinUrl, meeting.sequence]);
    outcome = 'created';
  } else if (behind) {
    const moved = await calendar.moveEvent(meeting.mailbox, event.eventId, {
      start: meeting.starts_at.toISOString(), end: meeting.ends_at.toISOString(), timeZone: meeting.time_zone, subject: eventSubject(meeting),
    });
    event = { eventId: event.eventId, joinUrl: moved.joinUrl ?? event.joinUrl };
    outcome = 'moved';
  }

  // Phone and on-site meetings have no link; a Teams meeting is not done without one (never a made-up link).
  if (meeting.location_kind === 'teams' && !event.joinUrl) {
    event = { eventId: event.eventId, joinUrl: await awaitJoinUrl(calendar, meeting.mailbox, event.eventId, waits) };
    if (!event.joinUrl) {
      await recordSynced(tx, meeting, event, 'failed', 'teams.link_failed');
      return 'link_failed';
    }
  }
  await recordSynced(tx, meeting, event, 'created', null);
  return outcome;
}

interface RunResult {
  outcome: TeamsSyncOutcome;
  /** A job to queue once the transaction committed. */
  next?: JobRequest;
  /** Thrown after the commit, so that pg-boss retries the job. */
  retry?: Error;
}

/**
 * Brings meeting `meetingId`'s Outlook event up to date. Safe to run twice, also at once.
 * Graph's 429 queues a delayed run and leaves the meeting pending; other failures count
 * an attempt and are thrown (pg-boss retries the job) until the fifth, or one that
 * retrying cannot fix, marks the meeting failed with the message.
 */
export async function syncMeetingToOutlook(pools: Pools, calendar: CalendarPort | null, meetingId: number,
  log: (line: string) => void, options: TeamsSyncOptions): Promise<TeamsSyncOutcome> {
  const result = await asService(pools.app, async (tx): Promise<RunResult> => {
    const meeting = await lockMeeting(tx, meetingId);
    if (!meeting) {
      const { rowCount } = await tx.query('select 1 from public.meetings where id = $1', [meetingId]);
      return { outcome: rowCount ? 'locked' : 'missing' };
    }
    if (!calendar) {
      // As the booking writes it: the text says what to set where a Teams link was expected.
      await tx.query(
        `update public.meetings set teams_status = 'not_configured', teams_error = $2, teams_error_code = null, teams_synced_sequence = sequence
          where id = $1`,
        [meeting.id, meeting.location_kind === 'teams' ? TEAMS_NOT_CONFIGURED : null]);
      return { outcome: 'not_configured' };
    }
    try {
      return { outcome: await bringUpToDate(tx, calendar, meeting, options) };
    } catch (error) {
      // What was written before the failure (the new event's id) is committed with the outcome.
      if (error instanceof CalendarRateLimited) {
        const { rows } = await tx.query<{ updated_at: Date }>(
          `update public.meetings set teams_status = 'pending' where id = $1 returning updated_at`, [meeting.id]);
        const startAfter = new Date(Date.now() + error.retryAfterSeconds * 1000);
        log(`meeting-teams: meeting ${meeting.id}: ${error.message}`);
        return { outcome: 'rate_limited', next: teamsJobForVersion(meeting.id, meeting.sequence, rows[0].updated_at, startAfter) };
      }
      const message = error instanceof Error ? error.message : String(error);
      const attempts = meeting.teams_attempts + 1;
      const giveUp = attempts >= MAX_TEAMS_ATTEMPTS || (error instanceof CalendarError && error.permanent);
      await tx.query(
        // Graph's own words (a CalendarError's message): no code of ours.
        `update public.meetings set teams_attempts = $2, teams_status = $3, teams_error = $4, teams_error_code = null where id = $1`,
        [meeting.id, attempts, giveUp ? 'failed' : 'pending', giveUp ? message : null]);
      log(`meeting-teams: meeting ${meeting.id} attempt ${attempts}${giveUp ? ' (giving up)' : ''}: ${message}`);
      return giveUp ? { outcome: 'failed' } : { outcome: 'failed', retry: error instanceof Error ? error : new Error(message) };
    }
  });
  if (result.next) await enqueueQuietly(options.jobs, QUEUES.meetingTeams, [result.next]);
  if (result.retry) throw result.retry;
  return result.outcome;
}

/**
 * The retry button: a failed meeting goes back to pending with its attempts reset. Answers the
 * meeting's sequence, for the job the route queues (a meeting that is not failed is left as it is:
 * a run for it changes nothing that is in order).
 */
export async function retryTeams(pools: Pools, meetingId: number): Promise<number> {
  return asService(pools.app, async (tx) => {
    const { rows } = await tx.query<{ sequence: number }>(
      `update public.meetings set teams_status = 'pending', teams_error = null, teams_error_code = null, teams_attempts = 0
        where id = $1 and teams_status = 'failed'
        returning sequence`, [meetingId]);
    if (rows[0]) return rows[0].sequence;
    const current = await tx.query<{ sequence: number }>('select sequence from public.meetings where id = $1', [meetingId]);
    return current.rows[0]?.sequence ?? 0;
  });
}

/**
 * For the once-a-minute sweep: pending meetings whose Outlook event is behind and that no run
 * touched for a minute (a job lost, or never queued). Their jobs are keyed by the row's version,
 * so a job that still waits is not queued twice.
 */
export async function teamsJobsBehind(pools: Pools, limit = 500): Promise<JobRequest[]> {
  const { rows } = await asService(pools.app, (tx) => tx.query<{ id: number; sequence: number; updated_at: Date }>(
    `select id::int, sequence, updated_at from public.meetings
      where teams_synced_sequence is distinct from sequence and teams_status = 'pending'
        and updated_at < now() - interval '1 minute'
      order by updated_at limit $1`, [limit]));
  return rows.map((row) => teamsJobForVersion(row.id, row.sequence, row.updated_at));
}
