// Meetings as the recruiter sees them (/app/meetings, the drawer, the dashboard):
// one SELECT shape for every path, the list with its filters, notes and marks.
import type { Tx } from '../../platform/db/request.server.ts';
import { isoTimestamp } from '../../platform/db/sql-time.server.ts';
import { DomainError } from '../errors.ts';
import type { Meeting, MeetingListQuery, MeetingPatch } from './meeting-schemas.ts';

/** Columns of `meetingSchema`, from `public.meetings m` joined as in MEETING_FROM. */
const MEETING_COLUMNS = `m.id::int as id, ${isoTimestamp('m.starts_at')} as start, ${isoTimestamp('m.ends_at')} as "end",
  m.status, m.title,
  case when c.id is null then null else json_build_object('id', c.id::int, 'name', c.name, 'email', c.email) end as candidate,
  case when t.id is null then null else json_build_object('id', t.id::int, 'name', t.name, 'colour', t.colour) end as "meetingType",
  json_build_object('kind', m.location_kind, 'detail', m.location_detail) as location,
  m.teams_join_url as "joinUrl",
  case when m.teams_error is null then json_build_object('state', m.teams_status)
       -- Not configured: the error is what to set, the catalogue's states.teams.not_configured (decision 032).
       when m.teams_status = 'not_configured' then json_build_object('state', m.teams_status, 'error', m.teams_error, 'code', 'teams.not_configured')
       -- A link that could not be made: states.teams.link_failed; Graph's own words have no code.
       when m.teams_error_code is not null then json_build_object('state', m.teams_status, 'error', m.teams_error, 'code', m.teams_error_code)
       else json_build_object('state', m.teams_status, 'error', m.teams_error) end as teams,
  m.time_zone as "timeZone", m.candidate_time_zone as "candidateTimeZone",
  json_build_object('name', m.attendee_name, 'email', m.attendee_email::text) as attendee,
  m.candidate_note as "candidateNote", m.notes, m.cancel_reason as "cancelReason", m.cancelled_by as "cancelledBy",
  json_build_object('id', p.id, 'name', p.name) as recruiter,
  (select coalesce(json_agg(json_build_object('id', hp.id, 'name', hp.name) order by hp.id <> m.recruiter_id, hp.name), '[]')
     from public.meeting_hosts h join public.team_members() hp on hp.id = h.host_id where h.meeting_id = m.id) as hosts,
  (select coalesce(json_agg(json_build_object('minutesBefore', r.minutes_before, 'channel', r.channel,
            'state', case when r.state = 'sending' then 'scheduled' else r.state end,
            'dueAt', ${isoTimestamp('r.due_at')}, 'sentAt', ${isoTimestamp('r.sent_at')}, 'error', r.error,
            'errorCode', r.error_code, 'errorParams', r.error_params)
          order by r.minutes_before desc, r.channel), '[]')
     from public.meeting_reminders r where r.meeting_id = m.id) as reminders,
  ${isoTimestamp('m.created_at')} as "createdAt", ${isoTimestamp('m.updated_at')} as "updatedAt"`;

const MEETING_FROM = `public.meetings m
  -- Every member sees a colleague's name (team_members()), not only their own profile.
  join public.team_members() p on p.id = m.recruiter_id
  left join public.candidates c on c.id = m.candidate_id
  left join public.meeting_types t on t.id = m.meeting_type_id`;

/** One meeting by id (as the transaction's role may see it), or a 404 naming `id`. */
export async function getMeeting(tx: Tx, id: number): Promise<Meeting> {
  const { rows } = await tx.query<Meeting>(`select ${MEETING_COLUMNS} from ${MEETING_FROM} where m.id = $1`, [id]);
  if (!rows[0]) throw new DomainError(404, 'meeting_not_found', 'id');
  return rows[0];
}

/** The caller's meetings (or everyone's), starting in [from, to), oldest first; at most 500. */
export async function listMeetings(tx: Tx, callerId: string, query: MeetingListQuery): Promise<Meeting[]> {
  const where: string[] = [];
  const values: unknown[] = [];
  const param = (value: unknown) => `$${values.push(value)}`;
  // Mine: the meetings I host, a collective one I am a host of included.
  const host = query.host ?? (query.recruiter !== 'all' ? callerId : null);
  if (host) where.push(`exists (select 1 from public.meeting_hosts h where h.meeting_id = m.id and h.host_id = ${param(host)})`);
  if (query.from) where.push(`m.ends_at > ${param(query.from)}`);
  if (query.to) where.push(`m.starts_at < ${param(query.to)}`);
  if (query.status?.length) where.push(`m.status = any (${param(query.status)})`);
  if (query.candidateId) where.push(`m.candidate_id = ${param(query.candidateId)}`);
  const { rows } = await tx.query<Meeting>(
    `select ${MEETING_COLUMNS} from ${MEETING_FROM}
      ${where.length ? `where ${where.join(' and ')}` : ''}
      order by m.starts_at, m.id limit 500`, values);
  return rows;
}

/** Marks a meeting afterwards (completed, no-show, or back to confirmed) and keeps the recruiter's notes. */
export async function patchMeeting(tx: Tx, id: number, patch: MeetingPatch): Promise<Meeting> {
  const current = await getMeeting(tx, id);
  if (patch.status && current.status === 'cancelled') {
    throw new DomainError(409, 'meeting_cancelled_cannot_mark', 'status');
  }
  if (patch.status && patch.status !== 'confirmed' && Date.parse(current.start) > Date.now()) {
    throw new DomainError(422, patch.status === 'no_show' ? 'meeting_not_started_no_show' : 'meeting_not_started_completed', 'status');
  }
  await tx.query(
    `update public.meetings set status = coalesce($2, status), notes = case when $3 then $4 else notes end where id = $1`,
    [id, patch.status ?? null, patch.notes !== undefined, patch.notes ?? null]);
  return getMeeting(tx, id);
}
