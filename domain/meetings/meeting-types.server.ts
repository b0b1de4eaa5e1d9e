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
import { meetingTypeCreateSchema, type LocationKind, type MeetingType, type meetingTypePatchSchema } from './booking-schemas.ts';

type MeetingTypeInput = z.output<typeof meetingTypeCreateSchema>;
type MeetingTypeChange = z.output<typeof meetingTypePatchSchema>;

/** A meeting type with whose it is and whether it was deleted (for the booking code). */
export type StoredMeetingType = MeetingType & { recruiterId: string; archivedAt: string | null };

const COLUMNS = `id, name, duration_minutes as "durationMinutes", description, location_kind as "locationKind",
  location_detail as "locationDetail", colour, ${isoTimestamp('created_at')} as "createdAt"`;
const STORED_COLUMNS = `${COLUMNS}, recruiter_id as "recruiterId", ${isoTimestamp('archived_at')} as "archivedAt"`;

export const meetingTypeNotFound = () => new DomainError(404, 'meeting_type_not_found', 'id');

/** The caller's meeting types that are not archived, oldest first. */
export async function listMeetingTypes(tx: Tx, recruiterId: string): Promise<MeetingType[]> {
  const { rows } = await tx.query<MeetingType>(
    `select ${COLUMNS} from public.meeting_types where recruiter_id = $1 and archived_at is null order by created_at, id`, [recruiterId]);
  return rows;
}

/** Any meeting type, archived too (a link or meeting keeps naming it); null when there is none. */
export async function meetingTypeById(tx: Tx, id: number): Promise<StoredMeetingType | null> {
  const { rows } = await tx.query<StoredMeetingType>(`select ${STORED_COLUMNS} from public.meeting_types where id = $1`, [id]);
  return rows[0] ?? null;
}

/** The recruiter's first active meeting type (what a link without one offers), or null. */
export async function defaultMeetingType(tx: Tx, recruiterId: string): Promise<StoredMeetingType | null> {
  const { rows } = await tx.query<StoredMeetingType>(
    `select ${STORED_COLUMNS} from public.meeting_types where recruiter_id = $1 and archived_at is null order by created_at, id limit 1`,
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

export async function createMeetingType(tx: Tx, recruiterId: string, input: MeetingTypeInput)
  : Promise<{ meetingType: MeetingType; warnings: AvailabilityWarning[] }> {
  const warnings = await durationWarnings(tx, recruiterId, input.durationMinutes);
  const { rows } = await tx.query<MeetingType>(
    `insert into public.meeting_types (recruiter_id, name, duration_minutes, description, location_kind, location_detail, colour)
     values ($1, $2, $3, $4, $5, $6, $7) returning ${COLUMNS}`,
    [recruiterId, input.name, input.durationMinutes, input.description ?? null, input.locationKind,
      detailFor(input.locationKind, input.locationDetail), input.colour]);
  return { meetingType: rows[0], warnings };
}

/** Changes the caller's own active meeting type; another's, an archived or an unknown one is a 404. */
export async function updateMeetingType(tx: Tx, recruiterId: string, id: number, change: MeetingTypeChange)
  : Promise<{ meetingType: MeetingType; warnings: AvailabilityWarning[] }> {
  const { rows: current } = await tx.query<MeetingType>(
    `select ${COLUMNS} from public.meeting_types where id = $1 and recruiter_id = $2 and archived_at is null for update`, [id, recruiterId]);
  if (!current[0]) throw meetingTypeNotFound();
  const merged = { ...current[0] };
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
  const { rows } = await tx.query<MeetingType>(
    `update public.meeting_types set name = $3, duration_minutes = $4, description = $5, location_kind = $6, location_detail = $7, colour = $8
      where id = $1 and recruiter_id = $2 returning ${COLUMNS}`,
    [id, recruiterId, merged.name, merged.durationMinutes, merged.description, merged.locationKind,
      detailFor(merged.locationKind, merged.locationDetail), merged.colour]);
  return { meetingType: rows[0], warnings };
}

/** Archives the caller's own meeting type (links and meetings keep it); false when it is not theirs or gone already. */
export async function archiveMeetingType(tx: Tx, recruiterId: string, id: number): Promise<boolean> {
  const { rowCount } = await tx.query(
    'update public.meeting_types set archived_at = now() where id = $1 and recruiter_id = $2 and archived_at is null', [id, recruiterId]);
  return (rowCount ?? 0) > 0;
}
