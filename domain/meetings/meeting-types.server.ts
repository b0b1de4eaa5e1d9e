// A recruiter's meeting types (Intro call, 30 min, Teams): what a booking link
// offers. Deleting one archives it, so links and meetings that name it keep what
// they promised. Runs in the caller's transaction (row-level security); writes are
// limited to the caller's own types here, whatever the policy lets an admin do.
import type { z } from 'zod';
import type { Tx } from '../../platform/db/request.server.ts';
import { isoTimestamp } from '../../platform/db/sql-time.server.ts';
import { DomainError } from '../errors.ts';
import { issueCoded } from '../schemas/issues.ts';
import type { AvailabilityWarning } from './schemas.ts';
import { meetingDurationWarning } from './availability.ts';
import { warningAnswer } from './warnings.server.ts';
import { loadBookingSettings } from './booking-settings.server.ts';
import { meetingTypeCreateSchema, type LocationKind, type MeetingKind, type MeetingType, type meetingTypePatchSchema, type TeamMember } from './booking-schemas.ts';

type MeetingTypeInput = z.output<typeof meetingTypeCreateSchema>;
type MeetingTypeChange = z.output<typeof meetingTypePatchSchema>;

/** A meeting type with whose it is and whether it was deleted (for the booking code). */
export type StoredMeetingType = MeetingType & { recruiterId: string; archivedAt: string | null };

const COLUMNS = `t.id::int as id, t.name, t.duration_minutes as "durationMinutes", t.description, t.location_kind as "locationKind",
  t.location_detail as "locationDetail", t.colour, t.kind, t.distribution, t.reminders, t.recruiter_id as "ownerId",
  (select coalesce(json_agg(json_build_object('id', p.id, 'name', p.name) order by h.priority, p.name), '[]')
     from public.meeting_type_hosts h join public.team_members() p on p.id = h.host_id where h.meeting_type_id = t.id) as hosts,
  ${isoTimestamp('t.created_at')} as "createdAt"`;
const STORED_COLUMNS = `${COLUMNS}, t.recruiter_id as "recruiterId", ${isoTimestamp('t.archived_at')} as "archivedAt"`;

export const meetingTypeNotFound = () => new DomainError(404, 'meeting_type_not_found', 'id');

/** The meeting types the caller owns or hosts, not archived, oldest first. */
export async function listMeetingTypes(tx: Tx, recruiterId: string): Promise<MeetingType[]> {
  const { rows } = await tx.query<MeetingType>(
    `select ${COLUMNS} from public.meeting_types t
      where t.archived_at is null
        and (t.recruiter_id = $1 or exists (select 1 from public.meeting_type_hosts h where h.meeting_type_id = t.id and h.host_id = $1))
      order by t.created_at, t.id`, [recruiterId]);
  return rows;
}

/** The active users of the organisation, by name: who can host. */
export async function teamMembers(tx: Tx): Promise<TeamMember[]> {
  const { rows } = await tx.query<TeamMember>('select id, name from public.team_members() where active order by name, id');
  return rows;
}

/** Whether the user may offer this type in a booking link: its owner or one of its hosts. */
export function mayOffer(type: StoredMeetingType, userId: string): boolean {
  return type.archivedAt === null && (type.recruiterId === userId || type.hosts.some((host) => host.id === userId));
}

/** Any meeting type, archived too (a link or meeting keeps naming it); null when there is none. */
export async function meetingTypeById(tx: Tx, id: number): Promise<StoredMeetingType | null> {
  const { rows } = await tx.query<StoredMeetingType>(`select ${STORED_COLUMNS} from public.meeting_types t where t.id = $1`, [id]);
  return rows[0] ?? null;
}

/** The recruiter's first active meeting type (what a link without one offers), or null. */
export async function defaultMeetingType(tx: Tx, recruiterId: string): Promise<StoredMeetingType | null> {
  const { rows } = await tx.query<StoredMeetingType>(
    `select ${STORED_COLUMNS} from public.meeting_types t where t.recruiter_id = $1 and t.archived_at is null order by t.created_at, t.id limit 1`,
    [recruiterId]);
  return rows[0] ?? null;
}

/**
 * A duration that fits in no range of the recruiter's saved availability is refused (422 naming
 * durationMinutes); having no ranges at all is only a warning (the hours may come later).
 */
async function durationWarnings(tx: Tx, recruiterId: string, durationMinutes: number): Promise<AvailabilityWarning[]> {
  const { settings } = await loadBookingSettings(tx, recruiterId);
  const warning = meetingDurationWarning(settings, durationMinutes);
  if (warning?.field === 'durationMinutes') throw new DomainError(422, warning, 'durationMinutes');
  return warning ? [warningAnswer(warning.field, warning)] : [];
}

/** A Teams meeting has no phone number or address. */
const detailFor = (kind: LocationKind, detail: string | null | undefined) => (kind === 'teams' ? null : detail ?? null);

/**
 * The hosts in priority order, the owner always among them (first when left out). One-on-one: the owner
 * alone; round-robin and collective: at least two. Every host an active user of the organisation.
 */
