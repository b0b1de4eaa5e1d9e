// The candidate's side of a booking link (/book/{token}): what the link offers,
// its free slots, booking (a second booking moves the first), cancelling. No
// sign-in: the token is the credential, so every read goes by the token alone,
// as the server (service_role), and an unknown token learns nothing.
import type pg from 'pg';
import { asService, type Tx } from '../../platform/db/request.server.ts';
import { DomainError } from '../errors.ts';
import { say } from '../i18n/codes.ts';
import { engagementScoreJob, enqueueQuietly, QUEUES, type JobQueue } from '../../platform/runtime/jobs.server.ts';
import { firstName } from '../placeholders/placeholders.ts';
import type { BookingRequest, PublicBooking, PublicMeeting, SlotsAnswer } from './booking-schemas.ts';
import type { Language } from '../schemas/language.ts';
import type { CalendarPort } from './calendar-port.ts';
import type { Meeting } from './meeting-schemas.ts';
import { getMeeting } from './meetings.server.ts';
import {
  announceChange, cancelMeeting, checkStart, freeSlots, slotTaken, slotWindow, withSlotTakenAnswer,
  type RunInTransaction, type SlotWindow,
} from './booking.server.ts';
import { bookingHosts, placeOnHosts, type BookingHosts } from './hosts.server.ts';

export interface BookingDeps {
  pool: pg.Pool;
  calendar?: CalendarPort | null;
  jobs?: JobQueue;
}

interface LinkRow {
  id: number;
  recruiterId: string;
  recruiterName: string;
  recruiterEmail: string;
  recruiterTimeZone: string;
  candidateId: number | null;
  candidateName: string | null;
  candidateEmail: string | null;
  candidateLanguage: Language | null;
  meetingTypeId: number | null;
  title: string;
  durationMinutes: number;
  description: string | null;
  colour: string | null;
  locationKind: PublicBooking['meetingType']['locationKind'];
  locationDetail: string | null;
  expiresAt: string;
  expired: boolean;
  meetingId: number | null;
}


/** The link, locked for the booking transaction when `lock`; a 404 naming `token` when there is none. */
async function linkByToken(tx: Tx, token: string, { lock = false } = {}): Promise<LinkRow> {
  // Lock first, read after: a statement that waited for the lock would still see the
  // meetings as they were before it started (a concurrent booking's meeting unseen).
  if (lock) await tx.query('select 1 from public.booking_links where token = $1 for update', [token]);
  const { rows } = await tx.query<LinkRow>(
    `select b.id::int, b.recruiter_id as "recruiterId", p.display_name as "recruiterName", p.email::text as "recruiterEmail",
            coalesce(s.time_zone, 'Europe/Amsterdam') as "recruiterTimeZone",
            b.candidate_id::int as "candidateId", c.name as "candidateName", c.email::text as "candidateEmail",
            c.language as "candidateLanguage",
            b.meeting_type_id::int as "meetingTypeId", coalesce(t.name, b.title) as title, b.duration_minutes as "durationMinutes",
            t.description, t.colour, b.location_kind as "locationKind", b.location_detail as "locationDetail",
            to_char(b.expires_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "expiresAt",
            b.expires_at <= now() as expired,
            (select m.id::int from public.meetings m where m.booking_link_id = b.id) as "meetingId"
       from public.booking_links b
       join public.profiles p on p.id = b.recruiter_id
       left join public.booking_settings s on s.recruiter_id = b.recruiter_id
       left join public.candidates c on c.id = b.candidate_id
       left join public.meeting_types t on t.id = b.meeting_type_id
      where b.token = $1`, [token]);
  if (!rows[0]) throw new DomainError(404, 'booking_link_invalid', 'token');
  return rows[0];
}

/** The meeting as the candidate sees it. */
export function publicMeeting(meeting: Meeting): PublicMeeting {
  return {
    start: meeting.start,
    end: meeting.end,
    status: meeting.status,
    recruiterTimeZone: meeting.timeZone,
    candidateTimeZone: meeting.candidateTimeZone,
    locationKind: meeting.location.kind,
    locationDetail: meeting.location.detail,
    joinUrl: meeting.joinUrl,
    // Without Microsoft Graph (or when Outlook refused) no invitation brings a link: the page must not promise one.
    teamsLinkFollows: meeting.location.kind === 'teams' && (meeting.teams.state === 'created' || meeting.teams.state === 'pending'),
    name: meeting.attendee.name ?? meeting.candidate?.name ?? '',
    email: meeting.attendee.email ?? meeting.candidate?.email ?? '',
    note: meeting.candidateNote,
  };
}

const HOLDS_TIME = new Set(['confirmed', 'rescheduled']);

function stateOf(link: LinkRow, meeting: Meeting | null, now: number): PublicBooking['state'] {
  if (meeting && HOLDS_TIME.has(meeting.status)) return Date.parse(meeting.start) > now ? 'booked' : 'used';
  if (meeting && meeting.status !== 'cancelled') return 'used';
  if (link.expired) return 'expired';
  return meeting ? 'cancelled' : 'open';
}

async function bookingOf(tx: Tx, link: LinkRow): Promise<PublicBooking> {
  const meeting = link.meetingId ? await getMeeting(tx, link.meetingId) : null;
  return {
    state: stateOf(link, meeting, Date.now()),
    candidate: {
      firstName: firstName(link.candidateName) ?? null, name: link.candidateName, email: link.candidateEmail, language: link.candidateLanguage,
    },
    recruiter: { name: link.recruiterName, email: link.recruiterEmail, timeZone: link.recruiterTimeZone },
    meetingType: {
      name: link.title, durationMinutes: link.durationMinutes, description: link.description,
      locationKind: link.locationKind, locationDetail: link.locationDetail,
      colour: (link.colour ?? 'blue') as PublicBooking['meetingType']['colour'],
    },
    expiresAt: link.expiresAt,
    meeting: meeting ? publicMeeting(meeting) : null,
  };
}

