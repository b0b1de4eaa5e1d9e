// Booking, moving and cancelling a meeting: the one path the candidate's page and
// the recruiter's actions share. The slot rule is bookableSlots (slots.ts); the
// database's exclusion constraint (meetings_no_overlap) has the final word, and a
// violation becomes "This time was just taken, please pick another" with fresh slots.
// Every change raises the meeting's sequence, queues the candidate's email and
// brings the Outlook event up to date (worker jobs).
import type { Tx } from '../../platform/db/request.server.ts';
import { DomainError } from '../errors.ts';
import { say } from '../i18n/codes.ts';
import { englishText } from '../i18n/english.ts';
import { enqueueQuietly, meetingMailJob, meetingTeamsJob, QUEUES, type JobQueue } from '../../platform/runtime/jobs.server.ts';
import { loadBookingSettings } from './booking-settings.server.ts';
import { TEAMS_NOT_CONFIGURED, type CalendarPort } from './calendar-port.ts';
import { bookableSlots, epochMilliseconds, teamSlots, type BusyInterval, type HostsNeeded } from './slots.ts';
import type { Slot } from './schemas.ts';
import type { LocationKind } from './booking-schemas.ts';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** The widest window one slots request may ask for. */
export const MAX_SLOT_WINDOW_DAYS = 35;
export const SLOT_TAKEN = englishText('slot_taken');

export interface SlotWindow { from?: string; to?: string }

/** [from, to) of a slots request: default the coming 7 days; to after from; at most 35 days. */
export function slotWindow(window: SlotWindow, now: number): { from: number; to: number } {
  const from = window.from ? Date.parse(window.from) : now;
  const to = window.to ? Date.parse(window.to) : from + 7 * DAY;
  if (to <= from) throw new DomainError(422, 'slots_to_after_from', 'to');
  if (to - from > MAX_SLOT_WINDOW_DAYS * DAY) throw new DomainError(422, say('slots_window_too_long', { days: MAX_SLOT_WINDOW_DAYS }), 'to');
  return { from, to };
}

export interface SlotRequest {
  /** Whose time counts: one host (a one-on-one type, a booked meeting's host) or a team's hosts. */
  hostIds: readonly string[];
  /** any: at least one host free (round-robin); all: every host free (collective, a booked panel). */
  needed?: HostsNeeded;
  durationMinutes: number;
  from: number;
  to: number;
  /** The meeting being moved: its own time does not block it. */
  excludeMeetingId?: number | null;
  calendar?: CalendarPort | null;
  /** Count the recruiter's meetings and Outlook busy times (false: availability alone). */
  withBusyTimes?: boolean;
}

/** Outlook busy times; a calendar that does not answer costs the candidate nothing (the constraint still guards). */
async function outlookBusy(calendar: CalendarPort | null | undefined, mailbox: string, from: number, to: number): Promise<BusyInterval[]> {
  if (!calendar) return [];
  try {
    return await calendar.busyTimes(mailbox, new Date(from).toISOString(), new Date(to).toISOString());
  } catch (error) {
    console.warn(`Outlook busy times for ${mailbox} unavailable: ${(error as Error).message}`);
    return [];
  }
}

async function meetingTimes(tx: Tx, id: number): Promise<{ start: number; end: number } | null> {
  const { rows } = await tx.query<{ start: Date; end: Date }>('select starts_at as start, ends_at as "end" from public.meetings where id = $1', [id]);
  return rows[0] ? { start: rows[0].start.getTime(), end: rows[0].end.getTime() } : null;
}

/** The meeting being moved has its own Outlook event: that busy block must not keep it from its own time. */
function withoutOwnEvent(busy: BusyInterval[], own: { start: number; end: number } | null): BusyInterval[] {
  if (!own) return busy;
  return busy.filter((block) => epochMilliseconds(block.start) !== own.start || epochMilliseconds(block.end) !== own.end);
}