async function checkedHosts(tx: Tx, ownerId: string, kind: MeetingKind, hostIds: readonly string[] | undefined): Promise<string[]> {
  const asked = [...new Set(hostIds ?? [ownerId])];
  const hosts = asked.includes(ownerId) ? asked : [ownerId, ...asked];
  if (kind === 'one_on_one' && hosts.length > 1) throw new DomainError(422, 'one_on_one_one_host', 'hostIds');
  if (kind !== 'one_on_one' && hosts.length < 2) throw new DomainError(422, 'team_type_two_hosts', 'hostIds');
  const { rows } = await tx.query<{ count: number }>(
    'select count(*)::int as count from public.team_members() where id = any ($1::uuid[]) and active', [hosts]);
  if (rows[0].count !== hosts.length) throw new DomainError(422, 'hosts_not_members', 'hostIds');
  return hosts;
}

async function saveHosts(tx: Tx, typeId: number, hosts: string[]): Promise<void> {
  await tx.query('delete from public.meeting_type_hosts where meeting_type_id = $1 and host_id <> all ($2::uuid[])', [typeId, hosts]);
  await tx.query(
    `insert into public.meeting_type_hosts (meeting_type_id, host_id, priority)
       select $1, host, priority - 1 from unnest($2::uuid[]) with ordinality as h(host, priority)
     on conflict (meeting_type_id, host_id) do update set priority = excluded.priority`, [typeId, hosts]);
}

async function readType(tx: Tx, id: number): Promise<MeetingType> {
  const { rows } = await tx.query<MeetingType>(`select ${COLUMNS} from public.meeting_types t where t.id = $1`, [id]);
  return rows[0];
}

export async function createMeetingType(tx: Tx, recruiterId: string, input: MeetingTypeInput)
  : Promise<{ meetingType: MeetingType; warnings: AvailabilityWarning[] }> {
  const warnings = await durationWarnings(tx, recruiterId, input.durationMinutes);
  const hosts = await checkedHosts(tx, recruiterId, input.kind, input.hostIds);
  const { rows } = await tx.query<{ id: number }>(
    `insert into public.meeting_types (recruiter_id, name, duration_minutes, description, location_kind, location_detail, colour,
       kind, distribution, reminders)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) returning id::int`,
    [recruiterId, input.name, input.durationMinutes, input.description ?? null, input.locationKind,
      detailFor(input.locationKind, input.locationDetail), input.colour, input.kind, input.distribution, JSON.stringify(input.reminders)]);
  await saveHosts(tx, rows[0].id, hosts);
  return { meetingType: await readType(tx, rows[0].id), warnings };
}

/** Changes the caller's own active meeting type; another's, an archived or an unknown one is a 404. */
export async function updateMeetingType(tx: Tx, recruiterId: string, id: number, change: MeetingTypeChange)
  : Promise<{ meetingType: MeetingType; warnings: AvailabilityWarning[] }> {
  const { rows: current } = await tx.query<MeetingType>(
    `select ${COLUMNS} from public.meeting_types t where t.id = $1 and t.recruiter_id = $2 and t.archived_at is null for update`, [id, recruiterId]);
  if (!current[0]) throw meetingTypeNotFound();
  const merged = { ...current[0], hostIds: current[0].hosts.map((host) => host.id) };
  for (const [key, value] of Object.entries(change)) if (value !== undefined) Object.assign(merged, { [key]: value });
  // The merged row must still say where a phone or on-site meeting happens: the create schema checks it.
  // (400 with the same words as a create that leaves it out.)
  const checked = meetingTypeCreateSchema.safeParse(merged);
  if (!checked.success) {
    const issue = checked.error.issues[0];
    const field = issue.path.join('.') || 'body';
    throw new DomainError(400, issueCoded(issue, field), field);
  }
  const warnings = change.durationMinutes === undefined ? [] : await durationWarnings(tx, recruiterId, merged.durationMinutes);
  // A type made one-on-one again keeps its owner alone unless it names its hosts.
  const hostIds = merged.kind === 'one_on_one' && change.hostIds === undefined ? [recruiterId] : merged.hostIds;
  const hosts = await checkedHosts(tx, recruiterId, merged.kind, hostIds);
  await tx.query(
    `update public.meeting_types set name = $3, duration_minutes = $4, description = $5, location_kind = $6, location_detail = $7, colour = $8,
            kind = $9, distribution = $10, reminders = $11
      where id = $1 and recruiter_id = $2`,
    [id, recruiterId, merged.name, merged.durationMinutes, merged.description, merged.locationKind,
      detailFor(merged.locationKind, merged.locationDetail), merged.colour, merged.kind, merged.distribution, JSON.stringify(merged.reminders)]);
  await saveHosts(tx, id, hosts);
  return { meetingType: await readType(tx, id), warnings };
}

/** Archives the caller's own meeting type (links and meetings keep it); false when it is not theirs or gone already. */
export async function archiveMeetingType(tx: Tx, recruiterId: string, id: number): Promise<boolean> {
  const { rowCount } = await tx.query(
    'update public.meeting_types set archived_at = now() where id = $1 and recruiter_id = $2 and archived_at is null', [id, recruiterId]);
  return (rowCount ?? 0) > 0;
}