/** GET: what the link offers; the first look marks the link opened. */
export function publicBooking(deps: BookingDeps, token: string): Promise<PublicBooking> {
  return asService(deps.pool, async (tx) => {
    const link = await linkByToken(tx, token);
    await tx.query('update public.booking_links set opened_at = now() where id = $1 and opened_at is null', [link.id]);
    return bookingOf(tx, link);
  });
}

/** Whose time the link books: a booked meeting's hosts, or its type's (decision 041). */
function linkHosts(tx: Tx, link: LinkRow, booking: PublicBooking): Promise<BookingHosts> {
  return bookingHosts(tx, {
    recruiterId: link.recruiterId, meetingTypeId: link.meetingTypeId,
    heldMeetingId: booking.state === 'booked' ? link.meetingId : null,
  });
}

/** Refuses what a link in this state cannot do. */
function requireBookable(state: PublicBooking['state'], link: LinkRow) {
  if (state === 'expired') throw new DomainError(410, say('booking_link_expired', { name: link.recruiterName, email: link.recruiterEmail }), 'token');
  if (state === 'used') throw new DomainError(410, 'meeting_already_taken_place', 'token');
}

/** GET .../slots: the free times for this link's meeting (its own meeting does not block a move). */
export function publicSlots(deps: BookingDeps, token: string, window: SlotWindow & { timeZone?: string }): Promise<SlotsAnswer> {
  return asService(deps.pool, async (tx) => {
    const link = await linkByToken(tx, token);
    const booking = await bookingOf(tx, link);
    requireBookable(booking.state, link);
    const { from, to } = slotWindow(window, Date.now());
    const hosts = await linkHosts(tx, link, booking);
    const slots = await freeSlots(tx, {
      hostIds: hosts.hostIds, needed: hosts.needed, durationMinutes: link.durationMinutes, from, to,
      excludeMeetingId: link.meetingId, calendar: deps.calendar,
    });
    return { timeZone: window.timeZone ?? link.recruiterTimeZone, slots };
  });
}

/** POST: books the time, or moves the link's meeting there. `created` says which (201 or 200). */
export async function bookByToken(deps: BookingDeps, token: string, request: BookingRequest & { note?: string | null }):
  Promise<{ meeting: PublicMeeting; created: boolean }> {
  const run: RunInTransaction = (work) => asService(deps.pool, work);
  let slotRequest: Parameters<typeof checkStart>[1] | undefined;
  const change = await withSlotTakenAnswer(run, async (tx) => {
    // The lock makes two bookings on one link take turns: the second one moves the first's meeting.
    const link = await linkByToken(tx, token, { lock: true });
    const booking = await bookingOf(tx, link);
    requireBookable(booking.state, link);
    const hosts = await linkHosts(tx, link, booking);
    slotRequest = {
      hostIds: hosts.hostIds, needed: hosts.needed, durationMinutes: link.durationMinutes, excludeMeetingId: link.meetingId, calendar: deps.calendar,
    };
    const freeHostIds = await checkStart(tx, slotRequest, request.start);
    const placed = await placeOnHosts(tx, hosts, freeHostIds, {
      candidateId: link.candidateId, bookingLinkId: link.id, meetingTypeId: link.meetingTypeId,
      title: link.title, durationMinutes: link.durationMinutes,
      location: { kind: link.locationKind, detail: link.locationDetail },
      start: request.start, attendee: { name: request.name, email: request.email }, note: request.note ?? null,
      candidateTimeZone: request.timeZone ?? null, calendarConfigured: Boolean(deps.calendar),
    }, link.meetingId);
    await tx.query('update public.booking_links set used_at = now() where id = $1', [link.id]);
    if (placed.created && link.candidateId) {
      await tx.query(
        `insert into public.engagement_events (candidate_id, kind, metadata) values ($1, 'meeting_booked', jsonb_build_object('meetingId', $2::bigint))`,
        [link.candidateId, placed.meetingId]);
    }
    return placed;
  }, (tx) => slotTaken(tx, slotRequest!, request.start));
  await announceChange(deps.jobs, change);
  // A booked meeting weighs most in the score: recomputed now, not at the next minute.
  if (change.created) await enqueueQuietly(deps.jobs, QUEUES.engagementScore, [engagementScoreJob()]);
  const meeting = await asService(deps.pool, (tx) => getMeeting(tx, change.meetingId));
  return { meeting: publicMeeting(meeting), created: change.created };
}

/** POST .../cancel: the candidate cancels; cancelling again changes nothing. */
export async function cancelByToken(deps: BookingDeps, token: string, reason: string | null | undefined): Promise<PublicMeeting> {
  const { change, meetingId } = await asService(deps.pool, async (tx) => {
    const link = await linkByToken(tx, token, { lock: true });
    if (!link.meetingId) throw new DomainError(409, 'nothing_to_cancel', 'token');
    const meeting = await getMeeting(tx, link.meetingId);
    if (stateOf(link, meeting, Date.now()) === 'used') throw new DomainError(410, 'meeting_already_taken_place', 'token');
    return { change: await cancelMeeting(tx, link.meetingId, 'candidate', reason), meetingId: link.meetingId };
  });
  await announceChange(deps.jobs, change);
  return publicMeeting(await asService(deps.pool, (tx) => getMeeting(tx, meetingId)));
}