/** One host's free slots in [from, to) for a meeting of `durationMinutes`: their settings, meetings (every type) and Outlook. */
async function hostFreeSlots(tx: Tx, hostId: string, request: SlotRequest, now: number): Promise<Slot[]> {
  const { settings } = await loadBookingSettings(tx, hostId);
  const withBusy = request.withBusyTimes ?? true;
  // Meetings a week around the window: their buffers and the daily and weekly maximum reach that far.
  const { rows: meetings } = withBusy ? await tx.query<{ start: Date; end: Date; before: number; after: number }>(
    `select m.starts_at as start, m.ends_at as "end", m.buffer_before_minutes as before, m.buffer_after_minutes as after
       from public.meeting_hosts h join public.meetings m on m.id = h.meeting_id
      where h.host_id = $1 and h.holds_time and m.id is distinct from $4
        and m.starts_at < $3 and m.ends_at > $2`,
    [hostId, new Date(request.from - 8 * DAY), new Date(request.to + 8 * DAY), request.excludeMeetingId ?? null]) : { rows: [] };
  const mailbox = withBusy && request.calendar
    ? (await tx.query<{ email: string }>('select email from public.team_members() where id = $1', [hostId])).rows[0]?.email
    : undefined;
  const busy = mailbox ? withoutOwnEvent(await outlookBusy(request.calendar, mailbox, request.from, request.to),
    request.excludeMeetingId ? await meetingTimes(tx, request.excludeMeetingId) : null) : [];
  return bookableSlots({
    settings,
    durationMinutes: request.durationMinutes,
    confirmedMeetings: meetings.map((m) => ({ start: m.start, end: m.end, bufferBeforeMinutes: m.before, bufferAfterMinutes: m.after })),
    externalBusy: busy,
    now: new Date(now),
    from: new Date(request.from),
    to: new Date(request.to),
  });
}

/** Each host's free slots, in the order of `hostIds`. */
export async function slotsPerHost(tx: Tx, request: SlotRequest, now = Date.now()): Promise<Slot[][]> {
  const perHost: Slot[][] = [];
  for (const hostId of request.hostIds) perHost.push(await hostFreeSlots(tx, hostId, request, now));
  return perHost;
}

/** The free slots in [from, to): one host's, or a team's (teamSlots: any host free, or all of them). */
export async function freeSlots(tx: Tx, request: SlotRequest, now = Date.now()): Promise<Slot[]> {
  return teamSlots(await slotsPerHost(tx, request, now), request.needed ?? 'all');
}

/**
 * Refuses a start that is not an offered time: 422 when it never could be, 409 (with fresh slots) when it
 * was just taken. Answers the hosts free at that time (every host when all are needed).
 */
export async function checkStart(tx: Tx, request: Omit<SlotRequest, 'from' | 'to'>, start: string, now = Date.now()): Promise<string[]> {
  const at = Date.parse(start);
  const probe = { ...request, from: at, to: at + 1 };
  const isOffered = (slots: Slot[]) => slots.some((slot) => epochMilliseconds(slot.start) === at);
  const perHost = await slotsPerHost(tx, probe, now);
  const free = request.hostIds.filter((_, index) => isOffered(perHost[index]));
  if ((request.needed ?? 'all') === 'all' ? free.length === request.hostIds.length : free.length > 0) return free;
  if (at <= now) throw new DomainError(422, 'start_in_past', 'start');
  if (!isOffered(await freeSlots(tx, { ...probe, withBusyTimes: false }, now))) {
    throw new DomainError(422, 'start_not_offered', 'start');
  }
  throw new SlotTakenError();
}

/** The time is no longer free; the route answers 409 with fresh slots. */
export class SlotTakenError extends Error {
  constructor() { super(SLOT_TAKEN); }
}

/**
 * Whether a database error says the time is taken: the no-overlap constraint refusing it (23P01), or a deadlock
 * (40P01). Two bookings of one time that write their rows at the same instant each wait for the other's row
 * to see whether it conflicts; PostgreSQL ends one of them so the other goes on and takes the time.
 */
export function isTimeTaken(error: unknown): boolean {
  const code = (error as { code?: string }).code;
  return code === '23P01' || code === '40P01';
}

/** The 409 answer: fresh slots from the day before the wanted time to a week after it. */
export async function slotTaken(tx: Tx, request: Omit<SlotRequest, 'from' | 'to'>, start: string): Promise<DomainError> {
  const at = Date.parse(start);
  const from = Math.max(Date.now(), at - DAY);
  const slots = await freeSlots(tx, { ...request, from, to: from + 7 * DAY });
  return new DomainError(409, 'slot_taken', 'start', { slots });
}

export interface Placement {
  /** The host whose meeting it is (their calendar holds the event). */
  recruiterId: string;
  /** A collective meeting's other hosts: held by it too (meeting_hosts), invited to its event. */
  otherHostIds?: readonly string[];
  candidateId: number | null;
  bookingLinkId: number | null;
  meetingTypeId: number | null;
  title: string;
  durationMinutes: number;
  location: { kind: LocationKind; detail: string | null };
  start: string;
  attendee: { name: string; email: string };
  note: string | null;
  candidateTimeZone: string | null;
  calendarConfigured: boolean;
}

export interface MeetingChange {
  meetingId: number;
  sequence: number;
  notificationId: number;
  created: boolean;
}

function teamsState(calendarConfigured: boolean, kind: LocationKind) {
  if (!calendarConfigured) return { status: 'not_configured', error: kind === 'teams' ? TEAMS_NOT_CONFIGURED : null };
  return { status: 'pending', error: null };
}

/** Inserts the meeting, or moves the existing one (`meetingId`): status, sequence, buffers from today's settings. */
export async function placeMeeting(tx: Tx, placement: Placement, meetingId: number | null): Promise<MeetingChange> {
  const { settings } = await loadBookingSettings(tx, placement.recruiterId);
  const start = new Date(placement.start);
  const end = new Date(start.getTime() + placement.durationMinutes * MINUTE);
  const teams = teamsState(placement.calendarConfigured, placement.location.kind);
  let row: { id: number; sequence: number; kind: 'confirmed' | 'rescheduled' };
  if (meetingId === null) {
    ({ rows: [row] } = await tx.query<typeof row>(
      `insert into public.meetings (recruiter_id, candidate_id, booking_link_id, meeting_type_id, title, starts_at, ends_at,
         location_kind, location_detail, time_zone, candidate_time_zone, attendee_name, attendee_email, candidate_note,
         buffer_before_minutes, buffer_after_minutes, teams_status, teams_error)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18)
       returning id::int, sequence, 'confirmed' as kind`,
      [placement.recruiterId, placement.candidateId, placement.bookingLinkId, placement.meetingTypeId, placement.title, start, end,
        placement.location.kind, placement.location.detail, settings.timeZone, placement.candidateTimeZone,
        placement.attendee.name, placement.attendee.email, placement.note, settings.bufferBeforeMinutes, settings.bufferAfterMinutes,
        teams.status, teams.error]));
  } else {
    // A cancelled meeting booked again is confirmed again (same UID, higher SEQUENCE); a held one is rescheduled.
    ({ rows: [row] } = await tx.query<typeof row>(
      `update public.meetings set
         starts_at = $2, ends_at = $3, sequence = sequence + 1,
         status = case when status = 'cancelled' then 'confirmed' else 'rescheduled' end,
         attendee_name = $4, attendee_email = $5, candidate_note = coalesce($6, candidate_note),
         candidate_time_zone = coalesce($7, candidate_time_zone), time_zone = $8,
         buffer_before_minutes = $9, buffer_after_minutes = $10,
         cancel_reason = null, cancelled_by = null, cancelled_at = null, recruiter_id = $13,
         teams_status = case when $11 = 'not_configured' then 'not_configured' else 'pending' end,
         teams_error = $12, teams_error_code = null, teams_attempts = 0
       where id = $1
       returning id::int, sequence, case when status = 'confirmed' then 'confirmed' else 'rescheduled' end as kind`,
      [meetingId, start, end, placement.attendee.name, placement.attendee.email, placement.note, placement.candidateTimeZone,
        settings.timeZone, settings.bufferBeforeMinutes, settings.bufferAfterMinutes, teams.status, teams.error, placement.recruiterId]));
  }
  if (placement.otherHostIds?.length) {
    // The meeting's own host row is the trigger's (meetings_hosts_follow); the panel's others hold the same time.
    await tx.query(
      `insert into public.meeting_hosts (meeting_id, host_id, blocked_from, blocked_until, holds_time)
         select m.id, host, m.blocked_from, m.blocked_until, true from public.meetings m, unnest($2::uuid[]) as host
          where m.id = $1
       on conflict (meeting_id, host_id) do update set blocked_from = excluded.blocked_from, blocked_until = excluded.blocked_until,
          holds_time = true`, [row.id, placement.otherHostIds]);
  }
  const notificationId = await queueNotification(tx, row.id, row.kind, row.sequence);
  return { meetingId: row.id, sequence: row.sequence, notificationId, created: meetingId === null };
}

async function queueNotification(tx: Tx, meetingId: number, kind: 'confirmed' | 'rescheduled' | 'cancelled', sequence: number): Promise<number> {
  const { rows } = await tx.query<{ id: number }>(
    `insert into public.meeting_notifications (meeting_id, kind, sequence) values ($1, $2, $3) returning id::int`,
    [meetingId, kind, sequence]);
  return rows[0].id;
}

/** Cancels a meeting that still holds its time; a cancelled one stays as it is (null: nothing changed). */
export async function cancelMeeting(tx: Tx, meetingId: number, by: 'candidate' | 'recruiter', reason: string | null | undefined): Promise<MeetingChange | null> {
  const { rows } = await tx.query<{ id: number; sequence: number; starts_at: Date }>(
    `update public.meetings set status = 'cancelled', sequence = sequence + 1, cancel_reason = $3, cancelled_by = $2,
            cancelled_at = now(), teams_status = case when teams_status = 'not_configured' then teams_status else 'pending' end
      where id = $1 and status in ('confirmed', 'rescheduled')
      returning id::int, sequence, starts_at`,
    [meetingId, by, reason ?? null]);
  if (!rows[0]) return null;
  const notificationId = await queueNotification(tx, rows[0].id, 'cancelled', rows[0].sequence);
  return { meetingId: rows[0].id, sequence: rows[0].sequence, notificationId, created: false };
}

/** After the change committed: the email and the Outlook event (the sweep catches what a lost job misses). */
export async function announceChange(jobs: JobQueue | undefined, change: MeetingChange | null): Promise<void> {
  if (!change) return;
  await enqueueQuietly(jobs, QUEUES.meetingMail, [meetingMailJob(change.notificationId)]);
  await enqueueQuietly(jobs, QUEUES.meetingTeams, [meetingTeamsJob(change.meetingId, change.sequence)]);
}

/** A transaction runner: asService or the caller's claims. */
export type RunInTransaction = <R>(work: (tx: Tx) => Promise<R>) => Promise<R>;

/** Runs `work`; when the time turned out to be taken, answers the 409 with fresh slots (read in a new transaction). */
export async function withSlotTakenAnswer<T>(run: RunInTransaction, work: (tx: Tx) => Promise<T>,
  fresh: (tx: Tx) => Promise<DomainError>): Promise<T> {
  try {
    return await run(work);
  } catch (error) {
    if (!isTimeTaken(error) && !(error instanceof SlotTakenError)) throw error;
  }
  throw await run(fresh);
}
